// Sample events of the contact confirmation, walked by its model test and by the flows registry.
import { defineEntry, delayEvent, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { contactConfirmationMachine } from './contact-confirmation.machine'
import {
  CONTACT_CONFIRMATION_REDACTED_KEYS,
  type AuthFailure,
  type ConfirmCodeResult,
  type ContactConfirmationContext,
  type ContactConfirmationEvent,
  type LoadContactResult,
  type SendCodeResult,
} from './contact-confirmation.types'

export const SAMPLE_EMAIL = 'ada@example.com'
export function authFailure(type: AuthFailure['type'], code: AuthFailure['code'], extra: Partial<AuthFailure> = {}): AuthFailure {
  return { type, code, resendTime: null, retryAfterSec: null, invalidParameters: null, errorData: null, ...extra }
}
export const fail = (error: AuthFailure) => ({ ok: false as const, error })
export const confirmationResults = {
  loaded: { ok: true as const, contact: SAMPLE_EMAIL, confirmed: false },
  loadedConfirmed: { ok: true as const, contact: SAMPLE_EMAIL, confirmed: true },
  unreadable: fail(authFailure('InternalServerErrorException', null)),
  already: fail(authFailure('InvalidRequestException', 'contact_already_confirmed')),
  codeInvalid: fail(authFailure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { code: ['invalid'] } })),
  codeExpired: fail(authFailure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { code: ['expired'] } })),
  tooSoon: fail(authFailure('TooManyRequestsException', 'too_many_attempts', { resendTime: 1, retryAfterSec: 1 })),
  throttled: fail(authFailure('TooManyRequestsException', 'too_many_attempts', { retryAfterSec: 40 })),
  notLoggedIn: fail(authFailure('AuthorizationException', 'not_logged_in')),
  unavailable: fail(authFailure('ApplicationUnavailableException', null)),
}

export const contactConfirmationSamples = {
  'confirmation.field.change': [
    { type: 'confirmation.field.change', name: 'contact', value: SAMPLE_EMAIL },
    { type: 'confirmation.field.change', name: 'contact', value: 'not-an-address' },
    { type: 'confirmation.field.change', name: 'code', value: ' 123 456 ' },
    { type: 'confirmation.field.change', name: 'code', value: '12' },
  ],
  'confirmation.submit': [{ type: 'confirmation.submit' }],
  'confirmation.send': [{ type: 'confirmation.send' }],
  'confirmation.link': [
    { type: 'confirmation.link', contact: SAMPLE_EMAIL, code: '654321' },
    { type: 'confirmation.link', contact: SAMPLE_EMAIL, code: 'x' },
  ],
} satisfies SampleTable<ContactConfirmationEvent>

/** A second of the resend countdown. */
export const CONFIRMATION_TICK = delayEvent(contactConfirmationMachine, 'resendTick').type
const LOAD_DONE = doneEventType(contactConfirmationMachine, 'loadContact')
const LOAD_ERROR = errorEventType(contactConfirmationMachine, 'loadContact')
const SEND_DONE = doneEventType(contactConfirmationMachine, 'sendCode')
const SEND_ERROR = errorEventType(contactConfirmationMachine, 'sendCode')
const CONFIRM_DONE = doneEventType(contactConfirmationMachine, 'confirmCode')
const CONFIRM_ERROR = errorEventType(contactConfirmationMachine, 'confirmCode')

export type ContactConfirmationOutcome =
  | { type: typeof LOAD_DONE; output: LoadContactResult }
  | { type: typeof LOAD_ERROR; error: unknown }
  | { type: typeof SEND_DONE; output: SendCodeResult }
  | { type: typeof SEND_ERROR; error: unknown }
  | { type: typeof CONFIRM_DONE; output: ConfirmCodeResult }
  | { type: typeof CONFIRM_ERROR; error: unknown }
  | { type: typeof CONFIRMATION_TICK }

const r = confirmationResults
// The delay event has a template type: typed apart, so the table keeps its per-event keys.
const ticks: SampleTable<{ type: typeof CONFIRMATION_TICK }> = { [CONFIRMATION_TICK]: [{ type: CONFIRMATION_TICK }] }
export const contactConfirmationOutcomes = {
  ...ticks,
  [LOAD_DONE]: [
    { type: LOAD_DONE, output: r.loaded },
    { type: LOAD_DONE, output: r.loadedConfirmed },
    { type: LOAD_DONE, output: r.unreadable },
  ],
  [LOAD_ERROR]: [{ type: LOAD_ERROR, error: 'bug' }],
  [SEND_DONE]: [
    { type: SEND_DONE, output: { ok: true, contact: SAMPLE_EMAIL, resendTime: 2 } },
    { type: SEND_DONE, output: r.tooSoon },
    { type: SEND_DONE, output: r.already },
    { type: SEND_DONE, output: r.notLoggedIn },
  ],
  [SEND_ERROR]: [{ type: SEND_ERROR, error: 'bug' }],
  [CONFIRM_DONE]: [
    { type: CONFIRM_DONE, output: { ok: true } },
    { type: CONFIRM_DONE, output: r.codeInvalid },
    { type: CONFIRM_DONE, output: r.already },
    { type: CONFIRM_DONE, output: r.throttled },
    { type: CONFIRM_DONE, output: r.unavailable },
  ],
  [CONFIRM_ERROR]: [{ type: CONFIRM_ERROR, error: 'bug' }],
} satisfies SampleTable<ContactConfirmationOutcome>

export const contactConfirmationEntry = defineEntry<typeof contactConfirmationMachine, ContactConfirmationOutcome>({
  name: 'contact-confirmation',
  area: 'profile',
  spec: '§2.1 /confirmation, §5 Email, Numeric code, §7 sendconfirmationtocontact, confirmContact, §8 UserNeedConfirmContact',
  description: 'Confirm the e-mail with the mailed code, typed or from the link; ask for a new code after the resend countdown',
  machine: contactConfirmationMachine,
  input: { loggedIn: true },
  otherInputs: [{ loggedIn: false }],
  redact: [...CONTACT_CONFIRMATION_REDACTED_KEYS, 'value'],
  // What the send guard reads: whether the address is the account's and the countdown is over.
  // State values alone would take a link-only `ready` (no address) for the one a loaded page reaches.
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: ContactConfirmationContext }
    return JSON.stringify({ value, contactLocked: context.contactLocked, counting: context.resendTime > 0 })
  },
  events: contactConfirmationSamples,
  outcomes: contactConfirmationOutcomes,
})
