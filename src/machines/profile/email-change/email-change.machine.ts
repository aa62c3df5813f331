// Replacing the e-mail from /profile/settings (SPEC §3 'Contact', §4 'Contact editing', §8). The
// form asks for the new address and the password again; it keeps what was typed through every
// refusal; once the server changed the address and mailed its code, the page goes to
// /confirmation for it (docs/machines.md#email-change).
import { assign, emit, setup } from 'xstate'
import { FOCUS_FIRST_ERROR_EVENT } from '../../forms/focus-first-error'
import type { AuthFailure, AuthResult } from '../../auth/auth.types'
import { failureOf, formAlert } from '../../auth/auth.results'
import { submitEmailChange } from './email-change.actors'
import { emailChangeFieldErrors, hasEmailChangeErrors, validateEmailChange } from './email-change.rules'
import {
  EMAIL_CODE_SENT,
  type EmailChangeActionParams,
  type EmailChangeAlert,
  type EmailChangeContext,
  type EmailChangeEmitted,
  type EmailChangeEvent,
  type EmailChangeFieldErrors,
  type EmailChangeMessageId,
  type EmailChangeValues,
  type SubmitEmailChangeResult,
} from './email-change.types'

export const EMAIL_CHANGE_TAGS = {
  /** The form is open. */
  form: 'form',
  busy: 'busy',
} as const
export type EmailChangeTag = (typeof EMAIL_CHANGE_TAGS)[keyof typeof EMAIL_CHANGE_TAGS]

const EMPTY: EmailChangeValues = Object.freeze({ email: '', password: '' })

const failed = (result: AuthResult): AuthFailure => failureOf(result, 'emailChangeMachine')

const alertOf = (messageId: EmailChangeMessageId, failure: AuthFailure | null): EmailChangeAlert => formAlert(messageId, failure)

const emailChangeSetup = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    children: {} as { submitEmailChange: 'submitEmailChange' },
    tags: {} as EmailChangeTag,
    emitted: {} as EmailChangeEmitted,
  },
  actors: { submitEmailChange },
  actions: {
    /** A refused submit: the view takes the player to the first field error (forms/focus-first-error.ts). */
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    reportError: (_, params: EmailChangeActionParams['reportError']) => {
      console.error('emailChangeMachine:', params.error)
    },
    announceSent: emit((_, params: EmailChangeActionParams['announceSent']) => ({ type: EMAIL_CODE_SENT, contact: params.contact })),
    assignField: assign(({ context }, params: { name: keyof EmailChangeValues; value: string }) => {
      const { [params.name]: _, ...fieldErrors } = context.fieldErrors
      return { values: { ...context.values, [params.name]: params.value }, fieldErrors, alert: null }
    }),
    assignFieldErrors: assign((_, params: { errors: EmailChangeFieldErrors }) => ({ fieldErrors: params.errors })),
    assignAlert: assign((_, params: { alert: EmailChangeAlert | null }) => ({ alert: params.alert })),
    clearMessages: assign({ fieldErrors: {}, alert: null }),
    /** Closed, or changed: the password is forgotten with the rest. */
    reset: assign({ values: EMPTY, fieldErrors: {}, alert: null }),
  },
  guards: {
    formValid: ({ context }) => !hasEmailChangeErrors(validateEmailChange(context.values)),
    succeeded: (_, params: { result: SubmitEmailChangeResult }) => params.result.ok,
    fieldErrors: (_, params: { result: SubmitEmailChangeResult }) => !params.result.ok && hasEmailChangeErrors(emailChangeFieldErrors(params.result.error)),
    throttled: (_, params: { result: SubmitEmailChangeResult }) => !params.result.ok && params.result.error.type === 'TooManyRequestsException',
  },
})

type Done = { event: { output: SubmitEmailChangeResult } }
const result = ({ event }: Done) => ({ result: event.output })

const fieldChange = (target?: 'editing') =>
  ({
    ...(target ? { target } : {}),
    actions: {
      type: 'assignField',
      params: ({ event }: { event: Extract<EmailChangeEvent, { type: 'email.field.change' }> }) => ({ name: event.name, value: event.value }),
    },
  }) as const

const cancel = { 'email.cancel': { target: 'closed', actions: 'reset' } } as const

export const emailChangeMachine = emailChangeSetup.createMachine({
  id: 'emailChange',
  context: { values: EMPTY, fieldErrors: {}, alert: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'email.edit': 'editing' },
    },
    editing: {
      tags: EMAIL_CHANGE_TAGS.form,
      on: {
        ...cancel,
        'email.field.change': fieldChange(),
        'email.submit': [
          { guard: 'formValid', target: 'submitting', actions: 'clearMessages' },
          {
            actions: [
              { type: 'assignAlert', params: { alert: null } },
              { type: 'assignFieldErrors', params: ({ context }) => ({ errors: validateEmailChange(context.values) }) },
              'focusFirstError',
            ],
          },
        ],
      },
    },
    failed: {
      tags: EMAIL_CHANGE_TAGS.form,
      // Only a valid form reaches `failed`, and typing leaves it: the values are still good.
      on: { ...cancel, 'email.field.change': fieldChange('editing'), 'email.submit': { target: 'submitting', actions: 'clearMessages' } },
    },
    submitting: {
      tags: [EMAIL_CHANGE_TAGS.form, EMAIL_CHANGE_TAGS.busy],
      invoke: {
        id: 'submitEmailChange',
        src: 'submitEmailChange',
        input: ({ context }) => ({ email: context.values.email, password: context.values.password }),
        onDone: [
          {
            guard: { type: 'succeeded', params: result },
            target: 'sent',
            actions: ['reset', { type: 'announceSent', params: ({ event }) => ({ contact: event.output.ok ? event.output.contact : '' }) }],
          },
          {
            guard: { type: 'fieldErrors', params: result },
            target: 'editing',
            actions: [{ type: 'assignFieldErrors', params: ({ event }) => ({ errors: emailChangeFieldErrors(failed(event.output)) }) }, 'focusFirstError'],
          },
          {
            guard: { type: 'throttled', params: result },
            target: 'failed',
            actions: { type: 'assignAlert', params: ({ event }) => ({ alert: alertOf('tooManyRequests', failed(event.output)) }) },
          },
          {
            target: 'failed',
            actions: { type: 'assignAlert', params: ({ event }) => ({ alert: alertOf('somethingWrong', failed(event.output)) }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: alertOf('somethingWrong', null) } }],
        },
      },
    },
    // Changed, and the code mailed: the page goes to /confirmation.
    sent: { type: 'final' },
  },
})

export type EmailChangeMachine = typeof emailChangeMachine
