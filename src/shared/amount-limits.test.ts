import { describe, expect, it } from 'vitest'
import { MAX_AMOUNTS, maxAmount, maxAmountMinor } from './amount-limits'
import { CURRENCY_EXPONENTS, isDecimalString, MAX_MINOR } from './money'

describe('the largest amount per currency', () => {
  it('has a whole-number maximum for every currency, far inside what the database holds', () => {
    expect(Object.keys(MAX_AMOUNTS).sort()).toEqual(Object.keys(CURRENCY_EXPONENTS).sort())
    for (const [currency, max] of Object.entries(MAX_AMOUNTS)) {
      expect(isDecimalString(max) && !max.includes('.'), currency).toBe(true)
      // A thousand of them still fit in a balance: a total of many payments cannot overflow either.
      expect(maxAmountMinor(currency)! * 1000n < MAX_MINOR, currency).toBe(true)
    }
  })

  it('converts to minor units with the exponent the database gives, and knows no maximum for an unknown currency', () => {
    expect(maxAmountMinor('USD')).toBe(100_000_000n)
    expect(maxAmountMinor('JPY')).toBe(150_000_000n)
    expect(maxAmountMinor('BTC')).toBe(2_000_000_000n)
    expect(maxAmountMinor('USD', 3)).toBe(1_000_000_000n)
    expect(maxAmount('XYZ')).toBeNull()
    expect(maxAmountMinor('XYZ', 2)).toBeNull()
  })
})
