// Types of the login flow (SPEC §3 'Login form', 'Two-factor pending data', 'Two-factor form';
// §4 'Login'; §8 'Login failure', 'Two-factor messages').
import type { ErrorCode, ErrorType } from '../../../shared/errors'
import type { Locale } from '../../../shared/locales'
import type { FormErrors } from '../../../shared/validation/rules'
import type { AccountInfo, AppRef, AuthResult, ClosePopupReason, DialogsRef, LoyaltyInfo, PlayerProfile } from '../auth.types'

/**
 * The login form's values, kept through the two-factor step (SPEC §3 'Two-factor pending data').
 * One key holds every secret of the flow, so an inspector or a log redacts `context.credentials`
 * (and the one-time `code`): see LOGIN_REDACTED_CONTEXT_KEYS.
 */
export interface Credentials {
  readonly login: string
  readonly password: string
}

/** Context keys that hold secrets; the inspector and any snapshot logging must redact them. */
export const LOGIN_REDACTED_CONTEXT_KEYS = ['credentials', 'code'] as const


/**
 * Per-field errors of SPEC §5 (src/shared/validation): login uses the text rule, the password is
 * required, the code is 6 digits or a recovery code. The view translates with messageFor().
 */
export type LoginFieldErrors = FormErrors<keyof Credentials | 'code'>

/** Alert messages of SPEC §8; the view translates the id. */
export type LoginMessageId =
  /** 'Login failure: an alert notice with wrong enter text'. */
  | 'wrongEnter'
  /** TooManyRequestsException, shown with `retryAfterSec` when the server gave it. */
  | 'tooManyRequests'
  /** 'code is invalid'. */
  | 'twoFactorInvalid'
  /** 'Time expired'. */
  | 'twoFactorExpired'
  /** A resend that failed without a new resend_time: 'something wrong'. */
  | 'twoFactorSomethingWrong'
  /** The account is self-excluded (SPEC §2.2 responsible gaming): shown with `until`. */
  | 'selfExcluded'
  /** The player took a time-out (a short self-exclusion): shown with `until`. */
  | 'timedOut'

export interface LoginAlert {
  readonly messageId: LoginMessageId
  readonly type: ErrorType | null
  readonly code: ErrorCode
  readonly retryAfterSec: number | null
  /** 'selfExcluded', 'timedOut': the ISO 8601 end of the period, or null when it is permanent. */
  readonly until?: string | null
}

export interface LoginInput {
  /** The root actor: told of the new session. */
  readonly app: AppRef
  /** The dialog stack of the auth popup; absent where the form is a page of its own. */
  readonly dialogs?: DialogsRef
  /**
   * The embeddable /forms/sign_in page (SPEC §2.3): framed, a login tells the parent (refresh_user)
   * and the frame stays; alone, the page goes to its safe backUrl or the locale's home.
   */
  readonly embedded?: boolean
}

export interface LoginContext {
  readonly app: AppRef | null
  readonly dialogs: DialogsRef | null
  /** input.embedded: where a login leads (goToLocaleHome). */
  readonly embedded: boolean
  readonly credentials: Credentials
  /** The two-factor code as typed (SPEC §3 'Two-factor form'). */
  readonly code: string
  /** Seconds left before 'otp.resend' is allowed; 0 means now. Counts down in 1 s ticks. */
  readonly resendTime: number
  readonly fieldErrors: LoginFieldErrors
  readonly alert: LoginAlert | null
  /** What loadSession loaded, set on the way into `success`, whose entry hands it on. */
  readonly session: LoginSession | null
}

export type LoginEvent =
  /** Typing in the login form. */
  | { type: 'login.field.change'; name: keyof Credentials; value: string }
  /** The login form's submit button. */
  | { type: 'login.submit' }
  /** Typing in the two-factor code input. */
  | { type: 'otp.change'; code: string }
  /** The two-factor form's submit button. */
  | { type: 'otp.submit' }
  /** 'Send the code again', allowed once the resend countdown reached 0. */
  | { type: 'otp.resend' }
  /** The twofa view's back link (SPEC §2.3): back to authorization, credentials forgotten. */
  | { type: 'login.back' }
  /** The popup's close button. */
  | { type: 'popup.close' }

// ── actors ──────────────────────────────────────────────────────────────────

/** SPEC §7 POST auth/login (login, password, code). The login has its leading plus stripped. */
export interface SubmitLoginInput {
  readonly login: string
  readonly password: string
  /** Absent on the first try and on a resend; the 6 digits or a recovery code otherwise. */
  readonly code?: string
}
export type SubmitLoginResult = AuthResult

export interface LoginSession {
  readonly account: AccountInfo
  readonly profile: PlayerProfile | null
  /** Null when the player has no loyalty programme, or loading it failed (it never fails login). */
  readonly loyalty: LoyaltyInfo | null
}

/** Loads what a logged-in page needs: user, profile and loyalty (SPEC §4 'Login'). */
export type LoadSessionInput = Readonly<Record<string, never>>
export type LoadSessionResult = AuthResult<{ readonly session: LoginSession }>

// ── actions a provider implements ───────────────────────────────────────────

export interface LoginActionParams {
  /** Hands the session to the root actor ('session.set') and the stores that need it. */
  readonly setUser: { readonly session: LoginSession }
  /** Analytics: a login happened (SPEC §4 'Marketing analytics': identify the visitor). */
  readonly trackLogin: { readonly uid: number }
  /** Analytics: a login failed, with the error code (SPEC §8). */
  readonly trackLoginError: { readonly type: ErrorType | null; readonly code: ErrorCode }
  /** Closes the auth popup (dialog 'auth'); `loggedIn` closes it even when prevent_close is set. */
  readonly closePopup: { readonly reason: Extract<ClosePopupReason, 'loggedIn' | 'dismissed'> }
  /** Navigates to the page of the player's own locale (SPEC §2.3); embedded, see LoginInput.embedded. */
  readonly goToLocaleHome: { readonly locale: Locale | string }
  /** A bug (an actor rejected); loud by default. */
  readonly reportError: { readonly error: unknown }
  /** SPEC §8 UserBanned: the page becomes the user-blocked page (the server bound the session). */
  readonly showBlockedPage: Readonly<Record<string, never>>
}
