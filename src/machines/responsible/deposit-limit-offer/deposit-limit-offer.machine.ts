// The deposit limit offered at the first deposit (SPEC §3 'Deposit limit', §9 periods): decided once, and it
// never blocks the deposit form it sits in (docs/machines.md#deposit-limit-offer).
import { assign, emit, setup } from 'xstate'
import { FOCUS_FIRST_ERROR_EVENT } from '../../forms/focus-first-error'
import type { DepositLimit } from '../../cashier/cashier.types'
import { saveDepositLimit } from '../deposit-limit/deposit-limit.actors'
import { buildSaveInput, hasLimitFieldFailure, limitAlertFor, limitFieldErrors, offersLimit, validateLimit } from '../deposit-limit/deposit-limit.rules'
import {
  DEPOSIT_LIMIT_SAVED,
  type DepositLimitActionParams,
  type DepositLimitEmitted,
  type DepositLimitOfferContext,
  type DepositLimitOfferEvent,
  type DepositLimitOfferInput,
  type LimitAlert,
  type SaveDepositLimitResult,
} from '../deposit-limit/deposit-limit.types'

export const DEPOSIT_LIMIT_OFFER_TAGS = {
  /** setDepositLimit in flight. */
  busy: 'busy',
} as const
export type DepositLimitOfferTag = (typeof DEPOSIT_LIMIT_OFFER_TAGS)[keyof typeof DEPOSIT_LIMIT_OFFER_TAGS]

type SaveDone = { event: { output: SaveDepositLimitResult } }
function savedLimit(output: SaveDepositLimitResult): DepositLimit {
  if (!output.ok) throw new Error('depositLimitOfferMachine: expected a saved limit')
  return output.limit
}
function failureOf(output: SaveDepositLimitResult) {
  if (output.ok) throw new Error('depositLimitOfferMachine: expected a failure')
  return output.error
}

export const depositLimitOfferMachine = setup({
  types: {
    input: {} as DepositLimitOfferInput,
    context: {} as DepositLimitOfferContext,
    events: {} as DepositLimitOfferEvent,
    tags: {} as DepositLimitOfferTag,
    emitted: {} as DepositLimitEmitted,
    children: {} as { saveDepositLimit: 'saveDepositLimit' },
  },
  actors: { saveDepositLimit },
  actions: {
    /** A refused submit: the view takes the player to the first field error (forms/focus-first-error.ts). */
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    limitSaved: emit((_, params: DepositLimitActionParams['limitSaved']) => ({ type: DEPOSIT_LIMIT_SAVED, limit: params.limit })),
    reportError: (_, params: DepositLimitActionParams['reportError']) => {
      console.error('depositLimitOfferMachine:', params.error)
    },
    assignPeriod: assign((_, params: { period: 1 | 7 | 14 | 30 }) => ({ period: params.period, alert: null })),
    assignAmount: assign((_, params: { value: string }) => ({ amount: params.value, fieldErrors: {}, alert: null })),
    assignFieldErrors: assign(({ context }) => ({ fieldErrors: validateLimit(context, context.currency), alert: null })),
    assignLimit: assign((_, params: { limit: DepositLimit }) => ({ limit: params.limit, fieldErrors: {}, alert: null })),
    assignServerFieldErrors: assign((_, params: { errors: DepositLimitOfferContext['fieldErrors'] }) => ({ fieldErrors: params.errors })),
    assignAlert: assign((_, params: { alert: LimitAlert }) => ({ alert: params.alert })),
  },
  guards: {
    offered: ({ context }) => offersLimit(context),
    formInvalid: ({ context }) => Object.keys(validateLimit(context, context.currency)).length > 0,
    saved: (_, params: { ok: boolean }) => params.ok,
    fieldsRefused: (_, params: { output: SaveDepositLimitResult }) => !params.output.ok && hasLimitFieldFailure(params.output.error),
  },
}).createMachine({
  id: 'depositLimitOffer',
  context: ({ input }) => ({
    currency: input.currency,
    limit: input.limit,
    isFirstDeposit: input.isFirstDeposit,
    period: 1,
    amount: '',
    locale: input.locale ?? 'en',
    fieldErrors: {},
    alert: null,
  }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'offered', target: 'offered' }, { target: 'hidden' }],
    },
    hidden: { type: 'final' },
    offered: {
      on: {
        'limitOffer.period.change': { actions: { type: 'assignPeriod', params: ({ event }) => ({ period: event.period }) } },
        'limitOffer.amount.change': { actions: { type: 'assignAmount', params: ({ event }) => ({ value: event.value }) } },
        'limitOffer.submit': [{ guard: 'formInvalid', actions: ['assignFieldErrors', 'focusFirstError'] }, { target: 'saving' }],
        'limitOffer.skip': 'skipped',
      },
    },
    saving: {
      tags: DEPOSIT_LIMIT_OFFER_TAGS.busy,
      invoke: {
        id: 'saveDepositLimit',
        src: 'saveDepositLimit',
        input: ({ context }) => buildSaveInput(context),
        onDone: [
          {
            guard: { type: 'saved', params: ({ event }: SaveDone) => ({ ok: event.output.ok }) },
            target: 'saved',
            actions: [
              { type: 'assignLimit', params: ({ event }: SaveDone) => ({ limit: savedLimit(event.output) }) },
              { type: 'limitSaved', params: ({ event }: SaveDone) => ({ limit: savedLimit(event.output) }) },
            ],
          },
          {
            guard: { type: 'fieldsRefused', params: ({ event }: SaveDone) => ({ output: event.output }) },
            target: 'offered',
            actions: [{ type: 'assignServerFieldErrors', params: ({ event }: SaveDone) => ({ errors: limitFieldErrors(failureOf(event.output)) }) }, 'focusFirstError'],
          },
          { target: 'offered', actions: { type: 'assignAlert', params: ({ event }: SaveDone) => ({ alert: limitAlertFor(failureOf(event.output)) }) } },
        ],
        onError: {
          target: 'offered',
          actions: [{ type: 'reportError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignAlert', params: { alert: limitAlertFor(null) } }],
        },
      },
    },
    saved: { type: 'final' },
    skipped: { type: 'final' },
  },
})
export type DepositLimitOfferMachine = typeof depositLimitOfferMachine
