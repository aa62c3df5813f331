import { describe, expect, it } from 'vitest'
import { checkRtp, chiSquareCritical999 } from './rtp-check'
import { hitFrequencyOf, normalise, rtpOf, volatilityOf } from '../payouts'

// A toy game: a fair coin paying 1.98 on heads (RTP 99 %).
const coin = normalise([
  { multiplier: 1.98, probability: 0.5 },
  { multiplier: 0, probability: 0.5 },
])

describe('the RTP check every engine uses', () => {
  it('states the figures of a distribution', () => {
    expect(rtpOf(coin)).toBeCloseTo(0.99, 12)
    expect(hitFrequencyOf(coin)).toBe(0.5)
    expect(volatilityOf(coin)).toBeCloseTo(0.99, 12)
    expect(() => normalise([{ multiplier: 1, probability: 0.5 }])).toThrow(/sum to 0.5/)
  })

  it('passes a game that plays its paytable', () => {
    const report = checkRtp((s) => (s.float() < 0.5 ? 1.98 : 0), coin, 200_000)
    expect(report.ok).toBe(true)
  })

  it('fails a game whose paytable is wrong, or whose draw is skewed', () => {
    expect(() => checkRtp((s) => (s.float() < 0.5 ? 1.96 : 0), coin, 1000)).toThrow(/does not have/)
    const skewed = checkRtp((s) => (s.float() < 0.52 ? 1.98 : 0), coin, 200_000)
    expect(skewed.ok).toBe(false)
    expect(Math.abs(skewed.zScore)).toBeGreaterThan(4)
  })

  it('knows the chi-square critical values', () => {
    expect(chiSquareCritical999(1)).toBeCloseTo(10.83, 2)
    expect(chiSquareCritical999(10)).toBeCloseTo(29.59, 0)
    expect(chiSquareCritical999(50)).toBeCloseTo(86.66, 0)
  })
})
