// SPEC §7 'Support': the support page's feedback form (sendFeedback). The chat settings
// (getsettings) arrive with the support chat.
import { enums, object, optional, size, string, type Infer } from 'superstruct'
import { FEEDBACK_EMAIL_MAX, FEEDBACK_TOPICS } from '../../../shared/support-feedback'
import { defineCall } from './define'

/**
 * POST /api/support/sendFeedback: a message to the support team, from a player or a visitor. A
 * visitor gives the `email` to be answered at; a player is answered at the account's (any `email`
 * sent is ignored). The message is 10 to 4000 characters of plain text (markup is kept as text,
 * never rendered). Refusals: InvalidParameterException with invalid_parameters
 * { email | topic | message: [rule] } (the rules of src/shared/support-feedback.ts);
 * TooManyRequestsException after 5 messages an hour from one address or one player. Answers the
 * message's reference.
 */
export const sendFeedback = defineCall({
  area: 'support',
  name: 'sendFeedback',
  method: 'POST',
  access: 'anyone',
  request: object({
    email: optional(size(string(), 0, FEEDBACK_EMAIL_MAX)),
    topic: enums(FEEDBACK_TOPICS),
    message: size(string(), 1, 8192),
  }),
  response: object({ reference: string() }),
})
export type SendFeedbackParams = Infer<typeof sendFeedback.request>
export type SendFeedbackResult = Infer<typeof sendFeedback.response>
