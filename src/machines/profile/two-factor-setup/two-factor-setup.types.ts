// Types of the two-factor set-up in the profile's security section (SPEC §1 'security (including
// two-factor authentication)', §5 'Numeric code', §7 changeTwoFactorAuth, confirmTwoFactorAuth).
import type { TWO_FACTOR_ERROR_CODE } from '../../../services/api/contract/account'
import type { FormErrors } from '../../../shared/validation/rules'
import type { AuthFailure, AuthResult } from '../../auth/auth.types'
import type { FormEmitted } from '../../forms/focus-first-error'

export type { AuthFailure }

/**
 * The error codes the flow routes on, as the account contract spells them (machines import only
 * the contract's types; `satisfies` keeps the spellings equal).
 */
export const TWO_FACTOR_CODES = {
  wrongPassword: 'wrong_password',
  codeInvalid: 'two_factor_invalid',
  codeExpired: 'two_factor_expired',
  notPending: 'two_factor_not_pending',
} as const satisfies Pick<typeof TWO_FACTOR_ERROR_CODE, 'wrongPassword' | 'codeInvalid' | 'codeExpired' | 'notPending'>

/** Context keys holding secrets: the password, the code, the new secret and the recovery codes. */
export const TWO_FACTOR_SETUP_REDACTED_KEYS = ['password', 'code', 'pending', 'recoveryCodes'] as const

export interface TwoFactorSetupInput {
  /** Whether two-factor is on now (account info `two_factor_auth`). */
  readonly enabled: boolean
}

export interface PendingSecret {
  /** Base32, as an authenticator app takes it typed in. */
  readonly secret: string
  /** otpauth://totp/... for a QR code or a tap on a phone. */
  readonly otpauthUri: string
  /** That URI as a QR code image (a data: URI) when the server drew one. */
  readonly qr?: string
}

export type TwoFactorFieldErrors = FormErrors<'password' | 'code'>

/** Alerts of the flow; the view translates the id. */
export type TwoFactorMessageId =
  | 'wrongPassword'
  | 'codeInvalid'
  | 'codeExpired'
  | 'tooManyRequests'
  /** The set-up was replaced or finished elsewhere: start again. */
  | 'notPending'
  | 'somethingWrong'
  /** The clipboard refused: copy the codes by hand. */
  | 'copyFailed'

export interface TwoFactorAlert {
  readonly messageId: TwoFactorMessageId
  readonly retryAfterSec: number | null
}

export interface TwoFactorSetupContext {
  readonly enabled: boolean
  readonly password: string
  readonly code: string
  readonly pending: PendingSecret | null
  /** Shown once after confirming, then dropped. */
  readonly recoveryCodes: readonly string[]
  readonly fieldErrors: TwoFactorFieldErrors
  readonly alert: TwoFactorAlert | null
}

export type TwoFactorSetupEvent =
  /** 'Enable': asks for the password first. */
  | { type: 'twofa.enable' }
  /** Leaves the enable or disable form; nothing changes. */
  | { type: 'twofa.cancel' }
  | { type: 'twofa.password.change'; value: string }
  | { type: 'twofa.password.submit' }
  | { type: 'twofa.code.change'; code: string }
  /** Confirms the new secret with a code of it. */
  | { type: 'twofa.confirm' }
  | { type: 'twofa.codes.copy' }
  /** 'I have saved them': the codes are not shown again. */
  | { type: 'twofa.codes.done' }
  /** 'Disable': asks for a code. */
  | { type: 'twofa.disable' }
  | { type: 'twofa.disable.submit' }

// ── actors ──────────────────────────────────────────────────────────────────

export interface StartSetupInput {
  readonly password: string
}
export type StartSetupResult = AuthResult<{ readonly pending: PendingSecret }>

export interface ConfirmSetupInput {
  readonly code: string
}
export type ConfirmSetupResult = AuthResult<{ readonly recoveryCodes: readonly string[] }>

export interface DisableInput {
  readonly code: string
}
export type DisableResult = AuthResult

export interface CopyCodesInput {
  readonly text: string
}

// ── actions and what the flow emits ─────────────────────────────────────────

/** Emitted when two-factor went on or off: the page has the session's account info re-read. */
export const TWO_FACTOR_STATUS_CHANGED = 'twofa.statusChanged' as const
export type TwoFactorSetupEmitted = FormEmitted | { readonly type: typeof TWO_FACTOR_STATUS_CHANGED; readonly enabled: boolean }

export interface TwoFactorSetupActionParams {
  /** Two-factor went on or off (emits TWO_FACTOR_STATUS_CHANGED): the session's account info is re-read. */
  readonly statusChanged: { readonly enabled: boolean }
  /** SPEC §8 UserBanned: the whole page becomes the user-blocked page. */
  readonly showBlockedPage: Readonly<Record<string, never>>
  readonly reportError: { readonly error: unknown }
}
