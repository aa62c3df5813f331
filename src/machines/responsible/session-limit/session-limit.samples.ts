// The session-time limit's sample events and answers: its model test walks them, and so does the
// flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { unavailable } from '../../auth/auth.samples'
import { sessionLimitMachine } from './session-limit.machine'
import type { LoadSessionLimitResult, SaveSessionLimitResult, SessionLimitContext, SessionLimitEvent, SessionLimitInfo } from './session-limit.types'

const STARTED = '2026-11-28T10:00:00.000Z'
export const NO_LIMIT: SessionLimitInfo = { minutes: null, scheduled_minutes: null, effective_at: null, session_started_at: STARTED, ends_at: null }
export const HOUR: SessionLimitInfo = { minutes: 60, scheduled_minutes: null, effective_at: null, session_started_at: STARTED, ends_at: '2026-11-28T11:00:00.000Z' }
/** An hour in force, a raise to four hours waiting for its day. */
export const RAISE_WAITING: SessionLimitInfo = { ...HOUR, scheduled_minutes: 240, effective_at: '2026-11-29T10:30:00.000Z' }
export { unavailable }

export const sessionLimitSamples = {
  'limit.choose': [
    { type: 'limit.choose', minutes: 60 },
    { type: 'limit.choose', minutes: 240 },
    { type: 'limit.choose', minutes: 0 },
    // Not on the list: ignored.
    { type: 'limit.choose', minutes: 7 },
  ],
  'limit.save': [{ type: 'limit.save' }],
  'limit.retry': [{ type: 'limit.retry' }],
} satisfies SampleTable<SessionLimitEvent>

const LOADED = doneEventType(sessionLimitMachine, 'loadLimit')
const LOAD_CRASHED = errorEventType(sessionLimitMachine, 'loadLimit')
const SAVED = doneEventType(sessionLimitMachine, 'saveLimit')
const SAVE_CRASHED = errorEventType(sessionLimitMachine, 'saveLimit')

export type SessionLimitOutcome =
  | { type: typeof LOADED; output: LoadSessionLimitResult }
  | { type: typeof LOAD_CRASHED; error: unknown }
  | { type: typeof SAVED; output: SaveSessionLimitResult }
  | { type: typeof SAVE_CRASHED; error: unknown }

export const sessionLimitOutcomes = {
  [LOADED]: [
    { type: LOADED, output: { ok: true, limit: NO_LIMIT } },
    { type: LOADED, output: { ok: true, limit: HOUR } },
    { type: LOADED, output: unavailable },
  ],
  [LOAD_CRASHED]: [{ type: LOAD_CRASHED, error: 'bug' }],
  [SAVED]: [
    { type: SAVED, output: { ok: true, limit: HOUR } },
    { type: SAVED, output: { ok: true, limit: RAISE_WAITING } },
    { type: SAVED, output: unavailable },
  ],
  [SAVE_CRASHED]: [{ type: SAVE_CRASHED, error: 'bug' }],
} satisfies SampleTable<SessionLimitOutcome>

export const sessionLimitEntry = defineEntry<typeof sessionLimitMachine, SessionLimitOutcome>({
  name: 'session-limit',
  area: 'responsible',
  spec: '§9 responsible gaming (a call of our own beside the deposit limits), §8',
  description: 'The session-time limit on the responsible-gaming page: stricter at once, looser after a cooling-off day; the server ends a session past it',
  machine: sessionLimitMachine,
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: SessionLimitContext }
    return JSON.stringify({
      value,
      minutes: context.limit?.minutes ?? null,
      waiting: context.limit?.effective_at ? context.limit.scheduled_minutes : undefined,
      choice: context.choice,
      alert: context.alert,
    })
  },
  events: sessionLimitSamples,
  outcomes: sessionLimitOutcomes,
})
