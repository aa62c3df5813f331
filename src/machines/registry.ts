// Every machine of src/machines, with what QA and product need to read it without its code: the
// SPEC section it implements, a one-line description, sample events to walk its graph, and the
// context fields that hold secrets. `npm run flows` (scripts/flows/) prints paths, diagrams and
// coverage from here; registry.test.ts fails when a machine file exports a machine not listed.
//
// Sample events are defined here rather than imported from the machine tests: a test file may not
// be imported by code (the dependency-cruiser rule no-test-imports-in-code), and this module must
// stay free of test and Node-only code so the /_flows page can use it too. Tables are typed with
// `SampleTable`, the harness's FixtureTable, so a new event type without samples does not compile.
// Samples only need to reach every state; the model tests keep the exhaustive fixtures.
import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, EventObject, InputFrom } from 'xstate'
import type { AccountInfo } from './app/app.types'
import { VISITOR } from '../services/api/contract/account'
import { appMachine } from './app/app.machine'
import { dialogStackMachine } from './app/dialog-stack.machine'
import type { DialogRequest } from './app/dialog-stack.types'
import { createToastsMachine, toastsMachine, toastTimerMachine } from './app/toasts.machine'
import type { AuthFailure } from './auth/auth.types'
import { loginMachine } from './auth/login.machine'
import { LOGIN_REDACTED_CONTEXT_KEYS, type LoadSessionResult, type LoginContext, type SubmitLoginResult } from './auth/login.types'
import { registrationMachine } from './auth/registration.machine'
import type {
  CheckPromocodeResult,
  LoadFieldsResult,
  ProfileField,
  RegisterResult,
  RegistrationContext,
} from './auth/registration.types'
import type { FixtureTable } from './testing/model'

/** One or more sample events per event type; a function reads ids from the current state. */
export type SampleTable<E extends EventObject> = FixtureTable<E>

export interface MachineEntry {
  /** The name QA types: `npm run flows -- paths <name>`. Kebab case, unique. */
  readonly name: string
  /** The folder under src/machines. */
  readonly area: string
  /** The SPEC section(s) the machine implements. */
  readonly spec: string
  readonly description: string
  readonly machine: AnyStateMachine
  /** Input for machines that take one. */
  readonly input?: unknown
  /** Sample events to try in a state (the graph is walked with them, never with live actors). */
  readonly events: (snapshot: AnyMachineSnapshot) => readonly EventObject[]
  /** Narrows the samples further; the CLI already drops events the state would not take. */
  readonly filterEvents?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean
  /** Graph states are state values unless context matters, in which case say how here. */
  readonly serializeState?: (snapshot: AnyMachineSnapshot) => string
  /** Context (and event payload) field names holding secrets: shown as '[redacted]' everywhere. */
  readonly redact?: readonly string[]
  /** The same chart with deterministic implementations, for printing stable paths. */
  readonly graphMachine?: () => AnyStateMachine
  /** Traversal steps (xstate/graph `limit`) before the graph is given up as too big; default 10000. */
  readonly graphLimit?: number
}

function samples<E extends EventObject>(table: FixtureTable<E>, snapshot: AnyMachineSnapshot): E[] {
  return Object.values(table).flatMap((entry) =>
    typeof entry === 'function'
      ? (entry as (s: AnyMachineSnapshot) => readonly E[])(snapshot)
      : (entry as readonly E[]),
  )
}

interface EntryDefinition<TMachine extends AnyStateMachine, TOutcome extends EventObject>
  extends Omit<MachineEntry, 'machine' | 'input' | 'events'> {
  readonly machine: TMachine
  readonly input?: InputFrom<TMachine>
  readonly events: SampleTable<EventFromLogic<TMachine>>
  /** Events the runtime delivers: an invoked actor's done or error, a delay ending. */
  readonly outcomes?: SampleTable<TOutcome>
}

/** Checks the sample tables against the machine's event union, then erases the types. */
export function defineEntry<TMachine extends AnyStateMachine, TOutcome extends EventObject = never>(
  definition: EntryDefinition<TMachine, TOutcome>,
): MachineEntry {
  const { events, outcomes, ...rest } = definition
  return {
    ...rest,
    events: (snapshot) => [
      ...samples<EventObject>(events as FixtureTable<EventObject>, snapshot),
      ...(outcomes ? samples<EventObject>(outcomes as FixtureTable<EventObject>, snapshot) : []),
    ],
  }
}

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

const app = defineEntry<typeof appMachine, FetchAccountOutcome>({
  name: 'app',
  area: 'app',
  spec: '§2.2, §3 Account info, §4 Themes, §6',
  description: 'Root actor: visitor or player session, account refresh, theme and locale; spawns dialogs and toasts',
  machine: appMachine,
  input: { account: visitor, locale: 'en', theme: 'dark' },
  events: {
    'session.refresh': [{ type: 'session.refresh' }],
    'session.set': [
      { type: 'session.set', account: player },
      { type: 'session.set', account: visitor },
    ],
    'theme.toggle': [{ type: 'theme.toggle' }],
    'theme.set': [{ type: 'theme.set', theme: 'light' }],
    'locale.change': [{ type: 'locale.change', locale: 'es' }],
    'app.hydrated': [{ type: 'app.hydrated' }],
    'dialog.open': [{ type: 'dialog.open', dialog: promo }],
    'dialog.close': [{ type: 'dialog.close', id: 'promo' }],
    'dialog.closeTop': [{ type: 'dialog.closeTop' }],
    'dialog.confirm.answer': [{ type: 'dialog.confirm.answer', id: 'ask', answer: true }],
    'toast.show': [{ type: 'toast.show', toast: { type: 'info', message: 'Saved' } }],
    'toast.dismiss': [{ type: 'toast.dismiss', id: 'toast-1' }],
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
  description: 'Toasts on screen, each removed after its own duration (5000 ms by default) or on dismiss',
  machine: toastsMachine,
  graphMachine: () => createToastsMachine({ generateId: countingIds() }),
  events: {
    'toast.show': [{ type: 'toast.show', toast: { type: 'success', message: 'Welcome back' } }],
    'toast.dismiss': (s: ToastsSnapshot) => s.context.toasts.map((t) => ({ type: 'toast.dismiss' as const, id: t.id })),
    'toast.expire': (s: ToastsSnapshot) => s.context.toasts.map((t) => ({ type: 'toast.expire' as const, id: t.id })),
    'app.hydrated': [{ type: 'app.hydrated' }],
  },
})

type ToastTimerOutcome = { type: 'xstate.after.toastDuration.toastTimer.counting' }

const toastTimer = defineEntry<typeof toastTimerMachine, ToastTimerOutcome>({
  name: 'toast-timer',
  area: 'app',
  spec: '§4 Dialog stack, §9',
  description: "One toast's clock, spawned by toasts: counts its duration, then tells the parent it expired",
  machine: toastTimerMachine,
  // Walked on its own it has no parent to tell, and resolving sendParent without one throws.
  graphMachine: () => toastTimerMachine.provide({ actions: { reportExpired: () => {} } }),
  input: { id: 'toast-1', duration: 5000 },
  events: { 'toast.restartTimer': [{ type: 'toast.restartTimer' }] },
  outcomes: {
    'xstate.after.toastDuration.toastTimer.counting': [{ type: 'xstate.after.toastDuration.toastTimer.counting' }],
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
const PROMO_DEBOUNCE = 'xstate.after.promoDebounce.registration.active.promo.on.debouncing'
type RegistrationOutcome =
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

// ── registry ─────────────────────────────────────────────────────────────────

export const machineRegistry: readonly MachineEntry[] = [app, dialogStack, toasts, toastTimer, login, registration]

export function findMachineEntry(
  name: string,
  registry: readonly MachineEntry[] = machineRegistry,
): MachineEntry | undefined {
  return registry.find((entry) => entry.name === name)
}
