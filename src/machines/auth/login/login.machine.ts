// The auth popup's login flow (SPEC §2.3, §3 'Login form', §4 'Login', §5 'Numeric code', §8 'Login failure').
// Two forms, two parents; two-factor is parallel so its resend countdown runs while the player types (docs/machines.md#login).

import { assign, emit, setup } from 'xstate'
import { FOCUS_FIRST_ERROR_EVENT, type FormEmitted } from '../../forms/focus-first-error'
import { resendCountdownDelays, resendCountdownGuards, resendCountdownRegion, resendTick } from '../../forms/resend-countdown'
import type { AuthFailure, AuthResult } from '../auth.types'
import { AUTH_DIALOG_ID } from '../auth-popup/auth-popup.ids'
import { finishEmbeddedLogin, goToAfterLogin, loadSession, showBlockedPage, submitLogin, trackLogin, trackLoginError } from './login.actors'
import {
  alertFor,
  hasFieldErrors,
  isBanned,
  loginFailureMessage,
  isTooManyRequests,
  normalizeLogin,
  normalizeTwoFactorCode,
  requiresTwoFactor,
  resendFailureMessage,
  twoFactorMessage,
  validateLoginForm,
  validateTwoFactorCode,
} from './login.rules'
import {
  type Credentials,
  type LoadSessionResult,
  type LoginActionParams,
  type LoginAlert,
  type LoginContext,
  type LoginEvent,
  type LoginInput,
  type LoginFieldErrors,
  type LoginMessageId,
  type LoginSession,
  type SubmitLoginInput,
} from './login.types'

export const LOGIN_TAGS = {
  /** The authorization form is the view. */
  form: 'form',
  /** The two-factor form is the view. */
  twofa: 'twofa',
  /** A request is in flight: the submit button shows loading and is disabled (SPEC §4). */
  busy: 'busy',
} as const
export type LoginTag = (typeof LOGIN_TAGS)[keyof typeof LOGIN_TAGS]

const EMPTY_CREDENTIALS: Credentials = Object.freeze({ login: '', password: '' })

/** The failure of a result, for actions that run only on failing branches. */
function failureOf(result: AuthResult): AuthFailure {
  if (result.ok) throw new Error('loginMachine: expected a failed result')
  return result.error
}

/** Input of auth/login; fails loudly if the chart ever asks without credentials. */
function loginInput(credentials: Credentials, code?: string): SubmitLoginInput {
  const login = normalizeLogin(credentials.login)
  if (login === '' || credentials.password === '') {
    throw new Error('loginMachine: submitLogin needs a login and a password')
  }
  return code === undefined ? { login, password: credentials.password } : { login, password: credentials.password, code }
}

function sessionOf(result: LoadSessionResult): LoginSession {
  if (!result.ok) throw new Error('loginMachine: expected a loaded session')
  return result.session
}

const loginSetup = setup({
  types: {
    // void, not undefined: a test or the registry may start the flow with no input (setup drops an optional undefined).
    input: {} as LoginInput | void,
    context: {} as LoginContext,
    events: {} as LoginEvent,
    children: {} as {
      submitLogin: 'submitLogin'
      verifyCode: 'submitLogin'
      resendCode: 'submitLogin'
      loadSession: 'loadSession'
    },
    tags: {} as LoginTag,
    emitted: {} as FormEmitted,
  },
  actors: { submitLogin, loadSession },
  /** One second of the resend countdown (forms/resend-countdown.ts). */
  delays: resendCountdownDelays,
  actions: {
    /** A refused submit: the view takes the player to the first field error (forms/focus-first-error.ts). */
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    /** Hands the session to the root actor and the stores (SPEC §4: user, profile and loyalty). */
    setUser: ({ context }, params: LoginActionParams['setUser']) => {
      if (!context.app) throw new Error('loginMachine: input.app is missing')
      context.app.send({ type: 'session.set', account: params.session.account, via: 'login' })
    },
    /** Analytics: a login (SPEC §4 'Marketing analytics'). */
    trackLogin: (_, params: LoginActionParams['trackLogin']) => trackLogin(params.uid),
    /** Analytics: a failed login with its error code (SPEC §8). */
    trackLoginError: (_, params: LoginActionParams['trackLoginError']) => trackLoginError(params.type, params.code),
    /** Closes the auth popup (SPEC §4: a login with a payload closes the popup); a page of its own has none. */
    closePopup: ({ context }, params: LoginActionParams['closePopup']) =>
      context.dialogs?.send({ type: 'dialog.close', id: AUTH_DIALOG_ID, immediate: params.reason === 'loggedIn' }),
    /**
     * A full load of the page the player came for, in their locale (SPEC §2.3): the server renders it
     * with the session. The embeddable form tells its parent instead when framed.
     */
    goToLocaleHome: ({ context }, params: LoginActionParams['goToLocaleHome']) =>
      context.embedded ? finishEmbeddedLogin(String(params.locale)) : goToAfterLogin(String(params.locale)),
    /** An actor rejected: a bug, not an API error. */
    reportError: (_, params: LoginActionParams['reportError']) => {
      console.error('loginMachine:', params.error)
    },
    /**
     * SPEC §8 UserBanned: the server bound the session to the banned player, so a full load of this
     * page (without the popup flags) renders the user-blocked page with its 403 (SPEC §2.2).
     */
    showBlockedPage: (_, _params: LoginActionParams['showBlockedPage']) => showBlockedPage(),
    assignField: assign(({ context }, params: { name: keyof Credentials; value: string }) => {
      const { [params.name]: _, ...fieldErrors } = context.fieldErrors
      return { credentials: { ...context.credentials, [params.name]: params.value }, fieldErrors, alert: null }
    }),
    assignFieldErrors: assign((_, params: { errors: LoginFieldErrors }) => ({ fieldErrors: params.errors })),
    assignAlert: assign((_, params: { alert: LoginAlert | null }) => ({ alert: params.alert })),
    clearMessages: assign({ fieldErrors: {}, alert: null }),
    assignCode: assign((_, params: { code: string }) => ({ code: params.code, fieldErrors: {}, alert: null })),
    /** Enters or restarts the twofa step from a server answer (SPEC §3 'Two-factor pending data'). */
    assignResendTime: assign((_, params: { resendTime: number | null }) => ({
      resendTime: Math.max(0, Math.ceil(params.resendTime ?? 0)),
    })),
    clearCode: assign({ code: '' }),
    tickResendTime: assign(({ context }) => resendTick({ context })),
    /** SPEC §4: the stored credentials are cleared on success and when leaving the twofa step. */
    clearCredentials: assign({ credentials: EMPTY_CREDENTIALS, code: '' }),
    resetResendTime: assign({ resendTime: 0 }),
    assignSession: assign((_, params: { session: LoginSession }) => ({ session: params.session })),
  },
  guards: {
    loginFormValid: ({ context }) => !hasFieldErrors(validateLoginForm(context.credentials)),
    codeValid: ({ context }) => !hasFieldErrors(validateTwoFactorCode(context.code)),
    resendAllowed: ({ context }) => context.resendTime <= 0,
    ...resendCountdownGuards,
    succeeded: (_, params: { result: AuthResult }) => params.result.ok,
    tooManyRequests: (_, params: { result: AuthResult }) => !params.result.ok && isTooManyRequests(params.result.error),
    banned: (_, params: { result: AuthResult }) => !params.result.ok && isBanned(params.result.error),
    requiresTwoFactor: (_, params: { result: AuthResult }) => !params.result.ok && requiresTwoFactor(params.result.error),
    /** A twofa answer the step handles (wrong code, expired, throttled, a new resend_time). */
    staysInTwoFactor: (_, params: { result: AuthResult }) =>
      !params.result.ok && twoFactorMessage(params.result.error) !== undefined,
    carriesResendTime: (_, params: { result: AuthResult }) => !params.result.ok && params.result.error.resendTime !== null,
    restartsTwoFactor: (_, params: { result: AuthResult }) =>
      !params.result.ok &&
      params.result.error.resendTime !== null &&
      twoFactorMessage(params.result.error) !== undefined,
  },
})

// Params of the guards and actions that read an actor's answer.
type Done = { event: { output: AuthResult } }
const result = ({ event }: Done) => ({ result: event.output })
const failureAlert =
  (messageId: LoginMessageId) =>
  ({ event }: Done) => ({ alert: alertFor(messageId, failureOf(event.output)) })
/** A refused login's alert: 'wrong enter', or the self-exclusion with its end date. */
const refusedAlert = ({ event }: Done) => {
  const failure = failureOf(event.output)
  return { alert: alertFor(loginFailureMessage(failure), failure) }
}
const errorCode = ({ event }: Done) => {
  const failure = failureOf(event.output)
  return { type: failure.type, code: failure.code }
}
/** Both factors were right but the account is banned: the blocked page, tracked as a failure. */
const bannedTransition = {
  guard: { type: 'banned' as const, params: result },
  target: '#login.blocked',
  actions: [{ type: 'trackLoginError' as const, params: errorCode }],
}
/** The twofa message of an answer the step handles; null when it shows none. */
const stepAlert =
  (message: (failure: AuthFailure) => LoginMessageId | null | undefined) =>
  ({ event }: Done) => {
    const failure = failureOf(event.output)
    const messageId = message(failure)
    return { alert: messageId ? alertFor(messageId, failure) : null }
  }

/**
 * After the server accepted the login, from the form or from the code step alike: load the
 * session (SPEC §4: user, profile, loyalty); a failure there is a failed login on the form.
 */
const loadingSession = loginSetup.createStateConfig({
  tags: LOGIN_TAGS.busy,
  // The server accepted the password: it is not kept a moment longer than needed.
  entry: 'clearCredentials',
  invoke: {
    id: 'loadSession',
    src: 'loadSession',
    input: () => ({}),
    onDone: [
      {
        guard: { type: 'succeeded', params: result },
        target: '#login.success',
        actions: { type: 'assignSession', params: ({ event }) => ({ session: sessionOf(event.output) }) },
      },
      {
        target: '#login.form.failed',
        actions: [
          { type: 'assignAlert', params: failureAlert('wrongEnter') },
          { type: 'trackLoginError', params: errorCode },
        ],
      },
    ],
    onError: {
      target: '#login.form.failed',
      actions: [
        { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        { type: 'assignAlert', params: { alert: alertFor('wrongEnter', null) } },
        { type: 'trackLoginError', params: { type: null, code: null } },
      ],
    },
  },
})

export const loginMachine = loginSetup.createMachine({
  id: 'login',
  context: ({ input }) => ({
    app: input?.app ?? null,
    dialogs: input?.dialogs ?? null,
    embedded: input?.embedded ?? false,
    credentials: EMPTY_CREDENTIALS,
    code: '',
    resendTime: 0,
    fieldErrors: {},
    alert: null,
    session: null,
  }),
  initial: 'form',
  on: {
    'popup.close': {
      target: '.closed',
      actions: [{ type: 'clearCredentials' }, { type: 'closePopup', params: { reason: 'dismissed' } }],
    },
  },
  states: {
    form: {
      tags: LOGIN_TAGS.form,
      initial: 'editing',
      states: {
        editing: {
          on: {
            'login.field.change': {
              actions: { type: 'assignField', params: ({ event }) => ({ name: event.name, value: event.value }) },
            },
            'login.submit': [
              { guard: 'loginFormValid', target: 'submitting', actions: 'clearMessages' },
              {
                actions: [
                  {
                    type: 'assignFieldErrors',
                    params: ({ context }) => ({ errors: validateLoginForm(context.credentials) }),
                  },
                  'focusFirstError',
                ],
              },
            ],
          },
        },
        failed: {
          on: {
            // Typing dismisses the alert.
            'login.field.change': {
              target: 'editing',
              actions: { type: 'assignField', params: ({ event }) => ({ name: event.name, value: event.value }) },
            },
            'login.submit': [
              { guard: 'loginFormValid', target: 'submitting', actions: 'clearMessages' },
              {
                target: 'editing',
                actions: [
                  { type: 'assignAlert', params: { alert: null } },
                  {
                    type: 'assignFieldErrors',
                    params: ({ context }) => ({ errors: validateLoginForm(context.credentials) }),
                  },
                  'focusFirstError',
                ],
              },
            ],
          },
        },
        submitting: {
          tags: LOGIN_TAGS.busy,
          invoke: {
            id: 'submitLogin',
            src: 'submitLogin',
            input: ({ context }) => loginInput(context.credentials),
            onDone: [
              { guard: { type: 'succeeded', params: result }, target: 'loadingSession' },
              {
                guard: { type: 'tooManyRequests', params: result },
                target: 'failed',
                actions: [
                  { type: 'assignAlert', params: failureAlert('tooManyRequests') },
                  { type: 'trackLoginError', params: errorCode },
                ],
              },
              bannedTransition,
              {
                guard: { type: 'requiresTwoFactor', params: result },
                target: '#login.twofa',
                actions: [
                  { type: 'clearCode' },
                  {
                    type: 'assignResendTime',
                    params: ({ event }) => ({ resendTime: failureOf(event.output).resendTime }),
                  },
                ],
              },
              {
                target: 'failed',
                actions: [
                  { type: 'assignAlert', params: refusedAlert },
                  { type: 'trackLoginError', params: errorCode },
                ],
              },
            ],
            onError: {
              target: 'failed',
              actions: [
                { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                { type: 'assignAlert', params: { alert: alertFor('wrongEnter', null) } },
                { type: 'trackLoginError', params: { type: null, code: null } },
              ],
            },
          },
        },
        loadingSession,
      },
    },
    twofa: {
      tags: LOGIN_TAGS.twofa,
      type: 'parallel',
      states: {
        timer: resendCountdownRegion('ready'),
        step: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'otp.change': { actions: { type: 'assignCode', params: ({ event }) => ({ code: event.code }) } },
                'otp.submit': [
                  { guard: 'codeValid', target: 'verifying', actions: 'clearMessages' },
                  {
                    actions: [
                      {
                        type: 'assignFieldErrors',
                        params: ({ context }) => ({ errors: validateTwoFactorCode(context.code) }),
                      },
                      'focusFirstError',
                    ],
                  },
                ],
                'otp.resend': { guard: 'resendAllowed', target: 'resending', actions: 'clearMessages' },
                // Only between requests: a code in flight may already have logged the player in.
                'login.back': { target: '#login.form', actions: ['clearCredentials', 'clearMessages', 'resetResendTime'] },
              },
            },
            verifying: {
              tags: LOGIN_TAGS.busy,
              invoke: {
                id: 'verifyCode',
                src: 'submitLogin',
                input: ({ context }) => loginInput(context.credentials, normalizeTwoFactorCode(context.code)),
                onDone: [
                  { guard: { type: 'succeeded', params: result }, target: 'loadingSession' },
                  {
                    // SPEC §8: an answer carrying resend_time restarts the resend timer.
                    guard: { type: 'restartsTwoFactor', params: result },
                    target: '#login.twofa',
                    reenter: true,
                    actions: [
                      'clearCode',
                      {
                        type: 'assignResendTime',
                        params: ({ event }) => ({ resendTime: failureOf(event.output).resendTime }),
                      },
                      { type: 'assignAlert', params: stepAlert(twoFactorMessage) },
                    ],
                  },
                  {
                    guard: { type: 'staysInTwoFactor', params: result },
                    target: 'editing',
                    actions: { type: 'assignAlert', params: stepAlert(twoFactorMessage) },
                  },
                  bannedTransition,
                  // SPEC §4 'Other errors are re-raised': the login failed.
                  {
                    target: '#login.form.failed',
                    actions: [
                      'clearCredentials',
                      { type: 'assignAlert', params: refusedAlert },
                      { type: 'trackLoginError', params: errorCode },
                    ],
                  },
                ],
                onError: {
                  target: '#login.form.failed',
                  actions: [
                    { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                    'clearCredentials',
                    { type: 'assignAlert', params: { alert: alertFor('wrongEnter', null) } },
                    { type: 'trackLoginError', params: { type: null, code: null } },
                  ],
                },
              },
            },
            resending: {
              tags: LOGIN_TAGS.busy,
              invoke: {
                id: 'resendCode',
                src: 'submitLogin',
                // A resend is the login again without a code: the server answers with a new resend_time.
                input: ({ context }) => loginInput(context.credentials),
                onDone: [
                  { guard: { type: 'succeeded', params: result }, target: 'loadingSession' },
                  {
                    guard: { type: 'carriesResendTime', params: result },
                    target: '#login.twofa',
                    reenter: true,
                    actions: [
                      'clearCode',
                      {
                        type: 'assignResendTime',
                        params: ({ event }) => ({ resendTime: failureOf(event.output).resendTime }),
                      },
                      { type: 'assignAlert', params: stepAlert(resendFailureMessage) },
                    ],
                  },
                  {
                    target: 'editing',
                    actions: { type: 'assignAlert', params: stepAlert(resendFailureMessage) },
                  },
                ],
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                    { type: 'assignAlert', params: { alert: alertFor('twoFactorSomethingWrong', null) } },
                  ],
                },
              },
            },
            loadingSession,
          },
        },
      },
    },
    success: {
      type: 'final',
      // SPEC §4 'Login', in order: the user is set, analytics sent, the popup closed, then the
      // player goes to the page of their own locale.
      entry: [
        { type: 'setUser', params: ({ context }) => ({ session: requireSession(context.session) }) },
        { type: 'trackLogin', params: ({ context }) => ({ uid: requireSession(context.session).account.uid }) },
        { type: 'closePopup', params: { reason: 'loggedIn' } },
        { type: 'goToLocaleHome', params: ({ context }) => ({ locale: requireSession(context.session).account.locale }) },
      ],
    },
    closed: { type: 'final' },
    // SPEC §2.2, §8: a banned player is shown the user-blocked page. The server bound the session
    // to the player, so the page (and every later one) renders it with its 403.
    blocked: {
      type: 'final',
      entry: ['clearCredentials', { type: 'showBlockedPage', params: {} }],
    },
  },
})

function requireSession(session: LoginSession | null): LoginSession {
  if (!session) throw new Error('loginMachine: reached success without a session')
  return session
}

export type LoginMachine = typeof loginMachine
