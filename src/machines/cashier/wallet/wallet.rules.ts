// Rules of the wallet page (SPEC §3 'Account info', §7 setCurrency).
import type { CashierFailure } from '../cashier.types'
import { WALLET_CODES, type CurrencyRates, type CurrencyRefusal } from './wallet.types'

/** A currency may be picked when the site offers it and it is not already the player's. */
export function mayChoose(rates: CurrencyRates | null, current: string | null, next: string): boolean {
  return rates !== null && next !== current && rates.rates.some((r) => r.currency === next)
}

/** The server's refusal, by type and code (never by its message, ARCHITECTURE §4). */
export function refusalOf(failure: CashierFailure): CurrencyRefusal {
  if (failure.code === WALLET_CODES.depositLimit) return 'depositLimit'
  if (failure.code === WALLET_CODES.lossLimit) return 'lossLimit'
  if (failure.code === WALLET_CODES.pendingWithdrawal) return 'pendingWithdrawal'
  if (failure.code === WALLET_CODES.unavailable || failure.invalidParameters?.currency) return 'unavailable'
  if (failure.type === 'AuthorizationException') return 'signedOut'
  return 'other'
}
