import { describe, expect, it } from 'vitest'
import { seededStream, streamFromWords } from '../random'
import { hitFrequencyOf, normalise, rtpOf, volatilityOf, type PayoutDistribution } from '../payouts'
import { checkRtp } from '../testing/rtp-check'
import {
  lineSlotFigures,
  lineSlotSimulatedSpread,
  lineSlotSpread,
  playLineSlot,
  settleLineSlot,
  validateLineSlotBet,
  validateLineSlotRules,
  type LineSlotBet,
  type LineSlotRules,
  type LineSlotSymbol,
} from './line-slot'

const SYMBOLS: LineSlotSymbol[] = [
  { id: 'A', kind: 'regular', pays: [5, 10, 20] },
  { id: 'B', kind: 'regular', pays: [4, 8, 16] },
  { id: 'C', kind: 'regular', pays: [2, 4, 8] },
  { id: 'W', kind: 'wild', pays: [10, 50, 200] },
  { id: 'S', kind: 'scatter', pays: [0, 0, 0] },
]
// Three rows and a V: 4 lines, so a line pays its table value / 4 per unit of total bet.
const LINES = [
  [0, 0, 0, 0, 0],
  [1, 1, 1, 1, 1],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
]

/** Rules whose stop 0 shows the given columns (top to bottom) on each reel. */
function showing(columns: string[][], feature: LineSlotRules['feature'] = null): LineSlotRules {
  return { symbols: SYMBOLS, reels: columns.map((c) => [...c, 'C']), paylines: LINES, scatterPays: [1, 5, 25], feature }
}
const atZero = () => [0, 0, 0, 0, 0]

describe('line slot', () => {
  it('settles a hand-worked spin: left-to-right runs, a wild inside a run, the V line broken', () => {
    const rules = showing([
      ['A', 'B', 'C'],
      ['A', 'W', 'C'],
      ['W', 'B', 'C'],
      ['A', 'B', 'B'],
      ['B', 'C', 'A'],
    ])
    const round = settleLineSlot(rules, atZero)
    expect(round.spins).toHaveLength(1)
    const spin = round.spins[0]!
    expect(spin.window).toEqual([
      ['A', 'B', 'C'],
      ['A', 'W', 'C'],
      ['W', 'B', 'C'],
      ['A', 'B', 'B'],
      ['B', 'C', 'A'],
    ])
    // Top: A A W A | B → 4 A = 10 / 4. Middle: B W B B | C → 4 B = 8 / 4. Bottom: C C C B → 3 C = 2 / 4.
    // V: A W C → two of a kind, nothing.
    expect(spin.lineWins).toEqual([
      { line: 0, symbol: 'A', count: 4, win: 2.5 },
      { line: 1, symbol: 'B', count: 4, win: 2 },
      { line: 2, symbol: 'C', count: 3, win: 0.5 },
    ])
    expect(spin).toMatchObject({ scatters: 0, scatterWin: 0, awarded: 0, multiplier: 1, win: 5 })
    expect(round.multiplier).toBe(5)
  })

  it('a wild run pays the better of itself and the symbol it substitutes for', () => {
    const top = (ids: string[]) => settleLineSlot(showing(ids.map((id) => [id, 'C', 'B'])), atZero).spins[0]!.lineWins.find((w) => w.line === 0)
    // W W W A A: 3 wilds pay 10, 5 A pay 20 → the A line.
    expect(top(['W', 'W', 'W', 'A', 'A'])).toEqual({ line: 0, symbol: 'A', count: 5, win: 5 })
    // W W W B C: 3 wilds pay 10, 4 B pay 8 → the wild line.
    expect(top(['W', 'W', 'W', 'B', 'C'])).toEqual({ line: 0, symbol: 'W', count: 3, win: 2.5 })
    expect(top(['W', 'W', 'W', 'W', 'W'])).toEqual({ line: 0, symbol: 'W', count: 5, win: 50 })
    // The wild does not stand in for the scatter, and the scatter breaks a run.
    expect(top(['S', 'W', 'W', 'A', 'A'])).toBeUndefined()
    expect(top(['W', 'S', 'A', 'A', 'A'])).toBeUndefined()
    expect(top(['A', 'W', 'S', 'A', 'A'])).toBeUndefined()
    expect(top(['C', 'W', 'C', 'A', 'C'])).toEqual({ line: 0, symbol: 'C', count: 3, win: 0.5 })
  })

  it('scatters pay anywhere, on their count times the total bet', () => {
    const spinOf = (columns: string[][]) => settleLineSlot(showing(columns), atZero).spins[0]!
    const three = spinOf([
      ['S', 'B', 'C'],
      ['C', 'A', 'B'],
      ['B', 'C', 'S'],
      ['C', 'A', 'B'],
      ['A', 'S', 'C'],
    ])
    expect(three).toMatchObject({ scatters: 3, scatterWin: 1, lineWins: [], win: 1 })
    const five = spinOf([
      ['S', 'B', 'C'],
      ['C', 'S', 'B'],
      ['B', 'C', 'S'],
      ['S', 'A', 'B'],
      ['A', 'S', 'C'],
    ])
    expect(five).toMatchObject({ scatters: 5, scatterWin: 25 })
    expect(spinOf([['S', 'B', 'C'], ['C', 'S', 'B'], ['B', 'C', 'A'], ['C', 'A', 'B'], ['A', 'B', 'C']]).scatterWin).toBe(0)
  })

  it('three scatters trigger free spins at the multiplier; retriggers stop at the cap', () => {
    // Stop 0 shows a scatter on every reel (5 scatters); stop 3 shows C C C / B B B / A A A rows, no scatter.
    const strip = ['S', 'A', 'B', 'C', 'B', 'A']
    const rules: LineSlotRules = {
      symbols: SYMBOLS,
      reels: [strip, strip, strip, strip, strip],
      paylines: LINES,
      scatterPays: [1, 5, 25],
      feature: { award: 2, multiplier: 3, retrigger: 2, cap: 5 },
    }
    // Four spins (20 words) at stops 0, then stops 3.
    let drawn = 0
    const stream = streamFromWords(() => (drawn++ < 20 ? 0 : 3))
    const round = playLineSlot(rules, { lines: 4 }, stream)
    // Base awards 2 (total 2); free spin 1 adds 2 (total 4); spin 2 adds 1 (the cap is 5); spin 3 adds 0.
    expect(round.spins.map((s) => s.awarded)).toEqual([2, 2, 1, 0, 0, 0])
    expect(round.freeSpins).toBe(5)
    expect(stream.words).toBe(6 * 5)
    expect(round.spins.map((s) => s.multiplier)).toEqual([1, 3, 3, 3, 3, 3])
    // Stops 0: S A B rows on every reel: 5 scatters (25) + 5 A on the middle row (20 / 4) + 5 B on the bottom (16 / 4).
    expect(round.spins[0]!.win).toBe(25 + 5 + 4)
    expect(round.spins[1]!.win).toBe(3 * 34)
    // Stops 3: C B A rows: 8 / 4 + 16 / 4 + 20 / 4, and the V line C B A B C: nothing.
    expect(round.spins[4]!.win).toBe(3 * (2 + 4 + 5))
    expect(round.multiplier).toBe(34 + 3 * 34 * 3 + 3 * 11 * 2)
  })

  it('checks rules, bets and recorded stops', () => {
    const rules = showing([['A', 'B'], ['A', 'B'], ['A', 'B'], ['A', 'B'], ['A', 'B']])
    expect(validateLineSlotRules(rules)).toBeNull()
    expect(validateLineSlotRules({ ...rules, paylines: [[0, 0, 0, 0, 3]] })).toBe('bad payline')
    expect(validateLineSlotRules(showing([['A', 'B'], ['A', 'B'], ['A', 'B'], ['A', 'B'], ['A', 'X']]))).toBe('bad reels')
    expect(validateLineSlotRules({ ...rules, reels: rules.reels.slice(0, 4) })).toBe('bad reels')
    // 5 / 3 of a line bet is not a whole 1/10000 of the total bet.
    expect(validateLineSlotRules({ ...rules, paylines: LINES.slice(0, 3) })).toMatch(/not whole/)
    // Free spins pay × 1.5: 1 × 1.5 / 4 = 0.375 is whole, but a pay of 0.0004 × 1.5 / 4 is not.
    const fine = { ...rules, scatterPays: [1, 5, 25] as const, feature: { award: 5, multiplier: 1.5, retrigger: 5, cap: 20 } }
    expect(validateLineSlotRules(fine)).toBeNull()
    expect(validateLineSlotRules({ ...fine, symbols: [...SYMBOLS.slice(1), { id: 'A', kind: 'regular', pays: [0.0004, 1, 2] }] })).toMatch(/not whole/)
    expect(validateLineSlotRules({ ...fine, feature: { ...fine.feature, cap: 4 } })).toBe('bad feature')
    expect(validateLineSlotBet(rules, { lines: 4 })).toBeNull()
    expect(validateLineSlotBet(rules, { lines: 3 })).toBe('bad-lines')
    expect(validateLineSlotBet(rules, null as unknown as LineSlotBet)).toBe('not-an-object')
    expect(() => settleLineSlot(rules, () => [0, 0, 0, 0, 3])).toThrow(RangeError)
  })

  // A toy with short strips, so every round can be enumerated outright: the base spin over every
  // stop combination, then the feature state by state over every combination again.
  const TOY: LineSlotRules = {
    symbols: SYMBOLS,
    reels: [
      ['A', 'B', 'S', 'C'],
      ['W', 'A', 'C', 'S', 'B'],
      ['B', 'C', 'A', 'S'],
      ['C', 'A', 'S', 'B', 'W'],
      ['A', 'S', 'B', 'C'],
    ],
    paylines: LINES,
    scatterPays: [1, 5, 25],
    feature: { award: 2, multiplier: 2, retrigger: 1, cap: 4 },
  }

  /** The round's exact distribution, in 1/10000 of the bet, from the engine's own spin settlement. */
  function bruteForce(rules: LineSlotRules): PayoutDistribution {
    const lengths = rules.reels.map((r) => r.length)
    const combos: number[][] = [[]]
    for (const n of lengths) combos.splice(0, combos.length, ...combos.flatMap((c) => Array.from({ length: n }, (_, s) => [...c, s])))
    const plain = { ...rules, feature: null }
    const spins = combos.map((stops) => settleLineSlot(plain, () => stops).spins[0]!)
    const f = rules.feature!
    const p = 1 / combos.length
    const add = (into: Map<number, number>, units: number, q: number) => into.set(units, (into.get(units) ?? 0) + q)
    const memo = new Map<string, Map<number, number>>()
    const feature = (remaining: number, total: number): Map<number, number> => {
      if (remaining === 0) return new Map([[0, 1]])
      const key = `${remaining}/${total}`
      const known = memo.get(key)
      if (known) return known
      const out = new Map<number, number>()
      for (const spin of spins) {
        const more = spin.scatters >= 3 ? Math.min(f.retrigger, f.cap - total) : 0
        const win = Math.round(spin.win * f.multiplier * 10000)
        for (const [u, q] of feature(remaining - 1 + more, total + more)) add(out, win + u, p * q)
      }
      memo.set(key, out)
      return out
    }
    const round = new Map<number, number>()
    for (const spin of spins) {
      const win = Math.round(spin.win * 10000)
      if (spin.scatters >= 3) for (const [u, q] of feature(f.award, f.award)) add(round, win + u, p * q)
      else add(round, win, p)
    }
    return normalise([...round].map(([u, q]) => ({ multiplier: u / 10000, probability: q })))
  }

  it('a toy title: exact figures match brute-force enumeration of every round, and seeded play fits it', () => {
    const exact = bruteForce(TOY)
    const figures = lineSlotFigures(TOY)
    expect(figures.rtp).toBeCloseTo(rtpOf(exact), 10)
    const spread = lineSlotSpread(TOY)
    expect(spread.rtp).toBeCloseTo(rtpOf(exact), 10)
    expect(spread.sd).toBeCloseTo(volatilityOf(exact), 9)
    // Three scatters always pay, so the base spin hits whenever the round does.
    expect(spread.hitFrequency).toBeCloseTo(hitFrequencyOf(exact), 12)
    const report = checkRtp((s) => playLineSlot(TOY, { lines: 4 }, s).multiplier, exact, 20_000)
    expect(report.ok, JSON.stringify(report)).toBe(true)
  })

  it('the feature programme: expected free spins under the cap, hand-worked', () => {
    // Every reel shows a scatter on 3 of 4 stops: P(≥ 3 of 5) = 0.896484375.
    const strip = ['S', 'A', 'B', 'C']
    const rules: LineSlotRules = { ...TOY, reels: [strip, strip, strip, strip, strip], feature: { award: 1, multiplier: 1, retrigger: 1, cap: 3 } }
    const p = lineSlotFigures(rules).base.trigger
    expect(p).toBeCloseTo(0.896484375, 12)
    // One spin; a retrigger adds one more (up to 3 in all): 1 + p + p².
    expect(lineSlotFigures(rules).expectedFreeSpins).toBeCloseTo(1 + p + p * p, 12)
  })

  it('simulated spread states its interval around the exact figures', () => {
    const sim = lineSlotSimulatedSpread(TOY, 20_000, seededStream(7))
    const spread = lineSlotSpread(TOY)
    expect(sim.hitFrequency99[0]).toBeLessThan(spread.hitFrequency)
    expect(sim.hitFrequency99[1]).toBeGreaterThan(spread.hitFrequency)
    expect(Math.abs(sim.sd - spread.sd)).toBeLessThan(0.1 * spread.sd)
  })
})
