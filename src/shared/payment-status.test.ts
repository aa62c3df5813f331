import { describe, expect, it } from 'vitest'
import { EXPIRED_FAILURE_CODE, isUnderWay, isVoid, PAYMENT_STATUSES, paymentStatus, TRANSACTION_STATES, type PaymentStatus, type TransactionState } from './payment-status'

describe('paymentStatus: one reading of a transaction for the player', () => {
  it.each<[TransactionState, string | null, PaymentStatus]>([
    ['pending', null, 'pending'],
    ['approved', null, 'approved'],
    ['success', null, 'completed'],
    ['failed', 'declined', 'failed'],
    ['failed', 'rejected', 'failed'],
    ['cancelled', 'cancelled_by_player', 'cancelled'],
    ['cancelled', null, 'cancelled'],
    // A deposit whose payment page ran out: cancelled on the server, expired for the player.
    ['cancelled', EXPIRED_FAILURE_CODE, 'expired'],
  ])('%s (%s) reads as %s', (status, failure_code, seen) => {
    expect(paymentStatus({ status, failure_code })).toBe(seen)
  })

  it('a failure code only changes the reading of a cancelled transaction', () => {
    // A stale code on a completed or pending row never makes it look ended.
    expect(paymentStatus({ status: 'success', failure_code: EXPIRED_FAILURE_CODE })).toBe('completed')
    expect(paymentStatus({ status: 'pending', failure_code: EXPIRED_FAILURE_CODE })).toBe('pending')
    expect(paymentStatus({ status: 'failed', failure_code: EXPIRED_FAILURE_CODE })).toBe('failed')
  })

  it('every state has a reading, and each reading is under way, done or void, exactly one', () => {
    const seen = new Set(TRANSACTION_STATES.flatMap((status) => [paymentStatus({ status }), paymentStatus({ status, failure_code: EXPIRED_FAILURE_CODE })]))
    expect([...seen].sort()).toEqual([...PAYMENT_STATUSES].sort())
    for (const status of PAYMENT_STATUSES) {
      const kinds = [isUnderWay(status), status === 'completed', isVoid(status)].filter(Boolean)
      expect(kinds, status).toHaveLength(1)
    }
  })
})
