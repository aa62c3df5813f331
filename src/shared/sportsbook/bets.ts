// Bet kinds, the lines a system bet is made of, and what a bet returns as its legs settle. The
// server settles with these functions and the betslip shows the potential return with them, so
// the figure a player saw is the figure they are paid.
import { PRICE_SCALE, type Price } from './odds'

/** Named systems and their selection counts; any "k/n" (k of n, every k-fold) is a system too. */
export const NAMED_SYSTEMS = {
  doubles: { selections: null, sizes: [2] },
  trebles: { selections: null, sizes: [3] },
  trixie: { selections: 3, sizes: [2, 3] },
  patent: { selections: 3, sizes: [1, 2, 3] },
  yankee: { selections: 4, sizes: [2, 3, 4] },
  lucky15: { selections: 4, sizes: [1, 2, 3, 4] },
} as const

export type NamedSystem = keyof typeof NAMED_SYSTEMS
/** "2/3": every double of three selections. */
export type SystemKind = NamedSystem | `${number}/${number}`

export const MAX_SELECTIONS = 20
/** More lines than this in one system bet is a mistake, not a bet (8 of 16 is 12,870). */
export const MAX_SYSTEM_LINES = 1024

export function isNamedSystem(value: unknown): value is NamedSystem {
  return typeof value === 'string' && Object.hasOwn(NAMED_SYSTEMS, value)
}

const K_OF_N = /^([1-9]\d?)\/([1-9]\d?)$/

/** The fold sizes a system bets on n selections, or null when it does not fit n selections. */
export function systemSizes(kind: string, n: number): number[] | null {
  if (!Number.isInteger(n) || n < 1 || n > MAX_SELECTIONS) return null
  if (isNamedSystem(kind)) {
    const named = NAMED_SYSTEMS[kind]
    if (named.selections !== null && named.selections !== n) return null
    // Trebles of three selections is one accumulator, not a system.
    if (named.sizes.some((size) => size > n) || (named.selections === null && named.sizes[0]! >= n)) return null
    return [...named.sizes]
  }
  const match = K_OF_N.exec(kind)
  if (!match) return null
  const k = Number(match[1])
  const of = Number(match[2])
  // 1/n is n singles and n/n one accumulator: both are their own kinds, not systems.
  if (of !== n || k < 2 || k >= n) return null
  return [k]
}

/** Every subset of size k of [0, n), in lexicographic order. */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = []
  const pick: number[] = []
  const walk = (start: number) => {
    if (pick.length === k) {
      out.push([...pick])
      return
    }
    for (let i = start; i <= n - (k - pick.length); i++) {
      pick.push(i)
      walk(i + 1)
      pick.pop()
    }
  }
  if (k >= 0 && k <= n) walk(0)
  return out
}

export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0
  let r = 1
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i
  return Math.round(r)
}

export type BetKind = 'single' | 'accumulator' | 'system'

/**
 * The lines of a bet on n selections: a single is one line per selection (each with its own
 * stake), an accumulator one line of all of them, a system one line per combination of each size.
 * Null when the kind does not fit n.
 */
export function betLines(kind: BetKind, n: number, system?: string): number[][] | null {
  if (!Number.isInteger(n) || n < 1 || n > MAX_SELECTIONS) return null
  if (kind === 'single') return n === 1 ? [[0]] : null
  if (kind === 'accumulator') return n >= 2 ? [Array.from({ length: n }, (_, i) => i)] : null
  const sizes = system === undefined ? null : systemSizes(system, n)
  if (!sizes) return null
  const count = sizes.reduce((sum, k) => sum + binomial(n, k), 0)
  if (count > MAX_SYSTEM_LINES) return null
  return sizes.flatMap((k) => combinations(n, k))
}

/** The systems a slip of n selections offers, named first, then every k/n. */
export function systemsFor(n: number): SystemKind[] {
  if (n < 3 || n > MAX_SELECTIONS) return []
  const named = (Object.keys(NAMED_SYSTEMS) as NamedSystem[]).filter((kind) => systemSizes(kind, n) !== null)
  const kOfN: SystemKind[] = []
  for (let k = 2; k < n; k++) {
    if (binomial(n, k) <= MAX_SYSTEM_LINES) kOfN.push(`${k}/${n}`)
  }
  // "doubles" is 2/n and "trebles" 3/n under another name: offer the name only.
  return [...named, ...kOfN.filter((kind) => kind !== `2/${n}` && kind !== `3/${n}`)]
}

/**
 * How a leg ended. A dead heat (the selection tied for the place it backed with `ties` others in
 * all) pays its price on 1/ties of the stake; half results settle half the stake each way.
 */
export type LegResult =
  | { kind: 'open' }
  | { kind: 'won' }
  | { kind: 'lost' }
  | { kind: 'void' }
  | { kind: 'half_won' }
  | { kind: 'half_lost' }
  | { kind: 'dead_heat'; ties: number }

export type LegResultKind = LegResult['kind']

/** What one unit staked on the leg becomes, as an exact fraction [numerator, denominator]. */
export function legFactor(price: Price, result: LegResult): readonly [bigint, bigint] | null {
  const p = BigInt(price)
  const s = BigInt(PRICE_SCALE)
  switch (result.kind) {
    case 'open':
      return null
    case 'won':
      return [p, s]
    case 'lost':
      return [0n, 1n]
    case 'void':
      return [1n, 1n]
    case 'half_won':
      return [p + s, 2n * s]
    case 'half_lost':
      return [1n, 2n]
    case 'dead_heat':
      return [p, s * BigInt(Math.max(1, Math.floor(result.ties)))]
  }
}

export interface Leg {
  price: Price
  result: LegResult
}

/**
 * What one line returns in minor units, rounded down: the stake times every leg's factor. Null
 * while a leg is open and none has lost (a lost leg decides the line at once).
 */
export function lineReturn(stake: bigint, legs: readonly Leg[]): bigint | null {
  let num = stake
  let den = 1n
  let open = false
  for (const leg of legs) {
    const factor = legFactor(leg.price, leg.result)
    if (factor === null) {
      open = true
      continue
    }
    if (factor[0] === 0n) return 0n
    num *= factor[0]
    den *= factor[1]
  }
  return open ? null : num / den
}

/** The line's return if every open leg wins: what the slip shows as the potential return. */
export function linePotential(stake: bigint, legs: readonly Leg[]): bigint {
  return lineReturn(
    stake,
    legs.map((leg) => (leg.result.kind === 'open' ? { price: leg.price, result: { kind: 'won' } } : leg)),
  )!
}

export interface BetReturn {
  /** Every line decided. */
  settled: boolean
  /** Minor units paid when settled; what is already certain otherwise. */
  amount: bigint
}

/** A bet's return over its lines, each staked `stakePerLine`. */
export function betReturn(stakePerLine: bigint, lines: readonly (readonly number[])[], legs: readonly Leg[]): BetReturn {
  let amount = 0n
  let settled = true
  for (const line of lines) {
    const value = lineReturn(
      stakePerLine,
      line.map((i) => legs[i]!),
    )
    if (value === null) settled = false
    else amount += value
  }
  return { settled, amount }
}

export function betPotential(stakePerLine: bigint, lines: readonly (readonly number[])[], legs: readonly Leg[]): bigint {
  return lines.reduce(
    (sum, line) =>
      sum +
      linePotential(
        stakePerLine,
        line.map((i) => legs[i]!),
      ),
    0n,
  )
}

/**
 * What a free bet pays: its winnings without the stake (the stake was the book's), never below
 * zero; a void free bet returns nothing in money (the token is the book's to give back).
 */
export function freeBetPayout(gross: bigint, stake: bigint): bigint {
  return gross > stake ? gross - stake : 0n
}

/**
 * The combined price of an accumulator, in thousandths, rounded down: what the slip prints as its
 * odds. A return is never computed from it (the rounding would compound); lineReturn is exact.
 */
export function combinedPrice(prices: readonly Price[]): Price {
  let num = BigInt(PRICE_SCALE)
  let den = 1n
  for (const price of prices) {
    num *= BigInt(price)
    den *= BigInt(PRICE_SCALE)
  }
  return Number(num / den)
}

export interface CashOutLeg {
  /** The price the leg was struck at. */
  price: Price
  /** Its price now, while open (null: suspended or withdrawn, so no offer). */
  now: Price | null
  result: LegResult
}

/**
 * What a bet is worth now, in minor units, rounded down: each open leg carries its struck price
 * against its price now (the market's view of its chance, margin included), a settled leg its
 * result. The book offers this less its cash-out margin (basis points). Null when there is nothing
 * to offer: a leg suspended, or no leg open any more (the bet is settling).
 */
export function cashOutValue(stakePerLine: bigint, lines: readonly (readonly number[])[], legs: readonly CashOutLeg[], marginBp: number): bigint | null {
  if (!legs.some((l) => l.result.kind === 'open')) return null
  if (legs.some((l) => l.result.kind === 'open' && l.now === null)) return null
  let total = 0n
  for (const line of lines) {
    let num = stakePerLine
    let den = 1n
    for (const i of line) {
      const leg = legs[i]!
      if (leg.result.kind === 'open') {
        num *= BigInt(leg.price)
        den *= BigInt(leg.now!)
        continue
      }
      const factor = legFactor(leg.price, leg.result)!
      num *= factor[0]
      den *= factor[1]
    }
    total += num / den
  }
  return (total * BigInt(10_000 - marginBp)) / 10_000n
}
