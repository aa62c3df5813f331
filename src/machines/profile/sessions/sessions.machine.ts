// The signed-in devices on the security page: the list, and signing out one other device or every
// other one (docs/machines.md#sessions). This device is never signed out here; that is the logout.
import { assign, setup } from 'xstate'
import type { AuthResult } from '../../auth/auth.types'
import { endSessions, loadSessions } from './sessions.actors'
import { isUnknownSession, otherSessionsOf, withoutEnded } from './sessions.rules'
import type {
  EndSessionsResult,
  LoadSessionsResult,
  SessionsActionParams,
  SessionsContext,
  SessionsEvent,
  SessionsMessageId,
  SessionTarget,
} from './sessions.types'

export const SESSIONS_TAGS = { busy: 'busy' } as const
export type SessionsTag = (typeof SESSIONS_TAGS)[keyof typeof SESSIONS_TAGS]

const sessionsSetup = setup({
  types: {
    context: {} as SessionsContext,
    events: {} as SessionsEvent,
    children: {} as { loadSessions: 'loadSessions'; endSessions: 'endSessions' },
    tags: {} as SessionsTag,
  },
  actors: { loadSessions, endSessions },
  actions: {
    reportError: (_, params: SessionsActionParams['reportError']) => {
      console.error('sessionsMachine:', params.error)
    },
    assignSessions: assign((_, params: { result: LoadSessionsResult }) => ({ sessions: params.result.ok ? params.result.sessions : [], alert: null })),
    assignEnding: assign((_, params: { target: SessionTarget }) => ({ ending: params.target, alert: null, lastEnded: null })),
    assignEnded: assign(({ context }, params: { ended: number }) => ({
      sessions: context.ending && context.sessions ? withoutEnded(context.sessions, context.ending) : context.sessions,
      ending: null,
      lastEnded: params.ended,
    })),
    assignAlert: assign((_, params: { alert: SessionsMessageId }) => ({ alert: params.alert, ending: null })),
  },
  guards: {
    loaded: (_, params: { result: AuthResult }) => params.result.ok,
    ended: (_, params: { result: AuthResult }) => params.result.ok,
    /** The device is gone already: read the list again rather than show it. */
    unknown: (_, params: { result: AuthResult }) => !params.result.ok && isUnknownSession(params.result.error),
    hasOthers: ({ context }) => otherSessionsOf(context.sessions) > 0,
    isOtherSession: ({ context }, params: { id: string }) => (context.sessions ?? []).some((s) => s.id === params.id && !s.current),
  },
})

type Loaded = { event: { output: LoadSessionsResult } }
type Ended = { event: { output: EndSessionsResult } }

export const sessionsMachine = sessionsSetup.createMachine({
  id: 'sessions',
  context: { sessions: null, ending: null, alert: null, lastEnded: null },
  initial: 'loading',
  states: {
    loading: {
      tags: SESSIONS_TAGS.busy,
      invoke: {
        id: 'loadSessions',
        src: 'loadSessions',
        onDone: [
          { guard: { type: 'loaded', params: ({ event }: Loaded) => ({ result: event.output }) }, target: 'ready', actions: { type: 'assignSessions', params: ({ event }) => ({ result: event.output }) } },
          { target: 'loadFailed', actions: { type: 'assignAlert', params: { alert: 'loadFailed' } } },
        ],
        onError: {
          target: 'loadFailed',
          actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'loadFailed' } }],
        },
      },
    },
    loadFailed: {
      on: { 'sessions.retry': 'loading' },
    },
    ready: {
      on: {
        'sessions.end': {
          guard: { type: 'isOtherSession', params: ({ event }) => ({ id: event.id }) },
          target: 'ending',
          actions: { type: 'assignEnding', params: ({ event }) => ({ target: { id: event.id } }) },
        },
        'sessions.endOthers': { guard: 'hasOthers', target: 'ending', actions: { type: 'assignEnding', params: { target: { others: true } } } },
        'sessions.retry': 'loading',
      },
    },
    ending: {
      tags: SESSIONS_TAGS.busy,
      invoke: {
        id: 'endSessions',
        src: 'endSessions',
        input: ({ context }) => {
          if (!context.ending) throw new Error('sessionsMachine: nothing to end')
          return context.ending
        },
        onDone: [
          {
            guard: { type: 'ended', params: ({ event }: Ended) => ({ result: event.output }) },
            target: 'ready',
            actions: { type: 'assignEnded', params: ({ event }) => ({ ended: event.output.ok ? event.output.ended : 0 }) },
          },
          { guard: { type: 'unknown', params: ({ event }: Ended) => ({ result: event.output }) }, target: 'loading', actions: { type: 'assignAlert', params: { alert: 'unknown' } } },
          { target: 'ready', actions: { type: 'assignAlert', params: { alert: 'endFailed' } } },
        ],
        onError: {
          target: 'ready',
          actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'endFailed' } }],
        },
      },
    },
  },
})

export type SessionsMachine = typeof sessionsMachine
