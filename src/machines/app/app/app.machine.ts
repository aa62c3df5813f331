// The root actor (ARCHITECTURE §1, §3; SPEC §2.2, §3 'Account info', §4 'Themes', §4 'Dialog stack', §6).
// Session, theme and locale, and the page's live actors change independently: parallel regions (docs/machines.md#app).

import { assign, enqueueActions, sendTo, setup, spawnChild, stateIn, type Snapshot } from 'xstate'
import { DEFAULT_CURRENCY, DEFAULT_THEME, isTheme, THEMES, type Theme } from '../../../shared/constants'
import { isLocale, type Locale } from '../../../shared/locales'
import { hintsMachine } from '../../session/hints/hints.machine'
import type { HintPlayer } from '../../session/hints/hints.types'
import { balanceSocket, fetchAccount, loadGeneralInfo, logout, saveLocale } from './app.actors'
import { rootBalanceMachine, rootBetslipMachine, rootChatWidgetMachine, rootRealityCheckMachine, rootBuildWatchMachine, rootFavouritesMachine, rootFrameMessagesMachine, rootInactivityMachine, rootServiceWorkerMachine, rootSitePopupsMachine } from './app.children'
import { chatMachine } from '../../support/chat/chat.machine'
import { randomKeyPrefix } from '../../support/chat/chat.rules'
import { chatVisitorOf } from '../../support/chat-widget/chat-widget.actors'
import {
  APP_TAGS,
  isPlayerAccount,
  type AccountBalances,
  type AccountInfo,
  type AppContext,
  type AppEvent,
  type AppInput,
  type FetchAccountResult,
  type GeneralInfo,
  type LoadGeneralInfoResult,
  type LogoutResult,
  type SessionEndReason,
  type SessionSetVia,
} from './app.types'
import { dialogStackMachine } from '../dialog-stack/dialog-stack.machine'
import { headerMenusMachine } from '../header-menus/header-menus.machine'
import { toastsMachine } from '../toasts/toasts.machine'
import { consentMachine } from '../consent/consent.machine'
import type { ConsentInput } from '../consent/consent.types'
import { NO_ANALYTICS } from '../../../shared/analytics-settings'

/** SPEC §4 'Themes': a value not in the list means the default theme, dark. */
export function resolveTheme(value: unknown): Theme {
  return isTheme(value) ? value : DEFAULT_THEME
}

function nextTheme(theme: Theme): Theme {
  return THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] ?? DEFAULT_THEME
}

/** The player the hints are for; null for a visitor. */
function hintPlayerOf(account: AccountInfo): HintPlayer | null {
  return isPlayerAccount(account) ? { uid: account.uid, regTime: account.reg_time, login: account.login } : null
}

/** The account's currency (the main balance's); a visitor's slip counts in the site's default. */
const currencyOf = (account: AccountInfo): string => account.balance_main?.currency ?? DEFAULT_CURRENCY

const timeoutOf = (context: AppContext) => context.generalInfo?.time_to_force_logout ?? null

const appSetup = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppContext,
    events: {} as AppEvent,
    children: {} as {
      dialogs: 'dialogs'
      toasts: 'toasts'
      menus: 'menus'
      consent: 'consent'
      fetchAccount: 'fetchAccount'
      inactivity: 'inactivity'
      balance: 'balance'
      hints: 'hints'
      balanceSocket: 'balanceSocket'
      frames: 'frames'
      buildWatch: 'buildWatch'
      serviceWorker: 'serviceWorker'
      sitePopups: 'sitePopups'
      favourites: 'favourites'
      betslip: 'betslip'
      realityCheck: 'realityCheck'
      supportChat: 'supportChat'
      chatWidget: 'chatWidget'
      loadGeneralInfo: 'loadGeneralInfo'
      logout: 'logout'
      saveLocale: 'saveLocale'
    },
    tags: {} as (typeof APP_TAGS)[keyof typeof APP_TAGS],
  },
  actors: {
    fetchAccount,
    dialogs: dialogStackMachine,
    toasts: toastsMachine,
    menus: headerMenusMachine,
    consent: consentMachine,
    inactivity: rootInactivityMachine,
    balance: rootBalanceMachine,
    hints: hintsMachine,
    balanceSocket,
    frames: rootFrameMessagesMachine,
    buildWatch: rootBuildWatchMachine,
    serviceWorker: rootServiceWorkerMachine,
    sitePopups: rootSitePopupsMachine,
    favourites: rootFavouritesMachine,
    betslip: rootBetslipMachine,
    realityCheck: rootRealityCheckMachine,
    supportChat: chatMachine,
    chatWidget: rootChatWidgetMachine,
    loadGeneralInfo,
    logout,
    saveLocale,
  },
  actions: {
    /**
     * The session ended (the inactivity watcher, or the player's own logout): the root holds a
     * visitor, analytics forget the player, the home page loads (SPEC §2.2, §4). The browser implements it.
     */
    endSession: (_, params: { reason: SessionEndReason }) => {
      throw new Error(`appMachine: action "endSession" not provided (${params.reason})`)
    },
    /** Analytics: the logout call failed (the player is logged out all the same). The browser implements it. */
    trackLogoutError: (_, params: { errorType: string | null }) => {
      throw new Error(`appMachine: action "trackLogoutError" not provided (${params.errorType})`)
    },
    /** Writes the theme cookie for a year (SPEC §9). The browser provider implements it. */
    persistTheme: (_, params: { theme: Theme }) => {
      throw new Error(`appMachine: action "persistTheme" not provided (theme ${params.theme})`)
    },
    /** Moves the site to another locale (SPEC §4 'Registration': the site language switches). */
    switchLocale: (_, params: { locale: Locale }) => {
      throw new Error(`appMachine: action "switchLocale" not provided (locale ${params.locale})`)
    },
    /**
     * SPEC §4 'Build manifest': the reload offer, a toast whose button sends 'build.reload'. The
     * browser provides it (the message is translated there: machines do not translate).
     */
    offerReload: (_, params: { reason: 'newBuild' }) => {
      throw new Error(`appMachine: action "offerReload" not provided (${params.reason})`)
    },
    /** An unexpected failure (a bug, not an API error): loud by default; providers may log it. */
    reportError: (_, params: { error: unknown }) => {
      console.error('appMachine:', params.error)
    },
    assignAccount: assign((_, params: { account: AccountInfo }) => ({ account: params.account })),
    /** Only the balances move; a key the update lacks (balance_fun from a poll) keeps its value. */
    assignBalances: assign(({ context }, params: { balances: AccountBalances }) => ({
      account: { ...context.account, ...params.balances },
    })),
    assignTheme: assign((_, params: { theme: Theme }) => ({ theme: params.theme })),
    assignLocale: assign((_, params: { locale: Locale }) => ({ locale: params.locale })),
    forwardHydrated: enqueueActions(({ enqueue }) => {
      enqueue.sendTo('dialogs', { type: 'app.hydrated' })
      enqueue.sendTo('toasts', { type: 'app.hydrated' })
      enqueue.sendTo('consent', { type: 'app.hydrated' })
    }),
    assignPath: assign((_, params: { path: string }) => ({ path: params.path })),
    assignGeneralInfo: assign((_, params: { generalInfo: GeneralInfo }) => ({ generalInfo: params.generalInfo })),
    /**
     * Login, logout or a re-read account, told to the running long-lived actors. Each ignores what
     * changes nothing for it, so a re-read account neither restarts the inactivity clock nor the hints.
     */
    tellSession: enqueueActions(({ context, enqueue, check }) => {
      // stateIn's type knows no events; it reads only the state.
      if (!check(stateIn({ live: 'running' }) as Parameters<typeof check>[0])) return
      const loggedIn = isPlayerAccount(context.account)
      enqueue.sendTo('inactivity', { type: 'inactivity.configure', timeoutSec: timeoutOf(context), loggedIn })
      enqueue.sendTo('balance', { type: 'session.change', loggedIn })
      enqueue.sendTo('balanceSocket', { type: 'session.change', loggedIn })
      enqueue.sendTo('sitePopups', { type: 'session.change', loggedIn })
      enqueue.sendTo('favourites', { type: 'session.change', loggedIn })
      enqueue.sendTo('realityCheck', { type: 'session.change', loggedIn })
      enqueue.sendTo('supportChat', { type: 'session.change', loggedIn })
      enqueue.sendTo('chatWidget', { type: 'auth.changed', visitor: chatVisitorOf(context.account, context.locale) })
      enqueue.sendTo('betslip', { type: 'session.change', loggedIn, currency: currencyOf(context.account) })
      enqueue.sendTo('hints', { type: 'hints.player', player: hintPlayerOf(context.account) })
      enqueue.sendTo('hints', { type: 'hints.balance', uid: context.account.uid, amount: context.account.balance_main?.amount ?? null })
    }),
    /** The main balance as the account shows it now, for the hints (a first deposit may have landed). */
    tellHintsBalance: sendTo('hints', ({ context }) => ({
      type: 'hints.balance' as const,
      uid: context.account.uid,
      amount: context.account.balance_main?.amount ?? null,
    })),
    checkServiceWorker: sendTo('serviceWorker', { type: 'sw.check' as const }),
    tellBuildWatchUpdateReady: sendTo('buildWatch', { type: 'build.updateReady' as const }),
    reloadForNewBuild: sendTo('serviceWorker', { type: 'sw.reload' as const }),
    configureInactivity: sendTo('inactivity', ({ context }) => ({
      type: 'inactivity.configure' as const,
      timeoutSec: timeoutOf(context),
      loggedIn: isPlayerAccount(context.account),
    })),
  },
  guards: {
    hasPlayerAccount: ({ context }) => isPlayerAccount(context.account),
    fetchSucceeded: (_, params: { result: FetchAccountResult }) => params.result.ok,
    generalInfoRead: (_, params: { result: LoadGeneralInfoResult }) => params.result.ok,
    logoutFailed: (_, params: { result: LogoutResult }) => !params.result.ok,
    hasGeneralInfo: ({ context }) => context.generalInfo !== null,
    cameIn: (_, params: { via: SessionSetVia | undefined }) => params.via === 'login' || params.via === 'registration',
    isOtherPath: ({ context }, params: { path: string }) => params.path !== context.path,
    isOtherLocale: ({ context }, params: { locale: unknown }) =>
      isLocale(params.locale) && params.locale !== context.locale,
    playerOtherLocale: ({ context }, params: { locale: unknown }) =>
      isPlayerAccount(context.account) && isLocale(params.locale) && params.locale !== context.locale,
  },
})

/**
 * Visitor and player re-read the account the same way; a visitor stays a visitor while it is read,
 * so the refresh is nested in each role rather than beside them.
 */
const withAccountRefresh = () =>
  appSetup.createStateConfig({
    initial: 'idle',
    states: {
      idle: { on: { 'session.refresh': 'refreshing' } },
      refreshing: {
        tags: APP_TAGS.refreshingAccount,
        invoke: {
          id: 'fetchAccount',
          src: 'fetchAccount',
          input: ({ context }) => ({ locale: context.locale, current: context.account }),
          onDone: [
            {
              guard: { type: 'fetchSucceeded', params: ({ event }) => ({ result: event.output }) },
              target: '#app.session.deciding',
              actions: {
                type: 'assignAccount',
                params: ({ context, event }) => ({
                  account: event.output.ok ? event.output.account : context.account,
                }),
              },
            },
            // An API error: keep the account we have; the player can act on it as before.
            { target: 'idle' },
          ],
          onError: {
            target: 'idle',
            actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
    },
  })

const playerRefresh = withAccountRefresh()

export const appMachine = appSetup.createMachine({
  id: 'app',
  type: 'parallel',
  context: ({ input }) => ({
    account: input.account,
    locale: input.locale,
    theme: resolveTheme(input.theme),
    generalInfo: input.generalInfo ?? null,
    cmsConfig: input.cmsConfig ?? null,
    path: input.path ?? '/',
    buildId: input.buildId ?? null,
    analytics: input.analytics ?? NO_ANALYTICS,
  }),
  entry: [
    spawnChild('dialogs', { id: 'dialogs', systemId: 'dialogs' }),
    spawnChild('toasts', { id: 'toasts', systemId: 'toasts' }),
    spawnChild('menus', { id: 'menus', systemId: 'menus' }),
    // On the server too: the banner is in the HTML exactly when the cookie holds no choice.
    spawnChild('consent', { id: 'consent', systemId: 'consent', input: ({ context, event }) => consentInputOf(context, event) }),
  ],
  on: {
    'dialog.*': { actions: sendTo('dialogs', ({ event }) => event) },
    'toast.*': { actions: sendTo('toasts', ({ event }) => event) },
    'menu.*': { actions: sendTo('menus', ({ event }) => event) },
    'consent.*': { actions: sendTo('consent', ({ event }) => event) },
    'app.hydrated': { actions: 'forwardHydrated' },
  },
  states: {
    session: {
      initial: 'deciding',
      on: {
        // Whatever the session was doing, the new account wins; a refresh in flight is dropped.
        'session.set': {
          target: '.deciding',
          actions: { type: 'assignAccount', params: ({ event }) => ({ account: event.account }) },
        },
      },
      states: {
        deciding: {
          always: [{ guard: 'hasPlayerAccount', target: 'player' }, { target: 'visitor' }],
        },
        visitor: { ...withAccountRefresh(), entry: 'tellSession' },
        player: {
          ...playerRefresh,
          states: {
            idle: { on: { ...playerRefresh.states.idle.on, 'session.logout': 'loggingOut' } },
            refreshing: { ...playerRefresh.states.refreshing, on: { 'session.logout': 'loggingOut' } },
            // The player's own logout: a second click is not taken, so views keep no busy flag.
            loggingOut: {
              tags: APP_TAGS.loggingOut,
              initial: 'calling',
              states: {
                calling: {
                  invoke: {
                    id: 'logout',
                    src: 'logout',
                    // A failed call still logs out here (the server expires the session); it is only reported.
                    onDone: [
                      {
                        guard: { type: 'logoutFailed', params: ({ event }) => ({ result: event.output }) },
                        target: 'ending',
                        actions: [
                          { type: 'trackLogoutError', params: ({ event }) => ({ errorType: event.output.ok ? null : event.output.errorType }) },
                          { type: 'endSession', params: { reason: 'player' } },
                        ],
                      },
                      { target: 'ending', actions: { type: 'endSession', params: { reason: 'player' } } },
                    ],
                    onError: {
                      target: 'ending',
                      actions: [
                        { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                        { type: 'endSession', params: { reason: 'player' } },
                      ],
                    },
                  },
                },
                // endSession sets the visitor ('session.set') and loads the home page; until then the way out stays busy.
                ending: {},
              },
            },
          },
          entry: 'tellSession',
          // A visitor has no balances: a late push after logout changes nothing.
          on: { 'balance.update': { actions: { type: 'assignBalances', params: ({ event }) => ({ balances: event.balances }) } } },
        },
      },
    },
    live: {
      initial: 'dormant',
      states: {
        // The server's root actor, and the browser's until it has taken over the page.
        // (A region's own transition takes the event from the root's, so it forwards it too.)
        dormant: { on: { 'app.hydrated': { target: 'running', actions: 'forwardHydrated' } } },
        running: {
          invoke: [
            {
              id: 'inactivity',
              src: 'inactivity',
              input: ({ context }) => ({ timeoutSec: timeoutOf(context), loggedIn: isPlayerAccount(context.account) }),
            },
            {
              id: 'balance',
              src: 'balance',
              // The operator's polling rules (content site.json functionalSettings); defaults where there is no content.
              input: ({ context }) => ({
                path: context.path,
                loggedIn: isPlayerAccount(context.account),
                ...(context.cmsConfig?.site ? { settings: context.cmsConfig.site.functionalSettings.settingsForUpdBalance } : {}),
              }),
            },
            { id: 'hints', src: 'hints', input: ({ context }) => ({ player: hintPlayerOf(context.account) }) },
            { id: 'balanceSocket', src: 'balanceSocket', input: ({ context }) => ({ loggedIn: isPlayerAccount(context.account) }) },
            // SPEC §2.3: the /forms frame messages, both as a framed page and as a parent.
            { id: 'frames', src: 'frames' },
            // SPEC §4 'Service worker', 'Build manifest': only a built site (one with a build id) has /sw.js.
            { id: 'serviceWorker', src: 'serviceWorker', input: ({ context }) => ({ enabled: context.buildId !== null }) },
            { id: 'buildWatch', src: 'buildWatch', input: ({ context }) => ({ buildId: context.buildId }) },
            {
              id: 'sitePopups',
              src: 'sitePopups',
              input: ({ context }) => ({ items: context.cmsConfig?.popups?.items ?? [], loggedIn: isPlayerAccount(context.account), path: context.path }),
            },
            // The player's favourite games, for every card's heart (views talk to it directly).
            { id: 'favourites', src: 'favourites', input: ({ context }) => ({ loggedIn: isPlayerAccount(context.account) }) },
            // The sportsbook's betslip, one for every page (the board, an event, the home rail); views talk to it directly.
            { id: 'betslip', src: 'betslip', input: ({ context }) => ({ loggedIn: isPlayerAccount(context.account), currency: currencyOf(context.account) }) },
            // The reality check, players only; its dialog goes on the stack and "stop" is the logout.
            { id: 'realityCheck', src: 'realityCheck', input: ({ context }) => ({ loggedIn: isPlayerAccount(context.account) }) },
            // The built-in support chat: its unread count on every page, its conversation where the panel shows.
            { id: 'supportChat', src: 'supportChat', input: ({ context }) => ({ loggedIn: isPlayerAccount(context.account), keyPrefix: randomKeyPrefix() }) },
            // A vendor's chat (the site config's chat section); our own chat makes it do nothing.
            {
              id: 'chatWidget',
              src: 'chatWidget',
              input: ({ context }) => ({
                settings: context.cmsConfig?.chat ?? { kind: 'builtin' as const, consentCategory: 'necessary' as const, config: {} },
                visitor: chatVisitorOf(context.account, context.locale),
                routeName: null,
              }),
            },
          ],
          on: {
            // Views report the location on every render of it; only a move is news.
            'route.change': {
              guard: { type: 'isOtherPath', params: ({ event }) => ({ path: event.path }) },
              actions: [
                { type: 'assignPath', params: ({ event }) => ({ path: event.path }) },
                sendTo('balance', ({ event }) => ({ type: 'route.change' as const, path: event.path })),
                // SPEC §4: a route change is activity too.
                sendTo('inactivity', { type: 'activity' }),
                sendTo('frames', { type: 'frame.navigated' }),
                sendTo('sitePopups', ({ event }) => ({ type: 'route.change' as const, path: event.path })),
              ],
            },
            // The session region has taken the account already (it comes first), so the popups know the player.
            'session.set': {
              guard: { type: 'cameIn', params: ({ event }) => ({ via: event.via }) },
              actions: sendTo('sitePopups', ({ event }) => ({ type: 'popups.trigger' as const, trigger: event.via === 'registration' ? ('afterRegistration' as const) : ('afterLogin' as const) })),
            },
            'balance.refresh': { actions: sendTo('balance', { type: 'balance.refresh' }) },
            'balance.update': { actions: 'tellHintsBalance' },
            'support.notice': { actions: sendTo('supportChat', ({ event }) => event) },
            'inactivity.stay': { actions: sendTo('inactivity', { type: 'inactivity.stay' }) },
            'hints.dismiss': { actions: sendTo('hints', { type: 'hints.dismiss' }) },
            'session.end': { actions: { type: 'endSession', params: ({ event }) => ({ reason: event.reason }) } },
            'build.offer': { actions: [{ type: 'offerReload', params: { reason: 'newBuild' } }, 'checkServiceWorker'] },
            'build.updateReady': { actions: 'tellBuildWatchUpdateReady' },
            'build.reload': { actions: 'reloadForNewBuild' },
          },
          // The inactivity limit is General info's; it is read once a player is known (a visitor's
          // page makes no call for it) and only once a page.
          initial: 'awaitingPlayer',
          states: {
            awaitingPlayer: {
              always: [
                { guard: 'hasGeneralInfo', target: 'settled' },
                { guard: 'hasPlayerAccount', target: 'loadingSettings' },
              ],
            },
            loadingSettings: {
              invoke: {
                id: 'loadGeneralInfo',
                src: 'loadGeneralInfo',
                onDone: [
                  {
                    guard: { type: 'generalInfoRead', params: ({ event }) => ({ result: event.output }) },
                    target: 'settled',
                    actions: [
                      { type: 'assignGeneralInfo', params: ({ event }) => ({ generalInfo: (event.output as { generalInfo: GeneralInfo }).generalInfo }) },
                      'configureInactivity',
                    ],
                  },
                  // An API error: no limit is known, so the watcher stays off for this page.
                  { target: 'settled' },
                ],
                onError: { target: 'settled', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            settled: {},
          },
        },
      },
    },
    theme: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'theme.toggle': {
              actions: [
                { type: 'assignTheme', params: ({ context }) => ({ theme: nextTheme(context.theme) }) },
                { type: 'persistTheme', params: ({ context }) => ({ theme: context.theme }) },
              ],
            },
            'theme.set': {
              actions: [
                { type: 'assignTheme', params: ({ event }) => ({ theme: resolveTheme(event.theme) }) },
                { type: 'persistTheme', params: ({ context }) => ({ theme: context.theme }) },
              ],
            },
          },
        },
      },
    },
    locale: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            // Unknown codes and the current locale change nothing.
            'locale.change': [
              // A player's language is kept on the account first (SPEC §7 changelocale): mails and logins follow it.
              {
                guard: { type: 'playerOtherLocale', params: ({ event }) => ({ locale: event.locale }) },
                target: 'saving',
                actions: assign({ pendingLocale: ({ event }) => event.locale }),
              },
              {
                guard: { type: 'isOtherLocale', params: ({ event }) => ({ locale: event.locale }) },
                actions: [
                  { type: 'assignLocale', params: ({ event }) => ({ locale: event.locale }) },
                  { type: 'switchLocale', params: ({ event }) => ({ locale: event.locale }) },
                ],
              },
            ],
          },
        },
        // Saved or not, the page changes language (the save never fails the switch).
        saving: {
          invoke: {
            id: 'saveLocale',
            src: 'saveLocale',
            input: ({ context }) => ({ locale: pendingLocaleOf(context) }),
            onDone: {
              target: 'ready',
              actions: [
                { type: 'switchLocale', params: ({ context }) => ({ locale: pendingLocaleOf(context) }) },
                assign(({ context }) => ({ locale: pendingLocaleOf(context), pendingLocale: undefined })),
              ],
            },
          },
        },
      },
    },
  },
})

export type AppMachine = typeof appMachine

function pendingLocaleOf(context: AppContext): Locale {
  if (!context.pendingLocale) throw new Error('appMachine: saving a locale without one')
  return context.pendingLocale
}

/**
 * The consent actor's input, when the root starts: the cookie's choice is the init event's input
 * (the consent actor owns the choice from then on, so the root keeps no copy of it).
 */
function consentInputOf(context: AppContext, event: { type: string }): ConsentInput {
  const input = (event as { input?: Partial<AppInput> }).input
  return { choice: input?.consent ?? null, settings: context.analytics }
}

/**
 * createActor options that resume a dehydrated root actor in the browser:
 * `createActor(appMachine.provide(browserImpls), resumeOptions(persisted))`. Restoring takes the
 * context from the snapshot and never reads `input`, but XState's types ask for `input` whenever a
 * machine declares one; this helper is the one place that knows, so callers need no cast.
 */
export function resumeOptions(persisted: unknown): { snapshot: Snapshot<unknown>; input: AppInput } {
  if (typeof persisted !== 'object' || persisted === null || !('value' in persisted) || !('context' in persisted)) {
    throw new Error('appMachine: the dehydrated snapshot is missing or malformed')
  }
  return { snapshot: persisted as unknown as Snapshot<unknown>, input: undefined as unknown as AppInput }
}
