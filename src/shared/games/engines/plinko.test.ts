import { describe, expect, it } from 'vitest'
import { streamFromWords } from '../random'
import { rtpOf } from '../payouts'
import { checkRtp } from '../testing/rtp-check'
import { DEFAULT_PLINKO_RULES as RULES, PLINKO_RISKS, playPlinko, plinkoDistribution, validatePlinkoBet, type PlinkoBet } from './plinko'

const words = (...w: number[]) => streamFromWords(() => w.shift() ?? 0)

describe('plinko', () => {
  it('falls one row per draw; the slot is the number of rights', () => {
    // Words are read mod 2: odd goes right.
    const round = playPlinko(RULES, { rows: 8, risk: 'low' }, words(1, 0, 3, 5, 2, 4, 6, 8))
    expect(round.path).toEqual([1, 0, 1, 1, 0, 0, 0, 0])
    expect(round.slot).toBe(3)
    expect(round.multiplier).toBe(0.77)
    const edge = playPlinko(RULES, { rows: 16, risk: 'high' }, words(...new Array<number>(16).fill(7)))
    expect(edge.slot).toBe(16)
    expect(edge.multiplier).toBe(1000)
    const stream = words()
    expect(playPlinko(RULES, { rows: 12, risk: 'medium' }, stream).slot).toBe(0)
    expect(stream.words).toBe(12)
  })

  it('refuses bad bets', () => {
    const bad: [unknown, string][] = [
      [null, 'not-an-object'],
      [{ rows: 7, risk: 'low' }, 'bad-rows'],
      [{ rows: 17, risk: 'low' }, 'bad-rows'],
      [{ rows: 8.5, risk: 'low' }, 'bad-rows'],
      [{ rows: Number.NaN, risk: 'low' }, 'bad-rows'],
      [{ rows: '8', risk: 'low' }, 'bad-rows'],
      [{ rows: 8, risk: 'extreme' }, 'bad-risk'],
      [{ rows: 8 }, 'bad-risk'],
    ]
    for (const [bet, error] of bad) expect(validatePlinkoBet(RULES, bet as PlinkoBet), JSON.stringify(bet)).toBe(error)
    expect(() => playPlinko(RULES, { rows: 20, risk: 'low' }, words())).toThrow(/bad-rows/)
  })

  it('every table is symmetric, rises to the edges and returns 99.00 % ± 0.05 %', () => {
    for (let rows = RULES.minRows; rows <= RULES.maxRows; rows++) {
      for (const risk of PLINKO_RISKS) {
        const bet = { rows, risk }
        expect(validatePlinkoBet(RULES, bet)).toBeNull()
        const table = RULES.tables[rows]![risk]
        expect(table).toEqual([...table].reverse())
        for (let k = 0; k < Math.floor(rows / 2); k++) expect(table[k]!).toBeGreaterThanOrEqual(table[k + 1]!)
        const rtp = rtpOf(plinkoDistribution(RULES, bet))
        expect(Math.abs(rtp - 0.99), `${rows} ${risk}: ${rtp}`).toBeLessThanOrEqual(0.0005)
      }
    }
  })

  it('seeded play matches the exact distribution', () => {
    for (const bet of [
      { rows: 8, risk: 'low' },
      { rows: 12, risk: 'medium' },
      { rows: 16, risk: 'high' },
    ] as const) {
      const report = checkRtp((s) => playPlinko(RULES, bet, s).multiplier, plinkoDistribution(RULES, bet), 100_000)
      expect(report.ok, JSON.stringify(report)).toBe(true)
    }
  })
})
