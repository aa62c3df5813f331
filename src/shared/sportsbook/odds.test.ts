import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatAmerican, formatDecimal, formatFractional, isOnLadder, MAX_PRICE, MIN_PRICE, priceAccepted, priceMove, toLadder } from './odds'

describe('the price ladder', () => {
  it('rounds a fair price down to the step of its band', () => {
    expect(toLadder(1.855)).toBe(1850)
    expect(toLadder(1.85)).toBe(1850)
    expect(toLadder(2.03)).toBe(2020)
    expect(toLadder(3.07)).toBe(3050)
    expect(toLadder(5.55)).toBe(5500)
    expect(toLadder(7.9)).toBe(7800)
    expect(toLadder(14.9)).toBe(14_500)
    expect(toLadder(123.4)).toBe(120_000)
  })

  it('clamps to the lowest and highest price, whatever it is given', () => {
    expect(toLadder(1.0)).toBe(MIN_PRICE)
    expect(toLadder(0.3)).toBe(MIN_PRICE)
    expect(toLadder(Number.NaN)).toBe(MIN_PRICE)
    expect(toLadder(Infinity)).toBe(MAX_PRICE)
    expect(toLadder(5000)).toBe(MAX_PRICE)
  })

  it('never rounds up, and lands on the ladder', () => {
    fc.assert(
      fc.property(fc.double({ min: 1.011, max: 999, noNaN: true }), (x) => {
        const price = toLadder(x)
        expect(price).toBeLessThanOrEqual(Math.floor(x * 1000 + 1e-6))
        expect(isOnLadder(price)).toBe(true)
      }),
    )
  })
})

describe('odds formats', () => {
  it.each([
    [1010, '1.01', '1/100', '-10000'],
    [1500, '1.50', '1/2', '-200'],
    [1850, '1.85', '17/20', '-118'],
    [1910, '1.91', '10/11', '-110'],
    [2000, '2.00', '1/1', '+100'],
    [2500, '2.50', '3/2', '+150'],
    [3250, '3.25', '9/4', '+225'],
    [12_500, '12.50', '23/2', '+1150'],
    [101_000 - 1000, '100.00', '99/1', '+9900'],
  ])('%i is %s, %s and %s', (price, decimal, fractional, american) => {
    expect(formatDecimal(price)).toBe(decimal)
    expect(formatFractional(price)).toBe(fractional)
    expect(formatAmerican(price)).toBe(american)
  })

  it('gives a fraction within a hundredth of the price for every ladder price', () => {
    for (let x = 1.01; x < 20; x += 0.01) {
      const price = toLadder(x)
      const [num, den] = formatFractional(price).split('/').map(Number)
      expect(Math.abs(1 + num! / den! - price / 1000)).toBeLessThan(0.03)
    }
  })
})

describe('odds changes', () => {
  it('flashes up, down or not at all', () => {
    expect(priceMove(undefined, 1500)).toBeNull()
    expect(priceMove(1500, 1500)).toBeNull()
    expect(priceMove(1500, 1600)).toBe('up')
    expect(priceMove(1500, 1400)).toBe('down')
  })

  it('accepts a changed price only as the policy says', () => {
    expect(priceAccepted(2000, 2000, 'always_ask')).toBe(true)
    expect(priceAccepted(2000, 2100, 'always_ask')).toBe(false)
    expect(priceAccepted(2000, 2100, 'accept_higher')).toBe(true)
    expect(priceAccepted(2000, 1900, 'accept_higher')).toBe(false)
    expect(priceAccepted(2000, 1900, 'accept_any')).toBe(true)
  })
})
