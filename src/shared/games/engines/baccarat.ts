// Punto banco from an 8-deck shoe. A hand uses at most six cards, so the round shuffles only the
// first six positions of the shoe (partial Fisher-Yates, six draws when it starts), then deals
// them in order by the standard tableau: player, banker, player, banker, then third cards.
import type { UniformStream } from '../random'
import { normalise, type PayoutDistribution } from '../payouts'
import { shuffledCards, type Card } from './cards'
import { roundTotals } from './common'

/** The most cards a round can read: two per side and a third for each. */
export const BACCARAT_SHOE_PREFIX = 6

export type BaccaratSide = 'player' | 'banker' | 'tie' | 'playerPair' | 'bankerPair'
export const BACCARAT_SIDES: readonly BaccaratSide[] = ['player', 'banker', 'tie', 'playerPair', 'bankerPair']

export interface BaccaratRules {
  readonly decks: number
  /** Odds paid per unit on a win (the stake comes back too). Player and banker push on a tie. */
  readonly odds: Readonly<Record<BaccaratSide, number>>
  readonly maxStakePerBet: number
}

export const DEFAULT_BACCARAT_RULES: BaccaratRules = {
  decks: 8,
  odds: { player: 1, banker: 0.95, tie: 8, playerPair: 11, bankerPair: 11 },
  maxStakePerBet: 1_000_000,
}

export interface BaccaratPlacedBet {
  readonly bet: BaccaratSide
  /** Whole stake units. */
  readonly stake: number
}

export interface BaccaratBet {
  readonly bets: readonly BaccaratPlacedBet[]
}

export type BaccaratBetError = 'not-an-object' | 'no-bets' | 'bad-side' | 'duplicate-side' | 'bad-stake'

export function validateBaccaratBet(rules: BaccaratRules, bet: BaccaratBet): BaccaratBetError | null {
  if (typeof bet !== 'object' || bet === null) return 'not-an-object'
  const bets: unknown = bet.bets
  if (!Array.isArray(bets)) return 'not-an-object'
  if (bets.length === 0) return 'no-bets'
  const seen = new Set<string>()
  for (const placed of bets as unknown[]) {
    if (typeof placed !== 'object' || placed === null) return 'not-an-object'
    const { bet: side, stake } = placed as { bet?: unknown; stake?: unknown }
    if (typeof side !== 'string' || !(BACCARAT_SIDES as readonly string[]).includes(side)) return 'bad-side'
    if (seen.has(side)) return 'duplicate-side'
    seen.add(side)
    if (typeof stake !== 'number' || !Number.isInteger(stake) || stake < 1 || stake > rules.maxStakePerBet) return 'bad-stake'
  }
  return null
}

/** Baccarat value of a rank (1 ace … 13 king): tens and faces count 0. */
export const rankValue = (rank: number): number => (rank >= 10 ? 0 : rank)

/** Whether the banker draws, given its two-card total and the player's third card (null if the player stood). */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true
    case 3:
      return playerThird !== 8
    case 4:
      return playerThird >= 2 && playerThird <= 7
    case 5:
      return playerThird >= 4 && playerThird <= 7
    case 6:
      return playerThird === 6 || playerThird === 7
    default:
      return false
  }
}

export type BaccaratWinner = 'player' | 'banker' | 'tie'

/** What the bets are settled on. */
export interface BaccaratOutcome {
  readonly winner: BaccaratWinner
  readonly playerPair: boolean
  readonly bankerPair: boolean
}

interface Hands<T> {
  readonly player: T[]
  readonly banker: T[]
}

/** Deals by the tableau, in shoe order; reads at most six. Generic so the enumeration deals bare ranks. */
function deal<T>(next: () => T, rankOf: (card: T) => number): Hands<T> {
  const player = [next()]
  const banker = [next()]
  player.push(next())
  banker.push(next())
  const total = (cards: readonly T[]) => cards.reduce((s, c) => s + rankValue(rankOf(c)), 0) % 10
  const p = total(player)
  const b = total(banker)
  if (p >= 8 || b >= 8) return { player, banker }
  let playerThird: number | null = null
  if (p <= 5) {
    const card = next()
    player.push(card)
    playerThird = rankValue(rankOf(card))
  }
  if (bankerDraws(b, playerThird)) banker.push(next())
  return { player, banker }
}

function outcomeOf(player: readonly number[], banker: readonly number[]): BaccaratOutcome & { playerTotal: number; bankerTotal: number } {
  const playerTotal = player.reduce((s, r) => s + rankValue(r), 0) % 10
  const bankerTotal = banker.reduce((s, r) => s + rankValue(r), 0) % 10
  const winner: BaccaratWinner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie'
  return { winner, playerPair: player[0] === player[1], bankerPair: banker[0] === banker[1], playerTotal, bankerTotal }
}

export interface BaccaratBetResult {
  readonly bet: BaccaratSide
  readonly stake: number
  /** Stake units paid back: the stake with its winnings, the stake alone on a push, 0 on a loss. */
  readonly payback: number
}

export interface BaccaratSettlement {
  readonly bets: readonly BaccaratBetResult[]
  readonly stake: number
  readonly payback: number
  readonly multiplier: number
}

export function settleBaccarat(rules: BaccaratRules, bet: BaccaratBet, outcome: BaccaratOutcome): BaccaratSettlement {
  const bets = bet.bets.map(({ bet: side, stake: units }): BaccaratBetResult => {
    const win = units * (1 + rules.odds[side])
    let back: number
    if (side === 'player' || side === 'banker') back = outcome.winner === side ? win : outcome.winner === 'tie' ? units : 0
    else if (side === 'tie') back = outcome.winner === 'tie' ? win : 0
    else back = outcome[side] ? win : 0
    return { bet: side, stake: units, payback: back }
  })
  return { bets, ...roundTotals(bets) }
}

export interface BaccaratRound extends BaccaratOutcome, BaccaratSettlement {
  /** The cards in the order dealt to each hand. */
  readonly playerCards: readonly Card[]
  readonly bankerCards: readonly Card[]
  readonly playerTotal: number
  readonly bankerTotal: number
}

export function playBaccarat(rules: BaccaratRules, bet: BaccaratBet, stream: UniformStream): BaccaratRound {
  const error = validateBaccaratBet(rules, bet)
  if (error) throw new Error(`invalid baccarat bet: ${error}`)
  // All six draws happen here, before any card is looked at, whatever the tableau then reads.
  const shoe = shuffledCards(stream, rules.decks, BACCARAT_SHOE_PREFIX)
  let position = 0
  const hands = deal(() => {
    const card = shoe[position]
    if (!card) throw new Error('the tableau read past the shuffled prefix')
    position += 1
    return card
  }, (card) => card.rank)
  const outcome = outcomeOf(hands.player.map((c) => c.rank), hands.banker.map((c) => c.rank))
  return { playerCards: hands.player, bankerCards: hands.banker, ...outcome, ...settleBaccarat(rules, bet, outcome) }
}

/** One outcome class and its exact probability. */
export interface BaccaratOutcomeProbability extends BaccaratOutcome {
  readonly probability: number
}

const cache = new Map<number, readonly BaccaratOutcomeProbability[]>()

/**
 * The exact probability of each outcome class (winner × player pair × banker pair), by
 * enumerating the ranks of the cards dealt, drawn without replacement from the full shoe.
 */
export function baccaratOutcomes(rules: BaccaratRules): readonly BaccaratOutcomeProbability[] {
  const known = cache.get(rules.decks)
  if (known) return known
  const counts = new Array<number>(14).fill(4 * rules.decks)
  const totals = new Map<string, number>()
  // Integer weights: the number of ordered six-card deals behind each rank sequence. For 8 decks
  // they sum to 416 × 415 × … × 411 < 2^53, so every sum is exact and only the final division rounds.
  const size = 52 * rules.decks
  const tail = (dealt: number) => {
    let w = 1
    for (let k = dealt; k < BACCARAT_SHOE_PREFIX; k++) w *= size - k
    return w
  }
  const walk = (dealt: number[], weight: number) => {
    if (dealt.length >= cardsNeeded(dealt)) {
      const hands = dealWith(dealt)
      const o = outcomeOf(hands.player, hands.banker)
      const key = `${o.winner}|${o.playerPair}|${o.bankerPair}`
      totals.set(key, (totals.get(key) ?? 0) + weight * tail(dealt.length))
      return
    }
    for (let rank = 1; rank <= 13; rank++) {
      const c = counts[rank]!
      if (c === 0) continue
      counts[rank] = c - 1
      dealt.push(rank)
      walk(dealt, weight * c)
      dealt.pop()
      counts[rank] = c
    }
  }
  const all = tail(0)
  if (all > Number.MAX_SAFE_INTEGER) throw new RangeError(`exact enumeration is not exact for ${rules.decks} decks`)
  walk([], 1)
  const result = [...totals.entries()].map(([key, probability]) => {
    const [winner, pp, bp] = key.split('|')
    return { winner: winner as BaccaratWinner, playerPair: pp === 'true', bankerPair: bp === 'true', probability: probability / all }
  })
  cache.set(rules.decks, result)
  return result
}

/** How many cards the tableau reads, as far as the ranks dealt so far tell (more than dealt: deal on). */
function cardsNeeded(ranks: readonly number[]): number {
  if (ranks.length < 4) return 4
  const [p1 = 0, b1 = 0, p2 = 0, b2 = 0, fifth] = ranks
  const p = (rankValue(p1) + rankValue(p2)) % 10
  const b = (rankValue(b1) + rankValue(b2)) % 10
  if (p >= 8 || b >= 8) return 4
  if (p > 5) return bankerDraws(b, null) ? 5 : 4
  if (fifth === undefined) return 5
  return bankerDraws(b, rankValue(fifth)) ? 6 : 5
}

function dealWith(ranks: readonly number[]): Hands<number> {
  let i = 0
  return deal(() => ranks[i++] ?? 0, (rank) => rank)
}

/** The exact distribution of a round's multiplier for these bets. */
export function baccaratDistribution(rules: BaccaratRules, bet: BaccaratBet): PayoutDistribution {
  return normalise(baccaratOutcomes(rules).map((o) => ({ multiplier: settleBaccarat(rules, bet, o).multiplier, probability: o.probability })))
}
