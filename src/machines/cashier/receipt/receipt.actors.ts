// Actors of the receipt page: cashier/gettransaction through the page's API client, an API error
// coming back as a value (settleCashierCall). Tests swap it with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { gettransaction } from '../../../services/api/contract/cashier'
import { settleCashierCall } from '../cashier.results'
import type { LoadReceiptInput, LoadReceiptResult } from './receipt.types'

/** Reads cashier/gettransaction for the id; an API error comes back as a value. */
export const loadReceipt = fromPromise<LoadReceiptResult, LoadReceiptInput>(({ input }) =>
  settleCashierCall(async () => ({ transaction: await browserApiClient().call(gettransaction, { id: input.id }) })),
)
