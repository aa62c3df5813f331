// The RTP test every engine runs in the test command: seeded rounds through the engine's own
// round function, compared with its exact figures. The mean payback must lie within 4 standard
// errors of the stated RTP, and the hit frequency and the spread of win sizes must fit the exact
// distribution by a chi-square test, so a wrong paytable or a skewed draw fails.
import { seededStream, type UniformStream } from '../random'
import { rtpOf, volatilityOf, type PayoutDistribution } from '../payouts'

export interface RtpReport {
  readonly rounds: number
  readonly mean: number
  readonly expected: number
  /** How many standard errors the mean lies from the expected RTP. */
  readonly zScore: number
  readonly chiSquare: number
  readonly degreesOfFreedom: number
  /** The 99.9th percentile of chi-square at those degrees of freedom: above it the fit fails. */
  readonly critical: number
  readonly ok: boolean
}

/**
 * Plays `rounds` seeded rounds (`play` returns the round's payback per unit staked) and checks them
 * against `exact`. Multipliers are binned by the exact outcome they match; bins expected to hold
 * fewer than 20 rounds are merged with their neighbours so the chi-square approximation holds.
 */
export function checkRtp(play: (stream: UniformStream) => number, exact: PayoutDistribution, rounds: number, seed = 20261126): RtpReport {
  const stream = seededStream(seed)
  const index = new Map(exact.map((o, i) => [o.multiplier, i]))
  const counts = new Array<number>(exact.length).fill(0)
  let sum = 0
  for (let r = 0; r < rounds; r++) {
    const m = play(stream)
    sum += m
    const i = index.get(m)
    if (i === undefined) throw new Error(`round ${r} paid ${m}, which the exact distribution does not have`)
    counts[i]! += 1
  }
  const mean = sum / rounds
  const expected = rtpOf(exact)
  const sd = volatilityOf(exact)
  const zScore = sd === 0 ? (mean === expected ? 0 : Infinity) : (mean - expected) / (sd / Math.sqrt(rounds))
  // Merge neighbouring bins (in multiplier order) until each expects at least 20 rounds.
  const order = exact.map((o, i) => ({ ...o, i })).sort((a, b) => a.multiplier - b.multiplier)
  const bins: { expected: number; observed: number }[] = []
  let open = { expected: 0, observed: 0 }
  for (const o of order) {
    open.expected += o.probability * rounds
    open.observed += counts[o.i]!
    if (open.expected >= 20) {
      bins.push(open)
      open = { expected: 0, observed: 0 }
    }
  }
  if (open.expected > 0 || open.observed > 0) {
    const last = bins.pop()
    bins.push(last ? { expected: last.expected + open.expected, observed: last.observed + open.observed } : open)
  }
  const chiSquare = bins.reduce((s, b) => s + (b.observed - b.expected) ** 2 / b.expected, 0)
  const degreesOfFreedom = Math.max(1, bins.length - 1)
  const critical = chiSquareCritical999(degreesOfFreedom)
  return { rounds, mean, expected, zScore, chiSquare, degreesOfFreedom, critical, ok: Math.abs(zScore) <= 4 && chiSquare <= critical }
}

/** The 99.9th percentile of chi-square (Wilson-Hilferty; exact enough above one degree of freedom). */
export function chiSquareCritical999(k: number): number {
  if (k === 1) return 10.828
  const z = 3.0902
  const a = 2 / (9 * k)
  return k * (1 - a + z * Math.sqrt(a)) ** 3
}
