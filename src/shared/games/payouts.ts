// A game's outcome distribution per unit stake, and the figures stated for it: return to player
// (RTP), hit frequency and volatility. Engines that can enumerate their outcomes give the exact
// distribution; the RTP tests compare seeded play against it.

/** One result of a round: what it pays back per unit staked (0 for a loss), and how likely it is. */
export interface PayoutOutcome {
  readonly multiplier: number
  readonly probability: number
}
export type PayoutDistribution = readonly PayoutOutcome[]

/** Expected payback per unit staked. */
export function rtpOf(distribution: PayoutDistribution): number {
  return distribution.reduce((sum, o) => sum + o.multiplier * o.probability, 0)
}

/** How often a round pays anything (multiplier above 0). */
export function hitFrequencyOf(distribution: PayoutDistribution): number {
  return distribution.reduce((sum, o) => sum + (o.multiplier > 0 ? o.probability : 0), 0)
}

/** The standard deviation of the payback per unit staked: the volatility index games state. */
export function volatilityOf(distribution: PayoutDistribution): number {
  const mean = rtpOf(distribution)
  return Math.sqrt(distribution.reduce((sum, o) => sum + o.probability * (o.multiplier - mean) ** 2, 0))
}

/** Outcomes with the same multiplier merged, in ascending order of multiplier; probabilities checked to sum to 1. */
export function normalise(distribution: PayoutDistribution): PayoutDistribution {
  const byMultiplier = new Map<number, number>()
  for (const o of distribution) byMultiplier.set(o.multiplier, (byMultiplier.get(o.multiplier) ?? 0) + o.probability)
  const total = [...byMultiplier.values()].reduce((a, b) => a + b, 0)
  if (Math.abs(total - 1) > 1e-9) throw new Error(`probabilities sum to ${total}, not 1`)
  return [...byMultiplier.entries()].sort((a, b) => a[0] - b[0]).map(([multiplier, probability]) => ({ multiplier, probability }))
}

/** Volatility as players read it, from the standard deviation per unit stake. */
export function volatilityClass(sd: number): 'low' | 'medium' | 'high' | 'very high' {
  if (sd < 2) return 'low'
  if (sd < 6) return 'medium'
  if (sd < 15) return 'high'
  return 'very high'
}
