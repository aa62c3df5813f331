// The support page's feedback form: its topics and the rules of its fields, shared so the page and
// the server (support/sendFeedback) refuse the same things with the same codes.
import { checkEmail, checkMaxLength, checkMinLength, checkRequired, type FormErrors, type RuleResult } from './validation/rules'

export const FEEDBACK_TOPICS = ['account', 'payments', 'games', 'sportsbook', 'bonuses', 'other'] as const
export type FeedbackTopic = (typeof FEEDBACK_TOPICS)[number]

export const FEEDBACK_MESSAGE_MIN = 10
export const FEEDBACK_MESSAGE_MAX = 4000
export const FEEDBACK_EMAIL_MAX = 254

export function isFeedbackTopic(value: unknown): value is FeedbackTopic {
  return typeof value === 'string' && (FEEDBACK_TOPICS as readonly string[]).includes(value)
}

export interface FeedbackFields {
  readonly email: string
  readonly topic: string
  readonly message: string
}
export type FeedbackField = keyof FeedbackFields

const first = (...results: RuleResult[]): RuleResult => results.find((r) => r !== null) ?? null

/**
 * The form's errors; `needsEmail` for a visitor (a player is answered at the account's address).
 * The message's length counts characters, not UTF-16 units, after trimming.
 */
export function feedbackErrors(fields: FeedbackFields, needsEmail: boolean): FormErrors<FeedbackField> {
  const errors: FormErrors<FeedbackField> = {}
  const email = needsEmail ? first(checkRequired(fields.email), checkEmail(fields.email), checkMaxLength(fields.email, FEEDBACK_EMAIL_MAX)) : null
  if (email) errors.email = email
  const topic = first(checkRequired(fields.topic), isFeedbackTopic(fields.topic) ? null : { rule: 'required', messageId: 'required' })
  if (topic) errors.topic = topic
  const message = first(checkRequired(fields.message), checkMinLength(fields.message, FEEDBACK_MESSAGE_MIN), checkMaxLength(fields.message, FEEDBACK_MESSAGE_MAX))
  if (message) errors.message = message
  return errors
}
