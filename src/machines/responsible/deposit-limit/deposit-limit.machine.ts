// The deposit limits of the responsible-gaming page (SPEC §3 'Deposit limit', §9 periods). The server decides
// whether a change is a lowering or a raise, so the flow never guesses (docs/machines.md#deposit-limit).
import { assign, emit, setup } from 'xstate'
import { FOCUS_FIRST_ERROR_EVENT } from '../../forms/focus-first-error'
import type { DepositLimit } from '../../cashier/cashier.types'
import { loadDepositLimit, saveDepositLimit } from './deposit-limit.actors'
import {
  buildSaveInput,
  canRemove,
  formForPeriod,
  formFromLimit,
  hasLimitFieldFailure,
  hasPendingChange,
  isUnchanged,
  keepInput,
  limitAlertFor,
  limitFieldErrors,
  saveOutcome,
  validateLimit,
} from './deposit-limit.rules'
import {
  DEPOSIT_LIMIT_SAVED,
  type DepositLimitActionParams,
  type DepositLimitEmitted,
  type DepositLimitContext,
  type DepositLimitEvent,
  type DepositLimitInput,
  type LimitAlert,
  type LimitDays,
  type LimitSaveOutcome,
  type SaveDepositLimitInput,
  type SaveDepositLimitResult,
} from './deposit-limit.types'

export const DEPOSIT_LIMIT_TAGS = {
  loading: 'loading',
  /** setDepositLimit in flight: the buttons show loading and are disabled. */
  busy: 'busy',
} as const
export type DepositLimitTag = (typeof DEPOSIT_LIMIT_TAGS)[keyof typeof DEPOSIT_LIMIT_TAGS]

type SaveDone = { event: { output: SaveDepositLimitResult } }
function savedLimit(output: SaveDepositLimitResult): DepositLimit {
  if (!output.ok) throw new Error('depositLimitMachine: expected a saved limit')
  return output.limit
}
function failureOf(output: SaveDepositLimitResult) {
  if (output.ok) throw new Error('depositLimitMachine: expected a failure')
  return output.error
}

export const depositLimitMachine = setup({
  types: {
    input: {} as DepositLimitInput,
    context: {} as DepositLimitContext,
    events: {} as DepositLimitEvent,
    tags: {} as DepositLimitTag,
    emitted: {} as DepositLimitEmitted,
    children: {} as { loadDepositLimit: 'loadDepositLimit'; saveDepositLimit: 'saveDepositLimit' },
  },
  actors: { loadDepositLimit, saveDepositLimit },
  actions: {
    /** A refused submit: the view takes the player to the first field error (forms/focus-first-error.ts). */
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    limitSaved: emit((_, params: DepositLimitActionParams['limitSaved']) => ({ type: DEPOSIT_LIMIT_SAVED, limit: params.limit })),
    reportError: (_, params: DepositLimitActionParams['reportError']) => {
      console.error('depositLimitMachine:', params.error)
    },
    assignLoaded: assign((_, params: { limit: DepositLimit }) => ({ limit: params.limit, ...formFromLimit(params.limit), fieldErrors: {}, alert: null, outcome: null, outcomePeriod: null })),
    assignPeriod: assign(({ context }, params: { period: LimitDays }) => ({ ...formForPeriod(context.limit, params.period), fieldErrors: {}, alert: null, outcome: null, outcomePeriod: null })),
    assignAmount: assign((_, params: { value: string }) => ({ amount: params.value, fieldErrors: {}, alert: null, outcome: null, outcomePeriod: null })),
    assignFieldErrors: assign(({ context }) => ({ fieldErrors: validateLimit(context, context.currency), alert: null, outcome: null, outcomePeriod: null })),
    startSave: assign((_, params: { asked: SaveDepositLimitInput; keeping: boolean }) => ({
      asked: params.asked,
      keeping: params.keeping,
      fieldErrors: {},
      alert: null,
      outcome: null,
      outcomePeriod: null,
    })),
    assignSaved: assign(({ context }, params: { limit: DepositLimit }) => {
      const asked = context.asked ?? { period: 'none' as const }
      const outcome: LimitSaveOutcome = saveOutcome(asked, params.limit, context.keeping)
      // The form stays on the period just saved (its new amount, or empty once it is gone).
      const form = asked.period === 'none' ? formFromLimit(params.limit) : formForPeriod(params.limit, asked.period)
      return { limit: params.limit, ...form, outcome, outcomePeriod: asked.period === 'none' ? null : asked.period, asked: null, keeping: false }
    }),
    assignServerFieldErrors: assign((_, params: { errors: DepositLimitContext['fieldErrors'] }) => ({ fieldErrors: params.errors, asked: null, keeping: false })),
    assignAlert: assign((_, params: { alert: LimitAlert }) => ({ alert: params.alert, asked: null, keeping: false })),
    assignUnchanged: assign(({ context }) => ({ outcome: 'applied' as LimitSaveOutcome, outcomePeriod: context.period, fieldErrors: {}, alert: null })),
  },
  guards: {
    loaded: (_, params: { ok: boolean }) => params.ok,
    saved: (_, params: { ok: boolean }) => params.ok,
    fieldsRefused: (_, params: { output: SaveDepositLimitResult }) => !params.output.ok && hasLimitFieldFailure(params.output.error),
    formInvalid: ({ context }) => Object.keys(validateLimit(context, context.currency)).length > 0,
    unchanged: ({ context }) => isUnchanged(context, context.limit),
    canRemove: ({ context }, params: { period: LimitDays }) => canRemove(context.limit, params.period),
    hasPendingChange: ({ context }, params: { period: LimitDays }) => hasPendingChange(context.limit, params.period),
  },
}).createMachine({
  id: 'depositLimit',
  context: ({ input }) => ({
    currency: input.currency,
    limit: null,
    period: 1,
    amount: '',
    locale: input.locale ?? 'en',
    fieldErrors: {},
    alert: null,
    outcome: null,
    asked: null,
    keeping: false,
    outcomePeriod: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: DEPOSIT_LIMIT_TAGS.loading,
      invoke: {
        id: 'loadDepositLimit',
        src: 'loadDepositLimit',
        input: () => ({}),
        onDone: [
          {
            guard: { type: 'loaded', params: ({ event }) => ({ ok: event.output.ok }) },
            target: 'ready',
            actions: { type: 'assignLoaded', params: ({ event }) => ({ limit: event.output.ok ? event.output.limit : null! }) },
          },
          { target: 'loadFailed' },
        ],
        onError: { target: 'loadFailed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'limit.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'limit.period.change': { actions: { type: 'assignPeriod', params: ({ event }) => ({ period: event.period }) } },
            'limit.amount.change': { actions: { type: 'assignAmount', params: ({ event }) => ({ value: event.value }) } },
            'limit.submit': [
              { guard: 'formInvalid', actions: ['assignFieldErrors', 'focusFirstError'] },
              // The same limit again with nothing pending: nothing to ask.
              { guard: 'unchanged', actions: 'assignUnchanged' },
              { target: 'saving', actions: { type: 'startSave', params: ({ context }) => ({ asked: buildSaveInput(context), keeping: false }) } },
            ],
            'limit.remove': {
              guard: { type: 'canRemove', params: ({ event }) => ({ period: event.period }) },
              target: 'saving',
              actions: { type: 'startSave', params: ({ event }) => ({ asked: { period: event.period, remove: true } as const, keeping: false }) },
            },
            'limit.keep': {
              guard: { type: 'hasPendingChange', params: ({ event }) => ({ period: event.period }) },
              target: 'saving',
              actions: { type: 'startSave', params: ({ context, event }) => ({ asked: keepInput(context.limit!, event.period), keeping: true }) },
            },
          },
        },
        saving: {
          tags: DEPOSIT_LIMIT_TAGS.busy,
          invoke: {
            id: 'saveDepositLimit',
            src: 'saveDepositLimit',
            input: ({ context }) => {
              if (!context.asked) throw new Error('depositLimitMachine: saving without a request')
              return context.asked
            },
            onDone: [
              {
                guard: { type: 'saved', params: ({ event }: SaveDone) => ({ ok: event.output.ok }) },
                target: 'idle',
                actions: [
                  { type: 'assignSaved', params: ({ event }: SaveDone) => ({ limit: savedLimit(event.output) }) },
                  { type: 'limitSaved', params: ({ event }: SaveDone) => ({ limit: savedLimit(event.output) }) },
                ],
              },
              {
                guard: { type: 'fieldsRefused', params: ({ event }: SaveDone) => ({ output: event.output }) },
                target: 'idle',
                actions: [{ type: 'assignServerFieldErrors', params: ({ event }: SaveDone) => ({ errors: limitFieldErrors(failureOf(event.output)) }) }, 'focusFirstError'],
              },
              { target: 'idle', actions: { type: 'assignAlert', params: ({ event }: SaveDone) => ({ alert: limitAlertFor(failureOf(event.output)) }) } },
            ],
            onError: {
              target: 'idle',
              actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: limitAlertFor(null) } }],
            },
          },
        },
      },
    },
  },
})
export type DepositLimitMachine = typeof depositLimitMachine
