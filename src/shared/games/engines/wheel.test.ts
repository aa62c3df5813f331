import { describe, expect, it } from 'vitest'
import { streamFromWords } from '../random'
import { hitFrequencyOf, rtpOf } from '../payouts'
import { checkRtp } from '../testing/rtp-check'
import { floor4 } from './common'
import { DEFAULT_WHEEL_RULES as RULES, WHEEL_RISKS, WHEEL_SEGMENTS, layOut, spinWheel, validateWheelBet, wheelDistribution, type WheelBet } from './wheel'

const words = (...w: number[]) => streamFromWords(() => w.shift() ?? 0)

describe('wheel', () => {
  it('lands on int(segments) and pays that segment, hand-worked', () => {
    expect(RULES.tables.low[10]).toEqual([1.5, 1.2, 1.2, 1.2, 0, 1.2, 1.2, 1.2, 1.2, 0])
    expect(RULES.tables.medium[10]).toEqual([3, 0, 2, 0, 1.9, 0, 1.5, 0, 1.5, 0])
    expect(spinWheel(RULES, { segments: 10, risk: 'low' }, words(0))).toEqual({ segment: 0, segments: 10, risk: 'low', multiplier: 1.5 })
    expect(spinWheel(RULES, { segments: 10, risk: 'low' }, words(14)).multiplier).toBe(0)
    // 0xffffffff lies past the last multiple of 10 below 2^32 and is drawn again.
    const stream = words(0xffffffff, 22)
    expect(spinWheel(RULES, { segments: 10, risk: 'medium' }, stream)).toMatchObject({ segment: 2, multiplier: 2 })
    expect(stream.words).toBe(2)
    expect(spinWheel(RULES, { segments: 50, risk: 'high' }, words(50)).multiplier).toBe(49.5)
    expect(spinWheel(RULES, { segments: 50, risk: 'high' }, words(49)).multiplier).toBe(0)
    expect(layOut([[2, 2], [1, 1], [0, 3]])).toEqual([2, 0, 1, 0, 2, 0])
  })

  it('refuses bad bets', () => {
    const bad: [unknown, string][] = [
      [null, 'not-an-object'],
      ['low', 'not-an-object'],
      [{ segments: 10 }, 'bad-risk'],
      [{ segments: 10, risk: 'extreme' }, 'bad-risk'],
      [{ risk: 'low' }, 'bad-segments'],
      [{ segments: 15, risk: 'low' }, 'bad-segments'],
      [{ segments: 10.5, risk: 'low' }, 'bad-segments'],
      [{ segments: '10', risk: 'low' }, 'bad-segments'],
      [{ segments: Number.NaN, risk: 'low' }, 'bad-segments'],
      [{ segments: 60, risk: 'high' }, 'bad-segments'],
    ]
    for (const [bet, error] of bad) expect(validateWheelBet(RULES, bet as WheelBet), JSON.stringify(bet)).toBe(error)
    for (const risk of WHEEL_RISKS) for (const segments of WHEEL_SEGMENTS) expect(validateWheelBet(RULES, { segments, risk })).toBeNull()
    expect(() => spinWheel(RULES, { segments: 12, risk: 'low' }, words())).toThrow(/bad-segments/)
  })

  it('every table has its segments, whole hundredths, and returns 99.00 % ± 0.01 %', () => {
    for (const risk of WHEEL_RISKS) {
      for (const segments of WHEEL_SEGMENTS) {
        const table = RULES.tables[risk][segments]!
        expect(table).toHaveLength(segments)
        for (const m of table) expect(floor4(m)).toBe(m)
        const rtp = rtpOf(wheelDistribution(RULES, { segments, risk }))
        expect(Math.abs(rtp - 0.99), `${risk} ${segments}: ${rtp}`).toBeLessThanOrEqual(0.0001)
      }
    }
    expect(hitFrequencyOf(wheelDistribution(RULES, { segments: 10, risk: 'low' }))).toBeCloseTo(0.8, 12)
    expect(hitFrequencyOf(wheelDistribution(RULES, { segments: 50, risk: 'high' }))).toBeCloseTo(0.02, 12)
  })

  it('seeded play matches the exact distribution on every table', () => {
    for (const risk of WHEEL_RISKS) {
      for (const segments of WHEEL_SEGMENTS) {
        const bet = { segments, risk }
        const report = checkRtp((s) => spinWheel(RULES, bet, s).multiplier, wheelDistribution(RULES, bet), 30_000)
        expect(report.ok, `${risk} ${segments} ${JSON.stringify(report)}`).toBe(true)
      }
    }
    // A draw that never lands on segment 4 (a blank) is caught.
    const low = RULES.tables.low[10]!
    const skewed = checkRtp((s) => { const i = s.int(9); return low[i >= 4 ? i + 1 : i]! }, wheelDistribution(RULES, { segments: 10, risk: 'low' }), 30_000)
    expect(skewed.ok).toBe(false)
  })
})
