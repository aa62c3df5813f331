// Types of changing the password from the profile (SPEC §7 Account changepassword, §5 'Password', §8).
import type { FormErrors } from '../../../shared/validation/rules'
import type { AuthResult } from '../../auth/auth.types'
import type { FormAlert } from '../../auth/auth.results'

export interface ChangePasswordValues {
  readonly current: string
  readonly password: string
  /** SPEC §5: must equal the new password. */
  readonly confirmation: string
}

export type ChangePasswordFieldErrors = FormErrors<keyof ChangePasswordValues>

/** Context keys holding secrets: the three passwords. */
export const CHANGE_PASSWORD_REDACTED_CONTEXT_KEYS = ['values'] as const

export type ChangePasswordMessageId = 'tooManyRequests' | 'somethingWrong'

export type ChangePasswordAlert = FormAlert<ChangePasswordMessageId>

export interface ChangePasswordContext {
  readonly values: ChangePasswordValues
  readonly fieldErrors: ChangePasswordFieldErrors
  readonly alert: ChangePasswordAlert | null
  /** After a change: how many other devices were signed out; null before. */
  readonly othersEnded: number | null
}

export type ChangePasswordEvent =
  | { type: 'password.field.change'; name: keyof ChangePasswordValues; value: string }
  | { type: 'password.submit' }
  /** After a change: the form again, empty. */
  | { type: 'password.again' }

/** POST account/changepassword (current_password, password). */
export interface SubmitChangeInput {
  readonly currentPassword: string
  readonly password: string
}
export type SubmitChangeResult = AuthResult<{ othersEnded: number }>

export interface ChangePasswordActionParams {
  readonly reportError: { readonly error: unknown }
}
