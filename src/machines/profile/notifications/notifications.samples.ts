// The notifications page's sample events and answers: its model test walks them, and so does the
// flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { unavailable } from '../../auth/auth.samples'
import { notificationsMachine } from './notifications.machine'
import type { Contact, LoadContactsResult, NotificationsContext, NotificationsEvent, SaveSubscriptionResult } from './notifications.types'

export const EMAIL: Contact = { type: 'email', contact: 'player@example.com', is_confirmed: true, is_subscribed: false }
export const PHONE: Contact = { type: 'phone', contact: '+4915112345678', is_confirmed: false, is_subscribed: true, phone_country_code: 'DE' }
export { unavailable }

export const notificationsSamples = {
  'subscription.toggle': [
    { type: 'subscription.toggle', contact: EMAIL.contact, on: true },
    { type: 'subscription.toggle', contact: EMAIL.contact, on: false },
    { type: 'subscription.toggle', contact: PHONE.contact, on: false },
  ],
  'notifications.retry': [{ type: 'notifications.retry' }],
} satisfies SampleTable<NotificationsEvent>

const LOADED = doneEventType(notificationsMachine, 'loadContacts')
const LOAD_CRASHED = errorEventType(notificationsMachine, 'loadContacts')
const SAVED = doneEventType(notificationsMachine, 'saveSubscription')
const SAVE_CRASHED = errorEventType(notificationsMachine, 'saveSubscription')

export type NotificationsOutcome =
  | { type: typeof LOADED; output: LoadContactsResult }
  | { type: typeof LOAD_CRASHED; error: unknown }
  | { type: typeof SAVED; output: SaveSubscriptionResult }
  | { type: typeof SAVE_CRASHED; error: unknown }

export const notificationsOutcomes = {
  [LOADED]: [
    { type: LOADED, output: { ok: true, contacts: [EMAIL, PHONE] } },
    { type: LOADED, output: unavailable },
  ],
  [LOAD_CRASHED]: [{ type: LOAD_CRASHED, error: 'bug' }],
  [SAVED]: [
    { type: SAVED, output: { ok: true } },
    { type: SAVED, output: unavailable },
  ],
  [SAVE_CRASHED]: [{ type: SAVE_CRASHED, error: 'bug' }],
} satisfies SampleTable<NotificationsOutcome>

export const notificationsEntry = defineEntry<typeof notificationsMachine, NotificationsOutcome>({
  name: 'notifications',
  area: 'profile',
  spec: '§3 Contact, §7 changeSubscription, §8',
  description: 'News and offers per contact on /profile/notification: each switch saves at once and shows the saved state',
  machine: notificationsMachine,
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: NotificationsContext }
    return JSON.stringify({
      value,
      flags: context.contacts?.map((c) => (c.is_subscribed ? 1 : 0)).join('') ?? null,
      saving: context.saving ? `${context.saving.contact.slice(0, 1)}${context.saving.on ? 1 : 0}` : null,
      alert: context.alert,
      saved: context.saved?.slice(0, 1) ?? null,
    })
  },
  events: notificationsSamples,
  outcomes: notificationsOutcomes,
})
