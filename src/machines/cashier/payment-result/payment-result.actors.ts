// Actors of the payment result pages: cashier/gettransaction through the page's API client, an API
// error coming back as a value (settleCashierCall). Tests swap it with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { gettransaction } from '../../../services/api/contract/cashier'
import { settleCashierCall } from '../cashier.results'
import type { LoadTransactionInput, LoadTransactionResult } from './payment-result.types'

/** GET cashier/gettransaction for the route's {transaction}. */
export const loadTransaction = fromPromise<LoadTransactionResult, LoadTransactionInput>(({ input }) =>
  settleCashierCall(async () => ({ transaction: await browserApiClient().call(gettransaction, { id: input.id }) })),
)
