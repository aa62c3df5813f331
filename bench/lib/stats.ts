// Small pure helpers the bench's figures go through; unit-tested in bench/lib/*.test.ts.

/** The median of the finite values, or null when there is none (a page whose every run failed). */
export function median(values: readonly (number | null | undefined)[]): number | null {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b)
  if (xs.length === 0) return null
  const mid = xs.length >> 1
  return xs.length % 2 ? xs[mid]! : (xs[mid - 1]! + xs[mid]!) / 2
}

/** value / base, or null when either is missing or the base is zero (no bare figure, no ratio). */
export function ratio(value: number | null | undefined, base: number | null | undefined): number | null {
  if (typeof value !== 'number' || typeof base !== 'number' || !Number.isFinite(value) || !Number.isFinite(base) || base <= 0) return null
  return value / base
}

/** The q-quantile (0..1) of ascending-sorted values by the nearest-rank rule, null when empty. */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null
  const rank = Math.ceil(q * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!
}
