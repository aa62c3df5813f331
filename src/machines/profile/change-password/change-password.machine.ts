// Changing the password from the profile's security page (SPEC §7 Account changepassword, §5
// 'Password', §8). The form keeps what was typed through every refusal; a change ends the
// player's other sessions on the server, and this page goes on (docs/machines.md#change-password).
import { assign, emit, setup } from 'xstate'
import { FOCUS_FIRST_ERROR_EVENT, type FormEmitted } from '../../forms/focus-first-error'
import type { AuthFailure, AuthResult } from '../../auth/auth.types'
import { failureOf, formAlert } from '../../auth/auth.results'
import { submitChange } from './change-password.actors'
import { changeFieldErrors, hasChangeErrors, validateChangeForm } from './change-password.rules'
import type {
  ChangePasswordActionParams,
  ChangePasswordAlert,
  ChangePasswordContext,
  ChangePasswordEvent,
  ChangePasswordFieldErrors,
  ChangePasswordMessageId,
  ChangePasswordValues,
  SubmitChangeResult,
} from './change-password.types'

export const CHANGE_PASSWORD_TAGS = {
  /** The form is the view. */
  form: 'form',
  busy: 'busy',
} as const
export type ChangePasswordTag = (typeof CHANGE_PASSWORD_TAGS)[keyof typeof CHANGE_PASSWORD_TAGS]

const EMPTY: ChangePasswordValues = Object.freeze({ current: '', password: '', confirmation: '' })

const failed = (result: AuthResult): AuthFailure => failureOf(result, 'changePasswordMachine')

const alertOf = (messageId: ChangePasswordMessageId, failure: AuthFailure | null): ChangePasswordAlert => formAlert(messageId, failure)

const changeSetup = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    children: {} as { submitChange: 'submitChange' },
    tags: {} as ChangePasswordTag,
    emitted: {} as FormEmitted,
  },
  actors: { submitChange },
  actions: {
    /** A refused submit: the view takes the player to the first field error (forms/focus-first-error.ts). */
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    reportError: (_, params: ChangePasswordActionParams['reportError']) => {
      console.error('changePasswordMachine:', params.error)
    },
    assignField: assign(({ context }, params: { name: keyof ChangePasswordValues; value: string }) => {
      const { [params.name]: _, ...fieldErrors } = context.fieldErrors
      return { values: { ...context.values, [params.name]: params.value }, fieldErrors, alert: null }
    }),
    assignFieldErrors: assign((_, params: { errors: ChangePasswordFieldErrors }) => ({ fieldErrors: params.errors })),
    assignAlert: assign((_, params: { alert: ChangePasswordAlert | null }) => ({ alert: params.alert })),
    clearMessages: assign({ fieldErrors: {}, alert: null }),
    assignDone: assign((_, params: { othersEnded: number }) => ({ othersEnded: params.othersEnded, values: EMPTY, fieldErrors: {}, alert: null })),
    reset: assign({ values: EMPTY, fieldErrors: {}, alert: null, othersEnded: null }),
  },
  guards: {
    formValid: ({ context }) => !hasChangeErrors(validateChangeForm(context.values)),
    succeeded: (_, params: { result: SubmitChangeResult }) => params.result.ok,
    fieldErrors: (_, params: { result: SubmitChangeResult }) => !params.result.ok && hasChangeErrors(changeFieldErrors(params.result.error)),
    throttled: (_, params: { result: SubmitChangeResult }) => !params.result.ok && params.result.error.type === 'TooManyRequestsException',
  },
})

type Done = { event: { output: SubmitChangeResult } }
const result = ({ event }: Done) => ({ result: event.output })

const fieldChange = (target?: 'editing') => ({
  ...(target ? { target } : {}),
  actions: {
    type: 'assignField',
    params: ({ event }: { event: Extract<ChangePasswordEvent, { type: 'password.field.change' }> }) => ({ name: event.name, value: event.value }),
  },
}) as const

export const changePasswordMachine = changeSetup.createMachine({
  id: 'changePassword',
  context: { values: EMPTY, fieldErrors: {}, alert: null, othersEnded: null },
  initial: 'editing',
  states: {
    editing: {
      tags: CHANGE_PASSWORD_TAGS.form,
      on: {
        'password.field.change': fieldChange(),
        'password.submit': [
          { guard: 'formValid', target: 'submitting', actions: 'clearMessages' },
          {
            actions: [
              { type: 'assignAlert', params: { alert: null } },
              { type: 'assignFieldErrors', params: ({ context }) => ({ errors: validateChangeForm(context.values) }) },
              'focusFirstError',
            ],
          },
        ],
      },
    },
    failed: {
      tags: CHANGE_PASSWORD_TAGS.form,
      // Only a valid form reaches `failed`, and typing leaves it: the values are still good.
      on: { 'password.field.change': fieldChange('editing'), 'password.submit': { target: 'submitting', actions: 'clearMessages' } },
    },
    submitting: {
      tags: [CHANGE_PASSWORD_TAGS.form, CHANGE_PASSWORD_TAGS.busy],
      invoke: {
        id: 'submitChange',
        src: 'submitChange',
        input: ({ context }) => ({ currentPassword: context.values.current, password: context.values.password }),
        onDone: [
          {
            guard: { type: 'succeeded', params: result },
            target: 'done',
            actions: { type: 'assignDone', params: ({ event }) => ({ othersEnded: event.output.ok ? event.output.othersEnded : 0 }) },
          },
          {
            guard: { type: 'fieldErrors', params: result },
            target: 'editing',
            actions: [
              { type: 'assignFieldErrors', params: ({ event }) => ({ errors: changeFieldErrors(failed(event.output)) }) },
              'focusFirstError',
            ],
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
          actions: [
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            { type: 'assignAlert', params: { alert: alertOf('somethingWrong', null) } },
          ],
        },
      },
    },
    // Changed: the passwords are forgotten; the count of signed-out devices stays for the message.
    done: {
      on: { 'password.again': { target: 'editing', actions: 'reset' } },
    },
  },
})

export type ChangePasswordMachine = typeof changePasswordMachine
