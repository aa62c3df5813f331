// The session-time limit on the responsible-gaming page: the limit in force, a looser change waiting
// out its cooling-off day, and when this session ends. The server applies the rules (stricter at
// once, looser after a day) and ends a session past its limit; the page shows what it answered
// (docs/machines.md#session-limit).
import { assign, setup } from 'xstate'
import { isSessionLimitMinutes } from '../../../shared/session-limit'
import type { AuthResult } from '../../auth/auth.types'
import { loadLimit, saveLimit } from './session-limit.actors'
import type { LoadSessionLimitResult, SessionLimitActionParams, SessionLimitContext, SessionLimitEvent, SessionLimitMessageId, SessionLimitInfo } from './session-limit.types'

export const SESSION_LIMIT_TAGS = { loading: 'loading', saving: 'saving' } as const
export type SessionLimitTag = (typeof SESSION_LIMIT_TAGS)[keyof typeof SESSION_LIMIT_TAGS]

/** What the list shows for a limit: a waiting change is the player's latest choice. */
export const choiceOf = (limit: SessionLimitInfo): number => (limit.effective_at ? (limit.scheduled_minutes ?? 0) : (limit.minutes ?? 0))

const sessionLimitSetup = setup({
  types: {
    context: {} as SessionLimitContext,
    events: {} as SessionLimitEvent,
    children: {} as { loadLimit: 'loadLimit'; saveLimit: 'saveLimit' },
    tags: {} as SessionLimitTag,
  },
  actors: { loadLimit, saveLimit },
  actions: {
    reportError: (_, params: SessionLimitActionParams['reportError']) => {
      console.error('sessionLimitMachine:', params.error)
    },
    assignLimit: assign((_, params: { result: LoadSessionLimitResult; alert: SessionLimitMessageId | null }) =>
      params.result.ok ? { limit: params.result.limit, choice: choiceOf(params.result.limit), alert: params.alert } : {},
    ),
    assignChoice: assign((_, params: { minutes: number }) => ({ choice: params.minutes, alert: null })),
    assignAlert: assign((_, params: { alert: SessionLimitMessageId }) => ({ alert: params.alert })),
  },
  guards: {
    ok: (_, params: { result: AuthResult }) => params.result.ok,
    onTheList: (_, params: { minutes: number }) => params.minutes === 0 || isSessionLimitMinutes(params.minutes),
    changed: ({ context }) => context.limit !== null && context.choice !== choiceOf(context.limit),
  },
})

type Answered = { event: { output: LoadSessionLimitResult } }
const answer = ({ event }: Answered) => ({ result: event.output })

export const sessionLimitMachine = sessionLimitSetup.createMachine({
  id: 'sessionLimit',
  context: { limit: null, choice: 0, alert: null },
  initial: 'loading',
  states: {
    loading: {
      tags: SESSION_LIMIT_TAGS.loading,
      invoke: {
        id: 'loadLimit',
        src: 'loadLimit',
        onDone: [
          { guard: { type: 'ok', params: answer }, target: 'ready', actions: { type: 'assignLimit', params: ({ event }) => ({ result: event.output, alert: null }) } },
          { target: 'loadFailed', actions: { type: 'assignAlert', params: { alert: 'loadFailed' } } },
        ],
        onError: { target: 'loadFailed', actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'loadFailed' } }] },
      },
    },
    loadFailed: { on: { 'limit.retry': 'loading' } },
    ready: {
      on: {
        'limit.choose': { guard: { type: 'onTheList', params: ({ event }) => ({ minutes: event.minutes }) }, actions: { type: 'assignChoice', params: ({ event }) => ({ minutes: event.minutes }) } },
        'limit.save': { guard: 'changed', target: 'saving' },
      },
    },
    saving: {
      tags: SESSION_LIMIT_TAGS.saving,
      invoke: {
        id: 'saveLimit',
        src: 'saveLimit',
        input: ({ context }) => ({ minutes: context.choice }),
        onDone: [
          { guard: { type: 'ok', params: answer }, target: 'ready', actions: { type: 'assignLimit', params: ({ event }) => ({ result: event.output, alert: 'saved' }) } },
          // The choice stays in the list, to try again.
          { target: 'ready', actions: { type: 'assignAlert', params: { alert: 'saveFailed' } } },
        ],
        onError: { target: 'ready', actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'saveFailed' } }] },
      },
    },
  },
})

export type SessionLimitMachine = typeof sessionLimitMachine
