// Sample events of the hints, walked by the model test and by the flows registry.
import { defineEntry, delayEvent, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { hintsMachine } from './hints.machine'
import type { HintFactsLoaded, HintPlayer, HintsEvent } from './hints.types'

const REG = '2024-05-01T10:00:00Z'
/** A moment `minutes` after the sample player registered. */
export const minutesAfterRegistration = (minutes: number) => Date.parse(REG) + minutes * 60_000
export const hintsPlayer: HintPlayer = { uid: 7, regTime: REG, login: 'new@example.com' }
/** Ten minutes after registration, no deposit, login unconfirmed: the deposit hint, then the confirm hint. */
export const freshFacts: HintFactsLoaded = { checkedAt: minutesAfterRegistration(10), hasDeposit: false, loginContactConfirmed: false, confirmSent: false, dismissed: [] }
export const depositedFacts: HintFactsLoaded = { ...freshFacts, hasDeposit: true }
/** A week later: both windows are over, nothing to show and nothing to wait for. */
export const weekLaterFacts: HintFactsLoaded = { checkedAt: minutesAfterRegistration(7 * 24 * 60), hasDeposit: null, loginContactConfirmed: null, confirmSent: false, dismissed: [] }

/** 'hints.balance' as the view reports it: the first report, then unchanged and moved by a deposit of 10. */
export function balanceReports(uid: number, amount: string | null | undefined): Extract<HintsEvent, { type: 'hints.balance' }>[] {
  if (amount === undefined) return [{ type: 'hints.balance', uid, amount: '0.00' }]
  const moved = (Number(amount ?? 0) + 10).toFixed(2)
  return [
    { type: 'hints.balance', uid, amount },
    { type: 'hints.balance', uid, amount: moved },
  ]
}

type HintsSnapshot = { context: { player: HintPlayer | null; balance: { amount: string | null } | null } }

export const hintsSamples = {
  'hints.player': [
    { type: 'hints.player', player: hintsPlayer },
    { type: 'hints.player', player: null },
  ],
  // The first report notes the balance; after it, the same amount again and a new one (a move).
  'hints.balance': (s: HintsSnapshot) => balanceReports(s.context.player?.uid ?? hintsPlayer.uid, s.context.balance?.amount),
  'hints.dismiss': [{ type: 'hints.dismiss' }],
} satisfies SampleTable<HintsEvent>

/** The shown hint's window closes: the facts are read again. */
export const HINT_WINDOW = delayEvent(hintsMachine, 'windowCloses').type
const LOAD_DONE = doneEventType(hintsMachine, 'loadHintFacts')
const LOAD_ERROR = errorEventType(hintsMachine, 'loadHintFacts')

export type HintsOutcome =
  | { type: typeof LOAD_DONE; output: HintFactsLoaded }
  | { type: typeof LOAD_ERROR; error: unknown }
  | { type: typeof HINT_WINDOW }

// The delay event has a template type: typed apart, so the table keeps its per-event keys.
const windowEnds: SampleTable<{ type: typeof HINT_WINDOW }> = { [HINT_WINDOW]: [{ type: HINT_WINDOW }] }
export const hintsOutcomes = {
  ...windowEnds,
  [LOAD_DONE]: [
    { type: LOAD_DONE, output: freshFacts },
    { type: LOAD_DONE, output: depositedFacts },
    { type: LOAD_DONE, output: weekLaterFacts },
  ],
  [LOAD_ERROR]: [{ type: LOAD_ERROR, error: 'network down' }],
} satisfies SampleTable<HintsOutcome>

export const hintsEntry = defineEntry<typeof hintsMachine, HintsOutcome>({
  name: 'hints',
  area: 'session',
  spec: '§4 Hints, §9',
  description: "A new player's banner: make a first deposit (2 hours), confirm the login contact (5 days); facts read again when the balance moves or a window closes; closing remembers it",
  machine: hintsMachine,
  input: { player: hintsPlayer },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: { player: unknown; facts: HintFactsLoaded | null; balance: unknown } }
    return JSON.stringify({ value, player: context.player !== null, deposit: context.facts?.hasDeposit ?? null, dismissed: context.facts?.dismissed ?? [], balanceKnown: context.balance !== null })
  },
  events: hintsSamples,
  outcomes: hintsOutcomes,
})
