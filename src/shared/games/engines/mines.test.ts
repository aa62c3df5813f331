import { describe, expect, it } from 'vitest'
import { streamFromWords, type UniformStream } from '../random'
import { rtpOf } from '../payouts'
import { checkRtp } from '../testing/rtp-check'
import { floor4 } from './common'
import {
  DEFAULT_MINES_RULES as RULES,
  cashOutMines,
  minesDistribution,
  minesMultiplier,
  minesSurvival,
  placeMines,
  publicView,
  revealTile,
  startMines,
  validateMinesBet,
  type MinesBet,
  type MinesState,
} from './mines'

const words = (...w: number[]) => streamFromWords(() => w.shift() ?? 0)

function choose(n: number, k: number): number {
  let c = 1
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1)
  return c
}

// Reveals in a fixed order that is not the board order, cashing out after k safe tiles.
const ORDER = [12, 0, 24, 6, 18, 3, 21, 9, 15, 1, 23, 7, 17, 4, 20, 10, 14, 2, 22, 8, 16, 5, 19, 11, 13]
function cashOutAfter(mines: number, k: number, stream: UniformStream): number {
  let state: MinesState = startMines(RULES, { mines }, stream)
  for (const tile of ORDER) {
    if (state.phase !== 'playing' || state.revealed.length === k) break
    state = revealTile(RULES, state, tile)
  }
  return state.phase === 'playing' ? cashOutMines(state).multiplier : state.multiplier
}

describe('mines', () => {
  it('places mines by partial Fisher-Yates, hand-worked', () => {
    expect(placeMines(RULES, 3, words())).toEqual([0, 1, 2])
    // 24 swaps tiles 0 and 24; 0 keeps tile 1; 22 + 2 = 24 now holds tile 0.
    const stream = words(24, 0, 22)
    expect(placeMines(RULES, 3, stream)).toEqual([24, 1, 0])
    expect(stream.words).toBe(3)
  })

  it('reveals, cashes out and loses by the rules', () => {
    const start = startMines(RULES, { mines: 3 }, words(24, 0, 22))
    expect(start).toMatchObject({ phase: 'playing', multiplier: 1, revealed: [] })
    expect(publicView(start)).toMatchObject({ mines: null, mineCount: 3 })
    expect(() => cashOutMines(start)).toThrow(/nothing-revealed/)
    // One safe of 22 in 25: 0.99 × 25 / 22 = 1.125; two: 0.99 × 300 / 231 = 1.28571… → 1.2857.
    const one = revealTile(RULES, start, 5)
    expect(one).toMatchObject({ phase: 'playing', multiplier: 1.125, revealed: [5] })
    expect(() => revealTile(RULES, one, 5)).toThrow(/tile-revealed/)
    expect(() => revealTile(RULES, one, 25)).toThrow(/bad-tile/)
    expect(() => revealTile(RULES, one, 2.5)).toThrow(/bad-tile/)
    const two = revealTile(RULES, one, 6)
    expect(two.multiplier).toBe(1.2857)
    const cashed = cashOutMines(two)
    expect(cashed).toMatchObject({ phase: 'cashed', multiplier: 1.2857 })
    expect(publicView(cashed).mines).toEqual([24, 1, 0])
    expect(() => revealTile(RULES, cashed, 7)).toThrow(/round-over/)
    const lost = revealTile(RULES, two, 0)
    expect(lost).toMatchObject({ phase: 'lost', multiplier: 0, revealed: [5, 6, 0] })
    expect(() => cashOutMines(lost)).toThrow(/round-over/)
    // 24 mines on tiles 0–23: the one safe tile ends the round at 0.99 × 25 = 24.75.
    const cleared = revealTile(RULES, startMines(RULES, { mines: 24 }, words()), 24)
    expect(cleared).toMatchObject({ phase: 'cleared', multiplier: 24.75 })
    expect(minesMultiplier(RULES, 1, 24)).toBe(24.75)
    expect(minesMultiplier(RULES, 12, 13)).toBe(floor4(0.99 * 5_200_300))
  })

  it('refuses bad bets', () => {
    const bad: [unknown, string][] = [
      [null, 'not-an-object'],
      [3, 'not-an-object'],
      [{}, 'bad-mines'],
      [{ mines: '3' }, 'bad-mines'],
      [{ mines: 0 }, 'bad-mines'],
      [{ mines: 25 }, 'bad-mines'],
      [{ mines: 2.5 }, 'bad-mines'],
      [{ mines: Number.NaN }, 'bad-mines'],
    ]
    for (const [bet, error] of bad) expect(validateMinesBet(RULES, bet as MinesBet), JSON.stringify(bet)).toBe(error)
    expect(validateMinesBet(RULES, { mines: 1 })).toBeNull()
    expect(validateMinesBet(RULES, { mines: 24 })).toBeNull()
    expect(() => startMines(RULES, { mines: 0 }, words())).toThrow(/bad-mines/)
  })

  it('survival is exact and every cash-out point returns 99 % less under 0.01 % of rounding', () => {
    expect(minesSurvival(RULES, 3, 2)).toBeCloseTo((22 * 21) / (25 * 24), 15)
    for (let m = 1; m <= 24; m++) {
      for (let k = 1; k <= 25 - m; k++) {
        // Counted the other way: placements of m mines that avoid the k revealed tiles.
        expect(minesSurvival(RULES, m, k)).toBeCloseTo(choose(25 - k, m) / choose(25, m), 12)
        const rtp = rtpOf(minesDistribution(RULES, m, k))
        expect(rtp, `${m} ${k}`).toBeLessThanOrEqual(0.99 + 1e-12)
        expect(rtp, `${m} ${k}`).toBeGreaterThan(0.99 - 0.0001)
      }
    }
  })

  it('seeded play of "cash out after k" matches the exact distribution', () => {
    for (const [m, k, rounds] of [
      [1, 5, 60_000],
      [3, 2, 60_000],
      [5, 4, 60_000],
      [10, 3, 100_000],
      [24, 1, 100_000],
    ] as const) {
      const report = checkRtp((s) => cashOutAfter(m, k, s), minesDistribution(RULES, m, k), rounds)
      expect(report.ok, `${m} ${k} ${JSON.stringify(report)}`).toBe(true)
    }
    // A placement that never mines tile 12 (ORDER reveals it first) is caught.
    const skewed = checkRtp(
      (s) => {
        const mines = placeMines({ ...RULES, tiles: 24 }, 12, s).map((t) => (t >= 12 ? t + 1 : t))
        return cashOutMines(revealTile(RULES, { tiles: 25, mines, revealed: [], phase: 'playing', multiplier: 1 }, 12)).multiplier
      },
      minesDistribution(RULES, 12, 1),
      10_000,
    )
    expect(skewed.ok).toBe(false)
  })
})
