// The devices list's sample events and answers: its model test walks them, and so does the flows
// registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { fail, failure, unavailable } from '../../auth/auth.samples'
import { sessionsMachine } from './sessions.machine'
import type { PlayerSession, SessionsContext, SessionsEvent, EndSessionsResult, LoadSessionsResult } from './sessions.types'

const at = '2026-11-28T05:00:00.000Z'
export const THIS: PlayerSession = { id: 'a'.repeat(24), current: true, created_at: at, last_seen_at: at, ip: '203.0.113.7', browser: 'Chrome', os: 'Android', mobile: true }
export const LAPTOP: PlayerSession = { id: 'b'.repeat(24), current: false, created_at: at, last_seen_at: at, ip: '198.51.100.4', browser: 'Safari', os: 'macOS', mobile: false }
export const TABLET: PlayerSession = { id: 'c'.repeat(24), current: false, created_at: at, last_seen_at: at, ip: null, browser: null, os: null, mobile: false }
export const unknownSession = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { id: ['unknown'] } }))
export { unavailable }

export const sessionsSamples = {
  'sessions.end': [{ type: 'sessions.end', id: LAPTOP.id }, { type: 'sessions.end', id: THIS.id }],
  'sessions.endOthers': [{ type: 'sessions.endOthers' }],
  'sessions.retry': [{ type: 'sessions.retry' }],
} satisfies SampleTable<SessionsEvent>

const LOADED = doneEventType(sessionsMachine, 'loadSessions')
const LOAD_CRASHED = errorEventType(sessionsMachine, 'loadSessions')
const ENDED = doneEventType(sessionsMachine, 'endSessions')
const END_CRASHED = errorEventType(sessionsMachine, 'endSessions')

export type SessionsOutcome =
  | { type: typeof LOADED; output: LoadSessionsResult }
  | { type: typeof LOAD_CRASHED; error: unknown }
  | { type: typeof ENDED; output: EndSessionsResult }
  | { type: typeof END_CRASHED; error: unknown }

export const sessionsOutcomes = {
  [LOADED]: [
    { type: LOADED, output: { ok: true, sessions: [THIS, LAPTOP, TABLET] } },
    { type: LOADED, output: { ok: true, sessions: [THIS] } },
    { type: LOADED, output: unavailable },
  ],
  [LOAD_CRASHED]: [{ type: LOAD_CRASHED, error: 'bug' }],
  [ENDED]: [
    { type: ENDED, output: { ok: true, ended: 1 } },
    { type: ENDED, output: unknownSession },
    { type: ENDED, output: unavailable },
  ],
  [END_CRASHED]: [{ type: END_CRASHED, error: 'bug' }],
} satisfies SampleTable<SessionsOutcome>

export const sessionsEntry = defineEntry<typeof sessionsMachine, SessionsOutcome>({
  name: 'sessions',
  area: 'profile',
  spec: '§1 profile security, §8',
  description: "The security page's signed-in devices: the list, signing out one other device or every other one",
  machine: sessionsMachine,
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: SessionsContext }
    return JSON.stringify({
      value,
      sessions: context.sessions?.map((s) => s.id.slice(0, 1)).join('') ?? null,
      ending: context.ending ? ('id' in context.ending ? context.ending.id.slice(0, 1) : 'others') : null,
      alert: context.alert,
      lastEnded: context.lastEnded,
    })
  },
  events: sessionsSamples,
  outcomes: sessionsOutcomes,
})
