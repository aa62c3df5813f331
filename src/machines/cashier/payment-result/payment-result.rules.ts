// Pure rules of the payment result pages. The transaction's status is read as every cashier page
// reads it (src/shared/payment-status.ts).
import { isUnderWay, paymentStatus } from '../../../shared/payment-status'
import type { Transaction } from '../cashier.types'
import { PAYMENT_POLL_MAX_ATTEMPTS, type ResultPage } from './payment-result.types'

/** Still moving: a deposit waiting on its provider, a withdrawal waiting for approval or payout. */
export function isUnsettled(transaction: Transaction): boolean {
  return isUnderWay(paymentStatus(transaction))
}

/** Done, the money moved. */
export function isCompleted(transaction: Transaction): boolean {
  return paymentStatus(transaction) === 'completed'
}

/**
 * The page a settled transaction belongs on. paymobile and paynewwindow wait on the payment made
 * elsewhere, so once it settles the player sees its outcome page.
 */
export function pageForStatus(transaction: Transaction): ResultPage {
  switch (paymentStatus(transaction)) {
    case 'completed':
      return 'paysuccess'
    case 'failed':
      return 'payfail'
    case 'cancelled':
    case 'expired':
      return 'paycancel'
    case 'pending':
    case 'approved':
      return 'paypending'
  }
}

/** The route shows another outcome than the transaction has: the page follows the transaction. */
export function needsOtherPage(page: ResultPage, transaction: Transaction): boolean {
  return !isUnsettled(transaction) && pageForStatus(transaction) !== page
}

export function mayPollAgain(attempts: number, max: number = PAYMENT_POLL_MAX_ATTEMPTS): boolean {
  return attempts < max
}
