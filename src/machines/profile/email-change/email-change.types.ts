// Types of replacing the e-mail from the profile (SPEC §3 'Contact', §4 'Contact editing', §5
// 'E-mail', §8): the new address and the password asked again.
import type { FormErrors } from '../../../shared/validation/rules'
import type { AuthResult } from '../../auth/auth.types'
import type { FormEmitted } from '../../forms/focus-first-error'
import type { FormAlert } from '../../auth/auth.results'

export interface EmailChangeValues {
  readonly email: string
  readonly password: string
}

export type EmailChangeFieldErrors = FormErrors<keyof EmailChangeValues>

/** Context keys holding secrets: the password. */
export const EMAIL_CHANGE_REDACTED_CONTEXT_KEYS = ['values'] as const

export type EmailChangeMessageId = 'tooManyRequests' | 'somethingWrong'

export type EmailChangeAlert = FormAlert<EmailChangeMessageId>

export interface EmailChangeContext {
  readonly values: EmailChangeValues
  readonly fieldErrors: EmailChangeFieldErrors
  readonly alert: EmailChangeAlert | null
}

export type EmailChangeEvent =
  /** 'Change e-mail' beside the listed address. */
  | { type: 'email.edit' }
  | { type: 'email.field.change'; name: keyof EmailChangeValues; value: string }
  | { type: 'email.submit' }
  | { type: 'email.cancel' }

/** Emitted once the address changed and its code was mailed: the page goes to /confirmation for it. */
export const EMAIL_CODE_SENT = 'emailChange.codeSent' as const
export type EmailChangeEmitted = FormEmitted | { readonly type: typeof EMAIL_CODE_SENT; readonly contact: string }

/** POST account/changeemail. */
export interface SubmitEmailChangeInput {
  readonly email: string
  readonly password: string
}
export type SubmitEmailChangeResult = AuthResult<{ contact: string }>

export interface EmailChangeActionParams {
  readonly reportError: { readonly error: unknown }
  readonly announceSent: { readonly contact: string }
}
