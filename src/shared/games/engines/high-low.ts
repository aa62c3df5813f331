// High-low: ranks 1–13 drawn with replacement. The round draws its whole sequence of maxCards ranks
// when it starts; the first is shown, and each guess on the next card ('higher' wins on ≥, 'lower'
// on ≤) multiplies the fair odds by 1 / P(correct); the round pays floor4((1 − edge) × odds), so the
// house edge is taken once, whatever the strategy and however long the run, up to maxMultiplier.
// Skips change nothing. Actions draw nothing, so a verifier replays the round from the seeds and the actions.
import type { UniformStream } from '../random'
import { normalise, type PayoutDistribution } from '../payouts'
import { floor4 } from './common'

export const HIGH_LOW_TYPE = 'high_low'

export interface HighLowRules {
  readonly houseEdge: number
  /** Ranks 1 … ranks. */
  readonly ranks: number
  /** Cards in the sequence drawn at the start (the first is shown). */
  readonly maxCards: number
  readonly maxSkips: number
  /** The most a round pays per unit staked: reaching it settles the round there. */
  readonly maxMultiplier: number
}

export const DEFAULT_HIGH_LOW_RULES: HighLowRules = { houseEdge: 0.01, ranks: 13, maxCards: 52, maxSkips: 10, maxMultiplier: 1_000_000 }

/** The round takes no choices before it starts: the stake is the wallet's business. */
export type HighLowBet = Readonly<Record<string, unknown>>

export type HighLowBetError = 'not-an-object'

export function validateHighLowBet(_rules: HighLowRules, bet: HighLowBet): HighLowBetError | null {
  if (typeof bet !== 'object' || bet === null || Array.isArray(bet)) return 'not-an-object'
  return null
}

export type HighLowGuess = 'higher' | 'lower'
export type HighLowPhase = 'playing' | 'lost' | 'cashed' | 'settled'

export interface HighLowStep {
  readonly action: HighLowGuess | 'skip'
  /** The card that the action turned up. */
  readonly card: number
  readonly correct: boolean | null
}

export interface HighLowState {
  readonly cards: readonly number[]
  /** Index of the card showing. */
  readonly position: number
  readonly steps: readonly HighLowStep[]
  readonly correct: number
  readonly skips: number
  readonly phase: HighLowPhase
  /** The fair odds of the correct guesses so far: the product of 1 / P(correct). */
  readonly odds: number
  /** What the round pays now per unit staked, floor4((1 − edge) × odds) (1 before a correct guess, 0 on a loss). */
  readonly multiplier: number
}

/** P(the next card is ≥ / ≤ the current one), ties winning both ways. */
export function highLowChance(rules: HighLowRules, current: number, guess: HighLowGuess): number {
  return (guess === 'higher' ? rules.ranks + 1 - current : current) / rules.ranks
}

/** The fair odds a correct guess multiplies the round's odds by. */
export function highLowOdds(rules: HighLowRules, current: number, guess: HighLowGuess): number {
  return 1 / highLowChance(rules, current, guess)
}

/** What the round pays per unit staked at these odds: the edge taken once, rounded down, capped. */
export function highLowMultiplier(rules: HighLowRules, odds: number): number {
  return Math.min(rules.maxMultiplier, floor4((1 - rules.houseEdge) * odds))
}

/** The side more likely to win ('higher' on the tie at the middle rank). */
export function likelierSide(rules: HighLowRules, current: number): HighLowGuess {
  return highLowChance(rules, current, 'higher') >= highLowChance(rules, current, 'lower') ? 'higher' : 'lower'
}

export function drawHighLowCards(rules: HighLowRules, stream: UniformStream): number[] {
  return Array.from({ length: rules.maxCards }, () => 1 + stream.int(rules.ranks))
}

export function startHighLow(rules: HighLowRules, bet: HighLowBet, stream: UniformStream): HighLowState {
  const error = validateHighLowBet(rules, bet)
  if (error) throw new Error(`invalid high-low bet: ${error}`)
  return { cards: drawHighLowCards(rules, stream), position: 0, steps: [], correct: 0, skips: 0, phase: 'playing', odds: 1, multiplier: 1 }
}

export type HighLowActionErrorCode = 'round-over' | 'bad-guess' | 'no-skips-left' | 'nothing-won'

export class HighLowActionError extends Error {
  constructor(readonly code: HighLowActionErrorCode) {
    super(`high-low: ${code}`)
  }
}

// Reaching the last card settles the round at the running multiplier: there is nothing left to guess.
// Reaching the cap settles it too: nothing more can be won.
function moveOn(rules: HighLowRules, state: HighLowState, step: HighLowStep, odds: number, correct: number, skips: number): HighLowState {
  const position = state.position + 1
  const multiplier = correct === 0 ? 1 : highLowMultiplier(rules, odds)
  return {
    ...state,
    position,
    steps: [...state.steps, step],
    correct,
    skips,
    odds,
    multiplier,
    phase: position >= state.cards.length - 1 || multiplier >= rules.maxMultiplier ? 'settled' : 'playing',
  }
}

export function guess(rules: HighLowRules, state: HighLowState, side: HighLowGuess): HighLowState {
  if (state.phase !== 'playing') throw new HighLowActionError('round-over')
  if (side !== 'higher' && side !== 'lower') throw new HighLowActionError('bad-guess')
  const current = state.cards[state.position]!
  const next = state.cards[state.position + 1]!
  const correct = side === 'higher' ? next >= current : next <= current
  if (!correct) return { ...state, position: state.position + 1, steps: [...state.steps, { action: side, card: next, correct }], phase: 'lost', multiplier: 0 }
  return moveOn(rules, state, { action: side, card: next, correct }, state.odds * highLowOdds(rules, current, side), state.correct + 1, state.skips)
}

export function skip(rules: HighLowRules, state: HighLowState): HighLowState {
  if (state.phase !== 'playing') throw new HighLowActionError('round-over')
  if (state.skips >= rules.maxSkips) throw new HighLowActionError('no-skips-left')
  return moveOn(rules, state, { action: 'skip', card: state.cards[state.position + 1]!, correct: null }, state.odds, state.correct, state.skips + 1)
}

export function cashOutHighLow(state: HighLowState): HighLowState {
  if (state.phase !== 'playing') throw new HighLowActionError('round-over')
  if (state.correct === 0) throw new HighLowActionError('nothing-won')
  return { ...state, phase: 'cashed' }
}

/** What the player may see: the cards turned up so far, the whole sequence once the round is over. */
export function publicView(state: HighLowState): HighLowState {
  return state.phase === 'playing' ? { ...state, cards: state.cards.slice(0, state.position + 1) } : state
}

/**
 * The exact distribution of 'guess the likelier side, cash out after n correct' (no skips), by
 * enumerating the n + 1 cards it looks at; n ≤ maxCards − 1.
 */
export function highLowLikelierDistribution(rules: HighLowRules, n: number): PayoutDistribution {
  const outcomes: { multiplier: number; probability: number }[] = []
  const walk = (current: number, odds: number, left: number, probability: number): void => {
    if (left === 0) {
      outcomes.push({ multiplier: highLowMultiplier(rules, odds), probability })
      return
    }
    const side = likelierSide(rules, current)
    const factor = highLowOdds(rules, current, side)
    for (let next = 1; next <= rules.ranks; next++) {
      const p = probability / rules.ranks
      const correct = side === 'higher' ? next >= current : next <= current
      if (correct) walk(next, odds * factor, left - 1, p)
      else outcomes.push({ multiplier: 0, probability: p })
    }
  }
  for (let first = 1; first <= rules.ranks; first++) walk(first, 1, n, 1 / rules.ranks)
  return normalise(outcomes)
}

/** Plays 'likelier side, cash out after n correct' through the engine's own actions. */
export function playHighLowLikelier(rules: HighLowRules, n: number, stream: UniformStream): HighLowState {
  let state = startHighLow(rules, {}, stream)
  while (state.phase === 'playing' && state.correct < n) state = guess(rules, state, likelierSide(rules, state.cards[state.position]!))
  return state.phase === 'playing' ? cashOutHighLow(state) : state
}
