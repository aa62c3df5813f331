// The e-mail change's sample events and answers: its model test walks them, and so does the
// flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { fail, failure, unavailable } from '../../auth/auth.samples'
import { emailChangeMachine } from './email-change.machine'
import { EMAIL_CHANGE_REDACTED_CONTEXT_KEYS, type EmailChangeContext, type EmailChangeEvent, type SubmitEmailChangeResult } from './email-change.types'

export const wrongPassword = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { password: ['invalid'] } }))
export const taken = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { email: ['taken'] } }))
export const sameAddress = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { email: ['same'] } }))
export const throttled = fail(failure('TooManyRequestsException', 'too_many_attempts', { retryAfterSec: 30, resendTime: 30 }))
export { unavailable }

export const NEW_EMAIL = 'ada.new@example.com'

export const emailChangeSamples = {
  'email.edit': [{ type: 'email.edit' }],
  'email.field.change': [
    { type: 'email.field.change', name: 'email', value: NEW_EMAIL },
    { type: 'email.field.change', name: 'email', value: 'not an address' },
    { type: 'email.field.change', name: 'password', value: 'Old-Secret1' },
  ],
  'email.submit': [{ type: 'email.submit' }],
  'email.cancel': [{ type: 'email.cancel' }],
} satisfies SampleTable<EmailChangeEvent>

const ANSWERED = doneEventType(emailChangeMachine, 'submitEmailChange')
const CRASHED = errorEventType(emailChangeMachine, 'submitEmailChange')

export type EmailChangeOutcome = { type: typeof ANSWERED; output: SubmitEmailChangeResult } | { type: typeof CRASHED; error: unknown }

export const emailChangeOutcomes = {
  [ANSWERED]: [
    { type: ANSWERED, output: { ok: true, contact: NEW_EMAIL } },
    { type: ANSWERED, output: wrongPassword },
    { type: ANSWERED, output: taken },
    { type: ANSWERED, output: sameAddress },
    { type: ANSWERED, output: throttled },
    { type: ANSWERED, output: unavailable },
  ],
  [CRASHED]: [{ type: CRASHED, error: 'bug' }],
} satisfies SampleTable<EmailChangeOutcome>

export const emailChangeEntry = defineEntry<typeof emailChangeMachine, EmailChangeOutcome>({
  name: 'email-change',
  area: 'profile',
  spec: '§3 Contact, §4 Contact editing, §5 E-mail, §8',
  description: 'The profile\'s e-mail change: the new address and the password again; the address is confirmed by its mailed code on /confirmation',
  machine: emailChangeMachine,
  redact: [...EMAIL_CHANGE_REDACTED_CONTEXT_KEYS, 'password'],
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: EmailChangeContext }
    return JSON.stringify({ value, email: context.values.email, password: context.values.password !== '' })
  },
  events: emailChangeSamples,
  outcomes: emailChangeOutcomes,
})
