// The login flow's sample events and accounts: its model test walks them, and so does the flows
// registry (`npm run flows -- paths login`).
import { defineEntry, delaySamples, delayEvent, doneEventType, type SampleTable } from '../../flow-entry'
import { fail, failure, sampleVisitor, unavailable } from '../auth.samples'
import type { AccountInfo } from '../auth.types'
import { loginMachine } from './login.machine'
import { LOGIN_REDACTED_CONTEXT_KEYS, type LoadSessionResult, type LoginContext, type LoginEvent, type LoginSession, type SubmitLoginResult } from './login.types'

export const player: AccountInfo = {
  ...sampleVisitor,
  uid: 7,
  reg_time: '2024-05-01T10:00:00Z',
  login: '4915112345678',
  balance_main: { amount: '10.00', currency: 'EUR' },
  locale: 'de',
  two_factor_auth: true,
}
export const session: LoginSession = { account: player, profile: { first_name: 'Ada' }, loyalty: null }

/** Seconds of the resend countdown the two-factor answers start: two ticks walk both timer states. */
export const RESEND = 2
export const twoFactorRequired = fail(failure('AuthorizationException', 'two_factor_required', { resendTime: RESEND }))
export const twoFactorRequiredNoTimer = fail(failure('AuthorizationException', 'two_factor_required'))
export const invalidCredentials = fail(failure('AuthorizationException', 'invalid_credentials'))
export const throttled = fail(failure('TooManyRequestsException', 'too_many_attempts', { resendTime: 30, retryAfterSec: 30 }))
export const codeInvalid = fail(failure('AuthorizationException', 'two_factor_invalid'))
export const codeExpired = fail(failure('AuthorizationException', 'two_factor_expired'))
export const throttledCode = fail(failure('TooManyRequestsException', 'too_many_attempts', { resendTime: RESEND, retryAfterSec: RESEND }))
export { unavailable }
export const banned = fail(failure('UserBannedException', 'user_banned', { errorData: { ban_type: 'fraud' } }))
export const selfExcluded = fail(failure('AuthorizationException', 'self_excluded', { errorData: { until: '2031-01-08T10:00:00.000Z' } }))
export const timedOut = fail(failure('AuthorizationException', 'self_excluded', { errorData: { until: '2031-01-03T10:00:00.000Z', kind: 'timeout' } }))

// Every event type of LoginEvent needs samples, or this does not compile.
export const loginSamples = {
  'login.field.change': [
    { type: 'login.field.change', name: 'login', value: '+4915112345678' },
    { type: 'login.field.change', name: 'password', value: 'secret1' },
  ],
  'login.submit': [{ type: 'login.submit' }],
  'otp.change': [
    { type: 'otp.change', code: '123456' },
    { type: 'otp.change', code: 'abcd-efgh' },
    { type: 'otp.change', code: '12' },
  ],
  'otp.submit': [{ type: 'otp.submit' }],
  'otp.resend': [{ type: 'otp.resend' }],
  'login.back': [{ type: 'login.back' }],
  'popup.close': [{ type: 'popup.close' }],
} satisfies SampleTable<LoginEvent>

/** A second of the resend countdown passing. */
export const TICK = delayEvent(loginMachine, 'resendTick').type
doneEventType(loginMachine, 'submitLogin')
doneEventType(loginMachine, 'verifyCode')
doneEventType(loginMachine, 'resendCode')
doneEventType(loginMachine, 'loadSession')

// What the runtime delivers: the answers of the invoked actors, and the resend countdown's tick.
export type LoginOutcome =
  | { type: 'xstate.done.actor.submitLogin'; output: SubmitLoginResult }
  | { type: 'xstate.done.actor.verifyCode'; output: SubmitLoginResult }
  | { type: 'xstate.done.actor.resendCode'; output: SubmitLoginResult }
  | { type: 'xstate.done.actor.loadSession'; output: LoadSessionResult }
  | { type: 'xstate.error.actor.submitLogin'; error: unknown }
  | { type: 'xstate.error.actor.verifyCode'; error: unknown }
  | { type: 'xstate.error.actor.resendCode'; error: unknown }
  | { type: 'xstate.error.actor.loadSession'; error: unknown }
  | { type: typeof TICK }

export const loginOutcomes = {
  'xstate.done.actor.submitLogin': [
    { type: 'xstate.done.actor.submitLogin', output: { ok: true } },
    { type: 'xstate.done.actor.submitLogin', output: twoFactorRequired },
    { type: 'xstate.done.actor.submitLogin', output: twoFactorRequiredNoTimer },
    { type: 'xstate.done.actor.submitLogin', output: throttled },
    { type: 'xstate.done.actor.submitLogin', output: invalidCredentials },
    { type: 'xstate.done.actor.submitLogin', output: banned },
    { type: 'xstate.done.actor.submitLogin', output: selfExcluded },
    { type: 'xstate.done.actor.submitLogin', output: timedOut },
  ],
  'xstate.done.actor.verifyCode': [
    { type: 'xstate.done.actor.verifyCode', output: { ok: true } },
    { type: 'xstate.done.actor.verifyCode', output: codeInvalid },
    { type: 'xstate.done.actor.verifyCode', output: codeExpired },
    { type: 'xstate.done.actor.verifyCode', output: throttledCode },
    { type: 'xstate.done.actor.verifyCode', output: invalidCredentials },
    { type: 'xstate.done.actor.verifyCode', output: banned },
    { type: 'xstate.done.actor.verifyCode', output: selfExcluded },
  ],
  'xstate.done.actor.resendCode': [
    { type: 'xstate.done.actor.resendCode', output: twoFactorRequired },
    { type: 'xstate.done.actor.resendCode', output: unavailable },
    { type: 'xstate.done.actor.resendCode', output: { ok: true } },
  ],
  'xstate.done.actor.loadSession': [
    { type: 'xstate.done.actor.loadSession', output: { ok: true, session } },
    { type: 'xstate.done.actor.loadSession', output: unavailable },
  ],
  'xstate.error.actor.submitLogin': [{ type: 'xstate.error.actor.submitLogin', error: 'bug' }],
  'xstate.error.actor.verifyCode': [{ type: 'xstate.error.actor.verifyCode', error: 'bug' }],
  'xstate.error.actor.resendCode': [{ type: 'xstate.error.actor.resendCode', error: 'bug' }],
  'xstate.error.actor.loadSession': [{ type: 'xstate.error.actor.loadSession', error: 'bug' }],
  ...delaySamples(TICK),
} satisfies SampleTable<LoginOutcome>

type LoginSnapshot = { value: unknown; context: LoginContext }

export const loginEntry = defineEntry<typeof loginMachine, LoginOutcome>({
  name: 'login',
  area: 'auth',
  spec: '§4 Login, §2.3, §3 Login form, §8 Login failure',
  description: 'Auth popup login: the form, the two-factor step with its resend countdown, loading the session',
  machine: loginMachine,
  // Every secret of the flow, and the password field of 'login.field.change'.
  redact: [...LOGIN_REDACTED_CONTEXT_KEYS, 'password'],
  // What the guards read: which fields are filled, whether the code is typed, the countdown and
  // whether a session loaded. State values alone would never see a filled form.
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as LoginSnapshot
    return JSON.stringify({
      value,
      login: context.credentials.login !== '',
      password: context.credentials.password !== '',
      code: context.code !== '',
      resendTime: context.resendTime,
      session: context.session !== null,
    })
  },
  events: loginSamples,
  outcomes: loginOutcomes,
})
