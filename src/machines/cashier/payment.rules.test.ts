import { describe, expect, it } from 'vitest'
import { isPaymentHandOff } from './payment.rules'

describe('isPaymentHandOff: the mobile hand-off riding in history state to paymobile', () => {
  it('takes the hand-off makedeposit answered', () => {
    const mobile = { deep_link: 'sandboxbank://pay/1', qr: null, instructions: 'Open your bank app' }
    expect(isPaymentHandOff({ mobile })).toBe(true)
  })

  it('refuses whatever else history state holds', () => {
    expect(isPaymentHandOff(null)).toBe(false)
    expect(isPaymentHandOff(undefined)).toBe(false)
    expect(isPaymentHandOff('mobile')).toBe(false)
    expect(isPaymentHandOff({})).toBe(false)
    expect(isPaymentHandOff({ mobile: null })).toBe(false)
    expect(isPaymentHandOff({ mobile: { deep_link: 'x' } })).toBe(false)
  })
})
