import { describe, expect, it } from 'vitest'
import { streamFromWords } from '../random'
import { rtpOf } from '../payouts'
import { checkRtp } from '../testing/rtp-check'
import {
  DEFAULT_ROULETTE_RULES as RULES,
  playRoulette,
  rouletteCoverage,
  rouletteDistribution,
  validateRouletteBet,
  type RouletteBet,
  type RouletteWager,
} from './roulette'

const words = (...w: number[]) => streamFromWords(() => w.shift() ?? 0)
const one = (bet: RouletteWager, stake = 1): RouletteBet => ({ bets: [{ bet, stake }] })

// One wager of every kind, with how many numbers it covers.
const EVERY_KIND: readonly [RouletteWager, number][] = [
  [{ kind: 'straight', numbers: [17] }, 1],
  [{ kind: 'straight', numbers: [0] }, 1],
  [{ kind: 'split', numbers: [17, 20] }, 2],
  [{ kind: 'split', numbers: [0, 2] }, 2],
  [{ kind: 'street', numbers: [34, 35, 36] }, 3],
  [{ kind: 'corner', numbers: [17, 18, 20, 21] }, 4],
  [{ kind: 'sixLine', numbers: [1, 2, 3, 4, 5, 6] }, 6],
  [{ kind: 'firstFour' }, 4],
  [{ kind: 'red' }, 18],
  [{ kind: 'black' }, 18],
  [{ kind: 'odd' }, 18],
  [{ kind: 'even' }, 18],
  [{ kind: 'low' }, 18],
  [{ kind: 'high' }, 18],
  [{ kind: 'dozen', index: 2 }, 12],
  [{ kind: 'column', index: 3 }, 12],
]

describe('roulette', () => {
  it('settles hand-worked rounds: the number is the word mod 37', () => {
    // 17 = 17 mod 37: black, odd, low, second dozen, second column.
    const table: RouletteBet = {
      bets: [
        { bet: { kind: 'straight', numbers: [17] }, stake: 2 },
        { bet: { kind: 'red' }, stake: 5 },
        { bet: { kind: 'split', numbers: [14, 17] }, stake: 1 },
        { bet: { kind: 'dozen', index: 2 }, stake: 3 },
      ],
    }
    const round = playRoulette(RULES, table, words(17))
    expect(round.number).toBe(17)
    expect(round.color).toBe('black')
    expect(round.bets.map((b) => b.payback)).toEqual([72, 0, 18, 9])
    expect(round.stake).toBe(11)
    expect(round.payback).toBe(99)
    expect(round.multiplier).toBe(9)
    // 37 + 3 = 40 → 3; rounding down: 4 paid back on 3 staked is 1.3333.
    const r3 = playRoulette(RULES, { bets: [{ bet: { kind: 'firstFour' }, stake: 1 }, { bet: { kind: 'low' }, stake: 1 }, { bet: { kind: 'even' }, stake: 1 }] }, words(40))
    expect(r3.number).toBe(3)
    expect(r3.payback).toBe(9 + 2)
    expect(r3.multiplier).toBe(3.6666)
    // Zero loses every outside bet.
    const zero = playRoulette(RULES, one({ kind: 'red' }), words(0))
    expect(zero).toMatchObject({ number: 0, color: 'green', payback: 0, multiplier: 0 })
  })

  it('refuses impossible or malformed bets', () => {
    const bad: [unknown, string][] = [
      [{ bets: [] }, 'no-bets'],
      [{ bets: 'red' }, 'not-an-object'],
      [null, 'not-an-object'],
      [one({ kind: 'straight', numbers: [37] }), 'bad-numbers'],
      [one({ kind: 'straight', numbers: [-1] }), 'bad-numbers'],
      [one({ kind: 'straight', numbers: [1.5] }), 'bad-numbers'],
      [one({ kind: 'straight', numbers: [Number.NaN] }), 'bad-numbers'],
      [one({ kind: 'straight', numbers: ['7' as unknown as number] }), 'bad-numbers'],
      [one({ kind: 'straight' }), 'bad-numbers'],
      [one({ kind: 'split', numbers: [3, 4] }), 'impossible-bet'],
      [one({ kind: 'split', numbers: [1, 5] }), 'impossible-bet'],
      [one({ kind: 'split', numbers: [0, 4] }), 'impossible-bet'],
      [one({ kind: 'split', numbers: [5, 5] }), 'bad-numbers'],
      [one({ kind: 'street', numbers: [2, 3, 4] }), 'impossible-bet'],
      [one({ kind: 'street', numbers: [0, 1, 2] }), 'impossible-bet'],
      [one({ kind: 'corner', numbers: [3, 4, 6, 7] }), 'impossible-bet'],
      [one({ kind: 'corner', numbers: [1, 2, 3, 4] }), 'impossible-bet'],
      [one({ kind: 'corner', numbers: [34, 35, 37, 38] }), 'bad-numbers'],
      [one({ kind: 'sixLine', numbers: [2, 3, 4, 5, 6, 7] }), 'impossible-bet'],
      [one({ kind: 'dozen', index: 4 }), 'bad-index'],
      [one({ kind: 'column', index: 0 }), 'bad-index'],
      [one({ kind: 'column' }), 'bad-index'],
      [one({ kind: 'basket' as 'red' }), 'bad-kind'],
      [one({ kind: 'red' }, 0), 'bad-stake'],
      [one({ kind: 'red' }, 1.5), 'bad-stake'],
      [one({ kind: 'red' }, Number.NaN), 'bad-stake'],
      [one({ kind: 'red' }, '5' as unknown as number), 'bad-stake'],
      [one({ kind: 'red' }, RULES.maxStakePerBet + 1), 'bad-stake'],
      [{ bets: Array.from({ length: RULES.maxBets + 1 }, () => ({ bet: { kind: 'red' }, stake: 1 })) }, 'too-many-bets'],
    ]
    for (const [bet, error] of bad) expect(validateRouletteBet(RULES, bet as RouletteBet), JSON.stringify(bet)).toBe(error)
    for (const [wager] of EVERY_KIND) expect(validateRouletteBet(RULES, one(wager))).toBeNull()
    expect(() => playRoulette(RULES, one({ kind: 'split', numbers: [3, 4] }), words(1))).toThrow(/impossible-bet/)
  })

  it('covers the right numbers, and every bet returns exactly 36/37', () => {
    for (const [wager, size] of EVERY_KIND) {
      const coverage = rouletteCoverage(wager)
      expect(Array.isArray(coverage) && coverage.length, wager.kind).toBe(size)
      const dist = rouletteDistribution(RULES, one(wager))
      expect(rtpOf(dist), wager.kind).toBeCloseTo(36 / 37, 12)
      expect(dist.find((o) => o.multiplier > 0)?.multiplier).toBe(36 / size)
    }
    // Every possible split, corner, street and six line is accepted; the layout has 60 splits with zero's three.
    let splits = 0
    for (let a = 0; a <= 36; a++) for (let b = a + 1; b <= 36; b++) if (validateRouletteBet(RULES, one({ kind: 'split', numbers: [a, b] })) === null) splits++
    expect(splits).toBe(57 + 3)
  })

  it('plays a mixed table at its exact figures (seeded)', () => {
    const table: RouletteBet = {
      bets: [
        { bet: { kind: 'straight', numbers: [7] }, stake: 1 },
        { bet: { kind: 'corner', numbers: [25, 26, 28, 29] }, stake: 2 },
        { bet: { kind: 'black' }, stake: 5 },
        { bet: { kind: 'column', index: 1 }, stake: 3 },
        { bet: { kind: 'sixLine', numbers: [31, 32, 33, 34, 35, 36] }, stake: 1 },
      ],
    }
    const dist = rouletteDistribution(RULES, table)
    // 12 units staked; paybacks are whole units, so flooring to 4 decimals loses a little of 36/37.
    expect(rtpOf(dist)).toBeLessThanOrEqual(36 / 37 + 1e-12)
    expect(rtpOf(dist)).toBeGreaterThan(36 / 37 - 1e-3)
    const report = checkRtp((s) => playRoulette(RULES, table, s).multiplier, dist, 200_000)
    expect(report.ok, JSON.stringify(report)).toBe(true)
  })
})
