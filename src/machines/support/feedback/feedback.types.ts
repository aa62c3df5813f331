// Types of the support page's feedback form (SPEC §7 Support sendFeedback, §5, §8).
import type { ErrorCode, ErrorType } from '../../../shared/errors'
import type { FeedbackField, FeedbackFields } from '../../../shared/support-feedback'
import type { FormErrors } from '../../../shared/validation/rules'
import type { AuthResult } from '../../auth/auth.types'

export type FeedbackValues = FeedbackFields
export type { FeedbackField }
export type FeedbackFieldErrors = FormErrors<FeedbackField>

export interface FeedbackInput {
  /** A player is answered at the account's address: no e-mail field. */
  readonly loggedIn: boolean
}

export type FeedbackMessageId = 'tooManyRequests' | 'somethingWrong'

export interface FeedbackAlert {
  readonly messageId: FeedbackMessageId
  readonly type: ErrorType | null
  readonly code: ErrorCode
  readonly retryAfterSec: number | null
}

export interface FeedbackContext {
  readonly needsEmail: boolean
  readonly values: FeedbackValues
  readonly fieldErrors: FeedbackFieldErrors
  readonly alert: FeedbackAlert | null
  /** Once sent: the message's reference, for the confirmation. */
  readonly reference: string | null
}

export type FeedbackEvent =
  | { type: 'feedback.field.change'; name: FeedbackField; value: string }
  | { type: 'feedback.submit' }
  /** After sending: the form again, empty. */
  | { type: 'feedback.again' }

export type SubmitFeedbackInput = FeedbackValues & { readonly needsEmail: boolean }
export type SubmitFeedbackResult = AuthResult<{ reference: string }>
