// What the receipt page reads.
import type { SnapshotFrom } from 'xstate'
import { paymentStatus, type PaymentStatus } from '../../../shared/payment-status'
import type { Transaction } from '../cashier.types'
import { RECEIPT_TAGS, type receiptMachine } from './receipt.machine'

export type ReceiptSnapshot = SnapshotFrom<typeof receiptMachine>

export type ReceiptView = 'loading' | 'shown' | 'notFound' | 'loadFailed'
export const selectReceiptView = (s: ReceiptSnapshot): ReceiptView => {
  if (s.matches('shown')) return 'shown'
  if (s.matches('notFound')) return 'notFound'
  if (s.matches('loadFailed')) return 'loadFailed'
  return 'loading'
}
/** SPEC §4 loading flag 'receipt'. */
export const selectLoadingReceipt = (s: ReceiptSnapshot): boolean => s.hasTag(RECEIPT_TAGS.loadingReceipt)
export const selectReceipt = (s: ReceiptSnapshot): Transaction | null => s.context.transaction
/** The transaction's status as the player is told it on every cashier page. */
export const selectReceiptStatus = (s: ReceiptSnapshot): PaymentStatus | null => (s.context.transaction ? paymentStatus(s.context.transaction) : null)
