// Types both auth flows share (SPEC §4 'Login', 'Registration'; §8 error catalogue).
//
// Expected failures travel as values (ARCHITECTURE §7, the Expensify MFA style): an actor resolves
// `{ ok: false, error }` for an API error of SPEC §8 and rejects only for a bug. `AuthFailure` is
// the part of the §8 error body the charts route on: type and code, never the translated message
// (ARCHITECTURE §4: the 2FA step is entered on a code, not on message text).

import type { ActorRefFrom } from 'xstate'
import type { AccountInfo } from '../../services/api/contract/account'
import type { AUTH_ERROR_CODE } from '../../services/api/contract/auth'
import type { LoyaltyInfo } from '../../services/api/contract/loyalty'
import type { DetailedFailure, DetailedResult } from '../api-result'
import type { appMachine } from '../app/app/app.machine'
import type { dialogStackMachine } from '../app/dialog-stack/dialog-stack.machine'

export type { AccountInfo, LoyaltyInfo }

/** An expected failure as the auth flows keep it (api-result.ts). */
export type AuthFailure = DetailedFailure

/** What an auth actor resolves with: its data, or an expected failure as a value. */
export type AuthResult<T extends object = object> = DetailedResult<T>

/**
 * Error codes the auth flows route on, as the auth contract defines them (a machine may not import
 * the contract's values, only its types; `satisfies` keeps the two spellings equal). Matched
 * exactly, so a reworded message never changes the flow.
 */
export const AUTH_ERROR_CODES = {
  /** AuthorizationException with resend_time: two-factor is on; ask for a code (SPEC §4 'Login'). */
  twoFactorRequired: 'two_factor_required',
  /** AuthorizationException: the code was wrong or already used (SPEC §8 'code is invalid'). */
  twoFactorInvalid: 'two_factor_invalid',
  /** AuthorizationException: the code's time step passed (SPEC §8 'Time expired'). */
  twoFactorExpired: 'two_factor_expired',
} as const satisfies Pick<typeof AUTH_ERROR_CODE, 'twoFactorRequired' | 'twoFactorInvalid' | 'twoFactorExpired'>

/**
 * SPEC §3 'Profile'. Its contract belongs to the profile area, which has not pinned it yet; the
 * login flow only hands what it loaded to `setUser`, so it does not pin the shape here either.
 */
export type PlayerProfile = Readonly<Record<string, unknown>>

/** Where the auth popup is closed from: the flow finished, or the player dismissed it. */
export type ClosePopupReason = 'loggedIn' | 'registered' | 'dismissed'

/**
 * The root actor and its dialog stack, as the screen hands them to an auth flow in its input: the
 * flows tell the root of a new session and open or close their dialogs through them.
 */
export type AppRef = ActorRefFrom<typeof appMachine>
export type DialogsRef = ActorRefFrom<typeof dialogStackMachine>
