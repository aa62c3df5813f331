// What the payment result pages read.
import type { SnapshotFrom } from 'xstate'
import { paymentStatus, type PaymentStatus } from '../../../shared/payment-status'
import type { Transaction } from '../cashier.types'
import { PAYMENT_RESULT_TAGS, type paymentResultMachine } from './payment-result.machine'

export type PaymentResultSnapshot = SnapshotFrom<typeof paymentResultMachine>

/** SPEC §4 loading flag 'receipt'. */
export const selectLoadingReceipt = (s: PaymentResultSnapshot): boolean => s.hasTag(PAYMENT_RESULT_TAGS.loadingReceipt)
/** SPEC §2.5 paypending: show the loader. */
export const selectShowsLoader = (s: PaymentResultSnapshot): boolean => s.hasTag(PAYMENT_RESULT_TAGS.waiting) || s.hasTag(PAYMENT_RESULT_TAGS.loadingReceipt)
export const selectTransaction = (s: PaymentResultSnapshot): Transaction | null => s.context.transaction
/** The transaction's status as the player is told it on every cashier page. */
export const selectPaymentStatus = (s: PaymentResultSnapshot): PaymentStatus | null => (s.context.transaction ? paymentStatus(s.context.transaction) : null)
export const selectCanRetry = (s: PaymentResultSnapshot): boolean => s.can({ type: 'payment.retry' })

export type PaymentResultView = 'loading' | 'waiting' | 'stillPending' | 'settled' | 'notFound' | 'loadFailed'
export const selectPaymentResultView = (s: PaymentResultSnapshot): PaymentResultView => {
  if (s.matches('loading')) return 'loading'
  if (s.matches('waiting') || s.matches('polling')) return 'waiting'
  if (s.matches('gaveUp')) return 'stillPending'
  if (s.matches('settled')) return 'settled'
  if (s.matches('notFound')) return 'notFound'
  return 'loadFailed'
}
