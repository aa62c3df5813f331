// Actors of the payment result pages; the default fails loudly until bound to cashier/gettransaction.
import { fromPromise } from 'xstate'
import type { LoadTransactionInput, LoadTransactionResult } from './payment-result.types'

export const loadTransaction = fromPromise<LoadTransactionResult, LoadTransactionInput>(async () => {
  throw new Error('paymentResultMachine: actor "loadTransaction" not provided; bind it to the API client with .provide()')
})
