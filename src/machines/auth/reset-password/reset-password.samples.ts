// The reset-password dialog's sample events and answers: its model test walks them, and so does
// the flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { fail, failure, unavailable } from '../auth.samples'
import { resetPasswordMachine } from './reset-password.machine'
import { RESET_PASSWORD_REDACTED_CONTEXT_KEYS, type ResetPasswordContext, type ResetPasswordEvent, type SubmitResetResult } from './reset-password.types'

/** A token of the shape a recovery link carries. */
export const TOKEN = 'A'.repeat(43)
export const tokenInvalid = fail(failure('InvalidParameterException', 'reset_token_invalid', { invalidParameters: { token: ['invalid'] } }))
export const tokenExpired = fail(failure('InvalidParameterException', 'reset_token_invalid', { invalidParameters: { token: ['expired'] } }))
export const common = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { password: ['common'] } }))
export const throttled = fail(failure('TooManyRequestsException', 'too_many_attempts', { retryAfterSec: 9, resendTime: 9 }))
export { unavailable }

export const resetPasswordSamples = {
  'reset.field.change': [
    { type: 'reset.field.change', name: 'password', value: 'n3w-Secret' },
    { type: 'reset.field.change', name: 'confirmation', value: 'n3w-Secret' },
    { type: 'reset.field.change', name: 'confirmation', value: 'other1' },
  ],
  'reset.submit': [{ type: 'reset.submit' }],
  'reset.requestNew': [{ type: 'reset.requestNew' }],
  'reset.login': [{ type: 'reset.login' }],
  'reset.close': [{ type: 'reset.close' }],
} satisfies SampleTable<ResetPasswordEvent>

const ANSWERED = doneEventType(resetPasswordMachine, 'submitReset')
const CRASHED = errorEventType(resetPasswordMachine, 'submitReset')

export type ResetPasswordOutcome = { type: typeof ANSWERED; output: SubmitResetResult } | { type: typeof CRASHED; error: unknown }

export const resetPasswordOutcomes = {
  [ANSWERED]: [
    { type: ANSWERED, output: { ok: true } },
    { type: ANSWERED, output: tokenInvalid },
    { type: ANSWERED, output: tokenExpired },
    { type: ANSWERED, output: common },
    { type: ANSWERED, output: throttled },
    { type: ANSWERED, output: unavailable },
  ],
  [CRASHED]: [{ type: CRASHED, error: 'bug' }],
} satisfies SampleTable<ResetPasswordOutcome>

export const resetPasswordEntry = defineEntry<typeof resetPasswordMachine, ResetPasswordOutcome>({
  name: 'reset-password',
  area: 'auth',
  spec: '§2.3 restore, §5 Password, §8',
  description: 'The dialog a recovery link opens: a new password and its confirmation; an invalid or expired link offers a new one',
  machine: resetPasswordMachine,
  input: { token: 'sample-reset-token-sample-reset-token-00000' },
  redact: [...RESET_PASSWORD_REDACTED_CONTEXT_KEYS, 'password', 'confirmation'],
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: ResetPasswordContext }
    return JSON.stringify({
      value,
      password: context.values.password !== '',
      same: context.values.confirmation === context.values.password,
    })
  },
  events: resetPasswordSamples,
  outcomes: resetPasswordOutcomes,
})
