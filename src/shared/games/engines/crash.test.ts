import { describe, expect, it } from 'vitest'
import { streamFromWords } from '../random'
import { rtpOf } from '../payouts'
import { checkRtp } from '../testing/rtp-check'
import { DEFAULT_LIMBO_RULES, limboDistribution } from './limbo'
import { DEFAULT_CRASH_RULES as RULES, cashOut, crashDistribution, crashPoint, multiplierAt, playCrash, timeToReach, validateCrashBet, type CrashBet } from './crash'

const words = (...w: number[]) => streamFromWords(() => w.shift() ?? 0)

describe('crash', () => {
  it('draws the crash point with limbo’s law and pays a cash-out at or below it', () => {
    expect(crashPoint(words(0), RULES)).toBe(1)
    expect(crashPoint(words(2 ** 31), RULES)).toBe(1.98)
    expect(crashPoint(words(2 ** 32 - 1), RULES)).toBe(1_000_000)
    expect(cashOut(1.98, 1.98)).toBe(1.98)
    expect(cashOut(1.98, 1.5)).toBe(1.5)
    expect(cashOut(1.98, 1.99)).toBe(0)
    expect(cashOut(1, 1.01)).toBe(0)
    expect(() => cashOut(1.98, 1.985)).toThrow(/hundredths/)
    expect(playCrash(RULES, { autoCashOut: 1.5 }, words(2 ** 31))).toEqual({ crashPoint: 1.98, autoCashOut: 1.5, crashesAt: timeToReach(RULES, 1.98), multiplier: 1.5 })
    expect(playCrash(RULES, { autoCashOut: 2 }, words(2 ** 31)).multiplier).toBe(0)
  })

  it('climbs by m(t) = floor(100 e^(rate t)) / 100, and timeToReach inverts it', () => {
    expect(multiplierAt(RULES, 0)).toBe(1)
    // ln 2 / 0.00006 = 11 552.45 ms: 1.99 at 11 552 ms, 2.00 at 11 553 ms.
    expect(multiplierAt(RULES, 11_552)).toBe(1.99)
    expect(multiplierAt(RULES, 11_553)).toBe(2)
    expect(timeToReach(RULES, 2)).toBe(11_553)
    expect(timeToReach(RULES, 1)).toBe(0)
    for (let h = 101; h < 100_000; h += 7) {
      const m = h / 100
      const t = timeToReach(RULES, m)
      expect(multiplierAt(RULES, t)).toBeGreaterThanOrEqual(m)
      expect(multiplierAt(RULES, t - 1)).toBeLessThan(m)
    }
  })

  it('refuses bad bets', () => {
    const bad: [unknown, string][] = [
      [null, 'not-an-object'],
      [{}, 'bad-cash-out'],
      [{ autoCashOut: '2' }, 'bad-cash-out'],
      [{ autoCashOut: Number.NaN }, 'bad-cash-out'],
      [{ autoCashOut: 1 }, 'bad-cash-out'],
      [{ autoCashOut: 1.011 }, 'bad-cash-out'],
      [{ autoCashOut: 2_000_000 }, 'bad-cash-out'],
    ]
    for (const [bet, error] of bad) expect(validateCrashBet(RULES, bet as CrashBet), JSON.stringify(bet)).toBe(error)
    expect(validateCrashBet(RULES, { autoCashOut: 1.01 })).toBeNull()
    expect(validateCrashBet(RULES, { autoCashOut: 1_000_000 })).toBeNull()
  })

  it('an automatic cash-out returns what limbo returns, and seeded play matches it', () => {
    for (const c of [1.01, 2, 50, 1_000_000]) {
      expect(crashDistribution(RULES, c)).toEqual(limboDistribution(DEFAULT_LIMBO_RULES, c))
      expect(rtpOf(crashDistribution(RULES, c))).toBeLessThanOrEqual(0.99)
      expect(rtpOf(crashDistribution(RULES, c))).toBeGreaterThan(0.99 - c / 2 ** 32)
    }
    for (const [c, rounds] of [
      [1.5, 200_000],
      [20, 300_000],
    ] as const) {
      const report = checkRtp((s) => playCrash(RULES, { autoCashOut: c }, s).multiplier, crashDistribution(RULES, c), rounds)
      expect(report.ok, `${c} ${JSON.stringify(report)}`).toBe(true)
    }
  })
})
