// Data the root actor holds about the session (SPEC §3 'Account info', 'General info').
// The shapes are the API contract's: machines import its types, never its values (ARCHITECTURE §7
// rule 2), so VISITOR and the schemas stay in src/services/api/contract.

import type { AccountInfo } from '../../../services/api/contract/account'
import type { GeneralInfo } from '../../../services/api/contract/metadata'
import type { CmsConfig } from '../../../services/api/contract/content'
import type { Theme } from '../../../shared/constants'
import type { ErrorCode, ErrorType } from '../../../shared/errors'
import type { Locale } from '../../../shared/locales'
import type { DialogStackEvent } from '../dialog-stack/dialog-stack.types'
import type { LogoutReason } from '../../session/inactivity/inactivity.types'
import type { HeaderMenusEvent } from '../header-menus/header-menus.types'
import type { ToastsPublicEvent } from '../toasts/toasts.types'
import type { AnalyticsSettings } from '../../../shared/analytics-settings'
import type { ConsentChoice } from '../../../shared/consent'
import type { ConsentEvent } from '../consent/consent.types'

export type { AccountInfo, CmsConfig, GeneralInfo }

/**
 * The root machine's tags. Here rather than in the machine: the selectors read them, and a view's
 * import of the selectors must not evaluate the machines (they load after the page, app-actor.ts).
 */
export const APP_TAGS = { refreshingAccount: 'account.refreshing', loggingOut: 'session.loggingOut' } as const

/** SPEC §3: uid above 0 means logged in; a visitor has uid 0. */
export function isPlayerAccount(account: Pick<AccountInfo, 'uid'>): boolean {
  return account.uid > 0
}

/** What the root actor is created with, on the server per request (ARCHITECTURE §1). */
export interface AppInput {
  readonly account: AccountInfo
  readonly locale: Locale
  /** The raw theme cookie value: anything, since a cookie is user input; unknown values fall back. */
  readonly theme: string | null | undefined
  readonly generalInfo?: GeneralInfo | null
  /** The public content config of the locale (GET /nfx/cms-config/{locale}), read by SSR; null when it could not be read. */
  readonly cmsConfig?: CmsConfig | null
  /** The page's path and query without the locale prefix (the balance refresh pauses on /game/ paths); '/' when unknown. */
  readonly path?: string
  /** The build that served the page (SPEC §4 'Build manifest'); null in development, where nothing is polled. */
  readonly buildId?: string | null
  /** The consent cookie's choice; null or absent: not asked yet (the banner shows). */
  readonly consent?: ConsentChoice | null
  /** The operator's analytics tools and fingerprint host; absent: none. */
  readonly analytics?: AnalyticsSettings
}

export interface AppContext {
  readonly account: AccountInfo
  readonly locale: Locale
  /** A player's new locale while the account takes it (account/changelocale); the page switches after. */
  readonly pendingLocale?: Locale
  readonly theme: Theme
  /** SPEC §3 'General info' (time_to_force_logout for the inactivity watcher); read once a player is known. */
  readonly generalInfo: GeneralInfo | null
  /**
   * The content system's public sections for the locale (site config, banners, popups, ...), from
   * SSR and dehydrated with the snapshot; null when the page was rendered without it.
   */
  readonly cmsConfig: CmsConfig | null
  /** The router's current path: the long-lived actors start from it. */
  readonly path: string
  /** The build that served the page: the build watch compares the latest one with it. */
  readonly buildId: string | null
  /** The operator's analytics tools, for the consent actor (which owns the visitor's choice). */
  readonly analytics: AnalyticsSettings
}

/**
 * What `fetchAccount` resolves with. An expected failure (an API error of SPEC §8) comes back as a
 * value, not a rejection, so the chart routes it with a guard; a rejection is a bug (ARCHITECTURE §7).
 */
export type FetchAccountResult =
  | { readonly ok: true; readonly account: AccountInfo }
  | { readonly ok: false; readonly error: { readonly type: ErrorType; readonly code: ErrorCode } }

export interface FetchAccountInput {
  readonly locale: Locale
  /** The account the session holds now (the server, which read it for this request, answers with it). */
  readonly current: AccountInfo
}

/** What `loadGeneralInfo` resolves with; an API error is a value, as for fetchAccount. */
export type LoadGeneralInfoResult =
  | { readonly ok: true; readonly generalInfo: GeneralInfo }
  | { readonly ok: false; readonly error: { readonly type: ErrorType; readonly code: ErrorCode } }

/**
 * What `logout` resolves with. Every failure is a value: the player is logged out here either way
 * (the server expires the session), and the failure is only reported; `errorType` is the error's name.
 */
/** How a player came in on this page: the operator's popups for that moment follow. */
export type SessionSetVia = 'login' | 'registration'

/** Why a session ended: the inactivity watcher's reasons, or the player's own logout. */
export type SessionEndReason = LogoutReason | 'player'

export type LogoutResult = { readonly ok: true } | { readonly ok: false; readonly errorType: string | null }

export interface BalanceSocketInput {
  readonly loggedIn: boolean
}

/** What the root tells the balance socket: connect for a player, disconnect for a visitor. */
export type BalanceSocketEvent = { type: 'session.change'; loggedIn: boolean }

/** The balances a balance push or a balance poll carries (account/getBalance's answer, SPEC §3). */
export type AccountBalances = Pick<AccountInfo, 'balance_main' | 'balance_bonus' | 'balance_betting_bonus'> &
  Partial<Pick<AccountInfo, 'balance_fun'>>

/** Events the root actor handles itself. */
export type AppOwnEvent =
  /** Re-read the account from the server (after a deposit, a socket hint, a failed call). */
  | { type: 'session.refresh' }
  /** A flow learned the account: login, registration, logout (VISITOR); `via` says a player just came in. */
  | { type: 'session.set'; account: AccountInfo; via?: SessionSetVia }
  /** Fresh balances (the balance socket's push, the balance poll): a player's account takes them. */
  | { type: 'balance.update'; balances: AccountBalances }
  /** The balance socket's support chat notice: for the chat actor's unread count. */
  | { type: 'support.notice'; unread: number; lastId: number }
  | { type: 'theme.toggle' }
  /** Any string, because it may come from a cookie or a query; unknown themes fall back (SPEC §4). */
  | { type: 'theme.set'; theme: string }
  | { type: 'locale.change'; locale: Locale }
  /**
   * Sent once by the browser after it resumed the server's snapshot and hydrated the page: the
   * long-lived actors (inactivity, balance, hints, socket) start, never on the server.
   */
  | { type: 'app.hydrated' }
  /**
   * Where the router is (path and query), reported on every render of a location; a new one is
   * activity for the inactivity watcher and a path for the balance refresh.
   */
  | { type: 'route.change'; path: string }
  /** Read the balance now (a cashier page opened, a payment ended); coalesced with one in flight. */
  | { type: 'balance.refresh' }
  /** The inactivity warning's 'Stay logged in'. */
  | { type: 'inactivity.stay' }
  /** The player closed the hint banner. */
  | { type: 'hints.dismiss' }
  /** The player's own logout (the profile's button, the account menu); ignored while one runs. */
  | { type: 'session.logout' }
  /** The inactivity watcher ended the session (its countdown, another tab, the server): log out here. */
  | { type: 'session.end'; reason: LogoutReason }
  /** The build watch saw a newer build (SPEC §4 'Build manifest'): offer the reload. */
  | { type: 'build.offer' }
  /** The service worker installed a newer build and waits for the page. */
  | { type: 'build.updateReady' }
  /** The player accepted the reload offer: open forms keep their drafts, the page loads the new build. */
  | { type: 'build.reload' }

/**
 * Everything a view may send to the root actor: its own events plus the dialog, toast and menu
 * events it forwards to the children, so a view holds one actor and one event union.
 */
export type AppEvent =
  | AppOwnEvent
  | Exclude<ConsentEvent, { type: 'app.hydrated' }>
  | Exclude<DialogStackEvent, { type: 'app.hydrated' }>
  | ToastsPublicEvent
  | HeaderMenusEvent

/** account/changelocale settled: whether the account took it. */
export interface SaveLocaleResult {
  readonly ok: boolean
}
