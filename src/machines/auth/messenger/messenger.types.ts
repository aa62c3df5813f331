// Types of the messenger mini-app sign-in (SPEC §4 'Messenger mini-app', §7 register with is_tg,
// §8 'Messenger auto-registration failure shows an error toast').
import type { AUTH_ERROR_CODE, MessengerRegisterParams } from '../../../services/api/contract/auth'
import type { ErrorCode, ErrorType } from '../../../shared/errors'
import type { AccountInfo, AuthFailure, AuthResult, AppRef } from '../auth.types'

/**
 * Error codes of register with is_tg, as the auth contract spells them (a machine may import only
 * the contract's types; `satisfies` keeps the two spellings equal).
 */
export const MESSENGER_ERROR_CODES = {
  /** AuthorizationException: the init data is malformed, tampered with, or not for our bot. */
  invalid: 'messenger_auth_invalid',
  /** AuthorizationException: auth_date is too old; the mini-app must be opened again. */
  expired: 'messenger_auth_expired',
} as const satisfies { invalid: (typeof AUTH_ERROR_CODE)['messengerInvalid']; expired: (typeof AUTH_ERROR_CODE)['messengerExpired'] }

/** The hash key the messenger opens the mini-app with: `#tgWebAppData=<init data>&tgWebAppVersion=...`. */
export const MESSENGER_HASH_KEY = 'tgWebAppData'

/**
 * What the launch sends: SPEC §4's is_tg, id, username, hash, language_code, plus `payload`, the
 * raw init data the server verifies (the rest only repeats it).
 */
export type MessengerLaunch = Readonly<MessengerRegisterParams>

/** Toast texts of SPEC §8; the view translates the id. */
export type MessengerMessageId =
  /** The server found the data malformed, tampered with or signed for another bot. */
  | 'messengerInvalid'
  /** Signed, but too old: the player should open the mini-app again. */
  | 'messengerExpired'
  /** Anything else: the network, the server, a ban (the ban page follows on the next load). */
  | 'messengerFailed'

export interface MessengerInput {
  /** The root actor: told of the new session and shows the error toast. */
  readonly app: AppRef
  /** The toast's text for a failure, in the page's language (the view translates). */
  readonly toastText: (messageId: MessengerMessageId) => string
}

export interface MessengerContext {
  readonly app: AppRef | null
  readonly toastText: ((messageId: MessengerMessageId) => string) | null
  /** Read from the hash by 'messenger.check'; secret-ish (it signs the player in), redacted by tools. */
  readonly launch: MessengerLaunch | null
  readonly failure: AuthFailure | null
  readonly account: AccountInfo | null
}

export const MESSENGER_REDACTED_CONTEXT_KEYS = ['launch'] as const

export type MessengerEvent =
  /**
   * The page looked at its URL once hydrated: the hash as it is, and whether a player is logged
   * in already (then nothing is done: SPEC §4 'if ... the user is logged out').
   */
  { type: 'messenger.check'; hash: string; loggedIn: boolean }

// ── actors ──────────────────────────────────────────────────────────────────

/** SPEC §7 POST auth/register with is_tg: the account it registered or logged into. */
export type SignInInput = MessengerLaunch
export type SignInResult = AuthResult<{ readonly account: AccountInfo }>

// ── actions a provider implements ───────────────────────────────────────────

export interface MessengerActionParams {
  /** Hands the account to the root actor ('session.set'). */
  readonly setUser: { readonly account: AccountInfo }
  /** Analytics: SPEC §4 'Marketing analytics' identifies the visitor on registration or login. */
  readonly trackSignIn: { readonly uid: number }
  /** SPEC §8: an error toast. */
  readonly showErrorToast: { readonly messageId: MessengerMessageId; readonly type: ErrorType | null; readonly code: ErrorCode }
  /** A bug (the actor rejected); loud by default. */
  readonly reportError: { readonly error: unknown }
}
