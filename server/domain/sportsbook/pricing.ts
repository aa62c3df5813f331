// Prices from a distribution of results: each outcome is settled on every result the model thinks
// possible (settlement.ts), the chances are summed, and the book's margin is laid on top.
import { toLadder, type Price } from '../../../src/shared/sportsbook/odds'
import { scoreKey, type Count, type MarketKind, type Summary } from '../../../src/shared/sportsbook/markets'
import { settleOutcome, type OutcomeRef } from './settlement'

/** Results with their chances; the chances sum to 1. */
export type Distribution = ReadonlyArray<readonly [Summary, number]>

/**
 * The chance an outcome is worth its price, counting a push as no bet and a half result as half:
 * w / (w + l) where w sums what wins and l what loses. Fair decimal odds are its inverse, the price
 * at which the bet's expected profit is zero. Null when it can neither win nor lose.
 */
export function effectiveChance(dist: Distribution, on: Count, ref: OutcomeRef): number | null {
  let win = 0
  let lose = 0
  for (const [summary, p] of dist) {
    const score = summary[on]
    if (!score) continue
    switch (settleOutcome(ref, score)) {
      case 'won':
        win += p
        break
      case 'half_won':
        win += p / 2
        break
      case 'lost':
        lose += p
        break
      case 'half_lost':
        lose += p / 2
        break
      case 'void':
        break
    }
  }
  return win + lose > 1e-12 ? win / (win + lose) : null
}

/** Chances so near certain that no price above 1.01 is fair stay off the board. */
export const MAX_OFFERED_CHANCE = 0.97
/** And chances this remote would need a price above the ladder's top. */
export const MIN_OFFERED_CHANCE = 0.002

/**
 * The price of an outcome with the book's margin: the fair chance raised by the margin, inverted,
 * and rounded down to the ladder. Null when the outcome is not offered (too sure or too remote).
 */
export function priceWithMargin(chance: number | null, margin: number): Price | null {
  if (chance === null || chance > MAX_OFFERED_CHANCE || chance < MIN_OFFERED_CHANCE) return null
  return toLadder(1 / (chance * (1 + margin)))
}

export interface PricedOutcome {
  key: string
  /** The fair chance (before the margin); null for an outcome the model gives no chance either way. */
  chance: number | null
  price: Price | null
}

/** Every outcome of a market priced on a distribution. */
export function priceMarket(dist: Distribution, on: Count, kind: MarketKind, line: number | null, keys: readonly string[], margin: number): PricedOutcome[] {
  const listed = kind === 'correct_score' ? new Set(keys.filter((k) => k !== 'other')) : undefined
  return keys.map((key) => {
    const chance = effectiveChance(dist, on, { kind, line, outcome: key, listed })
    return { key, chance, price: priceWithMargin(chance, margin) }
  })
}

/** Scores with at least `min` chance, most likely first: the correct-score board. */
export function likelyScores(dist: Distribution, on: Count, min: number, limit: number): string[] {
  const byKey = new Map<string, number>()
  for (const [summary, p] of dist) {
    const score = summary[on]
    if (score) byKey.set(scoreKey(score), (byKey.get(scoreKey(score)) ?? 0) + p)
  }
  return [...byKey.entries()]
    .filter(([, p]) => p >= min)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([key]) => key)
}

/** The expected value of a count's side or sum under a distribution. */
export function expected(dist: Distribution, on: Count, of: (s: { home: number; away: number }) => number): number {
  let sum = 0
  for (const [summary, p] of dist) {
    const score = summary[on]
    if (score) sum += p * of(score)
  }
  return sum
}

/**
 * The half line nearest an even book: where the chance of "over" (or the home side covering)
 * is closest to one half. `value` maps a score to what the line is laid against.
 */
export function mainLine(dist: Distribution, on: Count, value: (s: { home: number; away: number }) => number, sign: 1 | -1): number {
  const mean = expected(dist, on, value)
  let best = Math.round(mean) + 0.5
  let bestGap = Infinity
  for (let base = Math.floor(mean) - 3; base <= Math.ceil(mean) + 3; base++) {
    const line = base + 0.5
    let above = 0
    for (const [summary, p] of dist) {
      const score = summary[on]
      if (score && value(score) > line) above += p
    }
    const gap = Math.abs(above - 0.5)
    if (gap < bestGap) {
      bestGap = gap
      best = line
    }
  }
  return sign * best
}
