// Actors of the loss-limit flow: the period-limit chart of deposit limits, calling
// account/getLossLimit and setLossLimit (same request and answer shapes); tests swap them with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { getLossLimit, setLossLimit } from '../../../services/api/contract/cashier'
import { settleCashierCall } from '../../cashier/cashier.results'
import type { NoInput } from '../../cashier/deposit/deposit.types'
import type { LoadDepositLimitResult, SaveDepositLimitInput, SaveDepositLimitResult } from '../deposit-limit/deposit-limit.types'

/** GET account/getLossLimit: the loss limits in force, each window's net loss, and pending raises. */
export const loadLossLimit = fromPromise<LoadDepositLimitResult, NoInput>(() =>
  settleCashierCall(async () => ({ limit: await browserApiClient().call(getLossLimit, {}) })),
)
/** POST account/setLossLimit: lowers at once, raises or removes after the cooling-off. */
export const saveLossLimit = fromPromise<SaveDepositLimitResult, SaveDepositLimitInput>(({ input }) =>
  settleCashierCall(async () => ({ limit: await browserApiClient().call(setLossLimit, input) })),
)
