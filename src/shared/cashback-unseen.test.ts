import { describe, expect, it } from 'vitest'
import { isUnseenCashback } from './cashback-unseen'

const active = { id: 7, status: 'active', receiving_expired_at: null }

describe('isUnseenCashback (SPEC §4 Cashback unseen)', () => {
  it('is false when the player has no cashback', () => {
    expect(isUnseenCashback(undefined, null)).toBe(false)
    expect(isUnseenCashback(undefined, '7')).toBe(false)
  })

  it('shows an active cashback not seen yet, or seen under another id', () => {
    expect(isUnseenCashback(active, null)).toBe(true)
    expect(isUnseenCashback(active, '6')).toBe(true)
    expect(isUnseenCashback(active, '')).toBe(true)
  })

  it('does not show the cashback whose id is stored as seen', () => {
    expect(isUnseenCashback(active, '7')).toBe(false)
    expect(isUnseenCashback({ ...active, status: 'paid_out' }, '7')).toBe(false)
  })

  it('shows a paid-out cashback only while it has no receiving deadline', () => {
    expect(isUnseenCashback({ ...active, status: 'paid_out' }, null)).toBe(true)
    expect(isUnseenCashback({ ...active, status: 'paid_out', receiving_expired_at: '2026-01-01T00:00:00.000Z' }, null)).toBe(false)
  })

  it('never shows other statuses', () => {
    for (const status of ['pending', 'expired', 'cancelled']) expect(isUnseenCashback({ ...active, status }, null), status).toBe(false)
  })
})
