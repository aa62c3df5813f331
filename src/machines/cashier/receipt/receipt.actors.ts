// Actors of the receipt page; the default fails loudly until bound to cashier/gettransaction.
import { fromPromise } from 'xstate'
import type { LoadReceiptInput, LoadReceiptResult } from './receipt.types'

/** Reads cashier/gettransaction for the id; an API error comes back as a value. */
export const loadReceipt = fromPromise<LoadReceiptResult, LoadReceiptInput>(async () => {
  throw new Error('receiptMachine: actor "loadReceipt" not provided; bind it to the API client with .provide()')
})
