// Sample events of the two-factor setup, walked by its model test and by the flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { twoFactorSetupMachine } from './two-factor-setup.machine'
import {
  TWO_FACTOR_SETUP_REDACTED_KEYS,
  type AuthFailure,
  type ConfirmSetupResult,
  type DisableResult,
  type StartSetupResult,
  type TwoFactorSetupContext,
  type TwoFactorSetupEvent,
} from './two-factor-setup.types'

export const pendingSetup = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Royal%20Ace%3Aa%40b.c?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }
export const sampleRecoveryCodes = ['ABCD-EFGH-JKLM-NPQR', 'STUV-WXYZ-2345-6789']

export function authFailure(type: AuthFailure['type'], code: AuthFailure['code'], extra: Partial<AuthFailure> = {}): AuthFailure {
  return { type, code, resendTime: null, retryAfterSec: null, invalidParameters: null, errorData: null, ...extra }
}
const fail = (error: AuthFailure) => ({ ok: false as const, error })
export const twoFactorFailures = {
  wrongPassword: fail(authFailure('InvalidParameterException', 'wrong_password')),
  codeInvalid: fail(authFailure('InvalidParameterException', 'two_factor_invalid')),
  codeExpired: fail(authFailure('InvalidParameterException', 'two_factor_expired')),
  notPending: fail(authFailure('InvalidRequestException', 'two_factor_not_pending')),
  throttled: fail(authFailure('TooManyRequestsException', 'too_many_attempts', { retryAfterSec: 30 })),
  banned: fail(authFailure('UserBannedException', 'user_banned')),
}

export const twoFactorSetupSamples = {
  'twofa.enable': [{ type: 'twofa.enable' }],
  'twofa.cancel': [{ type: 'twofa.cancel' }],
  'twofa.password.change': [
    { type: 'twofa.password.change', value: 'demo1234' },
    { type: 'twofa.password.change', value: '' },
  ],
  'twofa.password.submit': [{ type: 'twofa.password.submit' }],
  'twofa.code.change': [
    { type: 'twofa.code.change', code: '123456' },
    { type: 'twofa.code.change', code: 'ABCD-EFGH-JKLM-NPQR' },
    { type: 'twofa.code.change', code: '12a' },
  ],
  'twofa.confirm': [{ type: 'twofa.confirm' }],
  'twofa.codes.copy': [{ type: 'twofa.codes.copy' }],
  'twofa.codes.done': [{ type: 'twofa.codes.done' }],
  'twofa.disable': [{ type: 'twofa.disable' }],
  'twofa.disable.submit': [{ type: 'twofa.disable.submit' }],
} satisfies SampleTable<TwoFactorSetupEvent>

const START_DONE = doneEventType(twoFactorSetupMachine, 'startSetup')
const START_ERROR = errorEventType(twoFactorSetupMachine, 'startSetup')
const CONFIRM_DONE = doneEventType(twoFactorSetupMachine, 'confirmSetup')
const CONFIRM_ERROR = errorEventType(twoFactorSetupMachine, 'confirmSetup')
const DISABLE_DONE = doneEventType(twoFactorSetupMachine, 'disableTwoFactor')
const DISABLE_ERROR = errorEventType(twoFactorSetupMachine, 'disableTwoFactor')
const COPY_DONE = doneEventType(twoFactorSetupMachine, 'copyCodes')
const COPY_ERROR = errorEventType(twoFactorSetupMachine, 'copyCodes')

export type TwoFactorSetupOutcome =
  | { type: typeof START_DONE; output: StartSetupResult }
  | { type: typeof CONFIRM_DONE; output: ConfirmSetupResult }
  | { type: typeof DISABLE_DONE; output: DisableResult }
  | { type: typeof COPY_DONE }
  | { type: typeof START_ERROR; error: unknown }
  | { type: typeof CONFIRM_ERROR; error: unknown }
  | { type: typeof DISABLE_ERROR; error: unknown }
  | { type: typeof COPY_ERROR; error: unknown }

const { wrongPassword, codeInvalid, notPending, throttled, banned } = twoFactorFailures
export const twoFactorSetupOutcomes = {
  [START_DONE]: [
    { type: START_DONE, output: { ok: true, pending: pendingSetup } },
    { type: START_DONE, output: wrongPassword },
    { type: START_DONE, output: banned },
  ],
  [CONFIRM_DONE]: [
    { type: CONFIRM_DONE, output: { ok: true, recoveryCodes: sampleRecoveryCodes } },
    { type: CONFIRM_DONE, output: codeInvalid },
    { type: CONFIRM_DONE, output: notPending },
    { type: CONFIRM_DONE, output: banned },
  ],
  [DISABLE_DONE]: [
    { type: DISABLE_DONE, output: { ok: true } },
    { type: DISABLE_DONE, output: throttled },
    { type: DISABLE_DONE, output: banned },
  ],
  [COPY_DONE]: [{ type: COPY_DONE }],
  [START_ERROR]: [{ type: START_ERROR, error: 'bug' }],
  [CONFIRM_ERROR]: [{ type: CONFIRM_ERROR, error: 'bug' }],
  [DISABLE_ERROR]: [{ type: DISABLE_ERROR, error: 'bug' }],
  [COPY_ERROR]: [{ type: COPY_ERROR, error: new Error('clipboard refused') }],
} satisfies SampleTable<TwoFactorSetupOutcome>

export const twoFactorSetupEntry = defineEntry<typeof twoFactorSetupMachine, TwoFactorSetupOutcome>({
  name: 'two-factor-setup',
  area: 'profile',
  spec: '§1 security, §5 Numeric code, §7 changeTwoFactorAuth, confirmTwoFactorAuth, §8',
  description: 'Profile security: turn two-factor on (password, secret, code, recovery codes shown once) or off (a code)',
  machine: twoFactorSetupMachine,
  input: { enabled: false },
  redact: [...TWO_FACTOR_SETUP_REDACTED_KEYS, 'value'],
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: TwoFactorSetupContext }
    return JSON.stringify({ value, enabled: context.enabled, password: context.password !== '', code: context.code !== '' })
  },
  events: twoFactorSetupSamples,
  outcomes: twoFactorSetupOutcomes,
})
