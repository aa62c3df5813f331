// The password change's sample events and answers: its model test walks them, and so does the
// flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { fail, failure, unavailable } from '../../auth/auth.samples'
import { changePasswordMachine } from './change-password.machine'
import { CHANGE_PASSWORD_REDACTED_CONTEXT_KEYS, type ChangePasswordContext, type ChangePasswordEvent, type SubmitChangeResult } from './change-password.types'

export const wrongCurrent = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { current_password: ['invalid'] } }))
export const common = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { password: ['common'] } }))
export const same = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { password: ['same'] } }))
export const throttled = fail(failure('TooManyRequestsException', 'too_many_attempts', { retryAfterSec: 30, resendTime: 30 }))
export { unavailable }

export const changePasswordSamples = {
  'password.field.change': [
    { type: 'password.field.change', name: 'current', value: 'Old-Secret1' },
    { type: 'password.field.change', name: 'password', value: 'n3w-Secret' },
    { type: 'password.field.change', name: 'confirmation', value: 'n3w-Secret' },
    { type: 'password.field.change', name: 'confirmation', value: 'other1' },
  ],
  'password.submit': [{ type: 'password.submit' }],
  'password.again': [{ type: 'password.again' }],
} satisfies SampleTable<ChangePasswordEvent>

const ANSWERED = doneEventType(changePasswordMachine, 'submitChange')
const CRASHED = errorEventType(changePasswordMachine, 'submitChange')

export type ChangePasswordOutcome = { type: typeof ANSWERED; output: SubmitChangeResult } | { type: typeof CRASHED; error: unknown }

export const changePasswordOutcomes = {
  [ANSWERED]: [
    { type: ANSWERED, output: { ok: true, othersEnded: 2 } },
    { type: ANSWERED, output: wrongCurrent },
    { type: ANSWERED, output: common },
    { type: ANSWERED, output: same },
    { type: ANSWERED, output: throttled },
    { type: ANSWERED, output: unavailable },
  ],
  [CRASHED]: [{ type: CRASHED, error: 'bug' }],
} satisfies SampleTable<ChangePasswordOutcome>

export const changePasswordEntry = defineEntry<typeof changePasswordMachine, ChangePasswordOutcome>({
  name: 'change-password',
  area: 'profile',
  spec: '§7 Account changepassword, §5 Password, §8',
  description: "The security page's password change: the current password, the new one twice; the other devices are signed out",
  machine: changePasswordMachine,
  redact: [...CHANGE_PASSWORD_REDACTED_CONTEXT_KEYS, 'current', 'password', 'confirmation'],
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: ChangePasswordContext }
    return JSON.stringify({
      value,
      current: context.values.current !== '',
      password: context.values.password !== '',
      same: context.values.confirmation === context.values.password,
    })
  },
  events: changePasswordSamples,
  outcomes: changePasswordOutcomes,
})
