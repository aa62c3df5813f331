import { describe, expect, it } from 'vitest'
import { seededStream, streamFromWords } from '../random'
import { checkRtp } from '../testing/rtp-check'
import { CLUSTER_SLOT_TITLES, clusterWinBin, clusterWinEdges, type ClusterSlotTitle } from '../titles/cluster-slots'
import {
  playClusterSlot,
  simulateClusterSlot,
  validateClusterSlotBet,
  validateClusterSlotRules,
  type ClusterRoundSummary,
  type ClusterSlotBet,
  type ClusterSlotRules,
} from './cluster-slot'

// A 3 × 3 toy: 3–4 of a kind pay the first band, 5+ the second. Base draws are int(4) over
// A, B, C, S (word k draws symbol k); free spins int(5) over A, B, C, S, M, and a multiplier's
// value int(2) over 2, 5.
const TOY: ClusterSlotRules = {
  columns: 3,
  rows: 3,
  bands: [3, 5],
  symbols: [
    { id: 'A', kind: 'regular', pays: [1, 5] },
    { id: 'B', kind: 'regular', pays: [0.5, 2] },
    { id: 'C', kind: 'regular', pays: [0.2, 1] },
    { id: 'S', kind: 'scatter', pays: [] },
    { id: 'M', kind: 'multiplier', pays: [] },
  ],
  weights: { A: 1, B: 1, C: 1, S: 1 },
  scatterPays: [{ count: 3, pay: 0.5 }],
  multipliers: [
    { value: 2, weight: 1 },
    { value: 5, weight: 1 },
  ],
  feature: { trigger: 3, award: 1, retriggerAt: 3, retrigger: 1, cap: 2, weights: { A: 1, B: 1, C: 1, S: 1, M: 1 } },
  maxWin: 5000,
}
const [A, B, C, S, M] = [0, 1, 2, 3, 4]

/** A stream handing out the given words, then failing. */
function words(list: number[]) {
  let i = 0
  return streamFromWords(() => {
    if (i >= list.length) throw new Error('the round drew more words than the script has')
    return list[i++]!
  })
}

const bet: ClusterSlotBet = {}

describe('cluster slot', () => {
  it('replays a hand-made tumble exactly: grids, wins with positions, removals, drops', () => {
    const stream = words([
      // The grid, column by column, top to bottom: A B A / C A B / A C S.
      A, B, A, C, A, B, A, C, S,
      // Four A pay 1 and go; column 0 keeps B, columns 1 and 2 keep C B and C S. New: B B, B, C.
      B, B, B, C,
      // B B B / B C B / C C S: five B pay 2, three C pay 0.2; only the scatter stays. New: A B S, C A B, C S.
      A, B, S, C, A, B, C, S,
    ])
    const round = playClusterSlot({ ...TOY, feature: null }, bet, stream)
    expect(stream.words).toBe(21)
    expect(round.spins).toHaveLength(1)
    const spin = round.spins[0]!
    expect(spin.grid).toEqual([['A', 'B', 'A'], ['C', 'A', 'B'], ['A', 'C', 'S']])
    expect(spin.cascades).toHaveLength(2)
    const [first, second] = spin.cascades
    expect(first).toEqual({
      grid: [['A', 'B', 'A'], ['C', 'A', 'B'], ['A', 'C', 'S']],
      values: [[0, 0, 0], [0, 0, 0], [0, 0, 0]],
      wins: [{ symbol: 'A', count: 4, positions: [[0, 0], [0, 2], [1, 1], [2, 0]], win: 1 }],
      removed: [[0, 0], [0, 2], [1, 1], [2, 0]],
      dropped: [[0, 0], [0, 1], [1, 0], [2, 0]],
      after: [['B', 'B', 'B'], ['B', 'C', 'B'], ['C', 'C', 'S']],
      afterValues: [[0, 0, 0], [0, 0, 0], [0, 0, 0]],
    })
    expect(second!.grid).toEqual(first!.after)
    expect(second!.wins).toEqual([
      { symbol: 'B', count: 5, positions: [[0, 0], [0, 1], [0, 2], [1, 0], [1, 2]], win: 2 },
      { symbol: 'C', count: 3, positions: [[1, 1], [2, 0], [2, 1]], win: 0.2 },
    ])
    expect(second!.removed).toEqual([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [2, 0], [2, 1]])
    expect(second!.dropped).toEqual([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [2, 0], [2, 1]])
    expect(second!.after).toEqual([['A', 'B', 'S'], ['C', 'A', 'B'], ['C', 'S', 'S']])
    expect(spin).toMatchObject({ free: false, clusterWin: 3.2, multiplierSum: 0, scatters: 3, scatterWin: 0.5, awarded: 0, win: 3.7 })
    expect(round).toMatchObject({ freeSpins: 0, capped: false, multiplier: 3.7 })
  })

  // Base: S A B / C S A / B C S pays nothing, three scatters pay 0.5 and award a free spin.
  // Free spin 1: M(5) A A / A M(2) B / C B S: three A pay 1; the multipliers fall and stay; new
  // S C in column 0 and S in column 1 give S C M / S M B / C B S: no win, three scatters retrigger.
  // Free spin 2: A B C / S A B / C M(5) S pays nothing: the multiplier has no win to multiply.
  const FEATURE_WORDS = [S, A, B, C, S, A, B, C, S, M, 1, A, A, A, M, 0, B, C, B, S, S, C, S, A, B, C, S, A, B, C, M, 1, S]

  it('free spins: multiplier symbols stay through the tumble and multiply the spin; retriggers; scatters pay in every spin', () => {
    const stream = words(FEATURE_WORDS)
    const round = playClusterSlot(TOY, bet, stream)
    expect(stream.words).toBe(FEATURE_WORDS.length)
    expect(round.spins.map((s) => [s.free, s.awarded])).toEqual([
      [false, 1],
      [true, 1],
      [true, 0],
    ])
    const spin = round.spins[1]!
    expect(spin.values).toEqual([[5, 0, 0], [0, 2, 0], [0, 0, 0]])
    expect(spin.cascades).toHaveLength(1)
    expect(spin.cascades[0]!.after).toEqual([['S', 'C', 'M'], ['S', 'M', 'B'], ['C', 'B', 'S']])
    expect(spin.cascades[0]!.afterValues).toEqual([[0, 0, 5], [0, 2, 0], [0, 0, 0]])
    expect(spin).toMatchObject({ clusterWin: 1, multiplierSum: 7, scatters: 3, scatterWin: 0.5, win: 7.5 })
    expect(round.spins[2]).toMatchObject({ clusterWin: 0, multiplierSum: 5, scatters: 2, scatterWin: 0, win: 0 })
    expect(round).toMatchObject({ freeSpins: 2, capped: false, multiplier: 8 })
  })

  it('a retrigger never takes the round past the free-spin cap', () => {
    const stream = words(FEATURE_WORDS)
    const round = playClusterSlot({ ...TOY, feature: { ...TOY.feature!, cap: 1 } }, bet, stream)
    expect(round.spins.map((s) => s.awarded)).toEqual([1, 0])
    expect(round).toMatchObject({ freeSpins: 1, multiplier: 8 })
    // The second free spin was never played, so never drawn.
    expect(stream.words).toBe(23)
  })

  it('the max win caps the round: it ends where the cap is reached, paying the cap', () => {
    const stream = words(FEATURE_WORDS)
    const round = playClusterSlot({ ...TOY, maxWin: 5 }, bet, stream)
    // 0.5 + 7.5 ≥ 5 after the first free spin: the second is not played.
    expect(round.spins).toHaveLength(2)
    expect(round).toMatchObject({ capped: true, multiplier: 5, freeSpins: 2 })
    expect(stream.words).toBe(23)
    // The base spin alone can reach it too.
    const base = playClusterSlot({ ...TOY, maxWin: 0.5 }, bet, words(FEATURE_WORDS))
    expect(base).toMatchObject({ capped: true, multiplier: 0.5, spins: [{ free: false }] })
  })

  it('the simulation path plays the same rounds as the recorded one, draw for draw', () => {
    for (const title of CLUSTER_SLOT_TITLES) {
      const recorded = seededStream(77)
      const fast = seededStream(77)
      const summary: ClusterRoundSummary = { multiplier: 0, freeSpins: 0, capped: false }
      for (let r = 0; r < 3000; r++) {
        const round = playClusterSlot(title.rules, bet, recorded)
        expect(simulateClusterSlot(title.rules, fast, summary)).toBe(round.multiplier)
        expect(summary.freeSpins).toBe(round.freeSpins)
        expect(fast.words).toBe(recorded.words)
      }
    }
  })

  it('recorded cascades chain and add up: every win removed, every hole refilled, the last grid pays nothing', () => {
    const title = CLUSTER_SLOT_TITLES[0]!
    const rules = title.rules
    const stream = seededStream(5)
    const pays = new Map(rules.symbols.map((s) => [s.id, s.pays]))
    const payOf = (id: string, count: number) => {
      let pay = 0
      rules.bands.forEach((b, i) => (count >= b ? (pay = pays.get(id)![i]!) : undefined))
      return pay
    }
    let cascades = 0
    for (let r = 0; r < 2000; r++) {
      const round = playClusterSlot(rules, bet, stream)
      let total = 0
      for (const spin of round.spins) {
        let grid = spin.grid
        let clusterWin = 0
        for (const c of spin.cascades) {
          cascades++
          expect(c.grid).toEqual(grid)
          const counts = new Map<string, number>()
          c.grid.flat().forEach((id) => counts.set(id, (counts.get(id) ?? 0) + 1))
          for (const w of c.wins) {
            expect(w.count).toBe(counts.get(w.symbol))
            expect(w.win).toBe(payOf(w.symbol, w.count))
            for (const [col, row] of w.positions) expect(c.grid[col]![row]).toBe(w.symbol)
            clusterWin += w.win
          }
          expect(c.removed).toHaveLength(c.wins.reduce((n, w) => n + w.count, 0))
          expect(c.dropped).toHaveLength(c.removed.length)
          grid = c.after
        }
        // The final grid pays nothing.
        const counts = new Map<string, number>()
        grid.flat().forEach((id) => counts.set(id, (counts.get(id) ?? 0) + 1))
        for (const [id, n] of counts) if (pays.get(id)!.length > 0) expect(payOf(id, n)).toBe(0)
        expect(spin.scatters).toBe(counts.get('whirlpool') ?? 0)
        expect(spin.clusterWin).toBeCloseTo(clusterWin, 9)
        expect(spin.win).toBeCloseTo(spin.clusterWin * (spin.multiplierSum || 1) + spin.scatterWin, 9)
        total += spin.win
      }
      expect(round.multiplier).toBeCloseTo(Math.min(total, rules.maxWin), 9)
    }
    expect(cascades).toBeGreaterThan(500)
  })

  it('checks rules and bets', () => {
    expect(validateClusterSlotRules(TOY)).toBeNull()
    for (const t of CLUSTER_SLOT_TITLES) expect(validateClusterSlotRules(t.rules), t.sysname).toBeNull()
    expect(validateClusterSlotRules({ ...TOY, columns: 0 })).toBe('bad grid')
    expect(validateClusterSlotRules({ ...TOY, rows: 2.5 })).toBe('bad grid')
    expect(validateClusterSlotRules({ ...TOY, bands: [5, 3] })).toBe('bad bands')
    expect(validateClusterSlotRules({ ...TOY, bands: [3, 10] })).toBe('bad bands')
    expect(validateClusterSlotRules({ ...TOY, symbols: [...TOY.symbols, { id: 'A', kind: 'regular', pays: [1, 2] }] })).toMatch(/duplicate/)
    expect(validateClusterSlotRules({ ...TOY, symbols: TOY.symbols.map((s) => (s.id === 'A' ? { ...s, pays: [1] } : s)) })).toMatch(/pays of A/)
    expect(validateClusterSlotRules({ ...TOY, symbols: TOY.symbols.map((s) => (s.id === 'A' ? { ...s, pays: [1.00005, 2] } : s)) })).toMatch(/pays of A/)
    expect(validateClusterSlotRules({ ...TOY, symbols: TOY.symbols.map((s) => (s.id === 'S' ? { ...s, pays: [1] } : s)) })).toMatch(/cannot have pays/)
    expect(validateClusterSlotRules({ ...TOY, weights: { A: 1, X: 1 } })).toBe('weights: unknown symbol X')
    expect(validateClusterSlotRules({ ...TOY, weights: { A: 1.5 } })).toMatch(/not a whole number/)
    expect(validateClusterSlotRules({ ...TOY, weights: { S: 3 } })).toMatch(/no regular symbol/)
    expect(validateClusterSlotRules({ ...TOY, weights: { A: 0 } })).toMatch(/total weight/)
    expect(validateClusterSlotRules({ ...TOY, scatterPays: [{ count: 3, pay: 1 }, { count: 3, pay: 2 }] })).toBe('bad scatter pays')
    expect(validateClusterSlotRules({ ...TOY, multipliers: [] })).toBe('bad multipliers')
    expect(validateClusterSlotRules({ ...TOY, multipliers: [{ value: 1.5, weight: 1 }] })).toBe('bad multipliers')
    expect(validateClusterSlotRules({ ...TOY, feature: { ...TOY.feature!, cap: 0 } })).toBe('bad feature')
    expect(validateClusterSlotRules({ ...TOY, feature: { ...TOY.feature!, weights: { M: 1 } } })).toMatch(/feature weights: no regular/)
    expect(validateClusterSlotRules({ ...TOY, symbols: TOY.symbols.filter((s) => s.id !== 'S'), weights: { A: 1 }, scatterPays: [], feature: TOY.feature })).toMatch(/unknown symbol S|needs a scatter/)
    expect(validateClusterSlotRules({ ...TOY, maxWin: 0 })).toBe('bad max win')
    expect(() => playClusterSlot({ ...TOY, maxWin: -1 }, bet, seededStream(1))).toThrow(/bad max win/)
    expect(validateClusterSlotBet(TOY, {})).toBeNull()
    expect(validateClusterSlotBet(TOY, null as unknown as ClusterSlotBet)).toBe('not-an-object')
    expect(validateClusterSlotBet(TOY, [] as unknown as ClusterSlotBet)).toBe('not-an-object')
    expect(() => playClusterSlot(TOY, 3 as unknown as ClusterSlotBet, seededStream(1))).toThrow(/not-an-object/)
  })
})

// The RTP test. A tumbling round cannot be enumerated, so each title stores what 100 million
// simulated rounds gave (bench/games-sim.ts): the RTP, the sd, and the rounds by win-size bin
// with each bin's mean. Seeded rounds through the engine must fit them: the real mean within 4
// standard errors of the stated RTP, and the bins by chi-square (checkRtp, each round standing in
// as its bin's mean), so a paytable, weight or multiplier changed without a new simulation fails.
const RTP_ROUNDS = 500_000

function storedDistribution(title: ClusterSlotTitle) {
  const total = title.figures.winBins.reduce((n, b) => n + b.rounds, 0)
  return title.figures.winBins.map((b) => ({ multiplier: b.mean, probability: b.rounds / total }))
}

/** Plays seeded rounds of `rules` against a title's stored figures. */
function fitToStored(title: ClusterSlotTitle, rules: ClusterSlotRules, rounds: number) {
  const edges = clusterWinEdges(title.rules.maxWin)
  const meanOfBin = new Map(title.figures.winBins.map((b) => [clusterWinBin(edges, b.upTo), b.mean]))
  const summary: ClusterRoundSummary = { multiplier: 0, freeSpins: 0, capped: false }
  let sum = 0
  const report = checkRtp(
    (stream) => {
      const m = simulateClusterSlot(rules, stream, summary)
      sum += m
      // A round in a bin the simulation never saw: NaN, which checkRtp reports as unknown.
      return meanOfBin.get(clusterWinBin(edges, m)) ?? NaN
    },
    storedDistribution(title),
    rounds,
    4242,
  )
  const z = (sum / rounds - title.figures.rtp) / (title.figures.sd / Math.sqrt(rounds))
  return { report, z, mean: sum / rounds }
}

describe('cluster slot titles against their simulated figures', () => {
  for (const title of CLUSTER_SLOT_TITLES) {
    it(`${title.sysname}: ${RTP_ROUNDS.toLocaleString('en')} seeded rounds fit the stated RTP and the win-size bins`, () => {
      const { report, z, mean } = fitToStored(title, title.rules, RTP_ROUNDS)
      expect(Math.abs(z), `mean ${mean}, stated ${title.figures.rtp}`).toBeLessThanOrEqual(4)
      expect(report.ok, JSON.stringify(report)).toBe(true)
    })
  }

  it('a changed paytable fails the fit', () => {
    const title = CLUSTER_SLOT_TITLES[0]!
    /** The fit fails: a mean too far off, bins that do not fit, or a win in a bin the simulation never saw. */
    const fails = (rules: ClusterSlotRules) => {
      try {
        const { report, z } = fitToStored(title, rules, 100_000)
        return Math.abs(z) > 4 || !report.ok
      } catch {
        return true
      }
    }
    const withPay = (id: string, band: number, pay: number): ClusterSlotRules => ({
      ...title.rules,
      symbols: title.rules.symbols.map((s) => (s.id === id ? { ...s, pays: s.pays.map((p, i) => (i === band ? pay : p)) } : s)),
    })
    expect(fails(title.rules)).toBe(false)
    // The most common win, 8–9 bubbles, paying 0.35 instead of 0.3; a middle symbol's 8–9 paying
    // 1.8 instead of 1.6; a low symbol's 10–11 paying 1.1 instead of 1. (A pay that lands in fewer
    // than about 1 round in 1,000, such as the top symbols' or any 12+, is past what seconds of play
    // can see: the title test's rules fingerprint catches those.)
    expect(fails(withPay('bubble', 0, 0.35))).toBe(true)
    expect(fails(withPay('starfish', 0, 1.8))).toBe(true)
    expect(fails(withPay('kelp', 1, 1.1))).toBe(true)
  })
})
