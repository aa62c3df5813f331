// Actors of the deposit-limit flows: the defaults call account/getDepositLimit and setDepositLimit
// from the browser (ARCHITECTURE §3), settling API errors as values; tests swap them with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { getDepositLimit, setDepositLimit } from '../../../services/api/contract/cashier'
import { settleCashierCall } from '../../cashier/cashier.results'
import type { NoInput } from '../../cashier/deposit/deposit.types'
import type { LoadDepositLimitResult, SaveDepositLimitInput, SaveDepositLimitResult } from './deposit-limit.types'

/** GET account/getDepositLimit: the limit in force, what is left of it, and a pending raise. */
export const loadDepositLimit = fromPromise<LoadDepositLimitResult, NoInput>(() =>
  settleCashierCall(async () => ({ limit: await browserApiClient().call(getDepositLimit, {}) })),
)
/** POST account/setDepositLimit: lowers at once, raises or removes after the cooling-off. */
export const saveDepositLimit = fromPromise<SaveDepositLimitResult, SaveDepositLimitInput>(({ input }) =>
  settleCashierCall(async () => ({ limit: await browserApiClient().call(setDepositLimit, input) })),
)
