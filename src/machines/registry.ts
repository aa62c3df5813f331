// Every machine of src/machines, for QA and product (`npm run flows`, the /_flows page and the
// inspector). Each flow's entry lives in its `<flow>.samples.ts` (src/machines/flow-entry.ts says
// what an entry holds); registry.test.ts fails when a machine file exports a machine not listed.
import type { SnapshotFrom } from 'xstate'
import { createActor } from 'xstate'
import type { AccountInfo, LoadGeneralInfoResult } from './app/app/app.types'
import { VISITOR } from '../services/api/contract/account'
import { appMachine } from './app/app/app.machine'
import { dialogStackMachine } from './app/dialog-stack/dialog-stack.machine'
import { headerMenusMachine } from './app/header-menus/header-menus.machine'
import type { DialogRequest } from './app/dialog-stack/dialog-stack.types'
import { createToastsMachine, toastsMachine, toastTimerMachine } from './app/toasts/toasts.machine'
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
import { inactivityMachine } from './session/inactivity/inactivity.machine'
import { hintsMachine } from './session/hints/hints.machine'
import type { HintFactsLoaded, HintPlayer } from './session/hints/hints.types'
import type { InactivityContext, TouchResult } from './session/inactivity/inactivity.types'
import { socialLoginMachine } from './auth/social-login/social-login.machine'
import type { LoadSocialSettingsResult, RefreshUserResult } from './auth/social-login/social-login.types'
import { socialRegistrationMachine } from './auth/social-registration/social-registration.machine'
import type { CompleteResult, LoadCurrenciesResult } from './auth/social-registration/social-registration.types'
import { twoFactorSetupMachine } from './profile/two-factor-setup/two-factor-setup.machine'
import {
  TWO_FACTOR_SETUP_REDACTED_KEYS,
  type ConfirmSetupResult,
  type DisableResult,
  type StartSetupResult,
  type TwoFactorSetupContext,
} from './profile/two-factor-setup/two-factor-setup.types'
import { contactConfirmationMachine } from './profile/contact-confirmation/contact-confirmation.machine'
import {
  CONTACT_CONFIRMATION_REDACTED_KEYS,
  type ConfirmCodeResult,
  type LoadContactResult,
  type SendCodeResult,
} from './profile/contact-confirmation/contact-confirmation.types'
import { unsubscribeMachine } from './profile/unsubscribe/unsubscribe.machine'
import type { UnsubscribeResult } from './profile/unsubscribe/unsubscribe.types'
import { balanceRefreshEntry } from './cashier/balance-refresh/balance-refresh.samples'
import { depositEntry } from './cashier/deposit/deposit.samples'
import { historyEntry } from './cashier/history/history.samples'
import { paymentResultEntry } from './cashier/payment-result/payment-result.samples'
import { receiptEntry } from './cashier/receipt/receipt.samples'
import { walletEntry } from './cashier/wallet/wallet.samples'
import { withdrawEntry } from './cashier/withdraw/withdraw.samples'
import { depositLimitMachine } from './responsible/deposit-limit/deposit-limit.machine'
import { depositLimitOfferMachine } from './responsible/deposit-limit-offer/deposit-limit-offer.machine'
import type { DepositLimit, SaveDepositLimitResult, LoadDepositLimitResult } from './responsible/deposit-limit/deposit-limit.types'
import { defineEntry, type MachineEntry } from './flow-entry'

// ── app ──────────────────────────────────────────────────────────────────────

const visitor: AccountInfo = { ...VISITOR }
const player: AccountInfo = {
  ...visitor,
  uid: 42,
  reg_time: '2024-05-01T10:00:00Z',
  login: 'ace@example.com',
  balance_main: { amount: '125.50', currency: 'EUR' },
}

const promo = { id: 'promo', kind: 'promo-activated' } satisfies DialogRequest
const burnBonuses = {
  id: 'ask',
  kind: 'confirm',
  props: { content: 'Burn your bonuses?', textAgree: 'Continue', textReject: 'Cancel' },
} satisfies DialogRequest

type FetchAccountOutcome =
  | { type: 'xstate.done.actor.fetchAccount'; output: { ok: true; account: AccountInfo } }
  | { type: 'xstate.done.actor.fetchAccount'; output: { ok: false; error: { type: string; code: null } } }
  | { type: 'xstate.error.actor.fetchAccount'; error: unknown }
  | { type: 'xstate.done.actor.loadGeneralInfo'; output: LoadGeneralInfoResult }
  | { type: 'xstate.error.actor.loadGeneralInfo'; error: unknown }

const app = defineEntry<typeof appMachine, FetchAccountOutcome>({
  name: 'app',
  area: 'app',
  spec: '§2.2, §3 Account info, §4 Themes, §6',
  description:
    'Root actor: visitor or player session, account refresh, theme and locale; spawns dialogs, toasts and the header menus; in the browser runs the inactivity watcher, the balance refresh, the hints and the balance socket',
  machine: appMachine,
  input: { account: visitor, locale: 'en', theme: 'dark' },
  events: {
    'session.refresh': [{ type: 'session.refresh' }],
    'session.set': [
      { type: 'session.set', account: player },
      { type: 'session.set', account: visitor },
    ],
    'balance.update': [
      { type: 'balance.update', balances: { balance_main: { amount: '130.00', currency: 'EUR' }, balance_bonus: null, balance_betting_bonus: null } },
    ],
    'theme.toggle': [{ type: 'theme.toggle' }],
    'theme.set': [{ type: 'theme.set', theme: 'light' }],
    'locale.change': [{ type: 'locale.change', locale: 'es' }],
    'app.hydrated': [{ type: 'app.hydrated' }],
    'route.change': [{ type: 'route.change', path: '/cashier/wallet' }],
    'balance.refresh': [{ type: 'balance.refresh' }],
    'inactivity.stay': [{ type: 'inactivity.stay' }],
    'hints.dismiss': [{ type: 'hints.dismiss' }],
    'session.end': [{ type: 'session.end', reason: 'inactivity' }],
    'dialog.open': [{ type: 'dialog.open', dialog: promo }],
    'dialog.close': [{ type: 'dialog.close', id: 'promo' }],
    'dialog.closeTop': [{ type: 'dialog.closeTop' }],
    'dialog.confirm.answer': [{ type: 'dialog.confirm.answer', id: 'ask', answer: true }],
    'toast.show': [{ type: 'toast.show', toast: { type: 'info', message: 'Saved' } }],
    'toast.dismiss': [{ type: 'toast.dismiss', id: 'toast-1' }],
    'toast.pause': [{ type: 'toast.pause' }],
    'toast.resume': [{ type: 'toast.resume' }],
    'menu.toggle': [{ type: 'menu.toggle', menu: 'account' }],
    'menu.close': [{ type: 'menu.close' }],
  },
  outcomes: {
    'xstate.done.actor.fetchAccount': [
      { type: 'xstate.done.actor.fetchAccount', output: { ok: true, account: player } },
      { type: 'xstate.done.actor.fetchAccount', output: { ok: true, account: visitor } },
      {
        type: 'xstate.done.actor.fetchAccount',
        output: { ok: false, error: { type: 'ApplicationUnavailableException', code: null } },
      },
    ],
    'xstate.error.actor.fetchAccount': [{ type: 'xstate.error.actor.fetchAccount', error: 'network down' }],
    'xstate.done.actor.loadGeneralInfo': [
      { type: 'xstate.done.actor.loadGeneralInfo', output: { ok: false, error: { type: 'ApplicationUnavailableException', code: null } } },
    ],
    'xstate.error.actor.loadGeneralInfo': [{ type: 'xstate.error.actor.loadGeneralInfo', error: 'network down' }],
  },
})

const dialogStack = defineEntry({
  name: 'dialog-stack',
  area: 'app',
  spec: '§4 Dialog stack, §2.3, §2.4',
  description: 'Open, queued and closing dialogs; locks page scroll while any is open; settles confirms',
  machine: dialogStackMachine,
  events: {
    'dialog.open': [
      { type: 'dialog.open', dialog: promo },
      { type: 'dialog.open', dialog: burnBonuses, queue: true },
    ],
    'dialog.close': [
      { type: 'dialog.close', id: 'promo' },
      { type: 'dialog.close', id: 'promo', immediate: true },
    ],
    'dialog.closeTop': [{ type: 'dialog.closeTop' }],
    'dialog.confirm.answer': [
      { type: 'dialog.confirm.answer', id: 'ask', answer: true },
      { type: 'dialog.confirm.answer', id: 'ask', answer: false },
    ],
    'app.hydrated': [{ type: 'app.hydrated' }],
  },
})

type ToastsSnapshot = { context: { toasts: readonly { id: string }[] } }

/** Toast ids 'toast-1', 'toast-2', ... so printed paths are the same on every run. */
function countingIds(): () => string {
  let n = 0
  return () => `toast-${++n}`
}

const toasts = defineEntry({
  name: 'toasts',
  area: 'app',
  spec: '§2.4, §4 Dialog stack, §9',
  description: 'Toasts on screen, each removed after its own duration (5000 ms by default) or on dismiss; held while the player reads them',
  machine: toastsMachine,
  graphMachine: () => createToastsMachine({ generateId: countingIds() }),
  events: {
    'toast.show': [{ type: 'toast.show', toast: { type: 'success', message: 'Welcome back' } }],
    'toast.dismiss': (s: ToastsSnapshot) => s.context.toasts.map((t) => ({ type: 'toast.dismiss' as const, id: t.id })),
    'toast.expire': (s: ToastsSnapshot) => s.context.toasts.map((t) => ({ type: 'toast.expire' as const, id: t.id })),
    'toast.pause': [{ type: 'toast.pause' }],
    'toast.resume': [{ type: 'toast.resume' }],
    'app.hydrated': [{ type: 'app.hydrated' }],
  },
})

type ToastTimerOutcome = { type: 'xstate.after.toastDuration.toastTimer.counting' }

const toastTimer = defineEntry<typeof toastTimerMachine, ToastTimerOutcome>({
  name: 'toast-timer',
  area: 'app',
  spec: '§4 Dialog stack, §9',
  description: "One toast's clock, spawned by toasts: counts its duration (held while paused), then tells the parent it expired",
  machine: toastTimerMachine,
  // Walked on its own it has no parent to tell, and resolving sendParent without one throws.
  graphMachine: () => toastTimerMachine.provide({ actions: { reportExpired: () => {} } }),
  input: { id: 'toast-1', duration: 5000 },
  events: {
    'toast.restartTimer': [{ type: 'toast.restartTimer' }],
    'toast.pause': [{ type: 'toast.pause' }],
    'toast.resume': [{ type: 'toast.resume' }],
  },
  outcomes: {
    'xstate.after.toastDuration.toastTimer.counting': [{ type: 'xstate.after.toastDuration.toastTimer.counting' }],
  },
})

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

const headerMenus = defineEntry({
  name: 'header-menus',
  area: 'app',
  spec: '§3 Account info (balance breakdown), DESIGN Layout (profile menu)',
  description: "The header's popovers, at most one open: the balance breakdown and the account menu",
  machine: headerMenusMachine,
  events: {
    'menu.toggle': [
      { type: 'menu.toggle', menu: 'balance' },
      { type: 'menu.toggle', menu: 'account' },
    ],
    'menu.close': [{ type: 'menu.close' }],
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

// ── session ──────────────────────────────────────────────────────────────────

const IDLE_WARN = 'xstate.after.warningAfter.inactivity.watching.clock.idle'
const IDLE_TICK = 'xstate.after.tick.inactivity.watching.clock.warning.counting'
const IDLE_COOL = 'xstate.after.keepAliveEvery.inactivity.watching.server.cooling'
const IDLE_DIRTY = 'xstate.after.keepAliveEvery.inactivity.watching.server.dirty'
type InactivityOutcome =
  | { type: typeof IDLE_WARN }
  | { type: typeof IDLE_TICK }
  | { type: typeof IDLE_COOL }
  | { type: typeof IDLE_DIRTY }
  | { type: 'xstate.done.actor.touchSession'; output: TouchResult }
  | { type: 'xstate.done.actor.logout'; output: undefined }
  | { type: 'xstate.error.actor.logout'; error: unknown }

const inactivity = defineEntry<typeof inactivityMachine, InactivityOutcome>({
  name: 'inactivity',
  area: 'session',
  spec: '§4 Automatic logout by inactivity, §3 General info, §9',
  description: 'Logs an idle player out after time_to_force_logout: warning popup with a countdown at 80 %, shared across tabs, keeps the server session in step',
  machine: inactivityMachine,
  // 10 s: a 2 s countdown, so both ticks of the warning are walked.
  input: { timeoutSec: 10, loggedIn: true },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: InactivityContext }
    return JSON.stringify({ value, on: context.loggedIn && context.timeoutMs !== null, remaining: context.remainingSec })
  },
  events: {
    'inactivity.configure': [
      { type: 'inactivity.configure', timeoutSec: 10, loggedIn: true },
      { type: 'inactivity.configure', timeoutSec: 10, loggedIn: false },
    ],
    activity: [{ type: 'activity' }],
    'activity.remote': [{ type: 'activity.remote' }],
    'logout.remote': [{ type: 'logout.remote' }],
    'inactivity.stay': [{ type: 'inactivity.stay' }],
  },
  outcomes: {
    [IDLE_WARN]: [{ type: IDLE_WARN }],
    [IDLE_TICK]: [{ type: IDLE_TICK }],
    [IDLE_COOL]: [{ type: IDLE_COOL }],
    [IDLE_DIRTY]: [{ type: IDLE_DIRTY }],
    'xstate.done.actor.touchSession': [
      { type: 'xstate.done.actor.touchSession', output: { loggedIn: true } },
      { type: 'xstate.done.actor.touchSession', output: { loggedIn: false } },
    ],
    'xstate.done.actor.logout': [{ type: 'xstate.done.actor.logout', output: undefined }],
    'xstate.error.actor.logout': [{ type: 'xstate.error.actor.logout', error: 'network down' }],
  },
})

const HINT_WINDOW = 'xstate.after.windowCloses.hints.showing.timed'
type HintsOutcome =
  | { type: 'xstate.done.actor.loadHintFacts'; output: HintFactsLoaded }
  | { type: 'xstate.error.actor.loadHintFacts'; error: unknown }
  | { type: typeof HINT_WINDOW }

type HintsSnapshot = SnapshotFrom<typeof hintsMachine>
const newPlayer: HintPlayer = { uid: 42, regTime: '2024-05-01T10:00:00Z', login: 'ace@example.com' }
const hintsAt = (minutes: number) => Date.parse('2024-05-01T10:00:00Z') + minutes * 60_000

const hints = defineEntry<typeof hintsMachine, HintsOutcome>({
  name: 'hints',
  area: 'session',
  spec: '§4 Hints, §9',
  description: "A new player's banner: make a first deposit (2 hours), confirm the login contact (5 days); facts read again when the balance moves or a window closes; closing remembers it",
  machine: hintsMachine,
  input: { player: newPlayer },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: { player: unknown; facts: HintFactsLoaded | null; balance: unknown } }
    return JSON.stringify({ value, player: context.player !== null, deposit: context.facts?.hasDeposit ?? null, dismissed: context.facts?.dismissed ?? [], balanceKnown: context.balance !== null })
  },
  events: {
    'hints.player': [
      { type: 'hints.player', player: newPlayer },
      { type: 'hints.player', player: null },
    ],
    // The first report notes the login's balance; after it, the same amount and a deposit's move.
    'hints.balance': (snapshot: HintsSnapshot) => {
      const uid = snapshot.context.player?.uid ?? newPlayer.uid
      const known = snapshot.context.balance
      if (!known) return [{ type: 'hints.balance', uid, amount: '0.00' }]
      return [
        { type: 'hints.balance', uid, amount: known.amount },
        { type: 'hints.balance', uid, amount: (Number(known.amount ?? 0) + 10).toFixed(2) },
      ]
    },
    'hints.dismiss': [{ type: 'hints.dismiss' }],
  },
  outcomes: {
    'xstate.done.actor.loadHintFacts': [
      // Ten minutes after registration, no deposit, login unconfirmed: the deposit hint, then the confirm hint.
      { type: 'xstate.done.actor.loadHintFacts', output: { checkedAt: hintsAt(10), hasDeposit: false, loginContactConfirmed: false, confirmSent: false, dismissed: [] } },
      // A week later: both windows are over, nothing to show and nothing to wait for.
      { type: 'xstate.done.actor.loadHintFacts', output: { checkedAt: hintsAt(7 * 24 * 60), hasDeposit: null, loginContactConfirmed: null, confirmSent: false, dismissed: [] } },
    ],
    'xstate.error.actor.loadHintFacts': [{ type: 'xstate.error.actor.loadHintFacts', error: 'network down' }],
    [HINT_WINDOW]: [{ type: HINT_WINDOW }],
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

// ── profile ──────────────────────────────────────────────────────────────────

type TwoFactorSetupOutcome =
  | { type: 'xstate.done.actor.startSetup'; output: StartSetupResult }
  | { type: 'xstate.done.actor.confirmSetup'; output: ConfirmSetupResult }
  | { type: 'xstate.done.actor.disableTwoFactor'; output: DisableResult }
  | { type: 'xstate.done.actor.copyCodes' }
  | { type: 'xstate.error.actor.startSetup'; error: unknown }
  | { type: 'xstate.error.actor.confirmSetup'; error: unknown }
  | { type: 'xstate.error.actor.disableTwoFactor'; error: unknown }
  | { type: 'xstate.error.actor.copyCodes'; error: unknown }

type TwoFactorSetupSnapshot = { value: unknown; context: TwoFactorSetupContext }
const twoFactorFailures = {
  wrongPassword: { ok: false, error: failure('InvalidParameterException', 'wrong_password') },
  codeInvalid: { ok: false, error: failure('InvalidParameterException', 'two_factor_invalid') },
  notPending: { ok: false, error: failure('InvalidRequestException', 'two_factor_not_pending') },
  banned: { ok: false, error: failure('UserBannedException', 'user_banned') },
} as const

const twoFactorSetup = defineEntry<typeof twoFactorSetupMachine, TwoFactorSetupOutcome>({
  name: 'two-factor-setup',
  area: 'profile',
  spec: '§1 security, §5 Numeric code, §7 changeTwoFactorAuth, confirmTwoFactorAuth, §8',
  description: 'Profile security: turn two-factor on (password, secret, code, recovery codes shown once) or off (a code)',
  machine: twoFactorSetupMachine,
  input: { enabled: false },
  redact: [...TWO_FACTOR_SETUP_REDACTED_KEYS, 'value'],
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as TwoFactorSetupSnapshot
    return JSON.stringify({ value, enabled: context.enabled, password: context.password !== '', code: context.code !== '' })
  },
  events: {
    'twofa.enable': [{ type: 'twofa.enable' }],
    'twofa.cancel': [{ type: 'twofa.cancel' }],
    'twofa.password.change': [{ type: 'twofa.password.change', value: 'sample-password' }],
    'twofa.password.submit': [{ type: 'twofa.password.submit' }],
    'twofa.code.change': [{ type: 'twofa.code.change', code: '123456' }],
    'twofa.confirm': [{ type: 'twofa.confirm' }],
    'twofa.codes.copy': [{ type: 'twofa.codes.copy' }],
    'twofa.codes.done': [{ type: 'twofa.codes.done' }],
    'twofa.disable': [{ type: 'twofa.disable' }],
    'twofa.disable.submit': [{ type: 'twofa.disable.submit' }],
  },
  outcomes: {
    'xstate.done.actor.startSetup': [
      { type: 'xstate.done.actor.startSetup', output: { ok: true, pending: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' } } },
      { type: 'xstate.done.actor.startSetup', output: twoFactorFailures.wrongPassword },
    ],
    'xstate.done.actor.confirmSetup': [
      { type: 'xstate.done.actor.confirmSetup', output: { ok: true, recoveryCodes: ['ABCD-EFGH-JKLM-NPQR'] } },
      { type: 'xstate.done.actor.confirmSetup', output: twoFactorFailures.codeInvalid },
      { type: 'xstate.done.actor.confirmSetup', output: twoFactorFailures.notPending },
    ],
    'xstate.done.actor.disableTwoFactor': [
      { type: 'xstate.done.actor.disableTwoFactor', output: { ok: true } },
      { type: 'xstate.done.actor.disableTwoFactor', output: twoFactorFailures.banned },
    ],
    'xstate.done.actor.copyCodes': [{ type: 'xstate.done.actor.copyCodes' }],
    'xstate.error.actor.startSetup': [{ type: 'xstate.error.actor.startSetup', error: 'network down' }],
    'xstate.error.actor.confirmSetup': [{ type: 'xstate.error.actor.confirmSetup', error: 'network down' }],
    'xstate.error.actor.disableTwoFactor': [{ type: 'xstate.error.actor.disableTwoFactor', error: 'network down' }],
    'xstate.error.actor.copyCodes': [{ type: 'xstate.error.actor.copyCodes', error: 'clipboard refused' }],
  },
})

const CONFIRMATION_TICK = 'xstate.after.resendTick.contactConfirmation.ready.timer.counting'
type ContactConfirmationOutcome =
  | { type: 'xstate.done.actor.loadContact'; output: LoadContactResult }
  | { type: 'xstate.error.actor.loadContact'; error: unknown }
  | { type: 'xstate.done.actor.sendCode'; output: SendCodeResult }
  | { type: 'xstate.error.actor.sendCode'; error: unknown }
  | { type: 'xstate.done.actor.confirmCode'; output: ConfirmCodeResult }
  | { type: 'xstate.error.actor.confirmCode'; error: unknown }
  | { type: typeof CONFIRMATION_TICK }

const contactConfirmation = defineEntry<typeof contactConfirmationMachine, ContactConfirmationOutcome>({
  name: 'contact-confirmation',
  area: 'profile',
  spec: '§2.1 /confirmation, §5 Email, Numeric code, §7 sendconfirmationtocontact, confirmContact, §8 UserNeedConfirmContact',
  description: 'Confirm the e-mail with the mailed code, typed or from the link; ask for a new code after the resend countdown',
  machine: contactConfirmationMachine,
  input: { loggedIn: true },
  otherInputs: [{ loggedIn: false }],
  redact: [...CONTACT_CONFIRMATION_REDACTED_KEYS, 'value'],
  events: {
    'confirmation.field.change': [
      { type: 'confirmation.field.change', name: 'contact', value: 'ada@example.com' },
      { type: 'confirmation.field.change', name: 'code', value: '123456' },
      { type: 'confirmation.field.change', name: 'code', value: '12' },
    ],
    'confirmation.submit': [{ type: 'confirmation.submit' }],
    'confirmation.send': [{ type: 'confirmation.send' }],
    'confirmation.link': [{ type: 'confirmation.link', contact: 'ada@example.com', code: '654321' }],
  },
  outcomes: {
    'xstate.done.actor.loadContact': [
      { type: 'xstate.done.actor.loadContact', output: { ok: true, email: 'ada@example.com', confirmed: false } },
      { type: 'xstate.done.actor.loadContact', output: { ok: true, email: 'ada@example.com', confirmed: true } },
    ],
    'xstate.error.actor.loadContact': [{ type: 'xstate.error.actor.loadContact', error: 'network down' }],
    'xstate.done.actor.sendCode': [
      // resend_time 1 s: one tick of the countdown reaches `idle`, so both timer states are walked.
      { type: 'xstate.done.actor.sendCode', output: { ok: true, contact: 'ada@example.com', resendTime: 1 } },
      { type: 'xstate.done.actor.sendCode', output: { ok: false, error: failure('InvalidRequestException', 'contact_already_confirmed') } },
    ],
    'xstate.error.actor.sendCode': [{ type: 'xstate.error.actor.sendCode', error: 'network down' }],
    'xstate.done.actor.confirmCode': [
      { type: 'xstate.done.actor.confirmCode', output: { ok: true } },
      { type: 'xstate.done.actor.confirmCode', output: { ok: false, error: { ...failure('InvalidParameterException', 'invalid_parameters'), invalidParameters: { code: ['invalid'] } } } },
    ],
    'xstate.error.actor.confirmCode': [{ type: 'xstate.error.actor.confirmCode', error: 'network down' }],
    [CONFIRMATION_TICK]: [{ type: CONFIRMATION_TICK }],
  },
})

const unsubscribe = defineEntry<typeof unsubscribeMachine, { type: 'xstate.done.actor.unsubscribe'; output: UnsubscribeResult } | { type: 'xstate.error.actor.unsubscribe'; error: unknown }>({
  name: 'unsubscribe',
  area: 'profile',
  spec: '§2.1 /unsubscribe, §2.5 unsubscribe page, §3 mailing consent, §7 unsubscribe',
  description: "Leave a mailing list with the mail's signed link: checked by the server, idempotent; no or a bad link changes nothing",
  machine: unsubscribeMachine,
  input: { token: '1a.marketing.c2lnbmF0dXJl' },
  otherInputs: [{ token: null }],
  redact: ['token'],
  events: {
    'unsubscribe.retry': [{ type: 'unsubscribe.retry' }],
  },
  outcomes: {
    'xstate.done.actor.unsubscribe': [
      { type: 'xstate.done.actor.unsubscribe', output: { ok: true, list: 'marketing' } },
      { type: 'xstate.done.actor.unsubscribe', output: { ok: false, error: { ...failure('InvalidParameterException', 'unsubscribe_token_invalid'), invalidParameters: { token: ['invalid'] } } } },
      { type: 'xstate.done.actor.unsubscribe', output: { ok: false, error: failure('ApplicationUnavailableException', null) } },
    ],
    'xstate.error.actor.unsubscribe': [{ type: 'xstate.error.actor.unsubscribe', error: 'network down' }],
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

// ── responsible gaming ───────────────────────────────────────────────────────

type DepositLimitOutcome =
  | { type: 'xstate.done.actor.loadDepositLimit'; output: LoadDepositLimitResult }
  | { type: 'xstate.error.actor.loadDepositLimit'; error: unknown }
  | { type: 'xstate.done.actor.saveDepositLimit'; output: SaveDepositLimitResult }
  | { type: 'xstate.error.actor.saveDepositLimit'; error: unknown }

/** Limits per period as the server lists them (SPEC §3, issue 4: several at once, the lowest binding). */
type LimitRowSample = NonNullable<DepositLimit['limits']>[number]
const eur = (amount: string) => ({ amount, currency: 'EUR' })
const dailyRow: LimitRowSample = { period: 1, limit_amount: eur('100.00'), available_amount: eur('60.00'), used_amount: eur('40.00'), can_edit: true, expired_at: '2024-05-02T10:00:00Z', scheduled: null }
const monthlyRow: LimitRowSample = { period: 30, limit_amount: eur('500.00'), available_amount: eur('460.00'), used_amount: eur('40.00'), can_edit: true, expired_at: '2024-05-31T10:00:00Z', scheduled: null }
/** A daily 100 whose raise to 200 waits, beside a monthly 500: the daily one binds. */
const raisedLimit: DepositLimit = {
  ...dailyLimit,
  scheduled: { period: 1, limit_amount: eur('200.00'), effective_at: '2024-05-02T10:00:00Z' },
  limits: [{ ...dailyRow, scheduled: { period: 1, limit_amount: eur('200.00'), effective_at: '2024-05-02T10:00:00Z' } }, monthlyRow],
}
/** The monthly limit on its way out beside the daily one. */
const monthlyRemoving: DepositLimit = { ...dailyLimit, limits: [dailyRow, { ...monthlyRow, scheduled: { period: 'none', limit_amount: null, effective_at: '2024-05-02T10:00:00Z' } }] }
const noLimit: DepositLimit = { available_amount: null, can_edit: true, expired_at: null, limit_amount: null, period: 'none', scheduled: null, limits: [] }
const limitLocked = { ok: false, error: { type: 'InvalidParameterException', code: 'deposit_limit_locked', invalidParameters: null, errorData: null } } as const

const depositLimit = defineEntry<typeof depositLimitMachine, DepositLimitOutcome>({
  name: 'deposit-limit',
  area: 'responsible',
  spec: '§3 Deposit limit, §9 periods, issue 4 (one limit per period at once, the lowest applying; set at any time, lowered at once, raised or removed after 24 h)',
  description:
    'Responsible-gaming page: every period\'s deposit limit with what is left, add one for another period, lower it at once, raise or remove it after the cooling-off, withdraw a pending change',
  machine: depositLimitMachine,
  input: { currency: 'EUR' },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as {
      value: unknown
      context: { limit: DepositLimit | null; period: number; amount: string; outcome: string | null; alert: { messageId: string } | null }
    }
    const limits = context.limit?.limits?.map((l) => `${l.period}:${l.scheduled ? l.scheduled.period : '-'}`) ?? null
    return JSON.stringify({ value, limits, period: context.period, amount: context.amount, outcome: context.outcome, alert: context.alert?.messageId ?? null })
  },
  events: {
    'limit.period.change': [
      { type: 'limit.period.change', period: 7 },
      { type: 'limit.period.change', period: 30 },
    ],
    'limit.amount.change': [{ type: 'limit.amount.change', value: '50' }],
    'limit.submit': [{ type: 'limit.submit' }],
    'limit.remove': [{ type: 'limit.remove', period: 30 }],
    'limit.keep': [{ type: 'limit.keep', period: 1 }],
    'limit.retry': [{ type: 'limit.retry' }],
  },
  outcomes: {
    'xstate.done.actor.loadDepositLimit': [
      { type: 'xstate.done.actor.loadDepositLimit', output: { ok: true, limit: noLimit } },
      { type: 'xstate.done.actor.loadDepositLimit', output: { ok: true, limit: raisedLimit } },
      { type: 'xstate.done.actor.loadDepositLimit', output: cashierUnavailable },
    ],
    'xstate.error.actor.loadDepositLimit': [{ type: 'xstate.error.actor.loadDepositLimit', error: 'network down' }],
    'xstate.done.actor.saveDepositLimit': [
      { type: 'xstate.done.actor.saveDepositLimit', output: { ok: true, limit: { ...dailyLimit, limits: [dailyRow] } } },
      { type: 'xstate.done.actor.saveDepositLimit', output: { ok: true, limit: monthlyRemoving } },
      { type: 'xstate.done.actor.saveDepositLimit', output: limitLocked },
    ],
    'xstate.error.actor.saveDepositLimit': [{ type: 'xstate.error.actor.saveDepositLimit', error: 'network down' }],
  },
})

type DepositLimitOfferOutcome =
  | { type: 'xstate.done.actor.saveDepositLimit'; output: SaveDepositLimitResult }
  | { type: 'xstate.error.actor.saveDepositLimit'; error: unknown }

const depositLimitOffer = defineEntry<typeof depositLimitOfferMachine, DepositLimitOfferOutcome>({
  name: 'deposit-limit-offer',
  area: 'responsible',
  spec: '§3 Deposit limit, §9 periods, issue 4 (offered at the first deposit)',
  description: 'Inside the first deposit: the offer to set a deposit limit, set (applies at once and reaches the deposit flow) or skipped',
  machine: depositLimitOfferMachine,
  input: { currency: 'EUR', limit: noLimit, isFirstDeposit: true },
  // Not a first deposit: the offer stays hidden.
  otherInputs: [{ currency: 'EUR', limit: noLimit, isFirstDeposit: false }],
  // Whether an amount is typed decides whether a submit is sent.
  serializeState: (snapshot) => {
    const c = snapshot.context as { amount: string; period: number }
    return JSON.stringify({ value: snapshot.value, amount: c.amount !== '', period: c.period })
  },
  events: {
    'limitOffer.period.change': [{ type: 'limitOffer.period.change', period: 7 }],
    'limitOffer.amount.change': [{ type: 'limitOffer.amount.change', value: '100' }],
    'limitOffer.submit': [{ type: 'limitOffer.submit' }],
    'limitOffer.skip': [{ type: 'limitOffer.skip' }],
  },
  outcomes: {
    'xstate.done.actor.saveDepositLimit': [
      { type: 'xstate.done.actor.saveDepositLimit', output: { ok: true, limit: dailyLimit } },
      { type: 'xstate.done.actor.saveDepositLimit', output: cashierUnavailable },
    ],
    'xstate.error.actor.saveDepositLimit': [{ type: 'xstate.error.actor.saveDepositLimit', error: 'network down' }],
  },
})

// ── registry ─────────────────────────────────────────────────────────────────

export const machineRegistry: readonly MachineEntry[] = [
  app,
  dialogStack,
  toasts,
  toastTimer,
  headerMenus,
  authPopup,
  characters,
  socialRegistrationPrompt,
  login,
  registration,
  messenger,
  restore,
  resetPassword,
  inactivity,
  hints,
  socialLogin,
  socialRegistration,
  twoFactorSetup,
  contactConfirmation,
  unsubscribe,
  balanceRefreshEntry,
  depositEntry,
  withdrawEntry,
  paymentResultEntry,
  walletEntry,
  historyEntry,
  receiptEntry,
  depositLimit,
  depositLimitOffer,
]

export function findMachineEntry(
  name: string,
  registry: readonly MachineEntry[] = machineRegistry,
): MachineEntry | undefined {
  return registry.find((entry) => entry.name === name)
}
