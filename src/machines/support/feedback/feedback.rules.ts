// Pure rules of the feedback form: the shared ones the server runs too (src/shared/support-feedback.ts).
import { feedbackErrors } from '../../../shared/support-feedback'
import { mapServerErrors } from '../../../shared/validation/rules'
import type { AuthFailure } from '../../auth/auth.types'
import type { FeedbackFieldErrors, FeedbackValues } from './feedback.types'

export function validateFeedback(values: FeedbackValues, needsEmail: boolean): FeedbackFieldErrors {
  return feedbackErrors(values, needsEmail)
}

export const hasFeedbackErrors = (errors: FeedbackFieldErrors): boolean => Object.keys(errors).length > 0

/** The server's field errors, on the form's fields. */
export function feedbackFieldErrors(failure: AuthFailure): FeedbackFieldErrors {
  if (failure.type !== 'InvalidParameterException') return {}
  const mapped = mapServerErrors(failure.invalidParameters, failure.errorData, { fields: ['email', 'topic', 'message'] })
  return {
    ...(mapped['email'] ? { email: mapped['email'] } : {}),
    ...(mapped['topic'] ? { topic: mapped['topic'] } : {}),
    ...(mapped['message'] ? { message: mapped['message'] } : {}),
  }
}
