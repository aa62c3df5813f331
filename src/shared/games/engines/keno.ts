// Keno: 10 of 40 numbers are drawn (a partial Fisher-Yates shuffle, 10 draws when the round
// starts); the player picks 1–10 distinct numbers and is paid by how many of them were drawn.
import type { UniformStream } from '../random'
import { normalise, type PayoutDistribution } from '../payouts'
import { floor4 } from './common'

export type KenoRisk = 'low' | 'classic' | 'medium' | 'high'
export const KENO_RISKS: readonly KenoRisk[] = ['low', 'classic', 'medium', 'high']

export interface KenoRules {
  /** Numbers on the board, 1 … numbers. */
  readonly numbers: number
  readonly drawn: number
  readonly maxPicks: number
  /** paytables[risk][picks - 1][hits]: the multiplier for that many hits. */
  readonly paytables: Readonly<Record<KenoRisk, readonly (readonly number[])[]>>
}

export interface KenoBet {
  readonly picks: readonly number[]
  readonly risk: KenoRisk
}

// Geometric tiers from a risk-dependent first paying hit count (low pays from the expected
// hits with ratio 2, high from well above them with ratio 7), capped at 10 000×, scaled to 99 %,
// rounded to readable values, then the lowest paying tiers tuned in steps of 0.01 until the
// hypergeometric RTP lies within 0.02 % of 99 %. One pick can only pay on a hit: 3.96 at every risk.
export const DEFAULT_KENO_RULES: KenoRules = {
  numbers: 40,
  drawn: 10,
  maxPicks: 10,
  paytables: {
    low: [
      [0, 3.96],
      [0, 1.98, 3.96],
      [0, 1.3, 2.59, 5.24],
      [0, 0.94, 1.9, 3.76, 7.55],
      [0, 0.73, 1.43, 2.89, 5.77, 11.5],
      [0, 0, 1.44, 2.88, 5.79, 11.5, 23.1],
      [0, 0, 1.06, 2.13, 4.24, 8.49, 17, 34],
      [0, 0, 0.82, 1.61, 3.26, 6.5, 13, 26, 52],
      [0, 0, 0.63, 1.29, 2.54, 5.1, 10.2, 20.4, 40.8, 81.6],
      [0, 0, 0.53, 0.99, 2.05, 4.08, 8.15, 16.3, 32.6, 65.2, 130],
    ],
    classic: [
      [0, 3.96],
      [0, 1.77, 5.36],
      [0, 0, 5.72, 17.17],
      [0, 0, 2.8, 8.44, 25.2],
      [0, 0, 1.61, 4.87, 14.6, 43.7],
      [0, 0, 0, 4.54, 13.71, 41, 123],
      [0, 0, 0, 2.63, 7.9, 23.7, 71.1, 213],
      [0, 0, 0, 1.64, 4.93, 14.82, 44.4, 133, 399],
      [0, 0, 0, 1.08, 3.24, 9.71, 29.1, 87.4, 262, 787],
      [0, 0, 0, 0.73, 2.21, 6.63, 19.9, 59.6, 179, 536, 1610],
    ],
    medium: [
      [0, 3.96],
      [0, 0, 17.16],
      [0, 0, 5.17, 23.34],
      [0, 0, 2.26, 10.17, 45.8],
      [0, 0, 0, 7.61, 34.2, 154],
      [0, 0, 0, 3.54, 16.02, 71.9, 323],
      [0, 0, 0, 1.85, 8.33, 37.52, 169, 759],
      [0, 0, 0, 1.03, 4.68, 20.89, 94.3, 424, 1910],
      [0, 0, 0, 0, 3.23, 14.6, 65.6, 295, 1330, 5980],
      [0, 0, 0, 0, 1.84, 8.28, 37.3, 168, 755, 3400, 10000],
    ],
    high: [
      [0, 3.96],
      [0, 0, 17.16],
      [0, 0, 4.46, 31.33],
      [0, 0, 0, 17.84, 125],
      [0, 0, 0, 5.99, 42, 294],
      [0, 0, 0, 2.41, 16.99, 119, 831],
      [0, 0, 0, 0, 9.37, 65.6, 459, 3210],
      [0, 0, 0, 0, 4.07, 28.43, 199, 1390, 9760],
      [0, 0, 0, 0, 0, 17.04, 119.01, 834, 5840, 10000],
      [0, 0, 0, 0, 0, 7.83, 54.79, 384, 2690, 10000, 10000],
    ],
  },
}

export type KenoBetError = 'not-an-object' | 'bad-risk' | 'bad-picks' | 'too-many-picks' | 'bad-number' | 'duplicate-number'

export function validateKenoBet(rules: KenoRules, bet: KenoBet): KenoBetError | null {
  if (typeof bet !== 'object' || bet === null) return 'not-an-object'
  if (typeof bet.risk !== 'string' || !(KENO_RISKS as readonly string[]).includes(bet.risk)) return 'bad-risk'
  const picks: unknown = bet.picks
  if (!Array.isArray(picks) || picks.length === 0) return 'bad-picks'
  if (picks.length > rules.maxPicks) return 'too-many-picks'
  const seen = new Set<number>()
  for (const n of picks as unknown[]) {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > rules.numbers) return 'bad-number'
    if (seen.has(n)) return 'duplicate-number'
    seen.add(n)
  }
  if (rules.paytables[bet.risk][picks.length - 1]?.length !== picks.length + 1) return 'bad-picks'
  return null
}

export interface KenoRound {
  /** The drawn numbers, in draw order. */
  readonly drawn: readonly number[]
  readonly picks: readonly number[]
  readonly hits: readonly number[]
  readonly multiplier: number
}

/** Partial Fisher-Yates over 1 … numbers: draw i swaps position i with a uniform position at or after it. */
export function drawKeno(rules: KenoRules, stream: UniformStream): number[] {
  const board = Array.from({ length: rules.numbers }, (_, i) => i + 1)
  for (let i = 0; i < rules.drawn; i++) {
    const j = i + stream.int(rules.numbers - i)
    const t = board[i]!
    board[i] = board[j]!
    board[j] = t
  }
  return board.slice(0, rules.drawn)
}

export function playKeno(rules: KenoRules, bet: KenoBet, stream: UniformStream): KenoRound {
  const error = validateKenoBet(rules, bet)
  if (error) throw new Error(`invalid keno bet: ${error}`)
  const drawn = drawKeno(rules, stream)
  const set = new Set(drawn)
  const hits = bet.picks.filter((n) => set.has(n))
  const table = rules.paytables[bet.risk][bet.picks.length - 1]!
  return { drawn, picks: [...bet.picks], hits, multiplier: floor4(table[hits.length]!) }
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0
  let c = 1
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1)
  return c
}

/** Hypergeometric: P(h hits) = C(picks, h) C(numbers − picks, drawn − h) / C(numbers, drawn). */
export function kenoDistribution(rules: KenoRules, picks: number, risk: KenoRisk): PayoutDistribution {
  const table = rules.paytables[risk][picks - 1]
  if (!table) throw new Error(`no keno paytable for ${picks} picks`)
  const total = choose(rules.numbers, rules.drawn)
  return normalise(
    table.map((m, h) => ({ multiplier: floor4(m), probability: (choose(picks, h) * choose(rules.numbers - picks, rules.drawn - h)) / total })),
  )
}
