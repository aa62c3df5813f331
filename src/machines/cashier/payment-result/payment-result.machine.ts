// A payment result page reading the real transaction (SPEC §2.1 pay* pages, §2.5, §4 'Payment result pages'):
// one still moving is polled a bounded number of times, because its provider settles it later (docs/machines.md#payment-result).
import { assign, emit, enqueueActions, setup } from 'xstate'
import { BALANCE_STALE_EVENT } from '../cashier.types'
import type { CASHIER_ERROR_CODE } from '../../../services/api/contract/cashier'
import { loadTransaction } from './payment-result.actors'
import { isCompleted, isUnsettled, mayPollAgain, needsOtherPage, pageForStatus } from './payment-result.rules'
import {
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_MAX_ATTEMPTS,
  PAYMENT_RESULT_MOVED,
  type LoadTransactionResult,
  type PaymentResultActionParams,
  type PaymentResultContext,
  type PaymentResultEmitted,
  type PaymentResultEvent,
  type PaymentResultInput,
} from './payment-result.types'

/** The contract's CASHIER_ERROR_CODE.transactionNotFound (a machine imports only types from services). */
const TRANSACTION_NOT_FOUND = 'transaction_not_found' satisfies typeof CASHIER_ERROR_CODE.transactionNotFound

export const PAYMENT_RESULT_TAGS = {
  /** SPEC §4 cashier loading flag 'receipt' while the transaction is read. */
  loadingReceipt: 'loading.receipt',
  /** SPEC §2.5 paypending: the loader shows while the payment is unsettled. */
  waiting: 'waiting',
} as const

type Done = { event: { output: LoadTransactionResult } }
const result = ({ event }: Done) => ({ result: event.output })

const paymentResultSetup = setup({
  types: {
    input: {} as PaymentResultInput,
    context: {} as PaymentResultContext,
    events: {} as PaymentResultEvent,
    children: {} as { loadTransaction: 'loadTransaction' },
    tags: {} as (typeof PAYMENT_RESULT_TAGS)[keyof typeof PAYMENT_RESULT_TAGS],
    emitted: {} as PaymentResultEmitted,
  },
  actors: { loadTransaction },
  delays: { pollInterval: PAYMENT_POLL_INTERVAL_MS },
  actions: {
    goToResult: emit((_, params: PaymentResultActionParams['goToResult']) => ({
      type: PAYMENT_RESULT_MOVED,
      path: `/cashier/${params.page}/${encodeURIComponent(params.transactionId)}`,
    })),
    refreshBalance: emit(BALANCE_STALE_EVENT),
    reportError: (_, params: PaymentResultActionParams['reportError']) => {
      console.error('paymentResultMachine:', params.error)
    },
    assignTransaction: assign((_, params: { result: LoadTransactionResult }) => ({
      transaction: params.result.ok ? params.result.transaction : null,
    })),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    resetAttempts: assign({ attempts: 0 }),
  },
  guards: {
    unsettled: (_, params: { result: LoadTransactionResult }) => params.result.ok && isUnsettled(params.result.transaction),
    settled: (_, params: { result: LoadTransactionResult }) => params.result.ok,
    // transaction_not_found only: a MethodNotFound without it is a missing API route (a load failure, retried).
    notFound: (_, params: { result: LoadTransactionResult }) =>
      !params.result.ok && params.result.error.type === 'MethodNotFoundException' && params.result.error.code === TRANSACTION_NOT_FOUND,
    mayPollAgain: ({ context }) => mayPollAgain(context.attempts, context.maxAttempts),
    succeeded: ({ context }) => context.transaction !== null && isCompleted(context.transaction),
    otherPage: ({ context }) => context.transaction !== null && needsOtherPage(context.page, context.transaction),
  },
})

const read = {
  id: 'loadTransaction',
  src: 'loadTransaction',
  input: ({ context }: { context: PaymentResultContext }) => ({ id: context.transactionId }),
  onDone: [
    { guard: { type: 'unsettled', params: result }, target: '#paymentResult.waiting', actions: { type: 'assignTransaction', params: result } },
    { guard: { type: 'settled', params: result }, target: '#paymentResult.settled', actions: { type: 'assignTransaction', params: result } },
    { guard: { type: 'notFound', params: result }, target: '#paymentResult.notFound' },
    { target: '#paymentResult.loadFailed' },
  ],
  onError: { target: '#paymentResult.loadFailed', actions: { type: 'reportError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
} as const

export const paymentResultMachine = paymentResultSetup.createMachine({
  id: 'paymentResult',
  context: ({ input }) => ({
    page: input.page,
    transactionId: input.transactionId,
    maxAttempts: input.maxAttempts ?? PAYMENT_POLL_MAX_ATTEMPTS,
    transaction: null,
    attempts: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: PAYMENT_RESULT_TAGS.loadingReceipt,
      invoke: read,
    },
    waiting: {
      tags: PAYMENT_RESULT_TAGS.waiting,
      after: {
        pollInterval: [{ guard: 'mayPollAgain', target: 'polling', actions: 'countAttempt' }, { target: 'gaveUp' }],
      },
    },
    polling: {
      tags: PAYMENT_RESULT_TAGS.waiting,
      invoke: read,
    },
    gaveUp: {
      on: { 'payment.retry': { target: 'loading', actions: 'resetAttempts' } },
    },
    loadFailed: {
      on: { 'payment.retry': { target: 'loading', actions: 'resetAttempts' } },
    },
    settled: {
      type: 'final',
      entry: enqueueActions(({ context, enqueue, check }) => {
        if (check('succeeded')) enqueue('refreshBalance')
        if (check('otherPage') && context.transaction) {
          enqueue({ type: 'goToResult', params: { page: pageForStatus(context.transaction), transactionId: context.transaction.id } })
        }
      }),
    },
    notFound: { type: 'final' },
  },
})

export type PaymentResultMachine = typeof paymentResultMachine
