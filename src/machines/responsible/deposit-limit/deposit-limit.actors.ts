// Actors of the deposit-limit flows; defaults fail loudly until bound to the API client
// (account/getDepositLimit, account/setDepositLimit) with `.provide()` and settleCashierCall.
import { fromPromise } from 'xstate'
import type { NoInput } from '../../cashier/deposit/deposit.types'
import type { LoadDepositLimitResult, SaveDepositLimitInput, SaveDepositLimitResult } from './deposit-limit.types'

const missing = (name: string) => async (): Promise<never> => {
  throw new Error(`deposit-limit flow: actor "${name}" not provided; bind it to the API client with .provide()`)
}

/** GET account/getDepositLimit: the limit in force, what is left of it, and a pending raise. */
export const loadDepositLimit = fromPromise<LoadDepositLimitResult, NoInput>(missing('loadDepositLimit'))
/** POST account/setDepositLimit: lowers at once, raises or removes after the cooling-off. */
export const saveDepositLimit = fromPromise<SaveDepositLimitResult, SaveDepositLimitInput>(missing('saveDepositLimit'))
