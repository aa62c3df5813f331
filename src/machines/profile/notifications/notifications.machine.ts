// News and offers per contact on /profile/notification (SPEC §3 'Contact', §7 changeSubscription):
// the contacts are read, and a switch saves at once; the switch shows the saved state, so a change
// that fails leaves it as it was (docs/machines.md#notifications).
import { assign, setup } from 'xstate'
import type { AuthResult } from '../../auth/auth.types'
import { loadContacts, saveSubscription } from './notifications.actors'
import type { LoadContactsResult, NotificationsActionParams, NotificationsContext, NotificationsEvent, NotificationsMessageId } from './notifications.types'

export const NOTIFICATIONS_TAGS = { loading: 'loading', saving: 'saving' } as const
export type NotificationsTag = (typeof NOTIFICATIONS_TAGS)[keyof typeof NOTIFICATIONS_TAGS]

const notificationsSetup = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    children: {} as { loadContacts: 'loadContacts'; saveSubscription: 'saveSubscription' },
    tags: {} as NotificationsTag,
  },
  actors: { loadContacts, saveSubscription },
  actions: {
    reportError: (_, params: NotificationsActionParams['reportError']) => {
      console.error('notificationsMachine:', params.error)
    },
    assignContacts: assign((_, params: { result: LoadContactsResult }) => ({ contacts: params.result.ok ? params.result.contacts : [], alert: null })),
    assignSaving: assign((_, params: { contact: string; on: boolean }) => ({ saving: { contact: params.contact, on: params.on }, alert: null, saved: null })),
    applySaved: assign(({ context }) => ({
      contacts: (context.contacts ?? []).map((c) => (context.saving && c.contact === context.saving.contact ? { ...c, is_subscribed: context.saving.on } : c)),
      saved: context.saving?.contact ?? null,
      saving: null,
    })),
    assignAlert: assign((_, params: { alert: NotificationsMessageId }) => ({ alert: params.alert, saving: null })),
  },
  guards: {
    ok: (_, params: { result: AuthResult }) => params.result.ok,
    /** A contact of the list, switched to the other state. */
    changes: ({ context }, params: { contact: string; on: boolean }) => (context.contacts ?? []).some((c) => c.contact === params.contact && c.is_subscribed !== params.on),
  },
})

type Answered = { event: { output: AuthResult } }
const answer = ({ event }: Answered) => ({ result: event.output })

export const notificationsMachine = notificationsSetup.createMachine({
  id: 'notifications',
  context: { contacts: null, saving: null, alert: null, saved: null },
  initial: 'loading',
  states: {
    loading: {
      tags: NOTIFICATIONS_TAGS.loading,
      invoke: {
        id: 'loadContacts',
        src: 'loadContacts',
        onDone: [
          { guard: { type: 'ok', params: answer }, target: 'ready', actions: { type: 'assignContacts', params: ({ event }) => ({ result: event.output }) } },
          { target: 'loadFailed', actions: { type: 'assignAlert', params: { alert: 'loadFailed' } } },
        ],
        onError: {
          target: 'loadFailed',
          actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'loadFailed' } }],
        },
      },
    },
    loadFailed: { on: { 'notifications.retry': 'loading' } },
    ready: {
      on: {
        'subscription.toggle': {
          guard: { type: 'changes', params: ({ event }) => ({ contact: event.contact, on: event.on }) },
          target: 'saving',
          actions: { type: 'assignSaving', params: ({ event }) => ({ contact: event.contact, on: event.on }) },
        },
      },
    },
    saving: {
      tags: NOTIFICATIONS_TAGS.saving,
      invoke: {
        id: 'saveSubscription',
        src: 'saveSubscription',
        input: ({ context }) => {
          if (!context.saving) throw new Error('notificationsMachine: nothing to save')
          return context.saving
        },
        onDone: [
          { guard: { type: 'ok', params: answer }, target: 'ready', actions: 'applySaved' },
          { target: 'ready', actions: { type: 'assignAlert', params: { alert: 'saveFailed' } } },
        ],
        onError: {
          target: 'ready',
          actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'saveFailed' } }],
        },
      },
    },
  },
})

export type NotificationsMachine = typeof notificationsMachine
