import { describe, expect, it } from 'vitest'
import { median, quantile, ratio } from './stats'

describe('median', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2)
  })
  it('averages the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
  it('skips runs that produced no figure, and is null when none did', () => {
    expect(median([null, 5, undefined, Number.NaN])).toBe(5)
    expect(median([null, null])).toBeNull()
    expect(median([])).toBeNull()
  })
})

describe('ratio', () => {
  it('divides by the bare figure', () => {
    expect(ratio(250, 10_000)).toBeCloseTo(0.025)
  })
  it('is null without a usable bare figure', () => {
    expect(ratio(250, 0)).toBeNull()
    expect(ratio(250, null)).toBeNull()
    expect(ratio(undefined, 100)).toBeNull()
  })
})

describe('quantile', () => {
  it('takes the nearest rank', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(quantile(xs, 0.5)).toBe(50)
    expect(quantile(xs, 0.99)).toBe(99)
    expect(quantile(xs, 1)).toBe(100)
    expect(quantile([7], 0.99)).toBe(7)
    expect(quantile([], 0.5)).toBeNull()
  })
})
