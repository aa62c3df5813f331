// Setting a new password from a recovery link (SPEC §2.3 restore, §5 'Password', §8). A refused token is a
// state, not a form alert, because the form can do nothing more with it (docs/machines.md#reset-password).
import { assign, emit, setup } from 'xstate'
import { FOCUS_FIRST_ERROR_EVENT, type FormEmitted } from '../../forms/focus-first-error'
import { AUTH_DIALOG_ID, RESET_PASSWORD_DIALOG_ID } from '../auth-popup/auth-popup.ids'
import type { AuthFailure, AuthResult, DialogsRef } from '../auth.types'
import { failureOf, formAlert } from '../auth.results'
import { submitReset } from './reset-password.actors'
import { hasResetErrors, isPlausibleToken, resetFieldErrors, tokenProblem, validateResetForm } from './reset-password.rules'
import type {
  ResetPasswordActionParams,
  ResetPasswordAlert,
  ResetPasswordContext,
  ResetPasswordEvent,
  ResetPasswordFieldErrors,
  ResetPasswordInput,
  ResetPasswordMessageId,
  ResetPasswordValues,
} from './reset-password.types'

export const RESET_PASSWORD_TAGS = {
  /** The new-password form is the view. */
  form: 'form',
  busy: 'busy',
} as const
export type ResetPasswordTag = (typeof RESET_PASSWORD_TAGS)[keyof typeof RESET_PASSWORD_TAGS]

const EMPTY: ResetPasswordValues = Object.freeze({ password: '', confirmation: '' })

const failed = (result: AuthResult): AuthFailure => failureOf(result, 'resetPasswordMachine')

const alertOf = (messageId: ResetPasswordMessageId, failure: AuthFailure | null): ResetPasswordAlert => formAlert(messageId, failure)

/** The dialog stack from the input; the flow cannot open or close a dialog without it. */
function dialogsOf(context: ResetPasswordContext): DialogsRef {
  if (!context.dialogs) throw new Error('resetPasswordMachine: input.dialogs is missing')
  return context.dialogs
}

const resetSetup = setup({
  types: {
    input: {} as ResetPasswordInput,
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    children: {} as { submitReset: 'submitReset' },
    tags: {} as ResetPasswordTag,
    emitted: {} as FormEmitted,
  },
  actors: { submitReset },
  actions: {
    /** A refused submit: the view takes the player to the first field error (forms/focus-first-error.ts). */
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    /** Opens the auth popup at a view (a new link, or logging in with the new password). */
    openAuth: ({ context }, params: ResetPasswordActionParams['openAuth']) =>
      dialogsOf(context).send({ type: 'dialog.open', dialog: { id: AUTH_DIALOG_ID, kind: 'auth', props: { view: params.view } } }),
    closeDialog: ({ context }) => dialogsOf(context).send({ type: 'dialog.close', id: RESET_PASSWORD_DIALOG_ID, immediate: true }),
    reportError: (_, params: ResetPasswordActionParams['reportError']) => {
      console.error('resetPasswordMachine:', params.error)
    },
    assignField: assign(({ context }, params: { name: keyof ResetPasswordValues; value: string }) => {
      const { [params.name]: _, ...fieldErrors } = context.fieldErrors
      return { values: { ...context.values, [params.name]: params.value }, fieldErrors, alert: null }
    }),
    assignFieldErrors: assign((_, params: { errors: ResetPasswordFieldErrors }) => ({ fieldErrors: params.errors })),
    assignAlert: assign((_, params: { alert: ResetPasswordAlert | null }) => ({ alert: params.alert })),
    clearMessages: assign({ fieldErrors: {}, alert: null }),
    /** The secrets are not kept once they were used or the flow ended. */
    forget: assign({ token: '', values: EMPTY }),
  },
  guards: {
    plausibleToken: ({ context }) => isPlausibleToken(context.token),
    formValid: ({ context }) => !hasResetErrors(validateResetForm(context.values)),
    succeeded: (_, params: { result: AuthResult }) => params.result.ok,
    tokenExpired: (_, params: { result: AuthResult }) => !params.result.ok && tokenProblem(params.result.error) === 'expired',
    tokenInvalid: (_, params: { result: AuthResult }) => !params.result.ok && tokenProblem(params.result.error) === 'invalid',
    fieldErrors: (_, params: { result: AuthResult }) => !params.result.ok && hasResetErrors(resetFieldErrors(params.result.error)),
    throttled: (_, params: { result: AuthResult }) => !params.result.ok && params.result.error.type === 'TooManyRequestsException',
  },
})

type Done = { event: { output: AuthResult } }
const result = ({ event }: Done) => ({ result: event.output })

const submit = [
  { guard: 'formValid', target: '#resetPassword.submitting', actions: 'clearMessages' },
  {
    target: '#resetPassword.editing',
    actions: [
      { type: 'assignAlert', params: { alert: null } },
      { type: 'assignFieldErrors', params: ({ context }: { context: ResetPasswordContext }) => ({ errors: validateResetForm(context.values) }) },
      'focusFirstError',
    ],
  },
] as const

const fieldChange = (target?: 'editing') => ({
  ...(target ? { target } : {}),
  actions: {
    type: 'assignField',
    params: ({ event }: { event: Extract<ResetPasswordEvent, { type: 'reset.field.change' }> }) => ({ name: event.name, value: event.value }),
  },
}) as const

export const resetPasswordMachine = resetSetup.createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ token: input.token ?? '', dialogs: input.dialogs ?? null, values: EMPTY, fieldErrors: {}, alert: null }),
  initial: 'deciding',
  on: {
    'reset.close': { target: '.closed', actions: ['forget', 'closeDialog'] },
  },
  states: {
    deciding: {
      always: [{ guard: 'plausibleToken', target: 'editing' }, { target: 'invalidToken', actions: 'forget' }],
    },
    editing: {
      tags: RESET_PASSWORD_TAGS.form,
      on: { 'reset.field.change': fieldChange(), 'reset.submit': submit },
    },
    failed: {
      tags: RESET_PASSWORD_TAGS.form,
      // Only a valid form reaches `failed`, and typing leaves it: the values are still good.
      on: { 'reset.field.change': fieldChange('editing'), 'reset.submit': { target: 'submitting', actions: 'clearMessages' } },
    },
    submitting: {
      tags: [RESET_PASSWORD_TAGS.form, RESET_PASSWORD_TAGS.busy],
      invoke: {
        id: 'submitReset',
        src: 'submitReset',
        input: ({ context }) => {
          if (!context.token || !context.values.password) throw new Error('resetPasswordMachine: submitReset needs a token and a password')
          return { token: context.token, password: context.values.password }
        },
        onDone: [
          { guard: { type: 'succeeded', params: result }, target: 'done', actions: 'forget' },
          { guard: { type: 'tokenExpired', params: result }, target: 'expiredToken', actions: 'forget' },
          { guard: { type: 'tokenInvalid', params: result }, target: 'invalidToken', actions: 'forget' },
          {
            guard: { type: 'fieldErrors', params: result },
            target: 'editing',
            actions: [
              { type: 'assignFieldErrors', params: ({ event }) => ({ errors: resetFieldErrors(failed(event.output)) }) },
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
    invalidToken: {
      on: { 'reset.requestNew': { target: 'closed', actions: ['closeDialog', { type: 'openAuth', params: { view: 'restore' } }] } },
    },
    expiredToken: {
      on: { 'reset.requestNew': { target: 'closed', actions: ['closeDialog', { type: 'openAuth', params: { view: 'restore' } }] } },
    },
    // The password is set; every other session of the player ended. Log in with it.
    done: {
      on: { 'reset.login': { target: 'closed', actions: ['closeDialog', { type: 'openAuth', params: { view: 'authorization' } }] } },
    },
    closed: { type: 'final', entry: 'forget' },
  },
})

export type ResetPasswordMachine = typeof resetPasswordMachine
