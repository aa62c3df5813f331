// Types of the wallet page (/cashier/wallet; SPEC §2.1 cashier children, §3 'Account info', §7
// Account getcurrencyrates and setCurrency).
import type { CURRENCY_ERROR_CODE, CurrencyRates, Balance } from '../../../services/api/contract/account'
import type { CashierFailure, CashierResult } from '../cashier.types'

export type { Balance, CurrencyRates }

export interface WalletInput {
  /** The player's currency (the main balance's, SPEC §3) as the page opens; null when not known yet. */
  readonly currency: string | null
}

export interface WalletContext {
  readonly currency: string | null
  /** account/getcurrencyrates; null until read. */
  readonly rates: CurrencyRates | null
  /** The currency the player picked: waiting for confirmation, being set, or just set or refused. */
  readonly choice: string | null
  /** Why the server refused the last change; null otherwise. */
  readonly failure: CashierFailure | null
}

export type WalletEvent =
  /** 'Try again' after the rates could not be read. */
  | { type: 'wallet.retry' }
  /** The player picks another currency; nothing changes until it is confirmed. */
  | { type: 'currency.choose'; currency: string }
  | { type: 'currency.confirm' }
  /** Keep the current currency (also dismisses a refusal). */
  | { type: 'currency.cancel' }
  /** The root actor's account moved to another currency (a balance push, another tab). */
  | { type: 'account.sync'; currency: string | null }

export type LoadRatesResult = CashierResult<{ readonly rates: CurrencyRates }>
export interface SetCurrencyInput {
  readonly currency: string
}
export type SetCurrencyResult = CashierResult<{ readonly balances: Balance }>

export interface WalletActionParams {
  /**
   * The balances in the new currency go to the root actor (emitted as BALANCE_CHANGED), so the header
   * and this page show them: setCurrency moves no money, so no balance push follows it.
   */
  readonly publishBalances: { readonly balances: Balance }
  readonly reportError: { readonly error: unknown }
}

/** The contract's CURRENCY_ERROR_CODE (a machine imports only types from services). */
export const WALLET_CODES = {
  unavailable: 'unknown_currency',
  depositLimit: 'currency_locked_by_deposit_limit',
  lossLimit: 'currency_locked_by_loss_limit',
  pendingWithdrawal: 'currency_locked_by_pending_withdrawal',
} as const satisfies typeof CURRENCY_ERROR_CODE

/** Why a change was refused, as the page explains it. */
export type CurrencyRefusal = 'depositLimit' | 'lossLimit' | 'pendingWithdrawal' | 'unavailable' | 'signedOut' | 'other'
