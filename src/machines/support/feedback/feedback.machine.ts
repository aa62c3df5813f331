// The support page's feedback form (SPEC §7 Support sendFeedback, §5, §8). The form keeps what was
// typed through every refusal; once sent it confirms with the message's reference
// (docs/machines.md#feedback).
import { assign, emit, setup } from 'xstate'
import { FOCUS_FIRST_ERROR_EVENT, type FormEmitted } from '../../forms/focus-first-error'
import type { AuthFailure, AuthResult } from '../../auth/auth.types'
import { submitFeedback } from './feedback.actors'
import { feedbackFieldErrors, hasFeedbackErrors, validateFeedback } from './feedback.rules'
import type { FeedbackAlert, FeedbackContext, FeedbackEvent, FeedbackField, FeedbackFieldErrors, FeedbackInput, FeedbackMessageId, FeedbackValues, SubmitFeedbackResult } from './feedback.types'

export const FEEDBACK_TAGS = {
  /** The form is the view. */
  form: 'form',
  busy: 'busy',
} as const
export type FeedbackTag = (typeof FEEDBACK_TAGS)[keyof typeof FEEDBACK_TAGS]

const EMPTY: FeedbackValues = Object.freeze({ email: '', topic: '', message: '' })

function failureOf(result: AuthResult): AuthFailure {
  if (result.ok) throw new Error('feedbackMachine: expected a failed result')
  return result.error
}

function alertOf(messageId: FeedbackMessageId, failure: AuthFailure | null): FeedbackAlert {
  return { messageId, type: failure?.type ?? null, code: failure?.code ?? null, retryAfterSec: failure?.retryAfterSec ?? null }
}

const feedbackSetup = setup({
  types: {
    input: {} as FeedbackInput,
    context: {} as FeedbackContext,
    events: {} as FeedbackEvent,
    children: {} as { submitFeedback: 'submitFeedback' },
    tags: {} as FeedbackTag,
    emitted: {} as FormEmitted,
  },
  actors: { submitFeedback },
  actions: {
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    reportError: (_, params: { error: unknown }) => {
      console.error('feedbackMachine:', params.error)
    },
    assignField: assign(({ context }, params: { name: FeedbackField; value: string }) => {
      const { [params.name]: _, ...fieldErrors } = context.fieldErrors
      return { values: { ...context.values, [params.name]: params.value }, fieldErrors, alert: null }
    }),
    assignFieldErrors: assign((_, params: { errors: FeedbackFieldErrors }) => ({ fieldErrors: params.errors })),
    assignAlert: assign((_, params: { alert: FeedbackAlert | null }) => ({ alert: params.alert })),
    clearMessages: assign({ fieldErrors: {}, alert: null }),
    assignSent: assign((_, params: { reference: string }) => ({ reference: params.reference, values: EMPTY, fieldErrors: {}, alert: null })),
    reset: assign({ values: EMPTY, fieldErrors: {}, alert: null, reference: null }),
  },
  guards: {
    formValid: ({ context }) => !hasFeedbackErrors(validateFeedback(context.values, context.needsEmail)),
    succeeded: (_, params: { result: SubmitFeedbackResult }) => params.result.ok,
    fieldErrors: (_, params: { result: SubmitFeedbackResult }) => !params.result.ok && hasFeedbackErrors(feedbackFieldErrors(params.result.error)),
    throttled: (_, params: { result: SubmitFeedbackResult }) => !params.result.ok && params.result.error.type === 'TooManyRequestsException',
  },
})

type Done = { event: { output: SubmitFeedbackResult } }
const result = ({ event }: Done) => ({ result: event.output })

const fieldChange = (target?: 'editing') =>
  ({
    ...(target ? { target } : {}),
    actions: {
      type: 'assignField',
      params: ({ event }: { event: Extract<FeedbackEvent, { type: 'feedback.field.change' }> }) => ({ name: event.name, value: event.value }),
    },
  }) as const

export const feedbackMachine = feedbackSetup.createMachine({
  id: 'feedback',
  context: ({ input }) => ({ needsEmail: !input.loggedIn, values: EMPTY, fieldErrors: {}, alert: null, reference: null }),
  initial: 'editing',
  states: {
    editing: {
      tags: FEEDBACK_TAGS.form,
      on: {
        'feedback.field.change': fieldChange(),
        'feedback.submit': [
          { guard: 'formValid', target: 'submitting', actions: 'clearMessages' },
          {
            actions: [
              { type: 'assignAlert', params: { alert: null } },
              { type: 'assignFieldErrors', params: ({ context }) => ({ errors: validateFeedback(context.values, context.needsEmail) }) },
              'focusFirstError',
            ],
          },
        ],
      },
    },
    failed: {
      tags: FEEDBACK_TAGS.form,
      // Only a valid form reaches `failed`, and typing leaves it: the values are still good.
      on: { 'feedback.field.change': fieldChange('editing'), 'feedback.submit': { target: 'submitting', actions: 'clearMessages' } },
    },
    submitting: {
      tags: [FEEDBACK_TAGS.form, FEEDBACK_TAGS.busy],
      invoke: {
        id: 'submitFeedback',
        src: 'submitFeedback',
        input: ({ context }) => ({ ...context.values, needsEmail: context.needsEmail }),
        onDone: [
          { guard: { type: 'succeeded', params: result }, target: 'sent', actions: { type: 'assignSent', params: ({ event }) => ({ reference: event.output.ok ? event.output.reference : '' }) } },
          {
            guard: { type: 'fieldErrors', params: result },
            target: 'editing',
            actions: [{ type: 'assignFieldErrors', params: ({ event }) => ({ errors: feedbackFieldErrors(failureOf(event.output)) }) }, 'focusFirstError'],
          },
          {
            guard: { type: 'throttled', params: result },
            target: 'failed',
            actions: { type: 'assignAlert', params: ({ event }) => ({ alert: alertOf('tooManyRequests', failureOf(event.output)) }) },
          },
          { target: 'failed', actions: { type: 'assignAlert', params: ({ event }) => ({ alert: alertOf('somethingWrong', failureOf(event.output)) }) } },
        ],
        onError: {
          target: 'failed',
          actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: alertOf('somethingWrong', null) } }],
        },
      },
    },
    // Sent: the form is emptied; the reference stays for the confirmation.
    sent: { on: { 'feedback.again': { target: 'editing', actions: 'reset' } } },
  },
})

export type FeedbackMachine = typeof feedbackMachine
