// Types of the receipt page (/cashier/receipt?id=...; SPEC §2.1 cashier children, §3 'Payment
// pages are keyed by a transaction id', §4 cashier loading flag 'receipt').
import type { CashierResult, Transaction } from '../cashier.types'

export interface ReceiptInput {
  /** The ?id= of the address; null when absent. */
  readonly id: string | null
}

export interface ReceiptContext {
  readonly id: string | null
  readonly transaction: Transaction | null
}

export type ReceiptEvent =
  /** 'Try again' after a failed read. */
  { type: 'receipt.retry' }

export interface LoadReceiptInput {
  readonly id: string
}
export type LoadReceiptResult = CashierResult<{ readonly transaction: Transaction }>

export interface ReceiptActionParams {
  readonly reportError: { readonly error: unknown }
}
