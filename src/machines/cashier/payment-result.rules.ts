// Pure rules of the payment result pages.
import type { Transaction } from './cashier.types'
import { PAYMENT_POLL_MAX_ATTEMPTS, type ResultPage } from './payment-result.types'

/** Still moving: a deposit waiting on its provider, a withdrawal waiting for approval or payout. */
export function isUnsettled(transaction: Transaction): boolean {
  return transaction.status === 'pending' || transaction.status === 'approved'
}

/**
 * The page a settled transaction belongs on. paymobile and paynewwindow wait on the payment made
 * elsewhere, so once it settles the player sees its outcome page.
 */
export function pageForStatus(transaction: Transaction): ResultPage {
  switch (transaction.status) {
    case 'success':
      return 'paysuccess'
    case 'failed':
      return 'payfail'
    case 'cancelled':
      return 'paycancel'
    default:
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
