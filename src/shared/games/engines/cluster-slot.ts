// A "pays anywhere" cluster slot with tumbling reels (docs/games.md, "Cluster slots"). A grid of
// columns × rows (our titles: 6 × 5) is filled by weighted draws, one per cell. A regular symbol
// pays when at least `bands[0]` (8) of it lie anywhere on the grid, by count band (8–9, 10–11,
// 12+). Every paying symbol is removed, the symbols above fall, new ones drop in from the stream,
// and the grid pays again, until nothing pays. Scatters (counted on the grid the tumbling stops
// on) pay and start free spins; multiplier symbols stay on the grid through the tumbles and their
// values, summed, multiply the spin's cluster wins. The round's payback is capped at `maxWin`.
//
// A round is the base spin and its whole feature, drawn from the stream while the round function
// runs, so the server, the client's animation and a verifier replay the same cascades. Its RTP is
// not tractable to enumerate: titles state figures from a simulation (bench/games-sim.ts).
import type { UniformStream } from '../random'
import { floor4 } from './common'

export interface ClusterSlotSymbol {
  readonly id: string
  /**
   * `regular` pays by count; a `scatter` never pays in clusters (see `scatterPays`) and is never
   * removed; a `multiplier` lands with a value drawn from `multipliers`, never pays in clusters and
   * is never removed either.
   */
  readonly kind: 'regular' | 'scatter' | 'multiplier'
  /** A regular symbol's pay for each count band (`bands`), per unit of total bet; empty for the others. */
  readonly pays: readonly number[]
}

export interface ClusterSlotFeature {
  /** Scatters on the base spin's final grid that start the feature. */
  readonly trigger: number
  /** Free spins the trigger awards. */
  readonly award: number
  /** Scatters on a free spin's final grid that add `retrigger` spins. */
  readonly retriggerAt: number
  readonly retrigger: number
  /** The most free spins one round can award in all, retriggers included. */
  readonly cap: number
  /** Draw weights by symbol id during free spins (a missing id weighs 0). */
  readonly weights: Readonly<Record<string, number>>
}

export interface ClusterSlotRules {
  readonly columns: number
  readonly rows: number
  readonly symbols: readonly ClusterSlotSymbol[]
  /** The smallest count of each pay band, ascending: [8, 10, 12] is 8–9, 10–11 and 12+. */
  readonly bands: readonly number[]
  /** Draw weights by symbol id in the base spin (a missing id weighs 0); whole numbers. */
  readonly weights: Readonly<Record<string, number>>
  /** Scatter pays per unit of total bet: the entry with the highest `count` at most the scatters on the final grid. */
  readonly scatterPays: readonly { readonly count: number; readonly pay: number }[]
  /** The values a multiplier symbol lands with, and their draw weights (whole numbers). */
  readonly multipliers: readonly { readonly value: number; readonly weight: number }[]
  readonly feature: ClusterSlotFeature | null
  /** The most a round pays back per unit of total bet: reaching it ends the round. */
  readonly maxWin: number
}

/** The player only chooses the stake: a cluster slot has no options. */
export type ClusterSlotBet = Readonly<Record<string, never>>

export type ClusterSlotBetError = 'not-an-object'

export function validateClusterSlotBet(_rules: ClusterSlotRules, bet: ClusterSlotBet): ClusterSlotBetError | null {
  return typeof bet === 'object' && bet !== null && !Array.isArray(bet) ? null : 'not-an-object'
}

/** A spin stops tumbling after this many cascades (a guard against degenerate rules; never near it in our titles). */
export const CLUSTER_MAX_CASCADES = 100

/** Weight tables are looked up by a table of this many entries at most. */
export const CLUSTER_MAX_TOTAL_WEIGHT = 100_000

const UNITS = 10_000
const wholeUnits = (x: number) => Number.isFinite(x) && x >= 0 && Math.abs(x * UNITS - Math.round(x * UNITS)) < 1e-6
const whole = (x: number) => Number.isInteger(x) && x >= 0

function weightsError(rules: ClusterSlotRules, weights: Readonly<Record<string, number>>, name: string): string | null {
  const ids = new Set(rules.symbols.map((s) => s.id))
  let total = 0
  for (const [id, w] of Object.entries(weights)) {
    if (!ids.has(id)) return `${name}: unknown symbol ${id}`
    if (!whole(w)) return `${name}: weight of ${id} is not a whole number`
    total += w
  }
  if (total < 1 || total > CLUSTER_MAX_TOTAL_WEIGHT) return `${name}: total weight must be 1–${CLUSTER_MAX_TOTAL_WEIGHT}`
  if (!rules.symbols.some((s) => s.kind === 'regular' && (weights[s.id] ?? 0) > 0)) return `${name}: no regular symbol can land`
  return null
}

/**
 * Null when the rules are playable. Every pay must be a whole 1/10000 of the bet and multiplier
 * values whole numbers, so a round's wins add up exactly (the engine counts in 1/10000 units).
 */
export function validateClusterSlotRules(rules: ClusterSlotRules): string | null {
  const { columns, rows } = rules
  if (!Number.isInteger(columns) || !Number.isInteger(rows) || columns < 1 || rows < 1 || columns > 10 || rows > 10) return 'bad grid'
  const cells = columns * rows
  const ids = new Set(rules.symbols.map((s) => s.id))
  if (ids.size !== rules.symbols.length || ids.has('')) return 'duplicate or empty symbol ids'
  if (rules.symbols.length > 64) return 'too many symbols'
  if (rules.symbols.filter((s) => s.kind === 'scatter').length > 1) return 'more than one scatter'
  if (rules.symbols.filter((s) => s.kind === 'multiplier').length > 1) return 'more than one multiplier symbol'
  const { bands } = rules
  if (bands.length < 1 || bands.some((b, i) => !Number.isInteger(b) || b < 1 || b > cells || (i > 0 && b <= bands[i - 1]!))) return 'bad bands'
  for (const s of rules.symbols) {
    if (s.kind !== 'regular' && s.kind !== 'scatter' && s.kind !== 'multiplier') return `bad kind of ${s.id}`
    if (s.kind === 'regular') {
      if (s.pays.length !== bands.length || !s.pays.every(wholeUnits)) return `pays of ${s.id} are not one whole 1/10000 of the bet per band`
    } else if (s.pays.length !== 0) return `${s.id} is not regular and cannot have pays`
  }
  const weights = weightsError(rules, rules.weights, 'weights')
  if (weights) return weights
  const scatter = rules.symbols.find((s) => s.kind === 'scatter')
  if (rules.scatterPays.some((p, i) => !Number.isInteger(p.count) || p.count < 1 || (i > 0 && p.count <= rules.scatterPays[i - 1]!.count) || !wholeUnits(p.pay))) {
    return 'bad scatter pays'
  }
  if (rules.scatterPays.length > 0 && !scatter) return 'scatter pays without a scatter'
  const multiplier = rules.symbols.find((s) => s.kind === 'multiplier')
  if (rules.multipliers.some((m) => !Number.isInteger(m.value) || m.value < 1 || !whole(m.weight))) return 'bad multipliers'
  const valueWeight = rules.multipliers.reduce((sum, m) => sum + m.weight, 0)
  if (multiplier && (valueWeight < 1 || valueWeight > CLUSTER_MAX_TOTAL_WEIGHT)) return 'bad multipliers'
  const f = rules.feature
  if (f) {
    if (!scatter) return 'a feature needs a scatter'
    if (!whole(f.trigger) || f.trigger < 1 || !whole(f.award) || f.award < 1 || !whole(f.retriggerAt) || f.retriggerAt < 1) return 'bad feature'
    if (!whole(f.retrigger) || !whole(f.cap) || f.cap < f.award) return 'bad feature'
    const free = weightsError(rules, f.weights, 'feature weights')
    if (free) return free
  }
  if (!wholeUnits(rules.maxWin) || rules.maxWin <= 0) return 'bad max win'
  return null
}

export type ClusterPosition = readonly [column: number, row: number]

/** A grid as columns of symbol ids, row 0 at the top: grid[column][row]. */
export type ClusterGrid = readonly (readonly string[])[]
/** The value of the multiplier symbol on each cell (0 where there is none): values[column][row]. */
export type ClusterValues = readonly (readonly number[])[]

export interface ClusterWin {
  readonly symbol: string
  readonly count: number
  /** Every cell of the symbol, columns left to right, rows top to bottom. */
  readonly positions: readonly ClusterPosition[]
  /** Per unit of total bet, before the spin's multiplier symbols. */
  readonly win: number
}

/** One tumble: the grid, what paid on it, what was removed, and the grid after the fall and the drop. */
export interface ClusterCascade {
  readonly grid: ClusterGrid
  readonly values: ClusterValues
  readonly wins: readonly ClusterWin[]
  /** The cells removed (every cell of every paying symbol), columns left to right, rows top to bottom. */
  readonly removed: readonly ClusterPosition[]
  /** The cells of `after` that new symbols dropped into (the top of each column). */
  readonly dropped: readonly ClusterPosition[]
  readonly after: ClusterGrid
  readonly afterValues: ClusterValues
}

export interface ClusterSpin {
  readonly free: boolean
  /** The grid as it first landed. */
  readonly grid: ClusterGrid
  readonly values: ClusterValues
  /** Every paying tumble in order; empty when the first grid pays nothing. */
  readonly cascades: readonly ClusterCascade[]
  /** The sum of the cascades' wins, per unit of total bet. */
  readonly clusterWin: number
  /** The sum of the multiplier symbols on the final grid (0 when none): it multiplies `clusterWin`. */
  readonly multiplierSum: number
  /** Scatters on the final grid. */
  readonly scatters: number
  readonly scatterWin: number
  /** Free spins this spin awarded (after the cap). */
  readonly awarded: number
  /** clusterWin × (multiplierSum or 1) + scatterWin. */
  readonly win: number
}

export interface ClusterSlotRound {
  /** The base spin first, then every free spin played. */
  readonly spins: readonly ClusterSpin[]
  /** Free spins awarded in all. */
  readonly freeSpins: number
  /** The round reached `maxWin`: it ended there, and any free spins left were not played. */
  readonly capped: boolean
  /** The round's payback per unit of total bet, capped at `maxWin`, rounded down to 4 decimals. */
  readonly multiplier: number
}

/** Rules compiled to symbol codes, 1/10000 units and lookup tables for the hot loop. */
interface Compiled {
  readonly ids: readonly string[]
  readonly columns: number
  readonly rows: number
  readonly cells: number
  readonly regular: Int32Array
  readonly scatter: number
  readonly multiplier: number
  /** payUnits[code * (cells + 1) + count]. */
  readonly payUnits: Float64Array
  /** Scatter pay by count, 0 … cells. */
  readonly scatterUnits: Float64Array
  readonly baseTable: Uint8Array
  readonly freeTable: Uint8Array
  readonly valueTable: Int32Array
  readonly maxUnits: number
  readonly feature: ClusterSlotFeature | null
  // Scratch state of the round being played (rounds run one at a time, to the end, synchronously).
  readonly grid: Int32Array
  readonly values: Int32Array
  readonly counts: Int32Array
  readonly paying: Uint8Array
}

function drawTable(rules: ClusterSlotRules, weights: Readonly<Record<string, number>>): Uint8Array {
  const entries: number[] = []
  rules.symbols.forEach((s, code) => {
    for (let k = 0; k < (weights[s.id] ?? 0); k++) entries.push(code)
  })
  return Uint8Array.from(entries)
}

function compile(rules: ClusterSlotRules): Compiled {
  const error = validateClusterSlotRules(rules)
  if (error) throw new Error(`invalid cluster slot rules: ${error}`)
  const { columns, rows } = rules
  const cells = columns * rows
  const n = rules.symbols.length
  const payUnits = new Float64Array(n * (cells + 1))
  rules.symbols.forEach((s, code) => {
    if (s.kind !== 'regular') return
    for (let count = 0; count <= cells; count++) {
      let band = -1
      for (let b = 0; b < rules.bands.length; b++) if (count >= rules.bands[b]!) band = b
      if (band >= 0) payUnits[code * (cells + 1) + count] = Math.round(s.pays[band]! * UNITS)
    }
  })
  const scatterUnits = new Float64Array(cells + 1)
  for (let count = 0; count <= cells; count++) {
    let pay = 0
    for (const p of rules.scatterPays) if (count >= p.count) pay = p.pay
    scatterUnits[count] = Math.round(pay * UNITS)
  }
  const values: number[] = []
  for (const m of rules.multipliers) for (let k = 0; k < m.weight; k++) values.push(m.value)
  return {
    ids: rules.symbols.map((s) => s.id),
    columns,
    rows,
    cells,
    regular: Int32Array.from(rules.symbols.flatMap((s, code) => (s.kind === 'regular' ? [code] : []))),
    scatter: rules.symbols.findIndex((s) => s.kind === 'scatter'),
    multiplier: rules.symbols.findIndex((s) => s.kind === 'multiplier'),
    payUnits,
    scatterUnits,
    baseTable: drawTable(rules, rules.weights),
    freeTable: rules.feature ? drawTable(rules, rules.feature.weights) : drawTable(rules, rules.weights),
    valueTable: Int32Array.from(values),
    maxUnits: Math.round(rules.maxWin * UNITS),
    feature: rules.feature,
    grid: new Int32Array(cells),
    values: new Int32Array(cells),
    counts: new Int32Array(n),
    paying: new Uint8Array(n),
  }
}

const compiledCache = new WeakMap<ClusterSlotRules, Compiled>()
function compiled(rules: ClusterSlotRules): Compiled {
  let c = compiledCache.get(rules)
  if (!c) {
    c = compile(rules)
    compiledCache.set(rules, c)
  }
  return c
}

/** Builds the recorded spins; absent in simulations, which only need the sums. */
interface Recorder {
  readonly spins: ClusterSpin[]
}

function gridOf(c: Compiled): { grid: string[][]; values: number[][] } {
  const grid: string[][] = []
  const values: number[][] = []
  for (let col = 0; col < c.columns; col++) {
    const g: string[] = []
    const v: number[] = []
    for (let row = 0; row < c.rows; row++) {
      g.push(c.ids[c.grid[col * c.rows + row]!]!)
      v.push(c.values[col * c.rows + row]!)
    }
    grid.push(g)
    values.push(v)
  }
  return { grid, values }
}

/** Draws one cell: a symbol from the table, then, for a multiplier symbol, its value. */
function drawCell(c: Compiled, table: Uint8Array, stream: UniformStream, cell: number): void {
  const code = table[stream.int(table.length)]!
  c.grid[cell] = code
  c.values[cell] = code === c.multiplier ? c.valueTable[stream.int(c.valueTable.length)]! : 0
}

/** What one spin paid, in 1/10000 units, and its scatters; the grid is left in `c`. */
interface SpinResult {
  units: number
  scatters: number
}

/**
 * One spin: fill the grid (columns left to right, each top to bottom), then tumble until nothing
 * pays. Puts the spin's win (1/10000 units of the bet) and its scatters in `out`; with a recorder,
 * records the spin.
 */
function playSpin(c: Compiled, table: Uint8Array, stream: UniformStream, free: boolean, out: SpinResult, recorder: Recorder | null): void {
  const { grid, values, counts, paying, rows, cells, regular, payUnits } = c
  for (let cell = 0; cell < cells; cell++) drawCell(c, table, stream, cell)
  const first = recorder ? gridOf(c) : null
  const cascades: ClusterCascade[] = []
  let clusterUnits = 0
  for (let cascade = 0; cascade < CLUSTER_MAX_CASCADES; cascade++) {
    counts.fill(0)
    for (let cell = 0; cell < cells; cell++) counts[grid[cell]!]! += 1
    let stepUnits = 0
    let any = false
    for (let i = 0; i < regular.length; i++) {
      const code = regular[i]!
      const units = payUnits[code * (cells + 1) + counts[code]!]!
      paying[code] = units > 0 ? 1 : 0
      if (units > 0) {
        stepUnits += units
        any = true
      }
    }
    if (!any) break
    clusterUnits += stepUnits
    const before = recorder ? gridOf(c) : null
    const removed: ClusterPosition[] = []
    const dropped: ClusterPosition[] = []
    // Each column: the symbols that stay fall to the bottom in order, new ones fill the top.
    for (let col = 0; col < c.columns; col++) {
      const base = col * rows
      let write = base + rows - 1
      for (let read = base + rows - 1; read >= base; read--) {
        const code = grid[read]!
        if (paying[code] === 1) {
          if (recorder) removed.push([col, read - base])
          continue
        }
        grid[write] = code
        values[write] = values[read]!
        write--
      }
      for (let cell = base; cell <= write; cell++) {
        drawCell(c, table, stream, cell)
        if (recorder) dropped.push([col, cell - base])
      }
    }
    if (recorder && before) {
      const wins: ClusterWin[] = []
      for (let i = 0; i < regular.length; i++) {
        const code = regular[i]!
        if (paying[code] !== 1) continue
        const id = c.ids[code]!
        const positions: ClusterPosition[] = []
        before.grid.forEach((column, col) => column.forEach((s, row) => (s === id ? positions.push([col, row]) : undefined)))
        wins.push({ symbol: id, count: positions.length, positions, win: payUnits[code * (cells + 1) + positions.length]! / UNITS })
      }
      removed.sort((a, b) => a[0] - b[0] || a[1] - b[1])
      const after = gridOf(c)
      cascades.push({ grid: before.grid, values: before.values, wins, removed, dropped, after: after.grid, afterValues: after.values })
    }
  }
  let scatters = 0
  let multiplierSum = 0
  for (let cell = 0; cell < cells; cell++) {
    if (grid[cell] === c.scatter) scatters++
    multiplierSum += values[cell]!
  }
  const scatterUnits = c.scatterUnits[scatters]!
  out.units = clusterUnits * (multiplierSum > 0 ? multiplierSum : 1) + scatterUnits
  out.scatters = scatters
  if (recorder && first) {
    recorder.spins.push({
      free,
      grid: first.grid,
      values: first.values,
      cascades,
      clusterWin: clusterUnits / UNITS,
      multiplierSum,
      scatters,
      scatterWin: scatterUnits / UNITS,
      awarded: 0,
      win: out.units / UNITS,
    })
  }
}

/** A round's outline, for simulations: filled in place, so a simulation allocates nothing per round. */
export interface ClusterRoundSummary {
  /** The round's payback per unit of total bet (capped, rounded down to 4 decimals). */
  multiplier: number
  freeSpins: number
  capped: boolean
}

const spinScratch: SpinResult = { units: 0, scatters: 0 }

function playRound(c: Compiled, stream: UniformStream, summary: ClusterRoundSummary, recorder: Recorder | null): void {
  const f = c.feature
  const spin = spinScratch
  playSpin(c, c.baseTable, stream, false, spin, recorder)
  let units = spin.units
  let total = f && spin.scatters >= f.trigger ? f.award : 0
  if (recorder && total > 0) recorder.spins[0] = { ...recorder.spins[0]!, awarded: total }
  let capped = units >= c.maxUnits
  let played = 0
  while (f && !capped && played < total) {
    playSpin(c, c.freeTable, stream, true, spin, recorder)
    units += spin.units
    const awarded = spin.scatters >= f.retriggerAt ? Math.min(f.retrigger, f.cap - total) : 0
    if (recorder && awarded > 0) recorder.spins[recorder.spins.length - 1] = { ...recorder.spins[recorder.spins.length - 1]!, awarded }
    total += awarded
    played++
    capped = units >= c.maxUnits
  }
  if (capped) units = c.maxUnits
  summary.multiplier = floor4(units / UNITS)
  summary.freeSpins = total
  summary.capped = capped
}

/**
 * Plays a round and records every spin and cascade. Draws, in order: the base grid (one
 * int(total weight) per cell, columns left to right, each top to bottom; a multiplier symbol's value
 * right after it, int(total value weight)), then each tumble's new symbols in the same order, then
 * each free spin the same way.
 */
export function playClusterSlot(rules: ClusterSlotRules, bet: ClusterSlotBet, stream: UniformStream): ClusterSlotRound {
  const error = validateClusterSlotBet(rules, bet)
  if (error) throw new Error(`invalid cluster slot bet: ${error}`)
  const recorder: Recorder = { spins: [] }
  const summary: ClusterRoundSummary = { multiplier: 0, freeSpins: 0, capped: false }
  playRound(compiled(rules), stream, summary, recorder)
  return { spins: recorder.spins, freeSpins: summary.freeSpins, capped: summary.capped, multiplier: summary.multiplier }
}

/**
 * The same round as `playClusterSlot` (the same draws, the same multiplier) without recording it:
 * for simulations. Fills `summary` and returns the multiplier.
 */
export function simulateClusterSlot(rules: ClusterSlotRules, stream: UniformStream, summary: ClusterRoundSummary): number {
  playRound(compiled(rules), stream, summary, null)
  return summary.multiplier
}
