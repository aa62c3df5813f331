// The receipt of one transaction (/cashier/receipt?id=...), opened from the history: SPEC §2.1
// cashier children, §3 'Payment pages are keyed by a transaction id', §4 loading flag 'receipt'.
//
// Why this shape. An id that cannot be a transaction id is not asked for: `checking` sends it
// straight to `notFound`, as the server's transaction_not_found does (another player's transaction
// is not found either, never forbidden). `loading` reads it once; a settled read is `shown` (a
// receipt does not follow a pending payment: the payment result pages do), a failed read offers a
// retry in `loadFailed`.
import { assign, setup } from 'xstate'
import type { CASHIER_ERROR_CODE } from '../../../services/api/contract/cashier'
import { loadReceipt } from './receipt.actors'
import { isTransactionId } from './receipt.rules'
import type { LoadReceiptResult, ReceiptActionParams, ReceiptContext, ReceiptEvent, ReceiptInput } from './receipt.types'

/** The contract's CASHIER_ERROR_CODE.transactionNotFound (a machine imports only types from services). */
const TRANSACTION_NOT_FOUND = 'transaction_not_found' satisfies typeof CASHIER_ERROR_CODE.transactionNotFound

export const RECEIPT_TAGS = {
  /** SPEC §4 cashier loading flag 'receipt'. */
  loadingReceipt: 'loading.receipt',
} as const

type Done = { event: { output: LoadReceiptResult } }
const result = ({ event }: Done) => ({ result: event.output })

const receiptSetup = setup({
  types: {
    input: {} as ReceiptInput,
    context: {} as ReceiptContext,
    events: {} as ReceiptEvent,
    children: {} as { loadReceipt: 'loadReceipt' },
    tags: {} as (typeof RECEIPT_TAGS)[keyof typeof RECEIPT_TAGS],
  },
  actors: { loadReceipt },
  actions: {
    reportError: (_, params: ReceiptActionParams['reportError']) => {
      console.error('receiptMachine:', params.error)
    },
    assignTransaction: assign((_, params: { result: LoadReceiptResult }) => ({ transaction: params.result.ok ? params.result.transaction : null })),
  },
  guards: {
    validId: ({ context }) => isTransactionId(context.id),
    found: (_, params: { result: LoadReceiptResult }) => params.result.ok,
    // transaction_not_found only: a MethodNotFound without it is a missing API route (a load failure).
    notFound: (_, params: { result: LoadReceiptResult }) =>
      !params.result.ok && params.result.error.type === 'MethodNotFoundException' && params.result.error.code === TRANSACTION_NOT_FOUND,
  },
})

export const receiptMachine = receiptSetup.createMachine({
  id: 'receipt',
  context: ({ input }) => ({ id: input.id, transaction: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'validId', target: 'loading' }, { target: 'notFound' }],
    },
    loading: {
      tags: RECEIPT_TAGS.loadingReceipt,
      invoke: {
        id: 'loadReceipt',
        src: 'loadReceipt',
        input: ({ context }) => {
          if (!isTransactionId(context.id)) throw new Error('receiptMachine: loading without a transaction id')
          return { id: context.id }
        },
        onDone: [
          { guard: { type: 'found', params: result }, target: 'shown', actions: { type: 'assignTransaction', params: result } },
          { guard: { type: 'notFound', params: result }, target: 'notFound' },
          { target: 'loadFailed' },
        ],
        onError: { target: 'loadFailed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: { type: 'final' },
    notFound: { type: 'final' },
    loadFailed: {
      on: { 'receipt.retry': 'loading' },
    },
  },
})

export type ReceiptMachine = typeof receiptMachine
