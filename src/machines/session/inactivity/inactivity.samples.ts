// Sample events of the inactivity watcher, walked by its model test and by the flows registry.
import { defineEntry, delayEvent, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { inactivityMachine } from './inactivity.machine'
import type { InactivityContext, InactivityEvent, InactivityInput, TouchResult } from './inactivity.types'

// 10 s: a 2 s countdown, so both ticks of the warning are walked.
export const inactivityInput: InactivityInput = { timeoutSec: 10, loggedIn: true }

export const inactivitySamples = {
  'inactivity.configure': [
    { type: 'inactivity.configure', timeoutSec: 10, loggedIn: true },
    { type: 'inactivity.configure', timeoutSec: null, loggedIn: true },
    { type: 'inactivity.configure', timeoutSec: 10, loggedIn: false },
  ],
  activity: [{ type: 'activity' }],
  'activity.remote': [{ type: 'activity.remote' }],
  'logout.remote': [{ type: 'logout.remote' }],
  'inactivity.stay': [{ type: 'inactivity.stay' }],
} satisfies SampleTable<InactivityEvent>

/** The warning opens (80 % of the limit idle). */
export const IDLE_WARN = delayEvent(inactivityMachine, 'warningAfter').type
/** One second of the warning's countdown. */
export const IDLE_TICK = delayEvent(inactivityMachine, 'tick').type
/** The keep-alive interval ends with no activity since the last ping. */
export const IDLE_COOL = delayEvent(inactivityMachine, 'keepAliveEvery', 'watching.server.cooling').type
/** The keep-alive interval ends after activity: ping again. */
export const IDLE_DIRTY = delayEvent(inactivityMachine, 'keepAliveEvery', 'watching.server.dirty').type
const TOUCH_DONE = doneEventType(inactivityMachine, 'touchSession')
const TOUCH_ERROR = errorEventType(inactivityMachine, 'touchSession')
const LOGOUT_DONE = doneEventType(inactivityMachine, 'logout')
const LOGOUT_ERROR = errorEventType(inactivityMachine, 'logout')

/** A delay's end; every delay event of the machine has this one type. */
export type InactivityDelayEnd = { type: typeof IDLE_WARN | typeof IDLE_TICK | typeof IDLE_COOL | typeof IDLE_DIRTY }
export type InactivityOutcome =
  | InactivityDelayEnd
  | { type: typeof TOUCH_DONE; output: TouchResult }
  | { type: typeof TOUCH_ERROR; error: unknown }
  | { type: typeof LOGOUT_DONE; output: undefined }
  | { type: typeof LOGOUT_ERROR; error: unknown }

// Delay events share one template type: typed apart, so the table keeps its per-event keys.
const delayEnds: SampleTable<InactivityDelayEnd> = {
  [IDLE_WARN]: [{ type: IDLE_WARN }],
  [IDLE_TICK]: [{ type: IDLE_TICK }],
  [IDLE_COOL]: [{ type: IDLE_COOL }],
  [IDLE_DIRTY]: [{ type: IDLE_DIRTY }],
}
export const inactivityOutcomes = {
  ...delayEnds,
  [TOUCH_DONE]: [
    { type: TOUCH_DONE, output: { loggedIn: true } },
    { type: TOUCH_DONE, output: { loggedIn: false } },
  ],
  [TOUCH_ERROR]: [{ type: TOUCH_ERROR, error: 'network down' }],
  [LOGOUT_DONE]: [{ type: LOGOUT_DONE, output: undefined }],
  [LOGOUT_ERROR]: [{ type: LOGOUT_ERROR, error: 'network down' }],
} satisfies SampleTable<InactivityOutcome>

export const inactivityEntry = defineEntry<typeof inactivityMachine, InactivityOutcome>({
  name: 'inactivity',
  area: 'session',
  spec: '§4 Automatic logout by inactivity, §3 General info, §9',
  description: 'Logs an idle player out after time_to_force_logout: warning popup with a countdown at 80 %, shared across tabs, keeps the server session in step',
  machine: inactivityMachine,
  input: inactivityInput,
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: InactivityContext }
    return JSON.stringify({ value, on: context.loggedIn && context.timeoutMs !== null, remaining: context.remainingSec })
  },
  events: inactivitySamples,
  outcomes: inactivityOutcomes,
})
