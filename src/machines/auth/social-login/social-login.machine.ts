// The auth popup's social login (SPEC §2.3, §4 and §7 'Social login'). Every ending asks the server who this
// page is now, because the session cookie is what the window changed (docs/machines.md#social-login).
import { assign, setup } from 'xstate'
import type { AccountInfo } from '../auth.types'
import { AUTH_DIALOG_ID } from '../auth-popup/auth-popup.ids'
import {
  followBackUrl,
  loadSettings,
  navigateTo,
  openSocialWindow,
  refreshUser,
  rememberPageBackUrl,
  trackSocialLogin,
  trackSocialLoginError,
  watchWindow,
} from './social-login.actors'
import { isOfferedService, socialInitUrl, socialMessageFor } from './social-login.rules'
import {
  SOCIAL_WINDOW,
  type RefreshUserResult,
  type SocialLoginContext,
  type SocialLoginEvent,
  type SocialLoginInput,
  type SocialLoginMessageId,
  type SocialWindowResult,
  type SocialAuthErrorCode,
  type SocialService,
} from './social-login.types'

export const SOCIAL_LOGIN_TAGS = {
  /** The buttons show. */
  buttons: 'buttons',
  /** A window is open or its outcome is being checked: buttons disabled, a cancel link shows. */
  busy: 'busy',
} as const
export type SocialLoginTag = (typeof SOCIAL_LOGIN_TAGS)[keyof typeof SOCIAL_LOGIN_TAGS]

const loggedIn = (result: RefreshUserResult): result is Extract<RefreshUserResult, { ok: true }> => result.ok && result.account.uid > 0

function accountOf(result: RefreshUserResult): AccountInfo {
  if (!loggedIn(result)) throw new Error('socialLoginMachine: expected a logged-in account')
  return result.account
}

function requireAccount(account: AccountInfo | null): AccountInfo {
  if (!account) throw new Error('socialLoginMachine: finished without an account')
  return account
}

const socialLoginSetup = setup({
  types: {
    context: {} as SocialLoginContext,
    events: {} as SocialLoginEvent,
    input: {} as SocialLoginInput,
    children: {} as { loadSettings: 'loadSettings'; watchWindow: 'watchWindow'; refreshUser: 'refreshUser' },
    tags: {} as SocialLoginTag,
  },
  actors: { loadSettings, refreshUser, watchWindow },
  actions: {
    rememberBackUrl: () => rememberPageBackUrl(),
    openWindow: (_, params: { url: string; name: string; width: number; height: number }) => openSocialWindow(params),
    /** The window was refused: the flow runs in this page instead. */
    navigate: (_, params: { url: string }) => navigateTo(params.url),
    /** Hands the account to the root actor. */
    setUser: ({ context }, params: { account: AccountInfo }) => {
      if (!context.app) throw new Error('socialLoginMachine: input.app is missing')
      context.app.send({ type: 'session.set', account: params.account, via: 'login' })
    },
    trackLogin: ({ context }, params: { uid: number; created: boolean }) => trackSocialLogin(params.uid, params.created, context.typeAuth),
    trackLoginError: (_, params: { code: SocialAuthErrorCode | null }) => trackSocialLoginError(params.code),
    /** Closes the auth popup; buttons outside one have none to close. */
    closePopup: ({ context }, params: { reason: 'loggedIn' | 'dismissed' }) =>
      context.dialogs?.send({ type: 'dialog.close', id: AUTH_DIALOG_ID, immediate: params.reason === 'loggedIn' }),
    followBackUrl: (_, params: { locale: string }) => followBackUrl(params.locale),
    reportError: (_, params: { error: unknown }) => {
      console.error('socialLoginMachine:', params.error)
    },
    assignServices: assign((_, params: { services: readonly SocialService[] }) => ({ services: params.services })),
    assignService: assign((_, params: { service: string }) => ({ service: params.service, alert: null, created: false })),
    assignCreated: assign((_, params: { created: boolean }) => ({ created: params.created })),
    assignAlert: assign((_, params: { alert: SocialLoginMessageId | null }) => ({ alert: params.alert })),
    assignAccount: assign((_, params: { account: AccountInfo }) => ({ account: params.account })),
  },
  guards: {
    offered: ({ context }, params: { service: string }) => isOfferedService(context.services, params.service),
    windowSucceeded: (_, params: { result: SocialWindowResult }) => params.result.ok,
    loggedIn: (_, params: { result: RefreshUserResult }) => loggedIn(params.result),
    needsCompletion: (_, params: { result: RefreshUserResult }) => loggedIn(params.result) && !params.result.account.is_registration_completed,
  },
})

type RefreshDone = { event: { output: RefreshUserResult } }
const refreshResult = ({ event }: RefreshDone) => ({ result: event.output })
const accountParams = ({ event }: RefreshDone) => ({ account: accountOf(event.output) })

/** After the window: who is this page now? `otherwise` is where a visitor answer goes. */
function whoAmI(otherwise: { alert: SocialLoginMessageId | null; track: boolean }) {
  const visitor = [
    { type: 'assignAlert' as const, params: { alert: otherwise.alert } },
    ...(otherwise.track ? [{ type: 'trackLoginError' as const, params: { code: null } }] : []),
  ]
  return socialLoginSetup.createStateConfig({
    tags: SOCIAL_LOGIN_TAGS.busy,
    invoke: {
      id: 'refreshUser',
      src: 'refreshUser',
      onDone: [
        { guard: { type: 'needsCompletion', params: refreshResult }, target: '#socialLogin.completing', actions: { type: 'assignAccount', params: accountParams } },
        { guard: { type: 'loggedIn', params: refreshResult }, target: '#socialLogin.success', actions: { type: 'assignAccount', params: accountParams } },
        { target: '#socialLogin.ready', actions: visitor },
      ],
      onError: {
        target: '#socialLogin.ready',
        actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: 'failed' } }],
      },
    },
  })
}

/** What both endings run first: the session, analytics, the popup closed (SPEC §4 'Login'). */
const loggedInActions = [
  { type: 'setUser', params: ({ context }: { context: SocialLoginContext }) => ({ account: requireAccount(context.account) }) },
  { type: 'trackLogin', params: ({ context }: { context: SocialLoginContext }) => ({ uid: requireAccount(context.account).uid, created: context.created }) },
  { type: 'closePopup', params: { reason: 'loggedIn' } },
] as const

export const socialLoginMachine = socialLoginSetup.createMachine({
  id: 'socialLogin',
  context: ({ input }) => ({
    // Every field of the input is optional, and so is the input.
    typeAuth: input?.typeAuth ?? 'login',
    returnTo: input?.returnTo ?? '/',
    app: input?.app ?? null,
    dialogs: input?.dialogs ?? null,
    services: [],
    service: null,
    created: false,
    alert: null,
    account: null,
  }),
  initial: 'loading',
  on: {
    'popup.close': { target: '.closed', actions: { type: 'closePopup', params: { reason: 'dismissed' } } },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: [
          {
            guard: ({ event }) => event.output.ok && event.output.settings.services.length > 0,
            target: 'ready',
            actions: { type: 'assignServices', params: ({ event }) => ({ services: event.output.ok ? event.output.settings.services : [] }) },
          },
          { target: 'unavailable' },
        ],
        onError: { target: 'unavailable', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // No provider configured, or the list could not be had: the view shows no buttons.
    unavailable: {},
    ready: {
      tags: SOCIAL_LOGIN_TAGS.buttons,
      on: {
        'social.select': {
          guard: { type: 'offered', params: ({ event }) => ({ service: event.service }) },
          target: 'waiting',
          actions: [
            { type: 'assignService', params: ({ event }) => ({ service: event.service }) },
            'rememberBackUrl',
            {
              type: 'openWindow',
              params: ({ context, event }) => ({ url: socialInitUrl(event.service, context.returnTo, context.typeAuth), ...SOCIAL_WINDOW }),
            },
          ],
        },
      },
    },
    waiting: {
      tags: [SOCIAL_LOGIN_TAGS.buttons, SOCIAL_LOGIN_TAGS.busy],
      invoke: {
        id: 'watchWindow',
        src: 'watchWindow',
        input: ({ context }) => {
          if (!context.service) throw new Error('socialLoginMachine: waiting without a service')
          return { service: context.service }
        },
      },
      on: {
        'social.window.result': [
          {
            guard: { type: 'windowSucceeded', params: ({ event }) => ({ result: event.result }) },
            target: 'refreshing',
            actions: { type: 'assignCreated', params: ({ event }) => ({ created: event.result.ok && event.result.created }) },
          },
          {
            target: 'ready',
            actions: [
              { type: 'assignAlert', params: ({ event }) => ({ alert: socialMessageFor(event.result.ok ? null : event.result.code) }) },
              { type: 'trackLoginError', params: ({ event }) => ({ code: event.result.ok ? null : event.result.code }) },
            ],
          },
        ],
        'social.window.closed': 'checking',
        'social.window.blocked': {
          target: 'redirected',
          actions: { type: 'navigate', params: ({ context }) => ({ url: socialInitUrl(context.service ?? '', context.returnTo, context.typeAuth) }) },
        },
        'social.cancel': 'ready',
      },
    },
    refreshing: whoAmI({ alert: 'failed', track: true }),
    checking: whoAmI({ alert: null, track: false }),
    success: {
      type: 'final',
      entry: [...loggedInActions, { type: 'followBackUrl', params: ({ context }) => ({ locale: requireAccount(context.account).locale }) }],
    },
    completing: { type: 'final', entry: [...loggedInActions] },
    // The browser blocked the window: this page went to /oauth/init itself.
    redirected: { type: 'final' },
    closed: { type: 'final' },
  },
})

export type SocialLoginMachine = typeof socialLoginMachine
