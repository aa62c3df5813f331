// Types of the social-login flow (SPEC §2.3 'social-login buttons', §4 'Social login', §7
// 'Social login': a 640x480 window at /oauth/init with service, redirect_url and type_auth).
import type { SocialAuthErrorCode, SocialService, SocialSettings, TypeAuth } from '../../../services/api/contract/oauth'
import type { AccountInfo, AppRef, AuthResult, DialogsRef } from '../auth.types'

export type { SocialAuthErrorCode, SocialService, TypeAuth }

/** SPEC §9 'Popup window 640x480'; the name lets a second click reuse the window. */
export const SOCIAL_WINDOW = Object.freeze({ name: 'social-auth', width: 640, height: 480 })

export interface SocialLoginInput {
  /** SPEC §7 type_auth: the view the buttons are in. */
  readonly typeAuth?: TypeAuth
  /** The page to come back to when the window cannot report to this one (redirect_url). */
  readonly returnTo?: string
  /** The root actor: told of the new session. */
  readonly app?: AppRef
  /** The dialog stack of the auth popup the buttons are in. */
  readonly dialogs?: DialogsRef
}

/** What the window reported (the callback page's message, checked by the provider). */
export type SocialWindowResult =
  | { readonly ok: true; readonly created: boolean }
  | { readonly ok: false; readonly code: SocialAuthErrorCode }

/** Alert texts the view translates; the chart only names them. */
export type SocialLoginMessageId =
  /** The player cancelled at the provider. */
  | 'cancelled'
  /** The account is blocked. */
  | 'blocked'
  /** The provider could not be reached. */
  | 'unavailable'
  /** Too many attempts from here. */
  | 'tooManyRequests'
  /** Anything else: state, code or token refused, or the session did not take. */
  | 'failed'

export interface SocialLoginContext {
  readonly typeAuth: TypeAuth
  readonly returnTo: string
  readonly app: AppRef | null
  readonly dialogs: DialogsRef | null
  /** The buttons (SPEC §2.3 'Social list items have id, icon and name'). */
  readonly services: readonly SocialService[]
  /** The service whose window is open, or was last. */
  readonly service: string | null
  /** Whether the window said it made a new account (analytics: sign-up rather than login). */
  readonly created: boolean
  readonly alert: SocialLoginMessageId | null
  /** The player, set on the way into `success` or `completing`. */
  readonly account: AccountInfo | null
}

export type SocialLoginEvent =
  /** A social button. */
  | { type: 'social.select'; service: string }
  /** 'Cancel' while the window is open: stop waiting (the window is closed). */
  | { type: 'social.cancel' }
  /** The window reported (provided watchWindow actor). */
  | { type: 'social.window.result'; result: SocialWindowResult }
  /** The window closed without reporting (the player closed it, or its opener was cut off). */
  | { type: 'social.window.closed' }
  /** The browser refused to open the window. */
  | { type: 'social.window.blocked' }
  /** The popup's close button. */
  | { type: 'popup.close' }

export type LoadSocialSettingsResult = AuthResult<{ readonly settings: SocialSettings }>
export type RefreshUserResult = AuthResult<{ readonly account: AccountInfo }>
export interface WatchWindowInput {
  readonly service: string
}

export interface SocialLoginActionParams {
  /** Keeps the page's backUrl query value under the social-auth storage key (SPEC §4). */
  readonly rememberBackUrl: Readonly<Record<string, never>>
  /** Opens the 640x480 window at the URL (SPEC §7). */
  readonly openWindow: { readonly url: string; readonly name: string; readonly width: number; readonly height: number }
  /** The window was blocked: the same flow in this page instead. */
  readonly navigate: { readonly url: string }
  /** Hands the account to the root actor ('session.set'). */
  readonly setUser: { readonly account: AccountInfo }
  /** Analytics: a login or, for a new account, a sign-up. */
  readonly trackLogin: { readonly uid: number; readonly created: boolean }
  readonly trackLoginError: { readonly code: SocialAuthErrorCode | null }
  readonly closePopup: { readonly reason: 'loggedIn' | 'dismissed' }
  /** Reads the stored backUrl once, removes it, and goes there if the redirect rule allows, else to the locale home. */
  readonly followBackUrl: { readonly locale: string }
  readonly reportError: { readonly error: unknown }
}
