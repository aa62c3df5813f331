// A 5-reel, 3-row line slot with a wild, a scatter and a free-spin feature. A round is the base
// spin and its whole feature, drawn from the stream at once (one int(strip length) per reel per
// spin), so the server, the client's animation and a verifier all replay the same list of spins.
// Its figures are exact: the RTP from per-reel symbol frequencies and a dynamic programme over the
// feature, the hit frequency and standard deviation by enumerating every stop combination.
import type { UniformStream } from '../random'
import { floor4 } from './common'

export const SLOT_REELS = 5
export const SLOT_ROWS = 3

export interface LineSlotSymbol {
  readonly id: string
  readonly kind: 'regular' | 'wild' | 'scatter'
  /**
   * What 3, 4 and 5 of a kind on a line pay, per unit of line bet (total bet / lines). A wild's
   * pays are for a line of wilds alone; a scatter's are ignored (see `scatterPays`).
   */
  readonly pays: readonly [number, number, number]
}

export interface LineSlotFeature {
  /** Free spins awarded by 3+ scatters in the base spin. */
  readonly award: number
  /** Every free spin's win (lines and scatters) is multiplied by this. */
  readonly multiplier: number
  /** Spins added by 3+ scatters during the feature. */
  readonly retrigger: number
  /** The most free spins one round can award in all, retriggers included. */
  readonly cap: number
  /** Strips the free spins play on; the base strips when absent. */
  readonly reels?: readonly (readonly string[])[]
}

export interface LineSlotRules {
  readonly symbols: readonly LineSlotSymbol[]
  /** Five strips of symbol ids; a stop shows its symbol and the next two (wrapping) on rows 0–2. */
  readonly reels: readonly (readonly string[])[]
  /** Each line names a row (0–2) per reel. The total bet is split evenly over the lines. */
  readonly paylines: readonly (readonly number[])[]
  /** What 3, 4 and 5+ scatters anywhere pay, per unit of total bet. */
  readonly scatterPays: readonly [number, number, number]
  readonly feature: LineSlotFeature | null
}

/** The player only chooses the stake: lines are fixed, so the bet names how many to check it. */
export interface LineSlotBet {
  readonly lines: number
}

export type LineSlotBetError = 'not-an-object' | 'bad-lines'

export function validateLineSlotBet(rules: LineSlotRules, bet: LineSlotBet): LineSlotBetError | null {
  if (typeof bet !== 'object' || bet === null) return 'not-an-object'
  return bet.lines === rules.paylines.length ? null : 'bad-lines'
}

/**
 * Null when the rules are playable and every win is a whole number of 1/10000 of the total bet,
 * so the round's sum is exact after floor4 and stated figures need no rounding model.
 */
export function validateLineSlotRules(rules: LineSlotRules): string | null {
  const ids = new Set(rules.symbols.map((s) => s.id))
  if (ids.size !== rules.symbols.length) return 'duplicate symbol ids'
  if (rules.symbols.filter((s) => s.kind === 'wild').length > 1) return 'more than one wild'
  if (rules.symbols.filter((s) => s.kind === 'scatter').length > 1) return 'more than one scatter'
  const lines = rules.paylines.length
  if (lines < 1) return 'no paylines'
  for (const line of rules.paylines) {
    if (line.length !== SLOT_REELS || line.some((r) => !Number.isInteger(r) || r < 0 || r >= SLOT_ROWS)) return 'bad payline'
  }
  const exact = (x: number) => Number.isInteger(Math.round(x * 10000)) && Math.abs(x * 10000 - Math.round(x * 10000)) < 1e-6
  // Base spins pay ×1 and free spins ×multiplier: both must land on whole 1/10000.
  const mults = [1, rules.feature?.multiplier ?? 1]
  for (const s of rules.symbols) {
    if (s.pays.some((p) => p < 0 || mults.some((m) => !exact((p * m) / lines)))) return `pays of ${s.id} are not whole 1/10000 of the bet`
  }
  if (rules.scatterPays.some((p) => p < 0 || mults.some((m) => !exact(p * m)))) return 'scatter pays are not whole 1/10000 of the bet'
  const strips = (reels: readonly (readonly string[])[]) =>
    reels.length === SLOT_REELS && reels.every((strip) => strip.length >= SLOT_ROWS && strip.every((id) => ids.has(id)))
  if (!strips(rules.reels)) return 'bad reels'
  const f = rules.feature
  if (f) {
    if (f.reels && !strips(f.reels)) return 'bad feature reels'
    const whole = (x: number) => Number.isInteger(x) && x >= 0
    if (!whole(f.award) || f.award < 1 || !whole(f.retrigger) || !whole(f.cap) || f.cap < f.award || !(f.multiplier >= 1)) return 'bad feature'
  }
  return null
}

export interface SlotLineWin {
  /** Index into `paylines`. */
  readonly line: number
  readonly symbol: string
  /** How many reels from the left the win covers (3–5). */
  readonly count: number
  /** Paid per unit of total bet, the spin's multiplier included. */
  readonly win: number
}

export interface SlotSpin {
  readonly stops: readonly number[]
  /** window[reel][row]. */
  readonly window: readonly (readonly string[])[]
  readonly lineWins: readonly SlotLineWin[]
  readonly scatters: number
  /** Scatter pay per unit of total bet, the spin's multiplier included. */
  readonly scatterWin: number
  /** 1 in the base spin, the feature's multiplier in a free spin. */
  readonly multiplier: number
  /** Free spins this spin awarded (after the cap). */
  readonly awarded: number
  /** The spin's whole win per unit of total bet. */
  readonly win: number
}

export interface LineSlotRound {
  /** The base spin first, then every free spin in order. */
  readonly spins: readonly SlotSpin[]
  readonly freeSpins: number
  /** The round's payback per unit of total bet, rounded down to 4 decimals. */
  readonly multiplier: number
}

/** Rules compiled to symbol codes and pay units (1 unit = one line bet) for the hot loops. */
interface Compiled {
  readonly ids: readonly string[]
  readonly lines: number
  readonly wild: number
  readonly scatter: number
  /** pay[code * 6 + count] in line-bet units, counts 3–5. */
  readonly pay: Float64Array
  /** Scatter pay by count (0–15), in line-bet units. */
  readonly scatterUnits: Float64Array
  readonly paylines: readonly Int8Array[]
}

function compile(rules: LineSlotRules): Compiled {
  const error = validateLineSlotRules(rules)
  if (error) throw new Error(`invalid line slot rules: ${error}`)
  const ids = rules.symbols.map((s) => s.id)
  const lines = rules.paylines.length
  const pay = new Float64Array(ids.length * 6)
  rules.symbols.forEach((s, code) => {
    if (s.kind === 'scatter') return
    for (let k = 0; k < 3; k++) pay[code * 6 + 3 + k] = s.pays[k] ?? 0
  })
  const scatterUnits = new Float64Array(SLOT_REELS * SLOT_ROWS + 1)
  for (let c = 3; c < scatterUnits.length; c++) scatterUnits[c] = (rules.scatterPays[Math.min(c, 5) - 3] ?? 0) * lines
  return {
    ids,
    lines,
    wild: rules.symbols.findIndex((s) => s.kind === 'wild'),
    scatter: rules.symbols.findIndex((s) => s.kind === 'scatter'),
    pay,
    scatterUnits,
    paylines: rules.paylines.map((l) => Int8Array.from(l)),
  }
}

const compiledCache = new WeakMap<LineSlotRules, Compiled>()
function compiled(rules: LineSlotRules): Compiled {
  let c = compiledCache.get(rules)
  if (!c) {
    c = compile(rules)
    compiledCache.set(rules, c)
  }
  return c
}

/** Strips as symbol codes, plus each stop's visible window (3 codes) and its scatter count. */
interface Reel {
  readonly length: number
  readonly window: Int32Array
  readonly scatters: Uint8Array
}

function reelsOf(c: Compiled, strips: readonly (readonly string[])[]): Reel[] {
  return strips.map((strip) => {
    const codes = strip.map((id) => c.ids.indexOf(id))
    const n = codes.length
    const window = new Int32Array(n * SLOT_ROWS)
    const scatters = new Uint8Array(n)
    for (let s = 0; s < n; s++) {
      for (let r = 0; r < SLOT_ROWS; r++) {
        const code = codes[(s + r) % n]!
        window[s * SLOT_ROWS + r] = code
        if (code === c.scatter) scatters[s]! += 1
      }
    }
    return { length: n, window, scatters }
  })
}

/**
 * One line's pay in line-bet units. A leading run of wilds may pay as wilds, or substitute for the
 * first other symbol; the line pays the better of the two, as players expect. A scatter (or a
 * symbol that pays nothing) breaks the substitution.
 */
const scratch = new Int32Array(SLOT_REELS)

function linePay(c: Compiled, s0: number, s1: number, s2: number, s3: number, s4: number, out?: { code: number; count: number }): number {
  // A scratch buffer rather than an array per call: this runs ~10^8 times in an enumeration.
  const line = scratch
  line[0] = s0
  line[1] = s1
  line[2] = s2
  line[3] = s3
  line[4] = s4
  let w = 0
  while (w < SLOT_REELS && line[w] === c.wild) w++
  const wildPay = w >= 3 ? c.pay[c.wild * 6 + w]! : 0
  let subPay = 0
  let n = 0
  const p = w < SLOT_REELS ? line[w]! : -1
  if (p >= 0 && p !== c.scatter) {
    n = w + 1
    while (n < SLOT_REELS && (line[n] === p || line[n] === c.wild)) n++
    subPay = n >= 3 ? c.pay[p * 6 + n]! : 0
  }
  if (out) {
    if (wildPay > subPay) {
      out.code = c.wild
      out.count = w
    } else {
      out.code = p
      out.count = n
    }
  }
  return wildPay > subPay ? wildPay : subPay
}
/** Settles one spin at the given stops. */
function settleSpin(c: Compiled, reels: readonly Reel[], stops: readonly number[], multiplier: number): Omit<SlotSpin, 'awarded'> {
  // A verifier may hand in recorded stops: refuse any that are not on the strips.
  if (stops.length !== SLOT_REELS || stops.some((s, r) => !Number.isInteger(s) || s < 0 || s >= reels[r]!.length)) {
    throw new RangeError(`bad stops ${JSON.stringify(stops)}`)
  }
  const cell = (reel: number, row: number) => reels[reel]!.window[stops[reel]! * SLOT_ROWS + row]!
  const lineWins: SlotLineWin[] = []
  const out = { code: -1, count: 0 }
  c.paylines.forEach((l, index) => {
    const units = linePay(c, cell(0, l[0]!), cell(1, l[1]!), cell(2, l[2]!), cell(3, l[3]!), cell(4, l[4]!), out)
    if (units > 0) lineWins.push({ line: index, symbol: c.ids[out.code]!, count: out.count, win: floor4((units * multiplier) / c.lines) })
  })
  let scatters = 0
  for (let r = 0; r < SLOT_REELS; r++) scatters += reels[r]!.scatters[stops[r]!]!
  const scatterWin = floor4((c.scatterUnits[scatters]! * multiplier) / c.lines)
  const window = reels.map((_, r) => Array.from({ length: SLOT_ROWS }, (_, row) => c.ids[cell(r, row)]!))
  const win = floor4(lineWins.reduce((sum, w) => sum + w.win, scatterWin))
  return { stops, window, lineWins, scatters, scatterWin, multiplier, win }
}

// Compiled strips per rules object: a round would otherwise rebuild them on every spin played.
const reelCache = new WeakMap<LineSlotRules, { base: Reel[]; free: Reel[] }>()
function roundReels(c: Compiled, rules: LineSlotRules): { base: Reel[]; free: Reel[] } {
  let r = reelCache.get(rules)
  if (!r) {
    const base = reelsOf(c, rules.reels)
    r = { base, free: rules.feature?.reels ? reelsOf(c, rules.feature.reels) : base }
    reelCache.set(rules, r)
  }
  return r
}

/** Settles a round at given stops (base spin first, then free spins): for tests and verifiers. */
export function settleLineSlot(rules: LineSlotRules, nextStops: (reelLengths: readonly number[]) => readonly number[]): LineSlotRound {
  const c = compiled(rules)
  const { base, free } = roundReels(c, rules)
  const f = rules.feature
  const spins: SlotSpin[] = []
  const first = settleSpin(c, base, nextStops(base.map((r) => r.length)), 1)
  let total = f && first.scatters >= 3 ? f.award : 0
  spins.push({ ...first, awarded: total })
  let played = 0
  while (f && played < total) {
    const spin = settleSpin(c, free, nextStops(free.map((r) => r.length)), f.multiplier)
    const awarded = spin.scatters >= 3 ? Math.min(f.retrigger, f.cap - total) : 0
    total += awarded
    played += 1
    spins.push({ ...spin, awarded })
  }
  return { spins, freeSpins: total, multiplier: floor4(spins.reduce((sum, s) => sum + s.win, 0)) }
}

/** Plays a round: five int(strip length) draws per spin, reels left to right, base spin first. */
export function playLineSlot(rules: LineSlotRules, bet: LineSlotBet, stream: UniformStream): LineSlotRound {
  const error = validateLineSlotBet(rules, bet)
  if (error) throw new Error(`invalid line slot bet: ${error}`)
  return settleLineSlot(rules, (lengths) => lengths.map((n) => stream.int(n)))
}

/** Exact single-spin figures of one strip set, per unit of total bet, before any multiplier. */
export interface SlotSpinFigures {
  /** Expected line win. */
  readonly lineEv: number
  /** Expected scatter win. */
  readonly scatterEv: number
  /** Probability of 3+ scatters (a trigger, or a retrigger in the feature). */
  readonly trigger: number
}

/** Probability that one row of each reel shows each symbol code: the strip's symbol frequency. */
function symbolFrequencies(c: Compiled, reels: readonly Reel[]): Map<number, number>[] {
  return reels.map((reel) => {
    const freq = new Map<number, number>()
    for (let s = 0; s < reel.length; s++) {
      const code = reel.window[s * SLOT_ROWS]!
      freq.set(code, (freq.get(code) ?? 0) + 1 / reel.length)
    }
    return freq
  })
}

/** Distribution of the number of scatters in the whole window: per-reel counts 0–3, convolved. */
function scatterCountDistribution(reels: readonly Reel[]): number[] {
  let dist = [1]
  for (const reel of reels) {
    const own = [0, 0, 0, 0]
    for (let s = 0; s < reel.length; s++) own[reel.scatters[s]!]! += 1 / reel.length
    const next = new Array<number>(dist.length + 3).fill(0)
    dist.forEach((p, i) => own.forEach((q, j) => (next[i + j]! += p * q)))
    dist = next
  }
  return dist
}

function spinFigures(c: Compiled, reels: readonly Reel[]): SlotSpinFigures {
  // Every line crosses each reel once and a reel's rows each show its strip's frequencies, so all
  // lines share one expectation: enumerate the five symbols of one line over distinct symbols.
  const freq = symbolFrequencies(c, reels).map((m) => [...m.entries()])
  let lineUnits = 0
  for (const [a, pa] of freq[0]!)
    for (const [b, pb] of freq[1]!)
      for (const [d, pd] of freq[2]!) {
        const p3 = pa * pb * pd
        for (const [e, pe] of freq[3]!) for (const [g, pg] of freq[4]!) lineUnits += p3 * pe * pg * linePay(c, a, b, d, e, g)
      }
  const scatter = scatterCountDistribution(reels)
  const scatterUnits = scatter.reduce((sum, p, k) => sum + p * c.scatterUnits[k]!, 0)
  const trigger = scatter.reduce((sum, p, k) => sum + (k >= 3 ? p : 0), 0)
  // Line EV summed over all lines, per unit of total bet: lines × (units / lines).
  return { lineEv: lineUnits, scatterEv: scatterUnits / c.lines, trigger }
}

export interface LineSlotFigures {
  readonly base: SlotSpinFigures
  /** Figures of one free spin (its own strips), before the feature multiplier. */
  readonly free: SlotSpinFigures | null
  /** Expected free spins per trigger, retriggers under the cap included (exact). */
  readonly expectedFreeSpins: number
  /** Expected feature win per trigger, per unit of total bet. */
  readonly featureEv: number
  /** Base lines + base scatters + trigger probability × feature EV. */
  readonly rtp: number
}

/**
 * Expected free spins and feature win from a trigger. State (remaining spins, total awarded): a
 * spin retriggers with probability `retrigger`, adding min(spins, cap − total). Exact, not a bound.
 */
function featureMoments(
  f: LineSlotFeature,
  spin: { readonly mean: number; readonly square: number; readonly retrigger: number; readonly winIfRetrigger: number },
): { count: number; mean: number; square: number } {
  const memo = new Map<number, { count: number; mean: number; square: number }>()
  const p = spin.retrigger
  // E[Y · 1{retrigger}] and E[Y · 1{no retrigger}]: the future depends on the spin only through that flag.
  const yR = spin.winIfRetrigger
  const yN = spin.mean - yR
  const value = (remaining: number, total: number): { count: number; mean: number; square: number } => {
    if (remaining === 0) return { count: 0, mean: 0, square: 0 }
    const key = remaining * (f.cap + 1) + total
    const known = memo.get(key)
    if (known) return known
    const add = Math.min(f.retrigger, f.cap - total)
    const on = p > 0 ? value(remaining - 1 + add, total + add) : { count: 0, mean: 0, square: 0 }
    const off = value(remaining - 1, total)
    const v = {
      count: 1 + p * on.count + (1 - p) * off.count,
      mean: spin.mean + p * on.mean + (1 - p) * off.mean,
      square: spin.square + 2 * (yR * on.mean + yN * off.mean) + p * on.square + (1 - p) * off.square,
    }
    memo.set(key, v)
    return v
  }
  return value(f.award, f.award)
}

/** The exact RTP and its parts (cheap: no enumeration of stops). */
export function lineSlotFigures(rules: LineSlotRules): LineSlotFigures {
  const c = compiled(rules)
  const baseReels = reelsOf(c, rules.reels)
  const base = spinFigures(c, baseReels)
  const f = rules.feature
  if (!f) return { base, free: null, expectedFreeSpins: 0, featureEv: 0, rtp: base.lineEv + base.scatterEv }
  const free = f.reels ? spinFigures(c, reelsOf(c, f.reels)) : base
  const m = f.multiplier
  // Only the mean is needed here; the second moment needs the enumeration (lineSlotSpread).
  const moments = featureMoments(f, { mean: m * (free.lineEv + free.scatterEv), square: 0, retrigger: free.trigger, winIfRetrigger: 0 })
  const featureEv = moments.mean
  return { base, free, expectedFreeSpins: moments.count, featureEv, rtp: base.lineEv + base.scatterEv + base.trigger * featureEv }
}

/** Moments of one spin over every stop combination of a strip set, in line-bet units. */
interface SpinMoments {
  readonly combos: number
  readonly hits: number
  readonly sum: number
  readonly square: number
  readonly triggers: number
  /** Sum of the win over the spins with 3+ scatters. */
  readonly sumIfTrigger: number
}

/** Stop combinations above this are simulated rather than enumerated. */
export const SLOT_ENUMERATION_LIMIT = 30_000_000

/**
 * Every stop combination, each once. After the first three reels a line can only pay if those
 * three already match (or are wilds), so reels 4 and 5 are only looked at for those lines.
 */
function enumerateSpins(c: Compiled, reels: readonly Reel[]): SpinMoments {
  const [r0, r1, r2, r3, r4] = reels as [Reel, Reel, Reel, Reel, Reel]
  const lines = c.paylines
  const L = lines.length
  const alive = new Int32Array(L)
  const prefix = new Int32Array(L * 3)
  let hits = 0
  let sum = 0
  let square = 0
  let triggers = 0
  let sumIfTrigger = 0
  const row = (reel: Reel, stop: number, r: number) => reel.window[stop * SLOT_ROWS + r]!
  const canPay = (a: number, b: number, d: number) => {
    // Mirrors linePay's first three reels: a wild run of 3, or a substitutable symbol over three.
    let w = 0
    const s = [a, b, d]
    while (w < 3 && s[w] === c.wild) w++
    if (w === 3) return true
    const p = s[w]!
    if (p === c.scatter) return false
    for (let k = w + 1; k < 3; k++) if (s[k] !== p && s[k] !== c.wild) return false
    return true
  }
  for (let s0 = 0; s0 < r0.length; s0++)
    for (let s1 = 0; s1 < r1.length; s1++)
      for (let s2 = 0; s2 < r2.length; s2++) {
        let count = 0
        for (let i = 0; i < L; i++) {
          const l = lines[i]!
          const a = row(r0, s0, l[0]!)
          const b = row(r1, s1, l[1]!)
          const d = row(r2, s2, l[2]!)
          if (canPay(a, b, d)) {
            alive[count] = i
            prefix[count * 3] = a
            prefix[count * 3 + 1] = b
            prefix[count * 3 + 2] = d
            count++
          }
        }
        const sc3 = r0.scatters[s0]! + r1.scatters[s1]! + r2.scatters[s2]!
        for (let s3 = 0; s3 < r3.length; s3++) {
          const sc4 = sc3 + r3.scatters[s3]!
          for (let s4 = 0; s4 < r4.length; s4++) {
            let units = 0
            for (let k = 0; k < count; k++) {
              const l = lines[alive[k]!]!
              units += linePay(c, prefix[k * 3]!, prefix[k * 3 + 1]!, prefix[k * 3 + 2]!, row(r3, s3, l[3]!), row(r4, s4, l[4]!))
            }
            const sc = sc4 + r4.scatters[s4]!
            units += c.scatterUnits[sc]!
            if (units > 0) {
              hits++
              sum += units
              square += units * units
            }
            if (sc >= 3) {
              triggers++
              sumIfTrigger += units
            }
          }
        }
      }
  const combos = r0.length * r1.length * r2.length * r3.length * r4.length
  return { combos, hits, sum, square, triggers, sumIfTrigger }
}

export interface LineSlotSpread {
  /** Probability that the base spin pays anything (lines or scatters). */
  readonly hitFrequency: number
  /** Standard deviation of the round's payback per unit of total bet, feature included. */
  readonly sd: number
  /** The RTP again, from the enumeration (a cross-check of lineSlotFigures). */
  readonly rtp: number
  readonly method: 'exact'
}

/**
 * Exact hit frequency and standard deviation by enumerating every stop combination of the base
 * strips (and of the feature strips), with the feature's second moment from the same programme as
 * its mean. Heavy (seconds for ~25 million combinations): run it offline, state its results.
 */
export function lineSlotSpread(rules: LineSlotRules): LineSlotSpread {
  const c = compiled(rules)
  const baseReels = reelsOf(c, rules.reels)
  const combos = baseReels.reduce((p, r) => p * r.length, 1)
  if (combos > SLOT_ENUMERATION_LIMIT) throw new Error(`${combos} stop combinations: simulate instead (lineSlotSimulatedSpread)`)
  const L = c.lines
  const base = enumerateSpins(c, baseReels)
  const n = base.combos
  const eB = base.sum / L / n
  const eB2 = base.square / (L * L) / n
  const eBT = base.sumIfTrigger / L / n
  const pT = base.triggers / n
  const f = rules.feature
  let mean = eB
  let square = eB2
  if (f) {
    const freeReels = f.reels ? reelsOf(c, f.reels) : null
    if (freeReels && freeReels.reduce((p, r) => p * r.length, 1) > SLOT_ENUMERATION_LIMIT) throw new Error('feature strips too large to enumerate')
    const free = freeReels ? enumerateSpins(c, freeReels) : base
    const m = f.multiplier
    const fn = free.combos
    const moments = featureMoments(f, {
      mean: (m * free.sum) / L / fn,
      square: (m * m * free.square) / (L * L) / fn,
      retrigger: free.triggers / fn,
      winIfRetrigger: (m * free.sumIfTrigger) / L / fn,
    })
    // The feature is drawn after the base spin and depends on it only through the trigger.
    mean += pT * moments.mean
    square += 2 * eBT * moments.mean + pT * moments.square
  }
  return { hitFrequency: base.hits / n, sd: Math.sqrt(Math.max(0, square - mean * mean)), rtp: mean, method: 'exact' }
}

export interface LineSlotSimulatedSpread {
  readonly rounds: number
  readonly hitFrequency: number
  /** 99 % interval of the hit frequency (normal approximation). */
  readonly hitFrequency99: readonly [number, number]
  readonly sd: number
  /** 99 % interval of the standard deviation (normal approximation of the sample variance). */
  readonly sd99: readonly [number, number]
  readonly method: 'simulated'
}

/** For strip sets too large to enumerate: seeded rounds, figures stated with a 99 % interval. */
export function lineSlotSimulatedSpread(rules: LineSlotRules, rounds: number, stream: UniformStream): LineSlotSimulatedSpread {
  const bet = { lines: rules.paylines.length }
  let hits = 0
  let s1 = 0
  let s2 = 0
  let s4 = 0
  const xs = new Float64Array(rounds)
  for (let i = 0; i < rounds; i++) {
    const round = playLineSlot(rules, bet, stream)
    const x = round.multiplier
    xs[i] = x
    if ((round.spins[0]?.win ?? 0) > 0) hits++
    s1 += x
  }
  const mean = s1 / rounds
  for (const x of xs) {
    const d = (x - mean) ** 2
    s2 += d
    s4 += d * d
  }
  const variance = s2 / (rounds - 1)
  const z = 2.5758
  const h = hits / rounds
  const hHalf = z * Math.sqrt((h * (1 - h)) / rounds)
  // Var(sample variance) ≈ (μ4 − σ⁴) / n; the delta method carries it to the standard deviation.
  const varVar = Math.max(0, s4 / rounds - variance * variance) / rounds
  const sd = Math.sqrt(variance)
  const sdHalf = sd > 0 ? (z * Math.sqrt(varVar)) / (2 * sd) : 0
  return { rounds, hitFrequency: h, hitFrequency99: [h - hHalf, h + hHalf], sd, sd99: [sd - sdHalf, sd + sdHalf], method: 'simulated' }
}
