// Every engine behind one shape, so the server's rounds, the game client and the /fairness page
// treat a title the same whatever it plays: parse a bet, start a round from a stream, move a
// multi-step round on by actions, settle it. Stakes are minor units of the round's currency; an
// engine that counts stake units (roulette, baccarat, blackjack, video poker) counts minor units.
import type { UniformStream } from './random'
import { DEFAULT_BACCARAT_RULES, playBaccarat, validateBaccaratBet, BACCARAT_SIDES, type BaccaratBet, type BaccaratRules } from './engines/baccarat'
import {
  act as blackjackAct,
  allowedActions as blackjackAllowed,
  BLACKJACK_6D_S17,
  dealBlackjack,
  extraStake as blackjackExtraStake,
  publicView as blackjackView,
  BlackjackActionError,
  type BlackjackAction,
  type BlackjackRules,
  type BlackjackState,
} from './engines/blackjack'
import { DEFAULT_DICE_RULES, playDice, validateDiceBet, type DiceBet, type DiceRules } from './engines/dice'
import { cashOutHighLow, DEFAULT_HIGH_LOW_RULES, guess, HighLowActionError, publicView as highLowView, skip, startHighLow, type HighLowRules, type HighLowState } from './engines/high-low'
import { DEFAULT_KENO_RULES, playKeno, validateKenoBet, type KenoBet, type KenoRules } from './engines/keno'
import { DEFAULT_LIMBO_RULES, playLimbo, validateLimboBet, type LimboBet, type LimboRules } from './engines/limbo'
import { playLineSlot, validateLineSlotBet, type LineSlotRules } from './engines/line-slot'
import { playClusterSlot, type ClusterSlotRules } from './engines/cluster-slot'
import { cashOutMines, DEFAULT_MINES_RULES, MinesActionError, publicView as minesView, revealTile, startMines, validateMinesBet, type MinesBet, type MinesRules, type MinesState } from './engines/mines'
import { DEFAULT_PLINKO_RULES, playPlinko, validatePlinkoBet, type PlinkoBet, type PlinkoRules } from './engines/plinko'
import { DEFAULT_ROULETTE_RULES, playRoulette, validateRouletteBet, type RouletteBet, type RouletteRules } from './engines/roulette'
import { dealVideoPoker, hold, JACKS_OR_BETTER_9_6, publicView as videoPokerView, strategyHold, type VideoPokerRules, type VideoPokerState } from './engines/video-poker'
import { DEFAULT_WHEEL_RULES, spinWheel, validateWheelBet, type WheelBet, type WheelRules } from './engines/wheel'

/** The engines a title can play alone (crash is shared by every player: its own loop). */
export const ROUND_KINDS = ['dice', 'limbo', 'mines', 'wheel', 'high_low', 'roulette', 'baccarat', 'keno', 'plinko', 'line_slot', 'cluster_slot', 'blackjack', 'video_poker'] as const
export type RoundKind = (typeof ROUND_KINDS)[number]
export type GameKind = RoundKind | 'crash'

/** Kinds whose round waits for the player's decisions after it starts. */
export const STEP_KINDS: readonly RoundKind[] = ['mines', 'high_low', 'blackjack', 'video_poker']

/** Why a bet or an action was refused: a code the client translates. */
export class KindError extends Error {
  override name = 'KindError'
  constructor(
    readonly code: string,
    message: string = code,
  ) {
    super(message)
  }
}

export interface Kind<R, B, S> {
  readonly kind: RoundKind
  readonly defaultRules: R
  /**
   * The engine's bet from what the client sent, or a KindError. `stake` is the round's first stake
   * in minor units; a table bet that lists its own chips must add up to it.
   */
  parseBet(rules: R, input: unknown, stake: number): B
  start(rules: R, bet: B, stream: UniformStream): S
  /** Null for an instant game: the round is over once started. */
  readonly steps: Steps<R, S> | null
  finished(state: S): boolean
  /** Everything staked in the round so far, minor units. */
  totalStake(state: S, stake: number): number
  /** The finished round's payback per unit of its total stake (4 decimals). */
  multiplier(state: S): number
  /** What the player may see now: no card or mine they have not earned the sight of. */
  view(state: S): unknown
}

export interface Steps<R, S> {
  /** Checks an action from the client against the state (a KindError if it cannot be taken now). */
  parseAction(rules: R, state: S, input: unknown): unknown
  /** Minor units the action adds to the stake: the wallet debits them before `apply`. */
  extraStake(state: S, action: unknown): number
  apply(rules: R, state: S, action: unknown): S
  /** The stated rule for a round the player left: it ends as if they had played it so. */
  abandon(rules: R, state: S): S
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

function checked<B>(error: string | null, bet: B): B {
  if (error) throw new KindError(error)
  return bet
}

function tableBet(input: unknown, stake: number, sides: (side: unknown) => boolean): { bets: { bet: never; stake: number }[] } {
  if (!isObject(input) || !Array.isArray(input.bets)) throw new KindError('not-an-object')
  if (input.bets.length > 200) throw new KindError('too-many-bets')
  const bets = input.bets.map((b: unknown) => {
    if (!isObject(b) || !sides(b.bet)) throw new KindError('bad-bet')
    return { bet: b.bet as never, stake: b.stake as number }
  })
  const sum = bets.reduce((total, b) => total + (typeof b.stake === 'number' ? b.stake : NaN), 0)
  if (sum !== stake) throw new KindError('stake-mismatch', 'The chips do not add up to the stake')
  return { bets }
}

const dice: Kind<DiceRules, DiceBet, ReturnType<typeof playDice>> = {
  kind: 'dice',
  defaultRules: DEFAULT_DICE_RULES,
  parseBet: (rules, input) => {
    if (!isObject(input)) throw new KindError('not-an-object')
    const bet = { target: input.target as number, direction: input.direction as DiceBet['direction'] }
    return checked(validateDiceBet(rules, bet), bet)
  },
  start: (rules, bet, stream) => playDice(rules, bet, stream),
  steps: null,
  finished: () => true,
  totalStake: (_s, stake) => stake,
  multiplier: (s) => s.multiplier,
  view: (s) => s,
}

const limbo: Kind<LimboRules, LimboBet, ReturnType<typeof playLimbo>> = {
  kind: 'limbo',
  defaultRules: DEFAULT_LIMBO_RULES,
  parseBet: (rules, input) => {
    if (!isObject(input)) throw new KindError('not-an-object')
    const bet = { target: input.target as number }
    return checked(validateLimboBet(rules, bet), bet)
  },
  start: (rules, bet, stream) => playLimbo(rules, bet, stream),
  steps: null,
  finished: () => true,
  totalStake: (_s, stake) => stake,
  multiplier: (s) => s.multiplier,
  view: (s) => s,
}

const wheel: Kind<WheelRules, WheelBet, ReturnType<typeof spinWheel>> = {
  kind: 'wheel',
  defaultRules: DEFAULT_WHEEL_RULES,
  parseBet: (rules, input) => {
    if (!isObject(input)) throw new KindError('not-an-object')
    const bet = { segments: input.segments as number, risk: input.risk as WheelBet['risk'] }
    return checked(validateWheelBet(rules, bet), bet)
  },
  start: (rules, bet, stream) => spinWheel(rules, bet, stream),
  steps: null,
  finished: () => true,
  totalStake: (_s, stake) => stake,
  multiplier: (s) => s.multiplier,
  view: (s) => s,
}

const keno: Kind<KenoRules, KenoBet, ReturnType<typeof playKeno>> = {
  kind: 'keno',
  defaultRules: DEFAULT_KENO_RULES,
  parseBet: (rules, input) => {
    if (!isObject(input) || !Array.isArray(input.picks) || input.picks.length > 40) throw new KindError('bad-picks')
    const bet = { picks: input.picks as number[], risk: input.risk as KenoBet['risk'] }
    return checked(validateKenoBet(rules, bet), bet)
  },
  start: (rules, bet, stream) => playKeno(rules, bet, stream),
  steps: null,
  finished: () => true,
  totalStake: (_s, stake) => stake,
  multiplier: (s) => s.multiplier,
  view: (s) => s,
}

const plinko: Kind<PlinkoRules, PlinkoBet, ReturnType<typeof playPlinko>> = {
  kind: 'plinko',
  defaultRules: DEFAULT_PLINKO_RULES,
  parseBet: (rules, input) => {
    if (!isObject(input)) throw new KindError('not-an-object')
    const bet = { rows: input.rows as number, risk: input.risk as PlinkoBet['risk'] }
    return checked(validatePlinkoBet(rules, bet), bet)
  },
  start: (rules, bet, stream) => playPlinko(rules, bet, stream),
  steps: null,
  finished: () => true,
  totalStake: (_s, stake) => stake,
  multiplier: (s) => s.multiplier,
  view: (s) => s,
}

const roulette: Kind<RouletteRules, RouletteBet, ReturnType<typeof playRoulette>> = {
  kind: 'roulette',
  defaultRules: DEFAULT_ROULETTE_RULES,
  parseBet: (rules, input, stake) => {
    const bet = tableBet(input, stake, isObject) as unknown as RouletteBet
    return checked(validateRouletteBet(rules, bet), bet)
  },
  start: (rules, bet, stream) => playRoulette(rules, bet, stream),
  steps: null,
  finished: () => true,
  totalStake: (s) => s.stake,
  multiplier: (s) => s.multiplier,
  view: (s) => s,
}

const baccarat: Kind<BaccaratRules, BaccaratBet, ReturnType<typeof playBaccarat>> = {
  kind: 'baccarat',
  defaultRules: DEFAULT_BACCARAT_RULES,
  parseBet: (rules, input, stake) => {
    const bet = tableBet(input, stake, (side) => (BACCARAT_SIDES as readonly unknown[]).includes(side)) as unknown as BaccaratBet
    return checked(validateBaccaratBet(rules, bet), bet)
  },
  start: (rules, bet, stream) => playBaccarat(rules, bet, stream),
  steps: null,
  finished: () => true,
  totalStake: (s) => s.stake,
  multiplier: (s) => s.multiplier,
  view: (s) => s,
}

const lineSlot: Kind<LineSlotRules, { lines: number }, ReturnType<typeof playLineSlot>> = {
  kind: 'line_slot',
  // A slot has no rules of its own: each title brings its strips and paytable.
  defaultRules: null as unknown as LineSlotRules,
  parseBet: (rules, input) => {
    if (input !== undefined && !isObject(input)) throw new KindError('not-an-object')
    const bet = { lines: rules.paylines.length }
    return checked(validateLineSlotBet(rules, bet), bet)
  },
  start: (rules, bet, stream) => playLineSlot(rules, bet, stream),
  steps: null,
  finished: () => true,
  totalStake: (_s, stake) => stake,
  multiplier: (s) => s.multiplier,
  view: (s) => s,
}

const clusterSlot: Kind<ClusterSlotRules, Record<string, never>, ReturnType<typeof playClusterSlot>> = {
  kind: 'cluster_slot',
  // Each title brings its grid, weights and paytable.
  defaultRules: null as unknown as ClusterSlotRules,
  parseBet: (_rules, input) => {
    if (input !== undefined && !isObject(input)) throw new KindError('not-an-object')
    return {}
  },
  start: (rules, bet, stream) => playClusterSlot(rules, bet, stream),
  steps: null,
  finished: () => true,
  totalStake: (_s, stake) => stake,
  multiplier: (s) => s.multiplier,
  view: (s) => s,
}

type MinesAction = { reveal: number } | { cashOut: true }

const mines: Kind<MinesRules, MinesBet, MinesState> = {
  kind: 'mines',
  defaultRules: DEFAULT_MINES_RULES,
  parseBet: (rules, input) => {
    if (!isObject(input)) throw new KindError('not-an-object')
    const bet = { mines: input.mines as number }
    return checked(validateMinesBet(rules, bet), bet)
  },
  start: (rules, bet, stream) => startMines(rules, bet, stream),
  steps: {
    parseAction: (_rules, _state, input) => {
      if (isObject(input) && input.cashOut === true) return { cashOut: true }
      if (isObject(input) && typeof input.reveal === 'number') return { reveal: input.reveal }
      throw new KindError('bad-action')
    },
    extraStake: () => 0,
    apply: (rules, state, action) => engineStep(() => ('cashOut' in (action as MinesAction) ? cashOutMines(state) : revealTile(rules, state, (action as { reveal: number }).reveal))),
    // Left alone: cashed out at what it stands at (the stake back if no tile was turned).
    abandon: (_rules, state) => (state.phase === 'playing' ? { ...state, phase: 'cashed' } : state),
  },
  finished: (s) => s.phase !== 'playing',
  totalStake: (_s, stake) => stake,
  multiplier: (s) => s.multiplier,
  view: (s) => minesView(s),
}

type HighLowAction = { guess: 'higher' | 'lower' } | { skip: true } | { cashOut: true }

const highLow: Kind<HighLowRules, Record<string, never>, HighLowState> = {
  kind: 'high_low',
  defaultRules: DEFAULT_HIGH_LOW_RULES,
  parseBet: (_rules, input) => {
    if (input !== undefined && !isObject(input)) throw new KindError('not-an-object')
    return {}
  },
  start: (rules, bet, stream) => startHighLow(rules, bet, stream),
  steps: {
    parseAction: (_rules, _state, input) => {
      if (isObject(input) && input.cashOut === true) return { cashOut: true }
      if (isObject(input) && input.skip === true) return { skip: true }
      if (isObject(input) && (input.guess === 'higher' || input.guess === 'lower')) return { guess: input.guess }
      throw new KindError('bad-action')
    },
    extraStake: () => 0,
    apply: (rules, state, input) => {
      const action = input as HighLowAction
      return engineStep(() => ('cashOut' in action ? cashOutHighLow(state) : 'skip' in action ? skip(rules, state) : guess(rules, state, action.guess)))
    },
    abandon: (_rules, state) => (state.phase === 'playing' ? { ...state, phase: 'cashed' } : state),
  },
  finished: (s) => s.phase !== 'playing',
  totalStake: (_s, stake) => stake,
  multiplier: (s) => s.multiplier,
  view: (s) => highLowView(s),
}

const BLACKJACK_ACTIONS: readonly BlackjackAction[] = ['hit', 'stand', 'double', 'split', 'insurance', 'noInsurance']

const blackjack: Kind<BlackjackRules, { stake: number }, BlackjackState> = {
  kind: 'blackjack',
  defaultRules: BLACKJACK_6D_S17,
  parseBet: (rules, input, stake) => {
    if (input !== undefined && !isObject(input)) throw new KindError('not-an-object')
    if (!Number.isSafeInteger(stake) || stake < 1 || stake > rules.maxStake) throw new KindError('bad-stake')
    return { stake }
  },
  start: (rules, bet, stream) => dealBlackjack(rules, bet, stream),
  steps: {
    parseAction: (_rules, state, input) => {
      const action = isObject(input) ? input.action : undefined
      if (!(BLACKJACK_ACTIONS as readonly unknown[]).includes(action)) throw new KindError('bad-action')
      if (!blackjackAllowed(state).includes(action as BlackjackAction)) throw new KindError('not-allowed-now')
      return action
    },
    extraStake: (state, action) => blackjackExtraStake(state, action as BlackjackAction),
    apply: (_rules, state, action) => engineStep(() => blackjackAct(state, action as BlackjackAction)),
    // Left alone: insurance declined, every open hand stands, the dealer plays out.
    abandon: (_rules, state) => {
      let next = state
      while (next.phase !== 'finished') next = blackjackAct(next, next.phase === 'insurance' ? 'noInsurance' : 'stand')
      return next
    },
  },
  finished: (s) => s.phase === 'finished',
  totalStake: (s) => s.totalStake,
  multiplier: (s) => s.multiplier,
  view: (s) => ({ ...blackjackView(s), allowed: blackjackAllowed(s) }),
}

const videoPoker: Kind<VideoPokerRules, { stake: number }, VideoPokerState> = {
  kind: 'video_poker',
  defaultRules: JACKS_OR_BETTER_9_6,
  parseBet: (rules, input, stake) => {
    if (input !== undefined && !isObject(input)) throw new KindError('not-an-object')
    if (!Number.isSafeInteger(stake) || stake < 1 || stake > rules.maxStake) throw new KindError('bad-stake')
    return { stake }
  },
  start: (rules, bet, stream) => dealVideoPoker(rules, bet, stream),
  steps: {
    parseAction: (_rules, _state, input) => {
      const mask = isObject(input) ? input.hold : undefined
      if (typeof mask !== 'number' || !Number.isInteger(mask) || mask < 0 || mask > 31) throw new KindError('bad-action')
      return mask
    },
    extraStake: () => 0,
    apply: (_rules, state, mask) => engineStep(() => hold(state, mask as number)),
    // Left alone: held by the strategy list the docs name, the play that keeps the most on average.
    abandon: (_rules, state) => (state.phase === 'dealt' ? hold(state, strategyHold(state.cards.slice(0, 5))) : state),
  },
  finished: (s) => s.phase === 'finished',
  totalStake: (_s, stake) => stake,
  multiplier: (s) => s.multiplier,
  view: (s) => videoPokerView(s),
}

/** An engine's own refusal of an action, as a KindError with its code. */
function engineStep<S>(run: () => S): S {
  try {
    return run()
  } catch (err) {
    if (err instanceof MinesActionError || err instanceof HighLowActionError) throw new KindError(err.code, err.message)
    if (err instanceof BlackjackActionError) throw new KindError('not-allowed-now', err.message)
    if (err instanceof RangeError || (err instanceof Error && /already settled/.test(err.message))) throw new KindError('round-over', err.message)
    throw err
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyKind = Kind<any, any, any>

export const KINDS: Readonly<Record<RoundKind, AnyKind>> = {
  dice,
  limbo,
  wheel,
  keno,
  plinko,
  roulette,
  baccarat,
  line_slot: lineSlot,
  cluster_slot: clusterSlot,
  mines,
  high_low: highLow,
  blackjack,
  video_poker: videoPoker,
}

export function isRoundKind(kind: string): kind is RoundKind {
  return (ROUND_KINDS as readonly string[]).includes(kind)
}

/**
 * A round replayed from its seeds' stream and the actions the player took, as the server played
 * it: what the /fairness page and the server's own check run.
 */
export function replayRound(kind: AnyKind, rules: unknown, bet: unknown, actions: readonly unknown[], stream: UniformStream): unknown {
  let state = kind.start(rules, bet, stream)
  for (const action of actions) {
    if (!kind.steps) break
    state = kind.steps.apply(rules, state, action)
  }
  return state
}

/** What a finished round pays in minor units: floor(total stake × multiplier), in exact integers. */
export function payoutOf(totalStake: bigint, multiplier: number): bigint {
  const scaled = BigInt(Math.round(multiplier * 10000))
  return (totalStake * scaled) / 10000n
}
