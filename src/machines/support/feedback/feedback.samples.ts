// The feedback form's sample events and answers: its model test walks them, and so does the flows
// registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { fail, failure, unavailable } from '../../auth/auth.samples'
import { feedbackMachine } from './feedback.machine'
import type { FeedbackContext, FeedbackEvent, SubmitFeedbackResult } from './feedback.types'

export const MESSAGE = 'My withdrawal has been pending for two days.'
export const badEmail = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { email: ['email'] } }))
export const tooShort = fail(failure('InvalidParameterException', 'invalid_parameters', { invalidParameters: { message: ['minLength'] } }))
export const throttled = fail(failure('TooManyRequestsException', 'too_many_attempts', { retryAfterSec: 600, resendTime: 600 }))
export { unavailable }

export const feedbackSamples = {
  'feedback.field.change': [
    { type: 'feedback.field.change', name: 'email', value: 'someone@example.com' },
    { type: 'feedback.field.change', name: 'topic', value: 'payments' },
    { type: 'feedback.field.change', name: 'message', value: MESSAGE },
    { type: 'feedback.field.change', name: 'message', value: 'Help' },
  ],
  'feedback.submit': [{ type: 'feedback.submit' }],
  'feedback.again': [{ type: 'feedback.again' }],
} satisfies SampleTable<FeedbackEvent>

const ANSWERED = doneEventType(feedbackMachine, 'submitFeedback')
const CRASHED = errorEventType(feedbackMachine, 'submitFeedback')

export type FeedbackOutcome = { type: typeof ANSWERED; output: SubmitFeedbackResult } | { type: typeof CRASHED; error: unknown }

export const feedbackOutcomes = {
  [ANSWERED]: [
    { type: ANSWERED, output: { ok: true, reference: 'FB-42' } },
    { type: ANSWERED, output: badEmail },
    { type: ANSWERED, output: tooShort },
    { type: ANSWERED, output: throttled },
    { type: ANSWERED, output: unavailable },
  ],
  [CRASHED]: [{ type: CRASHED, error: 'bug' }],
} satisfies SampleTable<FeedbackOutcome>

/** The state as the model walks it: which fields are filled and how, never the text. */
export function serializeFeedback(snapshot: unknown): string {
  const { value, context } = snapshot as { value: unknown; context: FeedbackContext }
  return JSON.stringify({
    value,
    email: context.values.email !== '',
    topic: context.values.topic,
    message: context.values.message === '' ? 'empty' : context.values.message.length >= 10 ? 'long' : 'short',
    errors: Object.keys(context.fieldErrors).sort(),
    alert: context.alert?.messageId ?? null,
    reference: context.reference,
  })
}

export const feedbackEntry = defineEntry<typeof feedbackMachine, FeedbackOutcome>({
  name: 'feedback',
  area: 'support',
  spec: '§7 Support sendFeedback, §5, §8',
  description: "The support page's feedback form: an address (visitors), a topic and a message; a refusal keeps what was typed, a sent message is confirmed with its reference",
  machine: feedbackMachine,
  input: { loggedIn: false },
  serializeState: serializeFeedback,
  events: feedbackSamples,
  outcomes: feedbackOutcomes,
})
