// The contacts section's sample events and answers: its model test walks them, and so does the
// flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { fail, failure, unavailable } from '../../auth/auth.samples'
import { contactsMachine } from './contacts.machine'
import type { AddPhoneResult, Contact, ContactsContext, ContactsEvent, LoadContactsResult, PhoneCountryInfo, SendPhoneCodeResult } from './contacts.types'

export const COUNTRIES: readonly PhoneCountryInfo[] = [
  { country_code: 'US', phone_code: '1', name: 'United States', mask: '(###) ###-####' },
  { country_code: 'DE', phone_code: '49', name: 'Germany', mask: '### ########' },
]
export const EMAIL: Contact = { type: 'email', contact: 'player@example.com', is_confirmed: true, is_subscribed: false }
export const UNCONFIRMED_PHONE: Contact = { type: 'phone', contact: '4915112345678', is_confirmed: false, is_subscribed: false, phone_country_code: 'DE' }
export const taken = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { contact: ['taken'] } }))
export const tooSoon = fail(failure('TooManyRequestsException', 'too_many_attempts', { resendTime: 40, retryAfterSec: 40 }))
export const smsDown = fail(failure('ApplicationUnavailableException', 'sms_unavailable'))
export { unavailable }

export const contactsSamples = {
  'phone.add': [{ type: 'phone.add' }],
  'phone.country.change': [{ type: 'phone.country.change', country: 'DE' }],
  'phone.number.change': [
    { type: 'phone.number.change', value: '151 12345678' },
    { type: 'phone.number.change', value: '12' },
  ],
  // A US number pasted in full: the form moves to the United States.
  'phone.paste': [{ type: 'phone.paste', text: '+1 (201) 555-0123' }],
  'phone.submit': [{ type: 'phone.submit' }],
  'phone.cancel': [{ type: 'phone.cancel' }],
  'phone.confirm': [{ type: 'phone.confirm' }],
  'contacts.retry': [{ type: 'contacts.retry' }],
} satisfies SampleTable<ContactsEvent>

const LOADED = doneEventType(contactsMachine, 'loadContacts')
const LOAD_CRASHED = errorEventType(contactsMachine, 'loadContacts')
const ADDED = doneEventType(contactsMachine, 'addPhone')
const ADD_CRASHED = errorEventType(contactsMachine, 'addPhone')
const SENT = doneEventType(contactsMachine, 'sendPhoneCode')
const SEND_CRASHED = errorEventType(contactsMachine, 'sendPhoneCode')

export type ContactsOutcome =
  | { type: typeof LOADED; output: LoadContactsResult }
  | { type: typeof LOAD_CRASHED; error: unknown }
  | { type: typeof ADDED; output: AddPhoneResult }
  | { type: typeof ADD_CRASHED; error: unknown }
  | { type: typeof SENT; output: SendPhoneCodeResult }
  | { type: typeof SEND_CRASHED; error: unknown }

export const contactsOutcomes = {
  [LOADED]: [
    { type: LOADED, output: { ok: true, contacts: [EMAIL, UNCONFIRMED_PHONE], countries: COUNTRIES, defaultCountry: 'US' } },
    { type: LOADED, output: { ok: true, contacts: [EMAIL], countries: COUNTRIES, defaultCountry: null } },
    { type: LOADED, output: unavailable },
  ],
  [LOAD_CRASHED]: [{ type: LOAD_CRASHED, error: 'bug' }],
  [ADDED]: [
    { type: ADDED, output: { ok: true } },
    { type: ADDED, output: taken },
    { type: ADDED, output: unavailable },
  ],
  [ADD_CRASHED]: [{ type: ADD_CRASHED, error: 'bug' }],
  [SENT]: [
    // The contact the code went to is the context's (the number typed, or the listed phone).
    { type: SENT, output: { ok: true, contact: '+4915112345678' } },
    { type: SENT, output: tooSoon },
    { type: SENT, output: smsDown },
  ],
  [SEND_CRASHED]: [{ type: SEND_CRASHED, error: 'bug' }],
} satisfies SampleTable<ContactsOutcome>

export const contactsEntry = defineEntry<typeof contactsMachine, ContactsOutcome>({
  name: 'contacts',
  area: 'profile',
  spec: '§3 Contact, §4 Contact editing, §7 addcontact, sendconfirmationtocontact, getContactPhoneSettings, §8',
  description: 'The contacts on /profile/settings: a phone added with its country’s mask (a pasted number finds its country), then a code by SMS and on to /confirmation',
  machine: contactsMachine,
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: ContactsContext }
    return JSON.stringify({
      value,
      phone: context.contacts?.find((c) => c.type === 'phone')?.is_confirmed ?? null,
      country: context.country,
      number: context.number,
      error: context.error?.messageId ?? null,
      alert: context.alert,
    })
  },
  events: contactsSamples,
  outcomes: contactsOutcomes,
})
