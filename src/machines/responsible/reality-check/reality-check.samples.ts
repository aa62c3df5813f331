// The reality check's sample events and answers: its model test walks them, and so does the flows
// registry.
import { defineEntry, delayEvent, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { realityCheckMachine } from './reality-check.machine'
import type { LoadRealityResult, RealityCheck, RealityCheckContext, RealityCheckEvent } from './reality-check.types'

const money = (amount: string) => ({ amount, currency: 'EUR' })

/** Half an hour into a session with a 30-minute interval, 12.50 down. */
export const EVERY_30: RealityCheck = {
  interval_minutes: 30,
  interval_seconds: 1800,
  started_at: '2026-11-28T08:00:00.000Z',
  played_seconds: 1805,
  stakes: money('40.00'),
  returns: money('27.50'),
  net: money('-12.50'),
}
export const NO_INTERVAL: RealityCheck = { ...EVERY_30, interval_minutes: null, interval_seconds: null }
export const refused: LoadRealityResult = { ok: false, code: 'feature_off' }

export const realityCheckSamples = {
  'session.change': [
    { type: 'session.change', loggedIn: true },
    { type: 'session.change', loggedIn: false },
  ],
  'reality.choose': [
    { type: 'reality.choose', minutes: 30 },
    { type: 'reality.choose', minutes: 0 },
  ],
  'reality.save': [{ type: 'reality.save' }],
  'reality.retry': [{ type: 'reality.retry' }],
  'reality.continue': [{ type: 'reality.continue' }],
  'reality.stop': [{ type: 'reality.stop' }],
} satisfies SampleTable<RealityCheckEvent>

const LOADED = doneEventType(realityCheckMachine, 'loadReality')
const LOAD_FAILED = errorEventType(realityCheckMachine, 'loadReality')
const SAVED = doneEventType(realityCheckMachine, 'saveReality')
const SAVE_FAILED = errorEventType(realityCheckMachine, 'saveReality')
/** The next whole interval from the login: time for the check. */
export const NEXT_CHECK = delayEvent(realityCheckMachine, 'nextCheck').type
/** A check whose figures could not be read, tried again. */
export const RETRY_CHECK = delayEvent(realityCheckMachine, 'retryCheck').type
export type RealityCheckTimer = typeof NEXT_CHECK | typeof RETRY_CHECK

export type RealityCheckOutcome =
  | { type: typeof LOADED; output: LoadRealityResult }
  | { type: typeof LOAD_FAILED; error: unknown }
  | { type: typeof SAVED; output: LoadRealityResult }
  | { type: typeof SAVE_FAILED; error: unknown }
  | { type: RealityCheckTimer }

const timers: SampleTable<{ type: RealityCheckTimer }> = { [NEXT_CHECK]: [{ type: NEXT_CHECK }], [RETRY_CHECK]: [{ type: RETRY_CHECK }] }

export const realityCheckOutcomes = {
  [LOADED]: [
    { type: LOADED, output: { ok: true, figures: EVERY_30 } },
    { type: LOADED, output: { ok: true, figures: NO_INTERVAL } },
    { type: LOADED, output: refused },
  ],
  [LOAD_FAILED]: [{ type: LOAD_FAILED, error: 'network down' }],
  [SAVED]: [
    { type: SAVED, output: { ok: true, figures: EVERY_30 } },
    { type: SAVED, output: { ok: true, figures: NO_INTERVAL } },
    { type: SAVED, output: refused },
  ],
  [SAVE_FAILED]: [{ type: SAVE_FAILED, error: 'network down' }],
  ...timers,
} satisfies SampleTable<RealityCheckOutcome>

export const realityCheckEntry = defineEntry<typeof realityCheckMachine, RealityCheckOutcome>({
  name: 'reality-check',
  area: 'responsible',
  spec: '§9 responsible gaming (reality check), §2.4 popups',
  description: "The reality check: at the player's interval from the login, time played and the real-money result with continue or stop; the interval is picked on the responsible-gaming page",
  machine: realityCheckMachine,
  input: { loggedIn: true },
  // The pick is context: with it in the state, the graph reaches `saving` (a pick that changes the interval).
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: RealityCheckContext }
    return JSON.stringify({ value, interval: context.figures?.interval_minutes ?? null, choice: context.choice })
  },
  events: realityCheckSamples,
  outcomes: realityCheckOutcomes,
})
