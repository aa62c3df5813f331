// Odds are integers: decimal odds in thousandths (1.85 is 1850), so a return is exact bigint
// arithmetic and a price compares with === (a float price drifts across a JSON round trip).

export type Price = number

export const PRICE_SCALE = 1000
/** The lowest price a book offers: below it the stake's return is less than the rounding. */
export const MIN_PRICE = 1010
export const MAX_PRICE = 1_000_000

export const ODDS_FORMATS = ['decimal', 'fractional', 'american'] as const
export type OddsFormat = (typeof ODDS_FORMATS)[number]

export function isOddsFormat(value: unknown): value is OddsFormat {
  return typeof value === 'string' && (ODDS_FORMATS as readonly string[]).includes(value)
}

export function isPrice(value: unknown): value is Price {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_PRICE && value <= MAX_PRICE
}

/**
 * The steps a price may take, as exchanges and most books use: fine where a hundredth matters
 * (1.01 to 2.00 by 0.01), coarse where it does not (100 to 1000 by 10). [from, to, step] in thousandths.
 */
const LADDER: ReadonlyArray<readonly [number, number, number]> = [
  [1010, 2000, 10],
  [2000, 3000, 20],
  [3000, 4000, 50],
  [4000, 6000, 100],
  [6000, 10_000, 200],
  [10_000, 20_000, 500],
  [20_000, 30_000, 1000],
  [30_000, 50_000, 2000],
  [50_000, 100_000, 5000],
  [100_000, 1_000_001, 10_000],
]

/**
 * The ladder price at or below a fair decimal price (rounding down is the book's side of the
 * rounding), clamped to MIN_PRICE..MAX_PRICE. Not a finite number above 1: MIN_PRICE.
 */
export function toLadder(decimal: number): Price {
  if (!Number.isFinite(decimal)) return decimal > 0 ? MAX_PRICE : MIN_PRICE
  // The epsilon keeps 1.85 (1849.9999…) on 1.85.
  const thousandths = Math.floor(decimal * PRICE_SCALE + 1e-6)
  if (thousandths <= MIN_PRICE) return MIN_PRICE
  if (thousandths >= MAX_PRICE) return MAX_PRICE
  for (const [from, to, step] of LADDER) {
    if (thousandths < to) return from + Math.floor((thousandths - from) / step) * step
  }
  return MAX_PRICE
}

export function isOnLadder(price: Price): boolean {
  return isPrice(price) && toLadder(price / PRICE_SCALE) === price
}

/** Decimal odds as a book prints them: always two decimals ("1.85", "12.50", "100.00"). */
export function formatDecimal(price: Price): string {
  const hundredths = Math.floor(price / 10)
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b]
  return a
}

/**
 * Fractional odds: the profit per unit as the simplest fraction near it whose denominator a book
 * would print (1.91 is "10/11", 2.50 is "6/4" reduced to "3/2", 2.00 is "1/1"). The best rational
 * approximation with a denominator up to 20 (1.01 is "1/100" by the exact path).
 */
export function formatFractional(price: Price): string {
  const profit = price - PRICE_SCALE
  const d = gcd(profit, PRICE_SCALE)
  if (PRICE_SCALE / d <= 20 || profit / d <= 20) return `${profit / d}/${PRICE_SCALE / d}`
  const x = profit / PRICE_SCALE
  let best: [number, number] = [Math.round(x), 1]
  for (let den = 1; den <= 20; den++) {
    const num = Math.round(x * den)
    if (num > 0 && Math.abs(num / den - x) < Math.abs(best[0] / best[1] - x) - 1e-12) best = [num, den]
  }
  const g = gcd(best[0], best[1])
  return `${best[0] / g}/${best[1] / g}`
}

/** American (moneyline) odds: +150 wins 150 on 100 staked, -200 stakes 200 to win 100. */
export function formatAmerican(price: Price): string {
  const profit = price - PRICE_SCALE
  if (profit >= PRICE_SCALE) return `+${Math.round((profit * 100) / PRICE_SCALE)}`
  return `-${Math.round((PRICE_SCALE * 100) / profit)}`
}

export function formatOdds(price: Price, format: OddsFormat): string {
  switch (format) {
    case 'decimal':
      return formatDecimal(price)
    case 'fractional':
      return formatFractional(price)
    case 'american':
      return formatAmerican(price)
  }
}

/** Which way a price moved, for the flash a view shows. */
export function priceMove(before: Price | undefined, after: Price): 'up' | 'down' | null {
  if (before === undefined || before === after) return null
  return after > before ? 'up' : 'down'
}

/**
 * Whether a price the player accepted still stands under their odds-change policy: any change, a
 * better one only, or none at all.
 */
export const ODDS_POLICIES = ['accept_any', 'accept_higher', 'always_ask'] as const
export type OddsPolicy = (typeof ODDS_POLICIES)[number]

export function isOddsPolicy(value: unknown): value is OddsPolicy {
  return typeof value === 'string' && (ODDS_POLICIES as readonly string[]).includes(value)
}

export function priceAccepted(seen: Price, current: Price, policy: OddsPolicy): boolean {
  if (seen === current) return true
  if (policy === 'accept_any') return true
  if (policy === 'accept_higher') return current > seen
  return false
}
