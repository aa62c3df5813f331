import { describe, expect, it } from 'vitest'
import { streamFromWords } from '../random'
import { hitFrequencyOf, rtpOf } from '../payouts'
import { checkRtp } from '../testing/rtp-check'
import { DEFAULT_DICE_RULES as RULES, diceDistribution, diceMultiplier, diceWinChance, playDice, validateDiceBet, type DiceBet } from './dice'

const words = (...w: number[]) => streamFromWords(() => w.shift() ?? 0)

describe('dice', () => {
  it('rolls int(10000) / 100 and wins strictly over or under, hand-worked', () => {
    // Word 5000 → roll 50.00: not over 50, not under 50; over 49.99 and under 50.01 win.
    expect(playDice(RULES, { target: 50, direction: 'over' }, words(5000))).toMatchObject({ roll: 50, win: false, multiplier: 0 })
    expect(playDice(RULES, { target: 50, direction: 'under' }, words(5000))).toMatchObject({ roll: 50, win: false, multiplier: 0 })
    // Over 49.99: 5 000 rolls (50.00–99.99) → 0.99 / 0.5 = 1.98.
    expect(playDice(RULES, { target: 49.99, direction: 'over' }, words(5000))).toMatchObject({ win: true, multiplier: 1.98 })
    // Under 50.01: 5 001 rolls → floor4(0.99 / 0.5001) = 1.9796.
    expect(playDice(RULES, { target: 50.01, direction: 'under' }, words(5000))).toMatchObject({ win: true, multiplier: 1.9796 })
    // 10 123 mod 10 000 = 123 → 1.23, under 1.24 wins on 124 rolls → floor4(0.99 / 0.0124); 0xffffffff is above the last multiple of 10 000 and is drawn again.
    const stream = words(0xffffffff, 10123)
    expect(playDice(RULES, { target: 1.24, direction: 'under' }, stream)).toMatchObject({ roll: 1.23, win: true, multiplier: 79.8387 })
    expect(stream.words).toBe(2)
    // Extremes: under 0.01 wins on 0.00 only (× 9900); over 1.99 is the 98 % bet.
    expect(playDice(RULES, { target: 0.01, direction: 'under' }, words(0))).toMatchObject({ roll: 0, win: true, multiplier: 9900 })
    expect(diceWinChance({ target: 1.99, direction: 'over' })).toBe(0.98)
    expect(diceMultiplier(RULES, { target: 1.99, direction: 'over' })).toBe(1.0102)
    expect(playDice(RULES, { target: 99.98, direction: 'over' }, words(9999))).toMatchObject({ roll: 99.99, win: true, multiplier: 9900 })
  })

  it('refuses bad bets', () => {
    const bad: [unknown, string][] = [
      [null, 'not-an-object'],
      ['50', 'not-an-object'],
      [{ target: 50 }, 'bad-direction'],
      [{ target: 50, direction: 'above' }, 'bad-direction'],
      [{ target: '50', direction: 'over' }, 'bad-target'],
      [{ target: Number.NaN, direction: 'over' }, 'bad-target'],
      [{ target: Infinity, direction: 'over' }, 'bad-target'],
      [{ target: 50.005, direction: 'over' }, 'bad-target'],
      [{ target: -1, direction: 'under' }, 'bad-target'],
      [{ target: 100, direction: 'under' }, 'bad-target'],
      [{ target: 0, direction: 'under' }, 'bad-chance'],
      [{ target: 99.99, direction: 'over' }, 'bad-chance'],
      [{ target: 98.01, direction: 'under' }, 'bad-chance'],
      [{ target: 1.98, direction: 'over' }, 'bad-chance'],
    ]
    for (const [bet, error] of bad) expect(validateDiceBet(RULES, bet as DiceBet), JSON.stringify(bet)).toBe(error)
    for (const bet of [
      { target: 98, direction: 'under' },
      { target: 1.99, direction: 'over' },
      { target: 0.01, direction: 'under' },
      { target: 99.98, direction: 'over' },
      { target: 50.5, direction: 'over' },
    ] as DiceBet[])
      expect(validateDiceBet(RULES, bet), JSON.stringify(bet)).toBeNull()
    expect(() => playDice(RULES, { target: 0, direction: 'under' }, words())).toThrow(/bad-chance/)
  })

  it('returns 99 % less under 0.01 % of rounding on every allowed bet', () => {
    for (const direction of ['over', 'under'] as const) {
      for (let t = 0; t < 10000; t++) {
        const bet = { target: t / 100, direction }
        if (validateDiceBet(RULES, bet)) continue
        const rtp = rtpOf(diceDistribution(RULES, bet))
        expect(rtp).toBeLessThanOrEqual(0.99 + 1e-12)
        expect(rtp).toBeGreaterThan(0.99 - 0.0001)
      }
    }
    expect(rtpOf(diceDistribution(RULES, { target: 50, direction: 'under' }))).toBeCloseTo(0.99, 12)
    expect(hitFrequencyOf(diceDistribution(RULES, { target: 50, direction: 'under' }))).toBe(0.5)
  })

  it('seeded play matches the exact distribution', () => {
    for (const bet of [
      { target: 50, direction: 'under' },
      { target: 90.49, direction: 'over' },
      { target: 98, direction: 'under' },
    ] as DiceBet[]) {
      const report = checkRtp((s) => playDice(RULES, bet, s).multiplier, diceDistribution(RULES, bet), 200_000)
      expect(report.ok, `${JSON.stringify(bet)} ${JSON.stringify(report)}`).toBe(true)
    }
    // A wrong paytable (1.96 for the 50 % bet) is caught.
    const half = diceDistribution(RULES, { target: 50, direction: 'under' })
    expect(() => checkRtp((s) => (playDice(RULES, { target: 50, direction: 'under' }, s).win ? 1.96 : 0), half, 1000)).toThrow(/does not have/)
  })
})
