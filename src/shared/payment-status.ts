// What the player is told a payment transaction is. The server keeps a transaction's state
// (pending, approved, success, failed, cancelled, with failure_code saying why); every page that
// shows a transaction (the history, the receipt, the payment result pages, the withdrawal page)
// reads it through paymentStatus, so one transaction is never "Pending" on one page and
// "Completed" on another. Pure and isomorphic: the server's answers are checked against it.

/** The server's states of a payment transaction, as the API sends them (the contract's TRANSACTION_STATUSES). */
export const TRANSACTION_STATES = ['pending', 'approved', 'success', 'failed', 'cancelled'] as const
export type TransactionState = (typeof TRANSACTION_STATES)[number]

/**
 * failure_code of a deposit whose checkout session at the provider ran out before the player paid
 * (server/domain/payments/sessions.ts): it is cancelled, and no money moved.
 */
export const EXPIRED_FAILURE_CODE = 'expired'

/**
 * The statuses a player sees:
 * - pending: waiting (a deposit on its provider, a withdrawal on an operator); no money arrived yet;
 * - approved: a withdrawal approved and being paid out;
 * - completed: done, the money moved;
 * - failed: declined (by the provider, or an operator rejected a withdrawal);
 * - cancelled: the player, the provider or an operator cancelled it;
 * - expired: a deposit whose payment page ran out before the player paid.
 */
export const PAYMENT_STATUSES = ['pending', 'approved', 'completed', 'failed', 'cancelled', 'expired'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

export interface PaymentState {
  readonly status: TransactionState
  readonly failure_code?: string | null
}

/** The one reading of a transaction's state for the player. */
export function paymentStatus(tx: PaymentState): PaymentStatus {
  switch (tx.status) {
    case 'success':
      return 'completed'
    case 'cancelled':
      return tx.failure_code === EXPIRED_FAILURE_CODE ? 'expired' : 'cancelled'
    case 'pending':
    case 'approved':
    case 'failed':
      return tx.status
  }
}

/** Still under way: the outcome is not known yet, and a page following it keeps waiting. */
export function isUnderWay(status: PaymentStatus): boolean {
  return status === 'pending' || status === 'approved'
}

/** Ended without moving money: failed, cancelled or expired. */
export function isVoid(status: PaymentStatus): boolean {
  return status === 'failed' || status === 'cancelled' || status === 'expired'
}
