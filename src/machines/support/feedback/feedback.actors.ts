// Actors of the feedback form; the default calls this browser page's API client, settling API
// errors as values (auth.results). Tests swap it with `.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { sendFeedback } from '../../../services/api/contract/support'
import { isFeedbackTopic } from '../../../shared/support-feedback'
import { settleAuthCall } from '../../auth/auth.results'
import type { SubmitFeedbackInput, SubmitFeedbackResult } from './feedback.types'

/** POST support/sendFeedback; a player's address is the account's, so none is sent. */
export const submitFeedback = fromPromise<SubmitFeedbackResult, SubmitFeedbackInput>(({ input }) =>
  settleAuthCall(async () => {
    if (!isFeedbackTopic(input.topic)) throw new Error('submitFeedback: the form let an unknown topic through')
    const data = await browserApiClient().call(sendFeedback, {
      ...(input.needsEmail ? { email: input.email.trim() } : {}),
      topic: input.topic,
      message: input.message.trim(),
    })
    return { reference: data.reference }
  }),
)
