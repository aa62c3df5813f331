// Types of the payment result pages (SPEC §2.1 paysuccess, payfail, paypending, paycancel,
// paymobile, paynewwindow, each with and without {transaction}; §2.5 system pages; §4 'Payment
// result pages', paypending shows a loader).
import type { BalanceChanged, CashierResult, Transaction } from '../cashier.types'
import type { ResultPage } from '../deposit/deposit.types'

export type { ResultPage }

/** A pending transaction is read again every 3 s ... */
export const PAYMENT_POLL_INTERVAL_MS = 3000
/** ... at most 40 times (2 minutes); then the page says the payment is still being processed. */
export const PAYMENT_POLL_MAX_ATTEMPTS = 40

/** The transaction belongs on another result page: the page goes to `path`, replacing itself in the history. */
export const PAYMENT_RESULT_MOVED = 'paymentResult.moved' as const
export type PaymentResultEmitted = { readonly type: typeof PAYMENT_RESULT_MOVED; readonly path: string } | BalanceChanged

export interface PaymentResultInput {
  readonly page: ResultPage
  /** The {transaction} of the route (a bare route shows static text and runs no machine). */
  readonly transactionId: string
  /** Reads of an unsettled transaction before giving up; PAYMENT_POLL_MAX_ATTEMPTS by default. */
  readonly maxAttempts?: number
}

export interface PaymentResultContext {
  readonly maxAttempts: number
  readonly page: ResultPage
  readonly transactionId: string
  readonly transaction: Transaction | null
  /** Reads made while waiting for the transaction to settle. */
  readonly attempts: number
}

export type PaymentResultEvent =
  /** 'Try again' after a failed read, or after polling gave up. */
  { type: 'payment.retry' }

export interface LoadTransactionInput {
  readonly id: string
}
export type LoadTransactionResult = CashierResult<{ readonly transaction: Transaction }>

export interface PaymentResultActionParams {
  /** The real status belongs on another result page: go there (same transaction). */
  readonly goToResult: { readonly page: ResultPage; readonly transactionId: string }
  /** Money arrived: the header balance refreshes. */
  readonly refreshBalance: Readonly<Record<string, never>>
  readonly reportError: { readonly error: unknown }
}
