// The player's contacts on /profile/settings (SPEC §3 'Contact', §4 'Contact editing', §7
// addcontact, sendconfirmationtocontact, getContactPhoneSettings). The e-mail and phone are shown
// with whether each is confirmed; a phone is added (or changed) with its country's mask, a pasted
// number finds its own country, and once saved a code goes to it by SMS and the page goes on to
// /confirmation. A refusal keeps what was typed (docs/machines.md#contacts).
import { assign, emit, setup } from 'xstate'
import { FOCUS_FIRST_ERROR_EVENT } from '../../forms/focus-first-error'
import type { AuthFailure, AuthResult } from '../../auth/auth.types'
import { addPhone, loadContacts, sendPhoneCode } from './contacts.actors'
import { e164, numberRefusal, pastedPhone, phoneError, phoneOf, startCountry } from './contacts.rules'
import {
  PHONE_CODE_SENT,
  type ContactsActionParams,
  type ContactsContext,
  type ContactsEmitted,
  type ContactsEvent,
  type ContactsMessageId,
  type LoadContactsResult,
  type SendPhoneCodeResult,
} from './contacts.types'

export const CONTACTS_TAGS = { loading: 'loading', form: 'form', busy: 'busy' } as const
export type ContactsTag = (typeof CONTACTS_TAGS)[keyof typeof CONTACTS_TAGS]

const failureOf = (result: AuthResult): AuthFailure | null => (result.ok ? null : result.error)

const contactsSetup = setup({
  types: {
    context: {} as ContactsContext,
    events: {} as ContactsEvent,
    children: {} as { loadContacts: 'loadContacts'; addPhone: 'addPhone'; sendPhoneCode: 'sendPhoneCode' },
    tags: {} as ContactsTag,
    emitted: {} as ContactsEmitted,
  },
  actors: { loadContacts, addPhone, sendPhoneCode },
  actions: {
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    reportError: (_, params: ContactsActionParams['reportError']) => {
      console.error('contactsMachine:', params.error)
    },
    assignLoaded: assign(({ context }, params: { result: LoadContactsResult }) => {
      if (!params.result.ok) return {}
      // A failed send is said after the list is read again (the phone was saved).
      return { contacts: params.result.contacts, countries: params.result.countries, defaultCountry: params.result.defaultCountry, alert: context.alert === 'sendFailed' ? context.alert : null }
    }),
    startForm: assign(({ context }) => ({ country: startCountry(context), number: '', error: null, alert: null })),
    assignCountry: assign((_, params: { country: string }) => ({ country: params.country, error: null })),
    assignNumber: assign((_, params: { value: string }) => ({ number: params.value, error: null, alert: null })),
    assignPasted: assign(({ context }, params: { text: string }) => {
      const pasted = pastedPhone(context, params.text)
      return pasted ? { country: pasted.country, number: pasted.number, error: null } : { number: params.text.trim(), error: null }
    }),
    assignRuleError: assign(({ context }) => ({ error: phoneError(context) })),
    assignRefusal: assign((_, params: { result: AuthResult }) => {
      const failure = failureOf(params.result)
      return { error: failure ? numberRefusal(failure) : null }
    }),
    assignAlert: assign((_, params: { alert: ContactsMessageId | null }) => ({ alert: params.alert })),
    announceSent: emit((_, params: { contact: string }) => ({ type: PHONE_CODE_SENT, contact: params.contact })),
  },
  guards: {
    ok: (_, params: { result: AuthResult }) => params.result.ok,
    valid: ({ context }) => phoneError(context) === null,
    refusedNumber: (_, params: { result: AuthResult }) => {
      const failure = failureOf(params.result)
      return failure !== null && numberRefusal(failure) !== null
    },
    /** Sent, or sent a moment ago (too soon for another): either way a code is on its way. */
    codeOnItsWay: (_, params: { result: SendPhoneCodeResult }) => params.result.ok || params.result.error.type === 'TooManyRequestsException',
    unconfirmedPhone: ({ context }) => {
      const phone = phoneOf(context.contacts)
      return phone !== null && !phone.is_confirmed
    },
  },
})

type Answered<R> = { event: { output: R } }
const answer = <R extends AuthResult>({ event }: Answered<R>) => ({ result: event.output })

/** The listed phone as a code is sent to it: +digits. */
const listedPhone = (context: ContactsContext): string => `+${phoneOf(context.contacts)?.contact ?? ''}`

/**
 * Sends the code to `to` (the number just saved, after which a failure reads the list again, or
 * the listed one, after which it goes back to it); a code on its way moves the page on.
 */
const sendCodeTo = (to: (context: ContactsContext) => string, onFailure: 'loading' | 'ready') =>
  ({
    id: 'sendPhoneCode',
    src: 'sendPhoneCode',
    input: ({ context }: { context: ContactsContext }) => ({ contact: to(context) }),
    onDone: [
      { guard: { type: 'codeOnItsWay', params: answer }, target: 'codeSent', actions: { type: 'announceSent', params: ({ context }: { context: ContactsContext }) => ({ contact: to(context) }) } },
      { target: onFailure, actions: { type: 'assignAlert', params: { alert: 'sendFailed' } } },
    ],
    onError: {
      target: onFailure,
      actions: [{ type: 'reportError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'sendFailed' } }],
    },
  }) as const

export const contactsMachine = contactsSetup.createMachine({
  id: 'contacts',
  context: { contacts: null, countries: [], defaultCountry: null, country: '', number: '', error: null, alert: null },
  initial: 'loading',
  states: {
    loading: {
      tags: CONTACTS_TAGS.loading,
      invoke: {
        id: 'loadContacts',
        src: 'loadContacts',
        onDone: [
          { guard: { type: 'ok', params: answer }, target: 'ready', actions: { type: 'assignLoaded', params: answer } },
          { target: 'loadFailed', actions: { type: 'assignAlert', params: { alert: 'loadFailed' } } },
        ],
        onError: {
          target: 'loadFailed',
          actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'loadFailed' } }],
        },
      },
    },
    loadFailed: { on: { 'contacts.retry': 'loading' } },
    ready: {
      on: {
        'phone.add': { target: 'editing', actions: 'startForm' },
        'phone.confirm': { guard: 'unconfirmedPhone', target: 'sending', actions: { type: 'assignAlert', params: { alert: null } } },
      },
    },
    editing: {
      tags: CONTACTS_TAGS.form,
      on: {
        'phone.country.change': { actions: { type: 'assignCountry', params: ({ event }) => ({ country: event.country }) } },
        'phone.number.change': { actions: { type: 'assignNumber', params: ({ event }) => ({ value: event.value }) } },
        'phone.paste': { actions: { type: 'assignPasted', params: ({ event }) => ({ text: event.text }) } },
        'phone.cancel': { target: 'ready', actions: { type: 'assignAlert', params: { alert: null } } },
        'phone.submit': [{ guard: 'valid', target: 'saving' }, { actions: ['assignRuleError', 'focusFirstError'] }],
      },
    },
    saving: {
      tags: [CONTACTS_TAGS.form, CONTACTS_TAGS.busy],
      invoke: {
        id: 'addPhone',
        src: 'addPhone',
        input: ({ context }) => ({ number: context.number, country: context.country }),
        onDone: [
          { guard: { type: 'ok', params: answer }, target: 'sendingNew' },
          { guard: { type: 'refusedNumber', params: answer }, target: 'editing', actions: [{ type: 'assignRefusal', params: answer }, 'focusFirstError'] },
          { target: 'editing', actions: { type: 'assignAlert', params: { alert: 'saveFailed' } } },
        ],
        onError: {
          target: 'editing',
          actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'saveFailed' } }],
        },
      },
    },
    // The number just saved gets its code.
    sendingNew: { tags: [CONTACTS_TAGS.form, CONTACTS_TAGS.busy], invoke: sendCodeTo(e164, 'loading') },
    // The listed phone, not confirmed yet, gets a new code.
    sending: { tags: CONTACTS_TAGS.busy, invoke: sendCodeTo(listedPhone, 'ready') },
    // The page goes to /confirmation for the code.
    codeSent: { type: 'final' },
  },
})

export type ContactsMachine = typeof contactsMachine
