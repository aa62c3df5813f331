// Types of finishing a recovery link (SPEC §2.3 restore, §5 'Password', §7 auth/resetPassword, §8).
import type { FormErrors } from '../../../shared/validation/rules'
import type { AuthResult, DialogsRef } from '../auth.types'
import type { FormAlert } from '../auth.results'

export interface ResetPasswordValues {
  readonly password: string
  /** SPEC §5: must equal the password. */
  readonly confirmation: string
}

export type ResetPasswordFieldErrors = FormErrors<keyof ResetPasswordValues>

/** Context keys holding secrets: the token from the link and both passwords. */
export const RESET_PASSWORD_REDACTED_CONTEXT_KEYS = ['token', 'values'] as const

export type ResetPasswordMessageId = 'tooManyRequests' | 'somethingWrong'

export type ResetPasswordAlert = FormAlert<ResetPasswordMessageId>

export interface ResetPasswordInput {
  /** The token read from `#reset_token=...`; null or '' when the fragment had none. */
  readonly token: string | null
  /** The dialog stack the dialog lives in: it closes itself and opens the auth popup there. */
  readonly dialogs?: DialogsRef
}

export interface ResetPasswordContext {
  readonly token: string
  readonly dialogs: DialogsRef | null
  readonly values: ResetPasswordValues
  readonly fieldErrors: ResetPasswordFieldErrors
  readonly alert: ResetPasswordAlert | null
}

export type ResetPasswordEvent =
  | { type: 'reset.field.change'; name: keyof ResetPasswordValues; value: string }
  | { type: 'reset.submit' }
  /** On an invalid or expired link: open the restore view to ask for a new one. */
  | { type: 'reset.requestNew' }
  /** On success: open the login view to log in with the new password. */
  | { type: 'reset.login' }
  /** The dialog's close button, Escape or the overlay. */
  | { type: 'reset.close' }

/** SPEC §7-style POST auth/resetPassword (token, password). */
export interface SubmitResetInput {
  readonly token: string
  readonly password: string
}
export type SubmitResetResult = AuthResult

export interface ResetPasswordActionParams {
  /** Opens the auth popup on a view: 'restore' for a new link, 'authorization' to log in. */
  readonly openAuth: { readonly view: 'restore' | 'authorization' }
  /** Closes the reset dialog. */
  readonly closeDialog: Readonly<Record<string, never>>
  readonly reportError: { readonly error: unknown }
}
