// Actors of the balance refresh. The default fails loudly: the browser binds it to the API client
// (account/getBalance) with `.provide()`, wrapped in settleCashierCall.
import { fromPromise } from 'xstate'
import type { FetchBalanceInput, FetchBalanceResult } from './balance-refresh.types'

export const fetchBalance = fromPromise<FetchBalanceResult, FetchBalanceInput>(async () => {
  throw new Error('balanceRefreshMachine: actor "fetchBalance" not provided; bind it to the API client with .provide()')
})
