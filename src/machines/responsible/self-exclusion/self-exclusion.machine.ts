// The player's own self-exclusion on the responsible-gaming page (SPEC §9 periods, §8), or a
// time-out (24 hours to 6 weeks, the same block under its own name; input `kind`). Confirmed twice: the period, then what it means with the password; in force at once, it ends this session
// too, and the page says until when and leaves as a visitor (docs/machines.md#self-exclusion).
import { assign, emit, setup } from 'xstate'
import { exclusionKind } from '../../../shared/self-exclusion'
import { FOCUS_FIRST_ERROR_EVENT, type FormEmitted } from '../../forms/focus-first-error'
import type { AuthFailure } from '../../auth/auth.types'
import { submitExclusion } from './self-exclusion.actors'
import { exclusionFieldErrors, isShorter, runningUntil } from './self-exclusion.rules'
import type {
  SelfExclusionActionParams,
  SelfExclusionAlert,
  ExclusionPeriod,
  SelfExclusionContext,
  SelfExclusionEvent,
  SelfExclusionFieldErrors,
  SelfExclusionInput,
  SubmitExclusionResult,
} from './self-exclusion.types'

export const SELF_EXCLUSION_TAGS = { busy: 'busy' } as const

/** Emitted once the player leaves the page after the exclusion is in force. */
export const SELF_EXCLUSION_LEFT = 'exclusion.left'
export type SelfExclusionTag = (typeof SELF_EXCLUSION_TAGS)[keyof typeof SELF_EXCLUSION_TAGS]

function failureOf(result: SubmitExclusionResult): AuthFailure {
  if (result.ok) throw new Error('selfExclusionMachine: expected a failed result')
  return result.error
}

const required = { rule: 'required', messageId: 'required' } as const

const exclusionSetup = setup({
  types: {
    context: {} as SelfExclusionContext,
    input: {} as SelfExclusionInput | undefined,
    events: {} as SelfExclusionEvent,
    children: {} as { submitExclusion: 'submitExclusion' },
    tags: {} as SelfExclusionTag,
    emitted: {} as FormEmitted | { type: typeof SELF_EXCLUSION_LEFT },
  },
  actors: { submitExclusion },
  actions: {
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    /** The view ends the page's session (the root actor's 'session.end'): the server already has. */
    endSession: emit({ type: SELF_EXCLUSION_LEFT }),
    reportError: (_, params: SelfExclusionActionParams['reportError']) => {
      console.error('selfExclusionMachine:', params.error)
    },
    assignPeriod: assign((_, params: { period: ExclusionPeriod }) => ({ period: params.period, fieldErrors: {}, alert: null })),
    assignPassword: assign(({ context }, params: { value: string }) => {
      const { password: _, ...fieldErrors } = context.fieldErrors
      return { password: params.value, fieldErrors, alert: null }
    }),
    assignFieldErrors: assign((_, params: { errors: SelfExclusionFieldErrors }) => ({ fieldErrors: params.errors })),
    assignAlert: assign((_, params: { alert: SelfExclusionAlert | null }) => ({ alert: params.alert })),
    clearMessages: assign({ fieldErrors: {}, alert: null }),
    forgetPassword: assign({ password: '' }),
    assignUntil: assign((_, params: { until: string | null }) => ({ until: params.until, password: '' })),
  },
  guards: {
    periodOfKind: ({ context }, params: { period: ExclusionPeriod }) => exclusionKind(params.period) === context.kind,
    hasPeriod: ({ context }) => context.period !== null,
    hasPassword: ({ context }) => context.password !== '',
    succeeded: (_, params: { result: SubmitExclusionResult }) => params.result.ok,
    shorter: (_, params: { result: SubmitExclusionResult }) => !params.result.ok && isShorter(params.result.error),
    fieldErrors: (_, params: { result: SubmitExclusionResult }) => !params.result.ok && Object.keys(exclusionFieldErrors(params.result.error)).length > 0,
    throttled: (_, params: { result: SubmitExclusionResult }) => !params.result.ok && params.result.error.type === 'TooManyRequestsException',
  },
})

type Done = { event: { output: SubmitExclusionResult } }
const result = ({ event }: Done) => ({ result: event.output })

export const selfExclusionMachine = exclusionSetup.createMachine({
  id: 'selfExclusion',
  context: ({ input }) => ({ kind: input?.kind ?? 'self_exclusion', period: null, password: '', fieldErrors: {}, alert: null, until: null }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'exclusion.period': {
          guard: { type: 'periodOfKind', params: ({ event }) => ({ period: event.period }) },
          actions: { type: 'assignPeriod', params: ({ event }) => ({ period: event.period }) },
        },
        'exclusion.continue': [
          { guard: 'hasPeriod', target: 'confirming', actions: 'clearMessages' },
          { actions: [{ type: 'assignFieldErrors', params: { errors: { period: required } } }, 'focusFirstError'] },
        ],
      },
    },
    confirming: {
      on: {
        'exclusion.password': { actions: { type: 'assignPassword', params: ({ event }) => ({ value: event.value }) } },
        'exclusion.back': { target: 'choosing', actions: ['forgetPassword', 'clearMessages'] },
        'exclusion.confirm': [
          { guard: 'hasPassword', target: 'submitting', actions: 'clearMessages' },
          { actions: [{ type: 'assignFieldErrors', params: { errors: { password: required } } }, 'focusFirstError'] },
        ],
      },
    },
    submitting: {
      tags: SELF_EXCLUSION_TAGS.busy,
      invoke: {
        id: 'submitExclusion',
        src: 'submitExclusion',
        input: ({ context }) => {
          if (!context.period) throw new Error('selfExclusionMachine: no period')
          return { period: context.period, password: context.password }
        },
        onDone: [
          { guard: { type: 'succeeded', params: result }, target: 'excluded', actions: { type: 'assignUntil', params: ({ event }) => ({ until: event.output.ok ? event.output.until : null }) } },
          {
            guard: { type: 'shorter', params: result },
            target: 'choosing',
            actions: [
              'forgetPassword',
              { type: 'assignAlert', params: ({ event }) => ({ alert: { messageId: 'shorter' as const, until: runningUntil(failureOf(event.output)), retryAfterSec: null } }) },
            ],
          },
          {
            guard: { type: 'fieldErrors', params: result },
            target: 'confirming',
            actions: [{ type: 'assignFieldErrors', params: ({ event }) => ({ errors: exclusionFieldErrors(failureOf(event.output)) }) }, 'focusFirstError'],
          },
          {
            guard: { type: 'throttled', params: result },
            target: 'confirming',
            actions: { type: 'assignAlert', params: ({ event }) => ({ alert: { messageId: 'tooManyRequests' as const, until: null, retryAfterSec: failureOf(event.output).retryAfterSec } }) },
          },
          { target: 'confirming', actions: { type: 'assignAlert', params: { alert: { messageId: 'somethingWrong', until: null, retryAfterSec: null } } } },
        ],
        onError: {
          target: 'confirming',
          actions: [
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            { type: 'assignAlert', params: { alert: { messageId: 'somethingWrong', until: null, retryAfterSec: null } } },
          ],
        },
      },
    },
    // In force: this session ended on the server. The page says until when; 'OK' leaves as a visitor.
    excluded: { on: { 'exclusion.leave': 'left' } },
    left: { type: 'final', entry: 'endSession' },
  },
})

export type SelfExclusionMachine = typeof selfExclusionMachine
