// API calls to the values the cashier charts route on (ARCHITECTURE §7). Providers wrap their API
// calls with `settleCashierCall` when they implement the actors.
import type { ApiError } from '../../shared/errors'
import { settleWith } from '../api-result'
import type { CashierFailure, CashierResult } from './cashier.types'

export function toCashierFailure(error: ApiError): CashierFailure {
  return { type: error.type, code: error.code, invalidParameters: error.invalidParameters, errorData: error.errorData }
}

/** Data on success, `{ ok: false }` for an API error of SPEC §8; anything else (a bug) stays a rejection. */
export function settleCashierCall<T extends object>(call: () => Promise<T>): Promise<CashierResult<T>> {
  return settleWith(call, toCashierFailure)
}
