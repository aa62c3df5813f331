import { describe, expect, it } from 'vitest'
import { streamFromWords } from '../random'
import { hitFrequencyOf, rtpOf } from '../payouts'
import { checkRtp } from '../testing/rtp-check'
import {
  DEFAULT_LIMBO_RULES as RULES,
  limboDistribution,
  limboHundredthsOfWord,
  limboResult,
  limboWinningWords,
  playLimbo,
  validateLimboBet,
  type LimboBet,
} from './limbo'

const words = (...w: number[]) => streamFromWords(() => w.shift() ?? 0)
const TWO_32 = 2 ** 32

describe('limbo', () => {
  it('draws r = max(1, floor(0.99 / (1 − u) × 100) / 100), capped, hand-worked', () => {
    // u = 0 → 0.99 → raised to 1.00; u = 1/2 → exactly 1.98 (floating point would give 1.97 or 1.98 by luck).
    expect(limboResult(RULES, words(0))).toBe(1)
    expect(limboResult(RULES, words(2 ** 31))).toBe(1.98)
    expect(limboResult(RULES, words(3 * 2 ** 30))).toBe(3.96)
    // The top word: 0.99 × 2^32 = 4 252 017 623.04 → capped at 1 000 000.
    expect(limboResult(RULES, words(TWO_32 - 1))).toBe(1_000_000)
    expect(limboResult({ ...RULES, maxMultiplier: 100 }, words(TWO_32 - 100))).toBe(100)
    expect(limboResult(RULES, words(TWO_32 - 100))).toBe(1_000_000)
    expect(limboResult(RULES, words(TWO_32 - 10_000))).toBe(425201.76)
    expect(playLimbo(RULES, { target: 1.98 }, words(2 ** 31))).toEqual({ result: 1.98, target: 1.98, win: true, multiplier: 1.98 })
    expect(playLimbo(RULES, { target: 1.99 }, words(2 ** 31))).toEqual({ result: 1.98, target: 1.99, win: false, multiplier: 0 })
  })

  it('counts the winning words exactly, flooring and cap included', () => {
    // r ≥ 2 needs 2^32 − k ≤ 0.99 × 2^32 / 2 = 2 126 008 811.52: words from 2 168 958 485 win.
    expect(limboWinningWords(RULES, 2)).toBe(2_126_008_811)
    for (const target of [1.01, 1.5, 2, 3.33, 10, 99.99, 1234.56, 100_000, 1_000_000]) {
      const n = limboWinningWords(RULES, target)
      const first = TWO_32 - n
      // The first winning word reaches the target, the word before it does not.
      expect(limboHundredthsOfWord(RULES, first), `${target}`).toBeGreaterThanOrEqual(Math.round(target * 100))
      expect(limboHundredthsOfWord(RULES, first - 1), `${target}`).toBeLessThan(Math.round(target * 100))
      // RTP = target × n / 2^32: 99 % less at most target / 2^32 of flooring.
      const rtp = rtpOf(limboDistribution(RULES, target))
      expect(rtp).toBeLessThanOrEqual(0.99)
      expect(rtp).toBeGreaterThan(0.99 - target / TWO_32)
      expect(hitFrequencyOf(limboDistribution(RULES, target))).toBe(n / TWO_32)
    }
    expect(rtpOf(limboDistribution(RULES, 2))).toBeCloseTo(0.99, 8)
    // At the cap only 4 252 words win: 99 % less 0.0023 %.
    expect(limboWinningWords(RULES, 1_000_000)).toBe(4252)
  })

  it('refuses bad bets', () => {
    const bad: [unknown, string][] = [
      [null, 'not-an-object'],
      [2, 'not-an-object'],
      [{}, 'bad-target'],
      [{ target: '2' }, 'bad-target'],
      [{ target: Number.NaN }, 'bad-target'],
      [{ target: Infinity }, 'bad-target'],
      [{ target: 1 }, 'bad-target'],
      [{ target: 1.005 }, 'bad-target'],
      [{ target: 2.001 }, 'bad-target'],
      [{ target: 1_000_000.01 }, 'bad-target'],
      [{ target: 999_999.999 }, 'bad-target'],
      [{ target: -5 }, 'bad-target'],
    ]
    for (const [bet, error] of bad) expect(validateLimboBet(RULES, bet as LimboBet), JSON.stringify(bet)).toBe(error)
    for (const target of [1.01, 2, 12.34, 999_999.99, 1_000_000]) expect(validateLimboBet(RULES, { target })).toBeNull()
    expect(() => playLimbo(RULES, { target: 1 }, words())).toThrow(/bad-target/)
  })

  it('seeded play matches the exact distribution', () => {
    for (const [target, rounds] of [
      [1.01, 100_000],
      [2, 200_000],
      [10, 200_000],
      [100, 400_000],
    ] as const) {
      const report = checkRtp((s) => playLimbo(RULES, { target }, s).multiplier, limboDistribution(RULES, target), rounds)
      expect(report.ok, `${target} ${JSON.stringify(report)}`).toBe(true)
    }
    // A law without the edge (1 / (1 − u)) pays target 2 half the time and is caught.
    const fair = checkRtp((s) => (s.float() >= 0.5 ? 2 : 0), limboDistribution(RULES, 2), 200_000)
    expect(fair.ok).toBe(false)
  })
})
