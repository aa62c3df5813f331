// Sample events of the crash table, walked by the model test and listed in the flows registry.
import type { CrashBet, CrashRound, CrashState } from '../../../services/api/contract/games'
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { crashMachine } from './crash.machine'
import type { CrashEvent, CrashInput } from './crash.types'

const HASH = 'a'.repeat(64)
const SEED = 'b'.repeat(64)

function round(id: string, phase: CrashRound['phase'], extra: Partial<CrashRound> = {}): CrashRound {
  return {
    id,
    game: 'rocket-crash',
    phase,
    hash: HASH,
    chain: { id: '1', commitment: HASH, index: Number(id), length: 10000 },
    bettingEndsAt: '2026-11-26T12:00:06.000Z',
    startedAt: phase === 'betting' ? null : '2026-11-26T12:00:06.000Z',
    crashPoint: phase === 'ended' ? 2.5 : null,
    seed: phase === 'ended' ? SEED : null,
    endedAt: phase === 'ended' ? '2026-11-26T12:00:21.000Z' : null,
    serverTime: '2026-11-26T12:00:00.000Z',
    rate: 0.00006,
    cashOuts: [],
    bets: 1,
    ...extra,
  }
}

export const ROUNDS = {
  betting: round('7', 'betting'),
  running: round('7', 'running'),
  ended: round('7', 'ended'),
  next: round('8', 'betting'),
}

const bet = (status: CrashBet['status'], extra: Partial<CrashBet> = {}): CrashBet => ({
  id: '31',
  roundId: '7',
  status,
  currency: 'USD',
  stake: '1.00',
  autoCashOut: null,
  cashedAt: null,
  payout: null,
  ...extra,
})

export const BETS = { active: bet('active'), won: bet('won', { cashedAt: 1.8, payout: '1.80' }), lost: bet('lost', { payout: '0.00' }) }

const state = (r: CrashRound | null, b: CrashBet | null): CrashState => ({ round: r, bet: b, history: [] })

export const crashInput: CrashInput = { game: 'rocket-crash', mode: 'real', amount: '1.00' }

export const crashSamples = {
  'crash.amount': [
    { type: 'crash.amount', amount: '2.00' },
    { type: 'crash.amount', amount: null },
  ],
  'crash.auto': [
    { type: 'crash.auto', autoCashOut: '2.00', valid: true },
    { type: 'crash.auto', autoCashOut: null, valid: false },
  ],
  'crash.bet': [{ type: 'crash.bet' }],
  'crash.cashOut': [{ type: 'crash.cashOut' }],
  'crash.retry': [{ type: 'crash.retry' }],
  'crash.dismiss': [{ type: 'crash.dismiss' }],
  'crash.update': [
    { type: 'crash.update', round: ROUNDS.running },
    { type: 'crash.update', round: ROUNDS.ended },
    { type: 'crash.update', round: ROUNDS.next },
  ],
} satisfies SampleTable<CrashEvent>

const LOADED = doneEventType(crashMachine, 'loadState')
const LOAD_FAILED = errorEventType(crashMachine, 'loadState')
const PLACED = doneEventType(crashMachine, 'placeBet')
const PLACE_FAILED = errorEventType(crashMachine, 'placeBet')
const CASHED = doneEventType(crashMachine, 'cashOut')
const CASH_FAILED = errorEventType(crashMachine, 'cashOut')
const SETTLED = doneEventType(crashMachine, 'loadSettled')
const SETTLE_FAILED = errorEventType(crashMachine, 'loadSettled')

export type CrashOutcome =
  | { type: typeof LOADED; output: CrashState }
  | { type: typeof LOAD_FAILED; error: unknown }
  | { type: typeof PLACED; output: CrashBet }
  | { type: typeof PLACE_FAILED; error: unknown }
  | { type: typeof CASHED; output: CrashBet }
  | { type: typeof CASH_FAILED; error: unknown }
  | { type: typeof SETTLED; output: CrashState }
  | { type: typeof SETTLE_FAILED; error: unknown }

export const crashOutcomes = {
  [LOADED]: [
    { type: LOADED, output: state(ROUNDS.betting, null) },
    { type: LOADED, output: state(ROUNDS.running, BETS.active) },
    // A reload just after the crash, the bet not yet read as settled.
    { type: LOADED, output: state(ROUNDS.ended, BETS.active) },
  ],
  [LOAD_FAILED]: [{ type: LOAD_FAILED, error: new Error('offline') }],
  [PLACED]: [{ type: PLACED, output: BETS.active }],
  [PLACE_FAILED]: [
    { type: PLACE_FAILED, error: { code: 'insufficient_funds' } },
    { type: PLACE_FAILED, error: { code: 'betting_closed' } },
  ],
  [CASHED]: [{ type: CASHED, output: BETS.won }],
  [CASH_FAILED]: [
    { type: CASH_FAILED, error: { code: 'round_over' } },
    { type: CASH_FAILED, error: new Error('offline') },
  ],
  [SETTLED]: [{ type: SETTLED, output: state(ROUNDS.ended, BETS.lost) }],
  [SETTLE_FAILED]: [{ type: SETTLE_FAILED, error: new Error('offline') }],
} satisfies SampleTable<CrashOutcome>

/** The stake and auto cash-out are typed while no bet is on: walking them elsewhere only repeats the graph. */
export function crashFilter(snapshot: { matches: (value: never) => boolean }, event: { type: string }): boolean {
  if (event.type !== 'crash.amount' && event.type !== 'crash.auto') return true
  return snapshot.matches({ table: 'idle' } as never) || snapshot.matches({ table: 'needsDeposit' } as never)
}

export const crashEntry = defineEntry<typeof crashMachine, CrashOutcome>({
  name: 'crash',
  area: 'games',
  spec: "our extension of §7 'Games': the studio's shared crash round (docs/games.md#crash)",
  description: 'A crash table: the shared round from the live topic; the player bets while bets are open, cashes out while it runs, and sees the bet settled when it crashes',
  machine: crashMachine,
  input: crashInput,
  events: crashSamples,
  outcomes: crashOutcomes,
  filterEvents: (snapshot, event) => crashFilter(snapshot as never, event),
})
