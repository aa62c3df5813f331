// The auth popup's password-recovery request (SPEC §2.3 'restore', §7 auth/restore, §5, §8). `sent` reads the
// same whether or not an account exists, so the chart cannot leak one (docs/machines.md#restore).
import { assign, emit, setup } from 'xstate'
import { FOCUS_FIRST_ERROR_EVENT, type FormEmitted } from '../../forms/focus-first-error'
import type { AuthFailure, AuthResult } from '../auth.types'
import { requestReset } from './restore.actors'
import {
  hasRestoreErrors,
  isThrottled,
  normalizeRestoreLogin,
  restoreAlert,
  restoreFieldErrors,
  validateRestoreForm,
  waitSeconds,
} from './restore.rules'
import {
  RETRY_TICK_MS,
  type RestoreActionParams,
  type RestoreAlert,
  type RestoreContext,
  type RestoreEvent,
  type RestoreFieldErrors,
} from './restore.types'

export const RESTORE_TAGS = {
  /** The form is the view (editing, submitting, throttled, failed). */
  form: 'form',
  /** A request is in flight: the button shows loading and is disabled. */
  busy: 'busy',
} as const
export type RestoreTag = (typeof RESTORE_TAGS)[keyof typeof RESTORE_TAGS]

function failureOf(result: AuthResult): AuthFailure {
  if (result.ok) throw new Error('restoreMachine: expected a failed result')
  return result.error
}

const restoreSetup = setup({
  types: {
    context: {} as RestoreContext,
    events: {} as RestoreEvent,
    children: {} as { requestReset: 'requestReset' },
    tags: {} as RestoreTag,
    emitted: {} as FormEmitted,
  },
  actors: { requestReset },
  delays: { retryTick: RETRY_TICK_MS },
  actions: {
    /** A refused submit: the view takes the player to the first field error (forms/focus-first-error.ts). */
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    reportError: (_, params: RestoreActionParams['reportError']) => {
      console.error('restoreMachine:', params.error)
    },
    assignLogin: assign((_, params: { value: string }) => ({ login: params.value, fieldErrors: {}, alert: null })),
    assignFieldErrors: assign((_, params: { errors: RestoreFieldErrors }) => ({ fieldErrors: params.errors })),
    assignAlert: assign((_, params: { alert: RestoreAlert | null }) => ({ alert: params.alert })),
    clearMessages: assign({ fieldErrors: {}, alert: null }),
    assignWait: assign((_, params: { seconds: number }) => ({ retryAfterSec: params.seconds })),
    tickWait: assign(({ context }) => ({ retryAfterSec: Math.max(0, context.retryAfterSec - 1) })),
    assignSentTo: assign(({ context }) => ({ sentTo: normalizeRestoreLogin(context.login) })),
  },
  guards: {
    formValid: ({ context }) => !hasRestoreErrors(validateRestoreForm(context.login)),
    succeeded: (_, params: { result: AuthResult }) => params.result.ok,
    throttled: (_, params: { result: AuthResult }) => !params.result.ok && isThrottled(params.result.error),
    fieldErrors: (_, params: { result: AuthResult }) =>
      !params.result.ok && hasRestoreErrors(restoreFieldErrors(params.result.error)),
    lastTick: ({ context }) => context.retryAfterSec <= 1,
  },
})

type Done = { event: { output: AuthResult } }
const result = ({ event }: Done) => ({ result: event.output })

const submit = [
  { guard: 'formValid', target: '#restore.submitting', actions: 'clearMessages' },
  {
    target: '#restore.editing',
    actions: [
      { type: 'assignAlert', params: { alert: null } },
      { type: 'assignFieldErrors', params: ({ context }: { context: RestoreContext }) => ({ errors: validateRestoreForm(context.login) }) },
      'focusFirstError',
    ],
  },
] as const

export const restoreMachine = restoreSetup.createMachine({
  id: 'restore',
  context: { login: '', fieldErrors: {}, alert: null, retryAfterSec: 0, sentTo: null },
  initial: 'editing',
  states: {
    editing: {
      tags: RESTORE_TAGS.form,
      on: {
        'restore.field.change': {
          actions: { type: 'assignLogin', params: ({ event }) => ({ value: event.value }) },
        },
        'restore.submit': submit,
      },
    },
    failed: {
      tags: RESTORE_TAGS.form,
      on: {
        // Typing dismisses the alert.
        'restore.field.change': {
          target: 'editing',
          actions: { type: 'assignLogin', params: ({ event }) => ({ value: event.value }) },
        },
        // Only a valid form reaches `failed`, and typing leaves it: the value is still good.
        'restore.submit': { target: 'submitting', actions: 'clearMessages' },
      },
    },
    submitting: {
      tags: [RESTORE_TAGS.form, RESTORE_TAGS.busy],
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => {
          const login = normalizeRestoreLogin(context.login)
          if (login === '') throw new Error('restoreMachine: requestReset needs a login')
          return { login }
        },
        onDone: [
          { guard: { type: 'succeeded', params: result }, target: 'sent', actions: 'assignSentTo' },
          {
            guard: { type: 'throttled', params: result },
            target: 'throttled',
            actions: [
              { type: 'assignWait', params: ({ event }) => ({ seconds: waitSeconds(failureOf(event.output)) }) },
              { type: 'assignAlert', params: ({ event }) => ({ alert: restoreAlert('tooManyRequests', failureOf(event.output)) }) },
            ],
          },
          {
            guard: { type: 'fieldErrors', params: result },
            target: 'editing',
            actions: [
              {
                type: 'assignFieldErrors',
                params: ({ event }) => ({ errors: restoreFieldErrors(failureOf(event.output)) }),
              },
              'focusFirstError',
            ],
          },
          {
            target: 'failed',
            actions: { type: 'assignAlert', params: ({ event }) => ({ alert: restoreAlert('somethingWrong', failureOf(event.output)) }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            { type: 'assignAlert', params: { alert: restoreAlert('somethingWrong', null) } },
          ],
        },
      },
    },
    throttled: {
      tags: RESTORE_TAGS.form,
      on: {
        // The player may fix the address while waiting; the alert stays until the wait is over.
        'restore.field.change': {
          actions: assign(({ event }) => ({ login: event.value, fieldErrors: {} })),
        },
      },
      after: {
        retryTick: [
          { guard: 'lastTick', target: 'editing', actions: ['tickWait', { type: 'assignAlert', params: { alert: null } }] },
          { target: 'throttled', reenter: true, actions: 'tickWait' },
        ],
      },
    },
    // SPEC §2.3 restore: the same answer for every address; the player may ask again.
    sent: {
      on: {
        'restore.again': { target: 'editing', actions: assign({ sentTo: null }) },
      },
    },
  },
})

export type RestoreMachine = typeof restoreMachine
