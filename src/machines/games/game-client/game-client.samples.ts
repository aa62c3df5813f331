// Sample events of the game client, walked by its model test and listed in the flows registry.
import type { AnyMachineSnapshot } from 'xstate'
import type { Purse, Round } from '../../../services/api/contract/games'
import { defineEntry, delayEvent, delaySamples, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { gameClientMachine } from './game-client.machine'
import type { GameClientContext, GameClientEvent, GameClientInput, LoadedTable } from './game-client.types'

const HASH = 'c'.repeat(64)

/** A player's real-money purse at a table with a pace of a second between rounds. */
export const PURSES = {
  real: { mode: 'real', currency: 'USD', balance: '50.00', limits: { min: '0.20', max: '200.00' }, minRoundMs: 1000, autoplayMaxRounds: 100 },
  /** Read again after a deposit: more money, and no pace (the operator turned it off). */
  refreshed: { mode: 'real', currency: 'USD', balance: '100.00', limits: { min: '0.20', max: '200.00' }, minRoundMs: 0, autoplayMaxRounds: 100 },
  fun: { mode: 'fun', currency: 'USD', balance: '1000.00', limits: { min: '0.20', max: '200.00' }, minRoundMs: 1000, autoplayMaxRounds: 100 },
} satisfies Record<string, Purse>

export function sampleRound(extra: Partial<Round> & Pick<Round, 'id'>): Round {
  return {
    game: 'aurora-lanterns',
    kind: 'line_slot',
    mode: 'real',
    currency: 'USD',
    status: 'settled',
    stake: '1.00',
    totalStake: '1.00',
    payout: '0.00',
    multiplier: 0,
    step: 0,
    bet: { lines: 20 },
    state: { spins: [], freeSpins: 0, multiplier: 0 },
    actions: [],
    abandoned: false,
    createdAt: '2026-11-26T12:00:00.000Z',
    settledAt: '2026-11-26T12:00:00.000Z',
    fairness: { serverSeedHash: HASH, clientSeed: 'client', nonce: Number(extra.id), serverSeed: null },
    balance: '49.00',
    ...extra,
  }
}

export const ROUNDS = {
  /** A base spin that pays twice the stake. */
  win: sampleRound({ id: '101', payout: '2.00', multiplier: 2, balance: '51.00' }),
  /** A losing spin. */
  loss: sampleRound({ id: '104', payout: '0.00', multiplier: 0, balance: '48.00' }),
  /** A losing spin that leaves less than the smallest stake. */
  broke: sampleRound({ id: '102', payout: '0.00', multiplier: 0, balance: '0.10' }),
  /** A base spin whose scatters award free spins: the view shows them as a feature. */
  feature: sampleRound({ id: '103', payout: '6.50', multiplier: 6.5, balance: '55.50', state: { spins: [], freeSpins: 5, multiplier: 6.5 } }),
  /** A step game's round waiting for the player. */
  open: sampleRound({ id: '201', game: 'mines-classic', kind: 'mines', status: 'open', payout: null, multiplier: null, settledAt: null, bet: { mines: 3 }, state: { phase: 'playing' }, balance: '49.00' }),
  /** The same round one tile later. */
  openNext: sampleRound({ id: '201', game: 'mines-classic', kind: 'mines', status: 'open', step: 1, payout: null, multiplier: null, settledAt: null, bet: { mines: 3 }, state: { phase: 'playing' }, balance: '49.00' }),
  /** Cashed out. */
  cashed: sampleRound({ id: '201', game: 'mines-classic', kind: 'mines', status: 'settled', step: 2, payout: '1.50', multiplier: 1.5, bet: { mines: 3 }, state: { phase: 'cashed' }, balance: '50.50' }),
} satisfies Record<string, Round>

const PREFS = { soundOn: false, turbo: false, saved: null }

export const slotInput: GameClientInput = { game: 'aurora-lanterns', kind: 'line_slot', stepGame: false, mode: 'real', defaultBet: {}, keySeed: 'seedSEED0123' }
export const minesInput: GameClientInput = { game: 'mines-classic', kind: 'mines', stepGame: true, mode: 'real', defaultBet: { mines: 3 }, keySeed: 'seedSEED0123' }

/** Refusals as the API client throws them (SPEC §8 bodies decoded): type, code, status, details. */
export const ERRORS = {
  funds: { type: 'UserNeedDepositException', code: 'insufficient_funds', status: 422, errorData: { balance: '0.10' } },
  inProgress: { type: 'InvalidRequestException', code: 'round_in_progress', status: 400, errorData: { round: '201' } },
  aboveMax: { type: 'InvalidParameterException', code: 'bet_above_max', status: 400, errorData: { max: '200.00' } },
  noAnswer: { type: 'UnknownErrorException', code: null, status: 0, errorData: null },
  stale: { type: 'InvalidRequestException', code: 'stale_step', status: 400, errorData: { step: '2' } },
} as const

export const gameClientSamples = {
  'bet.stake': [{ type: 'bet.stake', stake: '5' }],
  'bet.halve': [{ type: 'bet.halve' }],
  'bet.double': [{ type: 'bet.double' }],
  'bet.min': [{ type: 'bet.min' }],
  'bet.max': [{ type: 'bet.max' }],
  'bet.options': [{ type: 'bet.options', bet: { lines: 20 } }],
  'round.spin': [{ type: 'round.spin' }],
  'round.action': [{ type: 'round.action', action: { reveal: 4 } }],
  'round.shown': [{ type: 'round.shown' }],
  'round.skip': [{ type: 'round.skip' }],
  'round.retry': [{ type: 'round.retry' }],
  'error.dismiss': [{ type: 'error.dismiss' }],
  'autoplay.start': [
    { type: 'autoplay.start', settings: { rounds: 2, lossLimit: null, winLimit: null } },
    { type: 'autoplay.start', settings: { rounds: 5, lossLimit: '1.50', winLimit: '2.00' } },
  ],
  'autoplay.stop': [{ type: 'autoplay.stop' }],
  'mode.set': [{ type: 'mode.set', mode: 'fun' }],
  'settings.sound': [{ type: 'settings.sound', on: true }],
  'settings.turbo': [{ type: 'settings.turbo', on: true }],
  'purse.refresh': [{ type: 'purse.refresh' }],
  'deposit.request': [{ type: 'deposit.request' }],
  'client.close': [{ type: 'client.close' }],
  'table.retry': [{ type: 'table.retry' }],
} satisfies SampleTable<GameClientEvent>

const LOADED = doneEventType(gameClientMachine, 'loadTable')
const LOAD_FAILED = errorEventType(gameClientMachine, 'loadTable')
const PLAYED = doneEventType(gameClientMachine, 'startRound')
const PLAY_FAILED = errorEventType(gameClientMachine, 'startRound')
const ACTED = doneEventType(gameClientMachine, 'actInRound')
const ACT_FAILED = errorEventType(gameClientMachine, 'actInRound')
const REFRESHED = doneEventType(gameClientMachine, 'refreshPurse')
const REFRESH_FAILED = errorEventType(gameClientMachine, 'refreshPurse')
/** The pace between two rounds ending. */
export const PACE = delayEvent(gameClientMachine, 'minRound').type
/** A view that never said its animation ended. */
export const REVEAL_TIMEOUT = delayEvent(gameClientMachine, 'revealTimeout').type
export const FEATURE_TIMEOUT = delayEvent(gameClientMachine, 'featureTimeout').type

export type GameClientOutcome =
  | { type: typeof LOADED; output: LoadedTable }
  | { type: typeof LOAD_FAILED; error: unknown }
  | { type: typeof PLAYED; output: Round }
  | { type: typeof PLAY_FAILED; error: unknown }
  | { type: typeof ACTED; output: Round }
  | { type: typeof ACT_FAILED; error: unknown }
  | { type: typeof REFRESHED; output: Purse }
  | { type: typeof REFRESH_FAILED; error: unknown }
  | { type: typeof PACE }
  | { type: typeof REVEAL_TIMEOUT }
  | { type: typeof FEATURE_TIMEOUT }

const table = (purse: Purse, open: Round | null = null): LoadedTable => ({ purse, open, history: [], prefs: PREFS })

export const gameClientOutcomes = {
  [LOADED]: [
    { type: LOADED, output: table(PURSES.real) },
    { type: LOADED, output: table(PURSES.fun) },
    { type: LOADED, output: table(PURSES.real, ROUNDS.open) },
  ],
  [LOAD_FAILED]: [{ type: LOAD_FAILED, error: ERRORS.noAnswer }],
  [PLAYED]: [
    { type: PLAYED, output: ROUNDS.win },
    { type: PLAYED, output: ROUNDS.loss },
    { type: PLAYED, output: ROUNDS.broke },
    { type: PLAYED, output: ROUNDS.feature },
    { type: PLAYED, output: ROUNDS.open },
  ],
  [PLAY_FAILED]: [
    { type: PLAY_FAILED, error: ERRORS.funds },
    { type: PLAY_FAILED, error: ERRORS.inProgress },
    { type: PLAY_FAILED, error: ERRORS.aboveMax },
    { type: PLAY_FAILED, error: ERRORS.noAnswer },
  ],
  [ACTED]: [
    { type: ACTED, output: ROUNDS.openNext },
    { type: ACTED, output: ROUNDS.cashed },
  ],
  [ACT_FAILED]: [
    { type: ACT_FAILED, error: ERRORS.funds },
    { type: ACT_FAILED, error: ERRORS.stale },
    { type: ACT_FAILED, error: ERRORS.noAnswer },
  ],
  [REFRESHED]: [{ type: REFRESHED, output: PURSES.refreshed }],
  [REFRESH_FAILED]: [{ type: REFRESH_FAILED, error: ERRORS.noAnswer }],
  ...delaySamples(PACE),
  ...delaySamples(REVEAL_TIMEOUT),
  ...delaySamples(FEATURE_TIMEOUT),
} satisfies SampleTable<GameClientOutcome>

type Ctx = GameClientContext
const matches = (s: AnyMachineSnapshot, value: unknown) => s.matches(value as never)
const inFlow = (s: AnyMachineSnapshot, state: string) => matches(s, { table: { cycle: { flow: state } } })

/**
 * Keeps the graph to the paths that tell states apart (every state and transition is still taken):
 * a changed stake or setting ends a path (each is one event from a fresh table, and would
 * otherwise multiply every state after it); the first round of a path may get any answer, later
 * ones the plain win, and an autoplay run's first round the answers that stop it; answers fit the
 * title (a slot never opens a round, a step game only does); a delay ends only where it runs.
 */
export function gameClientFilter(s: AnyMachineSnapshot, event: { type: string; output?: unknown }): boolean {
  const c = s.context as Ctx
  // Rounds asked for on this path so far: the first one explores, later ones repeat what is known.
  const depth = c.keyCount
  const slot = !c.stepGame
  const running = c.autoplay !== null && c.autoplay.stopReason === null
  const firstOfRun = running && c.autoplay!.played === 1
  const early = depth <= 1 && c.autoplay === null
  const real = c.mode === 'real' && c.purse?.minRoundMs !== 0
  // A stake or a setting changed: the path has shown what it changes.
  if (c.stake !== null && c.stake !== '1.00') return false
  if (c.soundOn || c.turbo) return false
  // An answer comes only to the request that runs.
  if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
    const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '')
    const runs = { loadTable: matches(s, { table: 'loading' }), startRound: inFlow(s, 'requesting'), actInRound: inFlow(s, 'acting'), refreshPurse: matches(s, { table: 'refreshing' }) }
    if (!runs[id as keyof typeof runs]) return false
  }
  switch (event.type) {
    case 'bet.stake':
    case 'bet.halve':
    case 'bet.double':
    case 'bet.max':
    case 'bet.options':
      return slot && depth === 0 && real && matches(s, { table: 'idle' })
    case 'bet.min':
      return slot && early && real
    case 'mode.set':
    case 'purse.refresh':
      return slot && early && real
    case 'settings.sound':
    case 'settings.turbo':
    case 'client.close':
      return slot && depth === 0 && real && matches(s, { table: 'idle' })
    case 'autoplay.start':
      return slot && early && real && c.error === null
    case 'deposit.request':
      return early && matches(s, { table: 'insufficientFunds' })
    case 'round.skip':
      return early && (inFlow(s, 'revealing') || inFlow(s, 'feature'))
    case LOADED: {
      const loaded = event.output as LoadedTable
      // A step game's table may open on its round; a fun purse only after the switch asked for it.
      return (loaded.open === null || c.stepGame) && (loaded.purse.mode === 'fun') === (c.mode === 'fun')
    }
    case PLAYED: {
      const round = event.output as Round
      if (c.stepGame) return round.status === 'open'
      if (round.status === 'open') return false
      if (early) return true
      if (firstOfRun) return round.id !== ROUNDS.feature.id
      return round.id === ROUNDS.win.id
    }
    case PLAY_FAILED: {
      const error = (event as unknown as { error: { code: string | null } }).error
      if (c.stepGame) return early && (error.code === 'round_in_progress' || error.code === null)
      if (early) return true
      return firstOfRun && (error.code === 'insufficient_funds' || error.code === 'bet_above_max')
    }
    case ACTED:
      return (event.output as Round).step > (c.round?.step ?? 0) && (c.round?.step === 0 || (event.output as Round).status !== 'open')
    case ACT_FAILED:
      return c.round?.step === 0
    case PACE:
      return matches(s, { table: { cycle: { pace: 'cooling' } } })
    case REVEAL_TIMEOUT:
      return inFlow(s, 'revealing') && early
    case FEATURE_TIMEOUT:
      return inFlow(s, 'feature') && early
  }
  return true
}

/** What tells two graph states apart: the chart's value and the context that guards read. */
export function gameClientState(s: AnyMachineSnapshot): string {
  const c = s.context as Ctx
  return JSON.stringify({
    value: s.value,
    mode: c.mode,
    purse: c.purse && { mode: c.purse.mode, balance: c.purse.balance, pace: c.purse.minRoundMs },
    balance: c.balance,
    stake: c.stake,
    round: c.round && `${c.round.id}:${c.round.step}:${c.round.status}`,
    error: c.error,
    autoplay: c.autoplay && { played: c.autoplay.played, net: c.autoplay.net, last: c.autoplay.lastPayout, rounds: c.autoplay.settings.rounds, stop: c.autoplay.stopReason },
    key: c.key !== null,
    soundOn: c.soundOn,
    turbo: c.turbo,
  })
}

export const gameClientEntry = defineEntry<typeof gameClientMachine, GameClientOutcome>({
  name: 'game-client',
  area: 'games',
  spec: "our extension of §7 'Games': the studio's game client page (docs/games.md#the-game-client)",
  description:
    'The game client of one title: purse and open round, stake within the limits, a round played (or a step game acted on) and shown, autoplay with its stop conditions, the deposit offer and a kept retry',
  machine: gameClientMachine,
  input: slotInput,
  otherInputs: [minesInput],
  events: gameClientSamples,
  outcomes: gameClientOutcomes,
  filterEvents: gameClientFilter,
  serializeState: gameClientState,
})
