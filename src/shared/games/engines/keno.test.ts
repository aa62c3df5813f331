import { describe, expect, it } from 'vitest'
import { streamFromWords } from '../random'
import { rtpOf } from '../payouts'
import { checkRtp } from '../testing/rtp-check'
import { DEFAULT_KENO_RULES as RULES, KENO_RISKS, drawKeno, kenoDistribution, playKeno, validateKenoBet, type KenoBet } from './keno'

const words = (...w: number[]) => streamFromWords(() => w.shift() ?? 0)

describe('keno', () => {
  it('draws by partial Fisher-Yates, hand-worked', () => {
    // All zeros: each draw keeps position i, so 1 … 10 are drawn in order.
    expect(drawKeno(RULES, words())).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    // 39 mod 40 swaps 1 and 40; then 0 + 1 → position 2 (number 3) comes up second, 2 moves to position 2;
    // then 37 mod 38 = 37 → position 39 holds 1, which comes up third.
    const stream = words(39, 1, 37)
    expect(drawKeno(RULES, stream)).toEqual([40, 3, 1, 4, 5, 6, 7, 8, 9, 10])
    expect(stream.words).toBe(10)
    const round = playKeno(RULES, { picks: [40, 3, 12], risk: 'low' }, words(39, 1, 37))
    expect(round.hits).toEqual([40, 3])
    expect(round.multiplier).toBe(RULES.paytables.low[2]![2]!)
    expect(round.multiplier).toBe(2.59)
    const miss = playKeno(RULES, { picks: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20], risk: 'high' }, words())
    expect(miss).toMatchObject({ hits: [], multiplier: 0 })
    const all = playKeno(RULES, { picks: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1], risk: 'high' }, words())
    expect(all.multiplier).toBe(10000)
  })

  it('refuses bad bets', () => {
    const bad: [unknown, string][] = [
      [null, 'not-an-object'],
      [{ picks: [1], risk: 'wild' }, 'bad-risk'],
      [{ picks: [1] }, 'bad-risk'],
      [{ picks: [], risk: 'low' }, 'bad-picks'],
      [{ picks: 5, risk: 'low' }, 'bad-picks'],
      [{ picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], risk: 'low' }, 'too-many-picks'],
      [{ picks: [0], risk: 'low' }, 'bad-number'],
      [{ picks: [41], risk: 'low' }, 'bad-number'],
      [{ picks: [2.5], risk: 'low' }, 'bad-number'],
      [{ picks: [Number.NaN], risk: 'low' }, 'bad-number'],
      [{ picks: ['3'], risk: 'low' }, 'bad-number'],
      [{ picks: [3, 3], risk: 'low' }, 'duplicate-number'],
    ]
    for (const [bet, error] of bad) expect(validateKenoBet(RULES, bet as KenoBet), JSON.stringify(bet)).toBe(error)
    expect(validateKenoBet(RULES, { picks: [1, 40], risk: 'classic' })).toBeNull()
    expect(() => playKeno(RULES, { picks: [3, 3], risk: 'low' }, words())).toThrow(/duplicate-number/)
  })

  it('every paytable returns 99.00 % ± 0.05 % (hypergeometric), and pays more for more hits', () => {
    for (const risk of KENO_RISKS) {
      for (let picks = 1; picks <= RULES.maxPicks; picks++) {
        const table = RULES.paytables[risk][picks - 1]!
        expect(table).toHaveLength(picks + 1)
        for (let h = 0; h < picks; h++) expect(table[h + 1]!).toBeGreaterThanOrEqual(table[h]!)
        const rtp = rtpOf(kenoDistribution(RULES, picks, risk))
        expect(Math.abs(rtp - 0.99), `${risk} ${picks}: ${rtp}`).toBeLessThanOrEqual(0.0005)
      }
    }
  })

  it('seeded play matches the exact distribution', () => {
    const bets: KenoBet[] = [
      { picks: [7], risk: 'classic' },
      { picks: [1, 2, 3, 4, 5], risk: 'low' },
      { picks: [40, 39, 38, 20, 10, 11, 12, 13], risk: 'medium' },
      { picks: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14], risk: 'high' },
    ]
    for (const bet of bets) {
      const report = checkRtp((s) => playKeno(RULES, bet, s).multiplier, kenoDistribution(RULES, bet.picks.length, bet.risk), 50_000)
      expect(report.ok, `${JSON.stringify(bet)} ${JSON.stringify(report)}`).toBe(true)
    }
  })
})
