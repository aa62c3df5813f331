// Types of confirming the player's e-mail with a mailed code (SPEC §2.1 /confirmation,
// /confirmation/success; §5 'Email', 'Numeric code'; §7 account sendconfirmationtocontact,
// confirmContact, getprofileinfo).
import type { CONTACT_CONFIRMATION_ERROR_CODE } from '../../../services/api/contract/account'
import type { FormErrors } from '../../../shared/validation/rules'
import type { AuthFailure, AuthResult } from '../../auth/auth.types'
import type { FormEmitted } from '../../forms/focus-first-error'

export type { AuthFailure }

/** The codes the flow routes on, as the account contract spells them (machines import only its types). */
export const CONTACT_CONFIRMATION_CODES = {
  alreadyConfirmed: 'contact_already_confirmed',
} as const satisfies Pick<typeof CONTACT_CONFIRMATION_ERROR_CODE, 'alreadyConfirmed'>

/** Context keys holding secrets: the code (in `values`). */
export const CONTACT_CONFIRMATION_REDACTED_KEYS = ['values', 'code'] as const

export interface ConfirmationValues {
  /** The e-mail address, or the phone as +digits, to confirm. */
  readonly contact: string
  /** The 6-digit code from the mail. */
  readonly code: string
}
export type ConfirmationField = keyof ConfirmationValues
export type ConfirmationFieldErrors = FormErrors<ConfirmationField>

/** Alerts of the flow; the view translates the id. */
export type ConfirmationMessageId =
  | 'tooManyRequests'
  /** Sending a code needs a session: log in first. */
  | 'loginToSend'
  | 'somethingWrong'

export interface ConfirmationAlert {
  readonly messageId: ConfirmationMessageId
  readonly retryAfterSec: number | null
}

/** Which of the player's contacts the page confirms: the e-mail, or the phone (/confirmation?contact=phone). */
export type ContactKind = 'email' | 'phone'

export interface ContactConfirmationInput {
  /** Whether a player is logged in: only then is the address known and a code can be sent. */
  readonly loggedIn: boolean
  /** The e-mail unless told; the contacts section sends a player with a new phone here with 'phone'. */
  readonly kind?: ContactKind
}

export interface ContactConfirmationContext {
  readonly loggedIn: boolean
  readonly kind: ContactKind
  readonly values: ConfirmationValues
  /** The address is the logged-in player's e-mail: shown, not typed. */
  readonly contactLocked: boolean
  readonly fieldErrors: ConfirmationFieldErrors
  readonly alert: ConfirmationAlert | null
  /** Seconds until another code may be sent (resend_time). */
  readonly resendTime: number
  /** Where the last code this page asked for went; null before. */
  readonly sentTo: string | null
}

export type ContactConfirmationEvent =
  | { type: 'confirmation.field.change'; name: ConfirmationField; value: string }
  | { type: 'confirmation.submit' }
  /** Mail a new code to the player's address. */
  | { type: 'confirmation.send' }
  /** The page was opened from the mail's link: its address and code, confirmed at once. */
  | { type: 'confirmation.link'; contact: string; code: string }

/** GET account/getprofileinfo?fields=contacts: the player's e-mail and whether it is confirmed. */
export type LoadContactResult = AuthResult<{ readonly contact: string | null; readonly confirmed: boolean }>
/** POST account/sendconfirmationtocontact. */
export interface SendCodeInput {
  readonly contact: string
}
export type SendCodeResult = AuthResult<{ readonly contact: string; readonly resendTime: number }>
/** POST account/confirmContact. */
export interface ConfirmCodeInput {
  readonly contact: string
  readonly code: string
}
export type ConfirmCodeResult = AuthResult

/** Emitted once the contact is confirmed: the page leaves for /confirmation/success. */
export const CONTACT_CONFIRMED = 'confirmation.confirmed' as const
/** What the flow emits: the form's focus request and the confirmation. */
export type ContactConfirmationEmitted = FormEmitted | { readonly type: typeof CONTACT_CONFIRMED }

export interface ContactConfirmationActionParams {
  /** Tells the page the contact is confirmed (emits CONTACT_CONFIRMED); the page leaves for /confirmation/success. */
  readonly showSuccess: Readonly<Record<string, never>>
  readonly reportError: { readonly error: unknown }
}

