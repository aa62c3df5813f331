// Every machine of src/machines, for QA and product (`npm run flows`, the /_flows page and the
// inspector). Each flow's entry lives in its `<flow>.samples.ts` (src/machines/flow-entry.ts says
// what an entry holds); registry.test.ts fails when a machine file exports a machine not listed.
import type { AnyMachineSnapshot } from 'xstate'
import { createActor } from 'xstate'
import type { AccountInfo } from './app/app/app.types'
import { VISITOR } from '../services/api/contract/account'
import { dialogStackMachine } from './app/dialog-stack/dialog-stack.machine'
import type { AuthFailure } from './auth/auth.types'
import { loginMachine } from './auth/login/login.machine'
import { LOGIN_REDACTED_CONTEXT_KEYS, type LoadSessionResult, type LoginContext, type SubmitLoginResult } from './auth/login/login.types'
import { messengerMachine } from './auth/messenger/messenger.machine'
import { MESSENGER_REDACTED_CONTEXT_KEYS, type SignInResult } from './auth/messenger/messenger.types'
import { registrationMachine } from './auth/registration/registration.machine'
import { authPopupMachine } from './auth/auth-popup/auth-popup.machine'
import { charactersMachine } from './auth/characters/characters.machine'
import { socialRegistrationPromptMachine } from './auth/social-registration-prompt/social-registration-prompt.machine'
import type { LoyaltyCharacter } from './auth/characters/characters.types'
import { createApiClient } from '../services/api/client'
import { API_VERSION } from '../services/api/version'
import { resetPasswordMachine } from './auth/reset-password/reset-password.machine'
import { RESET_PASSWORD_REDACTED_CONTEXT_KEYS, type ResetPasswordContext, type SubmitResetResult } from './auth/reset-password/reset-password.types'
import { restoreMachine } from './auth/restore/restore.machine'
import type { RequestResetResult, RestoreContext } from './auth/restore/restore.types'
import {
  DEFAULT_REGISTRATION_SETTINGS,
  type CheckPromocodeResult,
  type LoadFieldsResult,
  type LoadSettingsResult,
  type ProfileField,
  type RegisterResult,
  type RegistrationContent,
  type RegistrationContext,
} from './auth/registration/registration.types'
import { socialLoginMachine } from './auth/social-login/social-login.machine'
import type { LoadSocialSettingsResult, RefreshUserResult } from './auth/social-login/social-login.types'
import { socialRegistrationMachine } from './auth/social-registration/social-registration.machine'
import type { CompleteResult, LoadCurrenciesResult } from './auth/social-registration/social-registration.types'
import { balanceRefreshMachine } from './cashier/balance-refresh/balance-refresh.machine'
import type { FetchBalanceResult } from './cashier/balance-refresh/balance-refresh.types'
import { sampleCard, sampleDepositSettings, sampleOffers, sampleWallet, sampleWithdrawSettings } from './cashier/deposit/deposit.fixtures'
import { paymentResultMachine } from './cashier/payment-result/payment-result.machine'
import type { LoadTransactionResult } from './cashier/payment-result/payment-result.types'
import { createWithdrawMachine, withdrawMachine } from './cashier/withdraw/withdraw.machine'
import type { LoadWithdrawSettingsResult, TokenizeCardResult, WithdrawalAnswer, WithdrawContext } from './cashier/withdraw/withdraw.types'
import { createDepositMachine, depositMachine } from './cashier/deposit/deposit.machine'
import type {
  DepositContext,
  LoadDepositMethodsResult,
  LoadDepositOffersResult,
  LoadDepositSettingsResult,
  MakeDepositResult,
} from './cashier/deposit/deposit.types'
import { walletMachine } from './cashier/wallet/wallet.machine'
import type { LoadRatesResult, SetCurrencyResult } from './cashier/wallet/wallet.types'
import { historyMachine } from './cashier/history/history.machine'
import type { LoadHistoryResult } from './cashier/history/history.types'
import { receiptMachine } from './cashier/receipt/receipt.machine'
import type { LoadReceiptResult } from './cashier/receipt/receipt.types'
import type { DepositLimit } from './responsible/deposit-limit/deposit-limit.types'
import { defineEntry, type MachineEntry } from './flow-entry'
import { appEntry } from './app/app/app.samples'
import { dialogStackEntry } from './app/dialog-stack/dialog-stack.samples'
import { headerMenusEntry } from './app/header-menus/header-menus.samples'
import { toastsEntry, toastTimerEntry } from './app/toasts/toasts.samples'
import { hintsEntry } from './session/hints/hints.samples'
import { inactivityEntry } from './session/inactivity/inactivity.samples'
import { contactConfirmationEntry } from './profile/contact-confirmation/contact-confirmation.samples'
import { twoFactorSetupEntry } from './profile/two-factor-setup/two-factor-setup.samples'
import { unsubscribeEntry } from './profile/unsubscribe/unsubscribe.samples'
import { depositLimitEntry } from './responsible/deposit-limit/deposit-limit.samples'
import { depositLimitOfferEntry } from './responsible/deposit-limit-offer/deposit-limit-offer.samples'

// ── app ──────────────────────────────────────────────────────────────────────

const visitor: AccountInfo = { ...VISITOR }
const player: AccountInfo = {
  ...visitor,
  uid: 42,
  reg_time: '2024-05-01T10:00:00Z',
  login: 'ace@example.com',
  balance_main: { amount: '125.50', currency: 'EUR' },
}

const authPopup = defineEntry({
  name: 'auth-popup',
  area: 'auth',
  spec: '§2.3 auth popup',
  description: 'The auth popup: the view it opens at (login, sign-up, password reset, social completion) and the links between them',
  machine: authPopupMachine,
  input: { view: 'authorization' },
  // Social completion is only ever opened at: no link leads to it.
  otherInputs: [{ view: 'socialRegistration' }],
  events: {
    'popup.login': [{ type: 'popup.login' }],
    'popup.registration': [{ type: 'popup.registration' }],
    'popup.restore': [{ type: 'popup.restore' }],
  },
})

/** The registry walks the chart and never runs its actors: a client whose every call says so. */
const chartOnlyApi = createApiClient({
  locale: 'en',
  version: API_VERSION,
  fetch: async () => {
    throw new Error('the flows registry walks charts; it never calls the API')
  },
})

const characters = defineEntry<typeof charactersMachine, CharactersOutcome>({
  name: 'characters',
  area: 'auth',
  spec: '§2.3 character select',
  description: "The sign-up form's loyalty characters: loaded once when the picker is on; none or a failed load hides it",
  machine: charactersMachine,
  input: { api: chartOnlyApi },
  redact: ['api'],
  events: {},
  outcomes: {
    'xstate.done.actor.loadCharacters': [
      { type: 'xstate.done.actor.loadCharacters', output: [{ id: 1, name: 'Nova', image: '/images/characters/nova.svg' }] },
      { type: 'xstate.done.actor.loadCharacters', output: [] },
    ],
    'xstate.error.actor.loadCharacters': [{ type: 'xstate.error.actor.loadCharacters', error: 'network down' }],
  },
})
type CharactersOutcome =
  | { type: 'xstate.done.actor.loadCharacters'; output: readonly LoyaltyCharacter[] }
  | { type: 'xstate.error.actor.loadCharacters'; error: unknown }

const socialRegistrationPrompt = defineEntry({
  name: 'social-registration-prompt',
  area: 'auth',
  spec: '§2.3 social registration with completion required',
  description: 'Opens social-registration completion once per page for a logged-in account whose registration is not completed',
  machine: socialRegistrationPromptMachine,
  input: { dialogs: createActor(dialogStackMachine) },
  redact: ['dialogs'],
  events: {
    'prompt.facts': [
      { type: 'prompt.facts', loggedIn: true, completed: false, authOpen: false },
      { type: 'prompt.facts', loggedIn: true, completed: true, authOpen: false },
      { type: 'prompt.facts', loggedIn: false, completed: false, authOpen: false },
    ],
  },
})

// ── auth ─────────────────────────────────────────────────────────────────────

function failure(type: AuthFailure['type'], code: AuthFailure['code'], resendTime: number | null = null): AuthFailure {
  return { type, code, resendTime, retryAfterSec: null, invalidParameters: null, errorData: null }
}
const loginFailures = {
  // resend_time 1 s: one tick of the countdown reaches `ready`, so both timer states are walked.
  twoFactorRequired: { ok: false, error: failure('AuthorizationException', 'two_factor_required', 1) },
  wrongPassword: { ok: false, error: failure('AuthorizationException', 'invalid_credentials') },
  throttled: { ok: false, error: failure('TooManyRequestsException', null) },
  codeInvalid: { ok: false, error: failure('AuthorizationException', 'two_factor_invalid') },
  unavailable: { ok: false, error: failure('ApplicationUnavailableException', null) },
  banned: { ok: false, error: failure('UserBannedException', 'user_banned') },
  selfExcluded: { ok: false, error: { ...failure('AuthorizationException', 'self_excluded'), errorData: { until: '2031-01-08T10:00:00.000Z' } } },
} as const satisfies Record<string, SubmitLoginResult & LoadSessionResult>

const LOGIN_TICK = 'xstate.after.resendTick.login.twofa.timer.counting'
type LoginOutcome =
  | { type: 'xstate.done.actor.submitLogin'; output: SubmitLoginResult }
  | { type: 'xstate.done.actor.verifyCode'; output: SubmitLoginResult }
  | { type: 'xstate.done.actor.resendCode'; output: SubmitLoginResult }
  | { type: 'xstate.done.actor.loadSession'; output: LoadSessionResult }
  | { type: 'xstate.error.actor.submitLogin'; error: unknown }
  | { type: 'xstate.error.actor.verifyCode'; error: unknown }
  | { type: 'xstate.error.actor.resendCode'; error: unknown }
  | { type: 'xstate.error.actor.loadSession'; error: unknown }
  | { type: typeof LOGIN_TICK }

type LoginSnapshot = { value: unknown; context: LoginContext }

const login = defineEntry<typeof loginMachine, LoginOutcome>({
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
  events: {
    'login.field.change': [
      { type: 'login.field.change', name: 'login', value: '+4915112345678' },
      { type: 'login.field.change', name: 'password', value: 'sample-password' },
    ],
    'login.submit': [{ type: 'login.submit' }],
    'otp.change': [{ type: 'otp.change', code: '123456' }],
    'otp.submit': [{ type: 'otp.submit' }],
    'otp.resend': [{ type: 'otp.resend' }],
    'login.back': [{ type: 'login.back' }],
    'popup.close': [{ type: 'popup.close' }],
  },
  outcomes: {
    'xstate.done.actor.submitLogin': [
      { type: 'xstate.done.actor.submitLogin', output: { ok: true } },
      { type: 'xstate.done.actor.submitLogin', output: loginFailures.twoFactorRequired },
      { type: 'xstate.done.actor.submitLogin', output: loginFailures.throttled },
      { type: 'xstate.done.actor.submitLogin', output: loginFailures.wrongPassword },
      { type: 'xstate.done.actor.submitLogin', output: loginFailures.banned },
      { type: 'xstate.done.actor.submitLogin', output: loginFailures.selfExcluded },
    ],
    'xstate.done.actor.verifyCode': [
      { type: 'xstate.done.actor.verifyCode', output: { ok: true } },
      { type: 'xstate.done.actor.verifyCode', output: loginFailures.codeInvalid },
      { type: 'xstate.done.actor.verifyCode', output: loginFailures.wrongPassword },
    ],
    'xstate.done.actor.resendCode': [
      { type: 'xstate.done.actor.resendCode', output: loginFailures.twoFactorRequired },
      { type: 'xstate.done.actor.resendCode', output: loginFailures.unavailable },
    ],
    'xstate.done.actor.loadSession': [
      {
        type: 'xstate.done.actor.loadSession',
        output: { ok: true, session: { account: { ...player, two_factor_auth: true }, profile: null, loyalty: null } },
      },
      { type: 'xstate.done.actor.loadSession', output: loginFailures.unavailable },
    ],
    'xstate.error.actor.submitLogin': [{ type: 'xstate.error.actor.submitLogin', error: 'network down' }],
    'xstate.error.actor.verifyCode': [{ type: 'xstate.error.actor.verifyCode', error: 'network down' }],
    'xstate.error.actor.resendCode': [{ type: 'xstate.error.actor.resendCode', error: 'network down' }],
    'xstate.error.actor.loadSession': [{ type: 'xstate.error.actor.loadSession', error: 'network down' }],
    [LOGIN_TICK]: [{ type: LOGIN_TICK }],
  },
})

const emailField: ProfileField = {
  sysname: 'email',
  is_visible: true,
  is_required: true,
  type: 'input',
  options: {},
}
/** The content system's settings as getRegistrationSettings answers them for the English site. */
const registrationContent: RegistrationContent = {
  ...DEFAULT_REGISTRATION_SETTINGS,
  modes: [...DEFAULT_REGISTRATION_SETTINGS.modes],
  terms: { isActive: false, pageSlug: null },
  defaultCountry: 'MT',
  minimumAge: 18,
  socialProviders: [],
  sideBanner: null,
}
const PROMO_DEBOUNCE = 'xstate.after.promoDebounce.registration.active.promo.on.debouncing'
type RegistrationOutcome =
  | { type: 'xstate.done.actor.loadSettings'; output: LoadSettingsResult }
  | { type: 'xstate.error.actor.loadSettings'; error: unknown }
  | { type: 'xstate.done.actor.loadFields'; output: LoadFieldsResult }
  | { type: 'xstate.error.actor.loadFields'; error: unknown }
  | { type: 'xstate.done.actor.checkPromocode'; output: CheckPromocodeResult }
  | { type: 'xstate.error.actor.checkPromocode'; error: unknown }
  | { type: 'xstate.done.actor.register'; output: RegisterResult }
  | { type: 'xstate.error.actor.register'; error: unknown }
  | { type: typeof PROMO_DEBOUNCE }

type RegistrationSnapshot = { value: unknown; context: RegistrationContext }

const registration = defineEntry<typeof registrationMachine, RegistrationOutcome>({
  name: 'registration',
  area: 'auth',
  spec: '§4 Registration, §4 Promo code, §2.3, §5',
  description: 'Auth popup registration: the form, the per-country field list and the debounced promo check',
  machine: registrationMachine,
  input: { locale: 'en', countryCode: 'MT', currency: 'EUR', currencies: ['EUR'] },
  redact: ['password'],
  // What the guards read: whether the fields are filled (submittable), the promo text, the country,
  // and whether the account arrived. State values alone would never see a filled form.
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as RegistrationSnapshot
    return JSON.stringify({
      value,
      email: Boolean(context.values.profile.email),
      password: context.values.password !== '',
      promo: context.values.promo_code.trim() !== '',
      country: context.values.profile.country_code,
      account: context.account !== null,
    })
  },
  events: {
    'reg.mode.select': [{ type: 'reg.mode.select', mode: 'fast' }],
    'reg.field.change': [
      { type: 'reg.field.change', name: 'email', value: 'new.player@example.com' },
      { type: 'reg.field.change', name: 'password', value: 'sample-pass1' },
    ],
    'reg.country.change': [{ type: 'reg.country.change', countryCode: 'DE' }],
    'reg.settings.retry': [{ type: 'reg.settings.retry' }],
    'reg.fields.retry': [{ type: 'reg.fields.retry' }],
    'reg.promo.toggle': [{ type: 'reg.promo.toggle' }],
    'reg.promo.change': [{ type: 'reg.promo.change', value: 'WELCOME100' }],
    'reg.terms.toggle': [{ type: 'reg.terms.toggle' }],
    'reg.notify.toggle': [{ type: 'reg.notify.toggle' }],
    'reg.betting.select': [{ type: 'reg.betting.select', isBetting: false }],
    'reg.character.select': [{ type: 'reg.character.select', id: 1 }],
    'reg.social.click': [{ type: 'reg.social.click', provider: 'google' }],
    'reg.submit': [{ type: 'reg.submit' }],
  },
  outcomes: {
    'xstate.done.actor.loadSettings': [
      { type: 'xstate.done.actor.loadSettings', output: { ok: true, settings: registrationContent } },
      { type: 'xstate.done.actor.loadSettings', output: loginFailures.unavailable },
    ],
    'xstate.error.actor.loadSettings': [{ type: 'xstate.error.actor.loadSettings', error: 'network down' }],
    'xstate.done.actor.loadFields': [
      { type: 'xstate.done.actor.loadFields', output: { ok: true, fields: [emailField] } },
      { type: 'xstate.done.actor.loadFields', output: loginFailures.unavailable },
    ],
    'xstate.error.actor.loadFields': [{ type: 'xstate.error.actor.loadFields', error: 'network down' }],
    'xstate.done.actor.checkPromocode': [
      { type: 'xstate.done.actor.checkPromocode', output: { ok: true, valid: true } },
      { type: 'xstate.done.actor.checkPromocode', output: { ok: true, valid: false } },
    ],
    'xstate.error.actor.checkPromocode': [{ type: 'xstate.error.actor.checkPromocode', error: 'network down' }],
    'xstate.done.actor.register': [
      { type: 'xstate.done.actor.register', output: { ok: true, account: player } },
      {
        type: 'xstate.done.actor.register',
        output: {
          ok: false,
          error: { ...failure('InvalidParameterException', null), invalidParameters: { email: ['exists'] } },
        },
      },
    ],
    'xstate.error.actor.register': [{ type: 'xstate.error.actor.register', error: 'network down' }],
    [PROMO_DEBOUNCE]: [{ type: PROMO_DEBOUNCE }],
  },
})

type MessengerOutcome =
  | { type: 'xstate.done.actor.signIn'; output: SignInResult }
  | { type: 'xstate.error.actor.signIn'; error: unknown }

/** A launch as the messenger opens the site: tgWebAppData in the hash (the signature is the server's to check). */
const messengerLaunchHash = `#${new URLSearchParams({
  tgWebAppData: new URLSearchParams({ user: JSON.stringify({ id: 5000000001, username: 'mini_app', language_code: 'es' }), auth_date: '1740830400', hash: 'a'.repeat(64) }).toString(),
  tgWebAppVersion: '8.0',
})}`

const messenger = defineEntry<typeof messengerMachine, MessengerOutcome>({
  name: 'messenger',
  area: 'auth',
  spec: '§4 Messenger mini-app, §7 register (is_tg), §8',
  description: 'Mini-app launch: a logged-out visitor with tgWebAppData in the hash is registered or logged in; failure shows an error toast',
  machine: messengerMachine,
  redact: [...MESSENGER_REDACTED_CONTEXT_KEYS, 'payload', 'hash'],
  events: {
    'messenger.check': [
      { type: 'messenger.check', hash: messengerLaunchHash, loggedIn: false },
      { type: 'messenger.check', hash: messengerLaunchHash, loggedIn: true },
      { type: 'messenger.check', hash: '', loggedIn: false },
    ],
  },
  outcomes: {
    'xstate.done.actor.signIn': [
      { type: 'xstate.done.actor.signIn', output: { ok: true, account: player } },
      { type: 'xstate.done.actor.signIn', output: { ok: false, error: failure('AuthorizationException', 'messenger_auth_expired') } },
    ],
    'xstate.error.actor.signIn': [{ type: 'xstate.error.actor.signIn', error: 'network down' }],
  },
})

const RESTORE_TICK = 'xstate.after.retryTick.restore.throttled'
type RestoreOutcome =
  | { type: 'xstate.done.actor.requestReset'; output: RequestResetResult }
  | { type: 'xstate.error.actor.requestReset'; error: unknown }
  | { type: typeof RESTORE_TICK }

const restore = defineEntry<typeof restoreMachine, RestoreOutcome>({
  name: 'restore',
  area: 'auth',
  spec: '§2.3 restore, §7 auth/restore, §5, §8 TooManyRequests',
  description: 'Auth popup password recovery: ask for a link by login or e-mail; the same answer whether or not the account exists',
  machine: restoreMachine,
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: RestoreContext }
    return JSON.stringify({ value, login: context.login.trim() !== '', wait: context.retryAfterSec })
  },
  events: {
    'restore.field.change': [{ type: 'restore.field.change', value: 'ace@example.com' }],
    'restore.submit': [{ type: 'restore.submit' }],
    'restore.again': [{ type: 'restore.again' }],
  },
  outcomes: {
    'xstate.done.actor.requestReset': [
      { type: 'xstate.done.actor.requestReset', output: { ok: true } },
      {
        type: 'xstate.done.actor.requestReset',
        output: { ok: false, error: { ...failure('TooManyRequestsException', 'too_many_attempts', 1), retryAfterSec: 1 } },
      },
      { type: 'xstate.done.actor.requestReset', output: loginFailures.unavailable },
    ],
    'xstate.error.actor.requestReset': [{ type: 'xstate.error.actor.requestReset', error: 'network down' }],
    [RESTORE_TICK]: [{ type: RESTORE_TICK }],
  },
})

type ResetPasswordOutcome =
  | { type: 'xstate.done.actor.submitReset'; output: SubmitResetResult }
  | { type: 'xstate.error.actor.submitReset'; error: unknown }

const resetPassword = defineEntry<typeof resetPasswordMachine, ResetPasswordOutcome>({
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
  events: {
    'reset.field.change': [
      { type: 'reset.field.change', name: 'password', value: 'sample-pass1' },
      { type: 'reset.field.change', name: 'confirmation', value: 'sample-pass1' },
    ],
    'reset.submit': [{ type: 'reset.submit' }],
    'reset.requestNew': [{ type: 'reset.requestNew' }],
    'reset.login': [{ type: 'reset.login' }],
    'reset.close': [{ type: 'reset.close' }],
  },
  outcomes: {
    'xstate.done.actor.submitReset': [
      { type: 'xstate.done.actor.submitReset', output: { ok: true } },
      {
        type: 'xstate.done.actor.submitReset',
        output: { ok: false, error: { ...failure('InvalidParameterException', 'reset_token_invalid'), invalidParameters: { token: ['invalid'] } } },
      },
      {
        type: 'xstate.done.actor.submitReset',
        output: { ok: false, error: { ...failure('InvalidParameterException', 'reset_token_invalid'), invalidParameters: { token: ['expired'] } } },
      },
      { type: 'xstate.done.actor.submitReset', output: loginFailures.unavailable },
    ],
    'xstate.error.actor.submitReset': [{ type: 'xstate.error.actor.submitReset', error: 'network down' }],
  },
})

type SocialLoginOutcome =
  | { type: 'xstate.done.actor.loadSettings'; output: LoadSocialSettingsResult }
  | { type: 'xstate.error.actor.loadSettings'; error: unknown }
  | { type: 'xstate.done.actor.refreshUser'; output: RefreshUserResult }
  | { type: 'xstate.error.actor.refreshUser'; error: unknown }

const socialLogin = defineEntry<typeof socialLoginMachine, SocialLoginOutcome>({
  name: 'social-login',
  area: 'auth',
  spec: '§4 Social login, §2.3, §7 Social login',
  description: 'Social buttons: the 640x480 /oauth/init window, its report or closing, the refreshed session and the backUrl',
  machine: socialLoginMachine,
  input: { typeAuth: 'login', returnTo: '/' },
  events: {
    'social.select': [{ type: 'social.select', service: 'dev' }],
    'social.cancel': [{ type: 'social.cancel' }],
    'social.window.result': [
      { type: 'social.window.result', result: { ok: true, created: true } },
      { type: 'social.window.result', result: { ok: false, code: 'access_denied' } },
    ],
    'social.window.closed': [{ type: 'social.window.closed' }],
    'social.window.blocked': [{ type: 'social.window.blocked' }],
    'popup.close': [{ type: 'popup.close' }],
  },
  outcomes: {
    'xstate.done.actor.loadSettings': [
      { type: 'xstate.done.actor.loadSettings', output: { ok: true, settings: { services: [{ id: 'dev', name: 'Dev ID', icon: 'user' }], redirect_allowlist: [] } } },
      { type: 'xstate.done.actor.loadSettings', output: loginFailures.unavailable },
    ],
    'xstate.error.actor.loadSettings': [{ type: 'xstate.error.actor.loadSettings', error: 'network down' }],
    'xstate.done.actor.refreshUser': [
      { type: 'xstate.done.actor.refreshUser', output: { ok: true, account: { ...player, is_registration_completed: true } } },
      { type: 'xstate.done.actor.refreshUser', output: { ok: true, account: { ...player, is_registration_completed: false } } },
      { type: 'xstate.done.actor.refreshUser', output: { ok: true, account: visitor } },
    ],
    'xstate.error.actor.refreshUser': [{ type: 'xstate.error.actor.refreshUser', error: 'network down' }],
  },
})

type SocialRegistrationOutcome =
  | { type: 'xstate.done.actor.loadCurrencies'; output: LoadCurrenciesResult }
  | { type: 'xstate.error.actor.loadCurrencies'; error: unknown }
  | { type: 'xstate.done.actor.completeRegistration'; output: CompleteResult }
  | { type: 'xstate.error.actor.completeRegistration'; error: unknown }

const socialRegistration = defineEntry<typeof socialRegistrationMachine, SocialRegistrationOutcome>({
  name: 'social-registration',
  area: 'auth',
  spec: '§2.3 socialRegistration, §4 Social login, §5 Checkbox',
  description: 'Completing a new social account: currency, terms and mailing consent, then the backUrl',
  machine: socialRegistrationMachine,
  // The submit guard reads the values: state values alone would never see the terms ticked.
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: { values: unknown; account: unknown } }
    return JSON.stringify({ value, values: context.values, account: context.account !== null })
  },
  events: {
    'socialReg.currency.change': [{ type: 'socialReg.currency.change', currency: 'EUR' }],
    'socialReg.terms.toggle': [{ type: 'socialReg.terms.toggle' }],
    'socialReg.notify.toggle': [{ type: 'socialReg.notify.toggle' }],
    'socialReg.submit': [{ type: 'socialReg.submit' }],
    'socialReg.retry': [{ type: 'socialReg.retry' }],
    'popup.close': [{ type: 'popup.close' }],
  },
  outcomes: {
    'xstate.done.actor.loadCurrencies': [
      { type: 'xstate.done.actor.loadCurrencies', output: { ok: true, currencies: ['EUR', 'USD'], defaultCurrency: 'EUR' } },
      { type: 'xstate.done.actor.loadCurrencies', output: loginFailures.unavailable },
    ],
    'xstate.error.actor.loadCurrencies': [{ type: 'xstate.error.actor.loadCurrencies', error: 'network down' }],
    'xstate.done.actor.completeRegistration': [
      { type: 'xstate.done.actor.completeRegistration', output: { ok: true, account: player } },
      { type: 'xstate.done.actor.completeRegistration', output: loginFailures.unavailable },
    ],
    'xstate.error.actor.completeRegistration': [{ type: 'xstate.error.actor.completeRegistration', error: 'network down' }],
  },
})

// ── cashier ──────────────────────────────────────────────────────────────────

/** A daily limit of 100 € with 60 € left. */
const dailyLimit: DepositLimit = {
  available_amount: { amount: '60.00', currency: 'EUR' },
  can_edit: true,
  expired_at: '2024-05-02T10:00:00Z',
  limit_amount: { amount: '100.00', currency: 'EUR' },
  period: 1,
  scheduled: null,
}

const cashierUnavailable = {
  ok: false,
  error: { type: 'BillingUnavailableException', code: null, invalidParameters: null, errorData: null },
} as const

type BalanceRefreshOutcome =
  | { type: 'xstate.done.actor.fetchBalance'; output: FetchBalanceResult }
  | { type: 'xstate.error.actor.fetchBalance'; error: unknown }
  | { type: 'xstate.after.pollInterval.balanceRefresh.active.poll.on.waiting' }
  | { type: 'xstate.after.turnOff.balanceRefresh.active.poll.on' }
  | { type: 'xstate.after.clickDelay.balanceRefresh.active.click.throttled' }

const balanceRefresh = defineEntry<typeof balanceRefreshMachine, BalanceRefreshOutcome>({
  name: 'balance-refresh',
  area: 'cashier',
  spec: '§4 Balance refresh, §3 settingsForUpdBalance, §9',
  description: 'Live balance: interval polling, a throttled refresh per click, turned off after minutes without a click, paused on game pages',
  machine: balanceRefreshMachine,
  input: {
    settings: { isEnabledInterval: true, isEnabledRequestsAfterClick: true, isEnabledTurnOffRequests: true },
    path: '/cashier/deposit',
    loggedIn: true,
  },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: { loggedIn: boolean; path: string; balances: unknown } }
    return JSON.stringify({ value, loggedIn: context.loggedIn, game: context.path.includes('/game/'), balances: context.balances !== null })
  },
  events: {
    'balance.click': [{ type: 'balance.click' }],
    'balance.refresh': [{ type: 'balance.refresh' }],
    'route.change': [
      { type: 'route.change', path: '/gamehall' },
      { type: 'route.change', path: '/game/book-of-dead' },
    ],
    'session.change': [
      { type: 'session.change', loggedIn: false },
      { type: 'session.change', loggedIn: true },
    ],
    'settings.update': [{ type: 'settings.update', settings: {} }],
  },
  outcomes: {
    'xstate.done.actor.fetchBalance': [
      {
        type: 'xstate.done.actor.fetchBalance',
        output: { ok: true, balances: { balance_main: player.balance_main, balance_bonus: null, balance_betting_bonus: null } },
      },
      { type: 'xstate.done.actor.fetchBalance', output: cashierUnavailable },
    ],
    'xstate.error.actor.fetchBalance': [{ type: 'xstate.error.actor.fetchBalance', error: 'network down' }],
    'xstate.after.pollInterval.balanceRefresh.active.poll.on.waiting': [{ type: 'xstate.after.pollInterval.balanceRefresh.active.poll.on.waiting' }],
    'xstate.after.turnOff.balanceRefresh.active.poll.on': [{ type: 'xstate.after.turnOff.balanceRefresh.active.poll.on' }],
    'xstate.after.clickDelay.balanceRefresh.active.click.throttled': [{ type: 'xstate.after.clickDelay.balanceRefresh.active.click.throttled' }],
  },
})

type DepositOutcome =
  | { type: 'xstate.done.actor.loadDepositSettings'; output: LoadDepositSettingsResult }
  | { type: 'xstate.error.actor.loadDepositSettings'; error: unknown }
  | { type: 'xstate.done.actor.loadDepositMethods'; output: LoadDepositMethodsResult }
  | { type: 'xstate.error.actor.loadDepositMethods'; error: unknown }
  | { type: 'xstate.done.actor.loadDepositOffers'; output: LoadDepositOffersResult }
  | { type: 'xstate.error.actor.loadDepositOffers'; error: unknown }
  | { type: 'xstate.done.actor.makeDeposit'; output: MakeDepositResult }
  | { type: 'xstate.error.actor.makeDeposit'; error: unknown }

const depositResult = (status: 'success' | 'pending' | 'failed' | 'cancelled' | 'redirect' | 'newwindow' | 'mobile'): MakeDepositResult => ({
  ok: true,
  result: {
    status,
    transaction_id: `tx_${status}`,
    redirect_url: status === 'redirect' || status === 'newwindow' ? 'https://sandbox.pay.example/hosted/1' : null,
    mobile: status === 'mobile' ? { deep_link: 'sandboxbank://pay/1', qr: null, instructions: 'Open your bank app' } : null,
    balance: null,
    failure_code: null,
  },
})

/** Keys 'attempt-0001-...' so printed paths are the same on every run. */
function countingKeys(): () => string {
  let n = 0
  return () => `attempt-${String(++n).padStart(4, '0')}-0123456789`
}

const deposit = defineEntry<typeof depositMachine, DepositOutcome>({
  name: 'deposit',
  area: 'cashier',
  spec: '§2.1 deposit, §3 Deposit values / amounts / limit / offer, §4 cashier loading flags, §5 Sum, §8',
  description: 'Cashier deposit: methods, presets, offers, requisites, one idempotent makedeposit per attempt, then the result page or the provider',
  machine: depositMachine,
  graphMachine: () => createDepositMachine({ generateKey: countingKeys() }),
  input: { preselect: null, returnUrl: '/cashier' },
  // What the guards read: the loaded parts, the method, the amount, the offer, the key.
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: DepositContext }
    return JSON.stringify({
      value,
      loaded: [context.settings !== null, context.methods.length, context.offers.length],
      method: context.method,
      amount: context.amount,
      offerId: context.offerId,
      requisites: context.requisites,
      alert: context.alert?.messageId ?? null,
      key: context.attemptKey !== null,
    })
  },
  events: {
    'deposit.method.select': [{ type: 'deposit.method.select', sysname: 'sandbox_card' }],
    'deposit.method.clear': [{ type: 'deposit.method.clear' }],
    'deposit.amount.change': [{ type: 'deposit.amount.change', value: '200' }],
    'deposit.amount.preset': [{ type: 'deposit.amount.preset', amount: '100' }],
    'deposit.offer.select': [{ type: 'deposit.offer.select', id: 11 }],
    'deposit.requisite.change': [{ type: 'deposit.requisite.change', name: 'card_number', value: 'new' }],
    'deposit.submit': [{ type: 'deposit.submit' }],
    'deposit.retry': [{ type: 'deposit.retry' }],
    'deposit.limit.set': [{ type: 'deposit.limit.set', limit: dailyLimit }],
  },
  outcomes: {
    'xstate.done.actor.loadDepositSettings': [
      { type: 'xstate.done.actor.loadDepositSettings', output: { ok: true, settings: sampleDepositSettings } },
      { type: 'xstate.done.actor.loadDepositSettings', output: cashierUnavailable },
    ],
    'xstate.error.actor.loadDepositSettings': [{ type: 'xstate.error.actor.loadDepositSettings', error: 'network down' }],
    'xstate.done.actor.loadDepositMethods': [
      { type: 'xstate.done.actor.loadDepositMethods', output: { ok: true, methods: [sampleCard, sampleWallet] } },
    ],
    'xstate.error.actor.loadDepositMethods': [{ type: 'xstate.error.actor.loadDepositMethods', error: 'network down' }],
    'xstate.done.actor.loadDepositOffers': [{ type: 'xstate.done.actor.loadDepositOffers', output: { ok: true, offers: sampleOffers } }],
    'xstate.error.actor.loadDepositOffers': [{ type: 'xstate.error.actor.loadDepositOffers', error: 'network down' }],
    'xstate.done.actor.makeDeposit': [
      ...(['success', 'pending', 'failed', 'cancelled', 'redirect', 'newwindow', 'mobile'] as const).map((status) => ({
        type: 'xstate.done.actor.makeDeposit' as const,
        output: depositResult(status),
      })),
      {
        type: 'xstate.done.actor.makeDeposit',
        output: {
          ok: false,
          error: {
            type: 'BillingDepositLimitExceededException',
            code: 'deposit_limit_exceeded',
            invalidParameters: null,
            errorData: { available_amount: { amount: '20.00', currency: 'EUR' }, expired_at: null },
          },
        },
      },
      {
        type: 'xstate.done.actor.makeDeposit',
        output: { ok: false, error: { type: 'InvalidParameterException', code: 'invalid_requisites', invalidParameters: { card_number: ['cardNumber'] }, errorData: null } },
      },
      { type: 'xstate.done.actor.makeDeposit', output: cashierUnavailable },
    ],
    'xstate.error.actor.makeDeposit': [{ type: 'xstate.error.actor.makeDeposit', error: 'network down' }],
  },
})

type WithdrawOutcome =
  | { type: 'xstate.done.actor.loadWithdrawSettings'; output: LoadWithdrawSettingsResult }
  | { type: 'xstate.error.actor.loadWithdrawSettings'; error: unknown }
  | { type: 'xstate.done.actor.tokenizeCard'; output: TokenizeCardResult }
  | { type: 'xstate.error.actor.tokenizeCard'; error: unknown }
  | { type: 'xstate.done.actor.makeWithdrawal'; output: WithdrawalAnswer }
  | { type: 'xstate.error.actor.makeWithdrawal'; error: unknown }
  | { type: 'xstate.done.actor.cancelWithdrawal'; output: WithdrawalAnswer }
  | { type: 'xstate.error.actor.cancelWithdrawal'; error: unknown }

const sampleWithdrawal = (id: string, status: 'pending' | 'cancelled') => ({
  id,
  status,
  amount: { amount: '50.00', currency: 'EUR' },
  method: { sysname: 'sandbox_bank', name: 'Bank transfer' },
  requisite: 'DE89 ···· 3000',
  created_at: '2024-05-02T10:00:00Z',
  can_cancel: status === 'pending',
})

const withdraw = defineEntry<typeof withdrawMachine, WithdrawOutcome>({
  name: 'withdraw',
  area: 'cashier',
  spec: '§2.1 withdraw, §7 Cashier, §4 loading flag withdraw, §5 Sum / IBAN, §8 withdrawal errors and button settings',
  description:
    'Cashier withdrawal: method, requisites (IBAN, crypto address, a saved card or a new one through the provider card fields), amount within the balance, the reserve, KYC / confirm-contact / limit refusals, cancel a pending one',
  machine: withdrawMachine,
  // The number of a new card: it goes to the provider's card fields only.
  redact: ['pan'],
  // Each method's own field only, and a method chosen from none: the bank and the new card both stay
  // reachable without the graph multiplying every requisite by every method.
  filterEvents: (snapshot, event) => {
    const context = snapshot.context as WithdrawContext
    if (event.type === 'withdraw.pan.change') return context.method === 'sandbox_card' && context.pan === ''
    if (event.type === 'withdraw.requisite.change') return context.method === 'sandbox_bank'
    if (event.type === 'withdraw.method.select') return context.method === null
    // 'Everything' follows the withdrawable amount, which each request lowers: one method tries it.
    if (event.type === 'withdraw.amount.max') return context.method !== 'sandbox_card'
    return true
  },
  graphMachine: () => createWithdrawMachine({ generateKey: countingKeys() }),
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: WithdrawContext }
    return JSON.stringify({
      value,
      method: context.method,
      amount: context.amount,
      requisites: context.requisites,
      pan: context.pan !== '',
      vaulted: context.vaulted !== null,
      pending: context.settings?.pending.length ?? 0,
      alert: context.alert?.messageId ?? null,
      key: context.attemptKey !== null,
    })
  },
  events: {
    'withdraw.method.select': [
      { type: 'withdraw.method.select', sysname: 'sandbox_bank' },
      { type: 'withdraw.method.select', sysname: 'sandbox_card' },
    ],
    'withdraw.method.clear': [{ type: 'withdraw.method.clear' }],
    'withdraw.amount.change': [{ type: 'withdraw.amount.change', value: '50' }],
    'withdraw.amount.max': [{ type: 'withdraw.amount.max' }],
    'withdraw.requisite.change': [{ type: 'withdraw.requisite.change', name: 'iban', value: 'DE89370400440532013000' }],
    'withdraw.pan.change': [{ type: 'withdraw.pan.change', pan: '4242 4242 4242 4242' }],
    'withdraw.submit': [{ type: 'withdraw.submit' }],
    'withdraw.new': [{ type: 'withdraw.new' }],
    'withdraw.cancel': [{ type: 'withdraw.cancel', id: 'wd_1' }],
    'withdraw.retry': [{ type: 'withdraw.retry' }],
  },
  outcomes: {
    'xstate.done.actor.loadWithdrawSettings': [
      { type: 'xstate.done.actor.loadWithdrawSettings', output: { ok: true, settings: sampleWithdrawSettings } },
      { type: 'xstate.done.actor.loadWithdrawSettings', output: cashierUnavailable },
    ],
    'xstate.error.actor.loadWithdrawSettings': [{ type: 'xstate.error.actor.loadWithdrawSettings', error: 'network down' }],
    'xstate.done.actor.tokenizeCard': [
      { type: 'xstate.done.actor.tokenizeCard', output: { ok: true, card: { token: 'sbcard_sample.0123456789abcdefghijkl', masked: '424242...4242', brand: 'Visa' } } },
      { type: 'xstate.done.actor.tokenizeCard', output: { ok: false, reason: 'refused', messageId: 'cardNumber' } },
    ],
    'xstate.error.actor.tokenizeCard': [{ type: 'xstate.error.actor.tokenizeCard', error: 'network down' }],
    'xstate.done.actor.makeWithdrawal': [
      { type: 'xstate.done.actor.makeWithdrawal', output: { ok: true, withdrawal: sampleWithdrawal('wd_2', 'pending'), balance: { amount: '70.00', currency: 'EUR' } } },
      {
        type: 'xstate.done.actor.makeWithdrawal',
        output: { ok: false, error: { type: 'KycWithdrawalException', code: 'kyc_required', invalidParameters: null, errorData: null } },
      },
      {
        type: 'xstate.done.actor.makeWithdrawal',
        output: { ok: false, error: { type: 'InvalidParameterException', code: 'invalid_requisites', invalidParameters: { iban: ['iban'] }, errorData: null } },
      },
    ],
    'xstate.error.actor.makeWithdrawal': [{ type: 'xstate.error.actor.makeWithdrawal', error: 'network down' }],
    'xstate.done.actor.cancelWithdrawal': [
      { type: 'xstate.done.actor.cancelWithdrawal', output: { ok: true, withdrawal: sampleWithdrawal('wd_1', 'cancelled'), balance: { amount: '120.00', currency: 'EUR' } } },
      { type: 'xstate.done.actor.cancelWithdrawal', output: cashierUnavailable },
    ],
    'xstate.error.actor.cancelWithdrawal': [{ type: 'xstate.error.actor.cancelWithdrawal', error: 'network down' }],
  },
})

type PaymentResultOutcome =
  | { type: 'xstate.done.actor.loadTransaction'; output: LoadTransactionResult }
  | { type: 'xstate.error.actor.loadTransaction'; error: unknown }
  | { type: 'xstate.after.pollInterval.paymentResult.waiting' }

const sampleTransaction = (status: 'pending' | 'success' | 'failed') => ({
  ok: true as const,
  transaction: {
    id: 'tx_1',
    type: 'deposit' as const,
    status,
    amount: { amount: '50.00', currency: 'EUR' },
    fee: { amount: '0.00', currency: 'EUR' },
    method: { sysname: 'sandbox_card', name: 'Card', kind: 'card' as const },
    requisite: '411111...1111',
    campaign_offer_id: null,
    created_at: '2024-05-01T10:00:00Z',
    updated_at: '2024-05-01T10:00:00Z',
    completed_at: null,
    failure_code: null,
    redirect_url: null,
  },
})

const paymentResult = defineEntry<typeof paymentResultMachine, PaymentResultOutcome>({
  name: 'payment-result',
  area: 'cashier',
  spec: '§2.1 pay* pages with {transaction}, §2.5, §4 Payment result pages, loading flag receipt',
  description: 'A payment result page reading the real transaction: polls a pending one until it settles (capped), then follows its outcome',
  machine: paymentResultMachine,
  // One read before giving up, so the sample walk reaches 'gaveUp'.
  input: { page: 'paypending', transactionId: 'tx_1', maxAttempts: 1 },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: { attempts: number } }
    return JSON.stringify({ value, attempts: context.attempts })
  },
  events: { 'payment.retry': [{ type: 'payment.retry' }] },
  outcomes: {
    'xstate.done.actor.loadTransaction': [
      { type: 'xstate.done.actor.loadTransaction', output: sampleTransaction('pending') },
      { type: 'xstate.done.actor.loadTransaction', output: sampleTransaction('success') },
      {
        type: 'xstate.done.actor.loadTransaction',
        output: { ok: false, error: { type: 'MethodNotFoundException', code: 'transaction_not_found', invalidParameters: null, errorData: null } },
      },
      { type: 'xstate.done.actor.loadTransaction', output: cashierUnavailable },
    ],
    'xstate.error.actor.loadTransaction': [{ type: 'xstate.error.actor.loadTransaction', error: 'network down' }],
    'xstate.after.pollInterval.paymentResult.waiting': [{ type: 'xstate.after.pollInterval.paymentResult.waiting' }],
  },
})

// ── wallet, history, receipt ─────────────────────────────────────────────────

type WalletOutcome =
  | { type: 'xstate.done.actor.loadRates'; output: LoadRatesResult }
  | { type: 'xstate.error.actor.loadRates'; error: unknown }
  | { type: 'xstate.done.actor.setCurrency'; output: SetCurrencyResult }
  | { type: 'xstate.error.actor.setCurrency'; error: unknown }

const zeroEur = { amount: '0.00', currency: 'EUR' }

const wallet = defineEntry<typeof walletMachine, WalletOutcome>({
  name: 'wallet',
  area: 'cashier',
  spec: '§2.1 cashier/wallet, §3 Account info, §7 Account getcurrencyrates and setCurrency',
  description: 'The wallet page: reads the currency rates (balances come live from the root actor), and changes the currency after a confirmation, explaining a refusal',
  machine: walletMachine,
  input: { currency: 'USD' },
  events: {
    'wallet.retry': [{ type: 'wallet.retry' }],
    'currency.choose': [{ type: 'currency.choose', currency: 'EUR' }],
    'currency.confirm': [{ type: 'currency.confirm' }],
    'currency.cancel': [{ type: 'currency.cancel' }],
    'account.sync': [{ type: 'account.sync', currency: 'USD' }],
  },
  outcomes: {
    'xstate.done.actor.loadRates': [
      {
        type: 'xstate.done.actor.loadRates',
        output: { ok: true, rates: { base: 'USD', rates: [{ currency: 'EUR', exponent: 2, rate: '0.92' }, { currency: 'USD', exponent: 2, rate: '1' }] } },
      },
      { type: 'xstate.done.actor.loadRates', output: cashierUnavailable },
    ],
    'xstate.error.actor.loadRates': [{ type: 'xstate.error.actor.loadRates', error: 'network down' }],
    'xstate.done.actor.setCurrency': [
      { type: 'xstate.done.actor.setCurrency', output: { ok: true, balances: { balance_main: zeroEur, balance_bonus: zeroEur, balance_betting_bonus: null, balance_fun: zeroEur } } },
      {
        type: 'xstate.done.actor.setCurrency',
        output: { ok: false, error: { type: 'InvalidRequestException', code: 'currency_locked_by_deposit_limit', invalidParameters: null, errorData: null } },
      },
    ],
    'xstate.error.actor.setCurrency': [{ type: 'xstate.error.actor.setCurrency', error: 'network down' }],
  },
})

type HistoryOutcome = { type: 'xstate.done.actor.loadHistory'; output: LoadHistoryResult } | { type: 'xstate.error.actor.loadHistory'; error: unknown }

const historyRow = (n: number) => ({
  id: `tx_${n}`,
  type: 'deposit' as const,
  status: 'success' as const,
  amount: { amount: '10.00', currency: 'EUR' },
  created_at: '2026-11-22T10:00:00Z',
  method: { sysname: 'card', name: 'Card' },
  title: null,
})

const history = defineEntry<typeof historyMachine, HistoryOutcome>({
  name: 'history',
  area: 'cashier',
  spec: '§2.1 cashier/history, §7 Cashier gethistory (offset, count, type), §4 loading flag history; issue 4 filters and 12 months',
  description: 'The transaction history: type and date filters, paging by offset, the query kept in the address; loading, empty, refused range and failure states',
  machine: historyMachine,
  input: { query: { type: null, dateFrom: null, dateTo: null, offset: 0 }, pageSize: 1 },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: { query: unknown; page: { offset: number } | null } }
    return JSON.stringify({ value, query: context.query, page: context.page?.offset ?? null })
  },
  events: {
    'history.type.change': [{ type: 'history.type.change', value: 'deposit' }],
    'history.date.change': [
      { type: 'history.date.change', field: 'dateFrom', value: '01.02.2026' },
      { type: 'history.date.change', field: 'dateTo', value: '01.01.2026' },
      { type: 'history.date.change', field: 'dateFrom', value: '02/01/2026' },
    ],
    'history.filter': [{ type: 'history.filter' }],
    'history.next': [{ type: 'history.next' }],
    'history.prev': [{ type: 'history.prev' }],
    'history.locate': [{ type: 'history.locate', query: { type: null, dateFrom: null, dateTo: null, offset: 0 } }],
    'history.retry': [{ type: 'history.retry' }],
  },
  outcomes: {
    // Two rows in all, one per page: the walk reaches the second page and comes back.
    'xstate.done.actor.loadHistory': (snapshot: AnyMachineSnapshot) => {
      const offset = (snapshot.context as { query: { offset: number } }).query.offset
      return [
        { type: 'xstate.done.actor.loadHistory', output: { ok: true, page: { items: offset < 2 ? [historyRow(offset)] : [], total: 2, offset } } },
        { type: 'xstate.done.actor.loadHistory', output: { ok: true, page: { items: [], total: 0, offset } } },
        {
          type: 'xstate.done.actor.loadHistory',
          output: { ok: false, error: { type: 'InvalidParameterException', code: 'invalid_date_range', invalidParameters: null, errorData: null } },
        },
        { type: 'xstate.done.actor.loadHistory', output: cashierUnavailable },
      ]
    },
    'xstate.error.actor.loadHistory': [{ type: 'xstate.error.actor.loadHistory', error: 'network down' }],
  },
})

type ReceiptOutcome = { type: 'xstate.done.actor.loadReceipt'; output: LoadReceiptResult } | { type: 'xstate.error.actor.loadReceipt'; error: unknown }

const receipt = defineEntry<typeof receiptMachine, ReceiptOutcome>({
  name: 'receipt',
  area: 'cashier',
  spec: '§2.1 cashier/receipt, §3 Payment pages keyed by a transaction id, §4 loading flag receipt',
  description: 'The receipt of one transaction from the history: read once, not found for an impossible or foreign id, retry after a failure',
  machine: receiptMachine,
  input: { id: 'tx_1' },
  events: { 'receipt.retry': [{ type: 'receipt.retry' }] },
  outcomes: {
    'xstate.done.actor.loadReceipt': [
      { type: 'xstate.done.actor.loadReceipt', output: sampleTransaction('success') },
      {
        type: 'xstate.done.actor.loadReceipt',
        output: { ok: false, error: { type: 'MethodNotFoundException', code: 'transaction_not_found', invalidParameters: null, errorData: null } },
      },
      { type: 'xstate.done.actor.loadReceipt', output: cashierUnavailable },
    ],
    'xstate.error.actor.loadReceipt': [{ type: 'xstate.error.actor.loadReceipt', error: 'network down' }],
  },
})

// ── registry ─────────────────────────────────────────────────────────────────

export const machineRegistry: readonly MachineEntry[] = [
  appEntry,
  dialogStackEntry,
  toastsEntry,
  toastTimerEntry,
  headerMenusEntry,
  authPopup,
  characters,
  socialRegistrationPrompt,
  login,
  registration,
  messenger,
  restore,
  resetPassword,
  inactivityEntry,
  hintsEntry,
  socialLogin,
  socialRegistration,
  twoFactorSetupEntry,
  contactConfirmationEntry,
  unsubscribeEntry,
  balanceRefresh,
  deposit,
  withdraw,
  paymentResult,
  wallet,
  history,
  receipt,
  depositLimitEntry,
  depositLimitOfferEntry,
]

export function findMachineEntry(
  name: string,
  registry: readonly MachineEntry[] = machineRegistry,
): MachineEntry | undefined {
  return registry.find((entry) => entry.name === name)
}
