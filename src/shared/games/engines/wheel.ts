// Wheel: 10–50 equal segments, each showing a multiplier; the round lands on int(segments). Every
// table (segments × risk) sums to 0.99 × segments, so each returns 99.00 %.
import type { UniformStream } from '../random'
import { normalise, type PayoutDistribution } from '../payouts'
import { floor4 } from './common'

export type WheelRisk = 'low' | 'medium' | 'high'
export const WHEEL_RISKS: readonly WheelRisk[] = ['low', 'medium', 'high']
export const WHEEL_SEGMENTS = [10, 20, 30, 40, 50] as const
export type WheelSegments = (typeof WHEEL_SEGMENTS)[number]

export interface WheelRules {
  /** tables[risk][segments]: the multiplier on each segment, clockwise from segment 0. */
  readonly tables: Readonly<Record<WheelRisk, Readonly<Record<number, readonly number[]>>>>
}

export interface WheelBet {
  readonly segments: number
  readonly risk: WheelRisk
}

export type WheelBetError = 'not-an-object' | 'bad-risk' | 'bad-segments'

/**
 * Lays a table's multipliers around the wheel: zeros spread evenly, the paying values dealt in turn
 * from each value (highest first), so equal values do not bunch together.
 */
export function layOut(counts: readonly (readonly [multiplier: number, count: number])[]): number[] {
  const total = counts.reduce((s, [, n]) => s + n, 0)
  const zeros = counts.filter(([m]) => m === 0).reduce((s, [, n]) => s + n, 0)
  const left = counts.filter(([m]) => m > 0).sort((a, b) => b[0] - a[0]).map(([m, n]) => ({ m, n }))
  const payers: number[] = []
  while (left.some((g) => g.n > 0)) {
    for (const g of left) {
      if (g.n > 0) {
        payers.push(g.m)
        g.n -= 1
      }
    }
  }
  const out: number[] = []
  let p = 0
  for (let i = 0; i < total; i++) {
    const zeroHere = Math.floor(((i + 1) * zeros) / total) > Math.floor((i * zeros) / total)
    out.push(zeroHere ? 0 : payers[p++]!)
  }
  return out
}

// Low: per ten segments one 1.50, seven 1.20 and two 0 (9.90). Medium: about half the segments
// blank, the rest 1.50–3.00 with one top value set so the total is 0.99 × segments. High: one
// segment pays 0.99 × segments, the rest nothing.
const COUNTS: Record<WheelRisk, Record<WheelSegments, readonly (readonly [number, number])[]>> = {
  low: {
    10: [[1.5, 1], [1.2, 7], [0, 2]],
    20: [[1.5, 2], [1.2, 14], [0, 4]],
    30: [[1.5, 3], [1.2, 21], [0, 6]],
    40: [[1.5, 4], [1.2, 28], [0, 8]],
    50: [[1.5, 5], [1.2, 35], [0, 10]],
  },
  medium: {
    10: [[3, 1], [2, 1], [1.9, 1], [1.5, 2], [0, 5]],
    20: [[4, 1], [2, 4], [1.8, 1], [1.5, 4], [0, 10]],
    30: [[4.7, 1], [3, 2], [2, 5], [1.5, 6], [0, 16]],
    40: [[6.6, 1], [3, 3], [2, 6], [1.5, 8], [0, 22]],
    50: [[8.5, 1], [3, 4], [2, 7], [1.5, 10], [0, 28]],
  },
  high: {
    10: [[9.9, 1], [0, 9]],
    20: [[19.8, 1], [0, 19]],
    30: [[29.7, 1], [0, 29]],
    40: [[39.6, 1], [0, 39]],
    50: [[49.5, 1], [0, 49]],
  },
}

function tablesOf(): WheelRules['tables'] {
  const out = { low: {}, medium: {}, high: {} } as Record<WheelRisk, Record<number, number[]>>
  for (const risk of WHEEL_RISKS) for (const n of WHEEL_SEGMENTS) out[risk][n] = layOut(COUNTS[risk][n])
  return out
}

export const DEFAULT_WHEEL_RULES: WheelRules = { tables: tablesOf() }

export function validateWheelBet(rules: WheelRules, bet: WheelBet): WheelBetError | null {
  if (typeof bet !== 'object' || bet === null) return 'not-an-object'
  if (typeof bet.risk !== 'string' || !(WHEEL_RISKS as readonly string[]).includes(bet.risk)) return 'bad-risk'
  const n: unknown = bet.segments
  if (typeof n !== 'number' || !Number.isInteger(n) || !Object.hasOwn(rules.tables[bet.risk], n)) return 'bad-segments'
  return null
}

export interface WheelRound {
  readonly segment: number
  readonly segments: number
  readonly risk: WheelRisk
  readonly multiplier: number
}

function tableOf(rules: WheelRules, bet: WheelBet): readonly number[] {
  const table = rules.tables[bet.risk][bet.segments]
  if (!table || table.length !== bet.segments) throw new Error(`no wheel table for ${bet.risk} ${bet.segments}`)
  return table
}

export function spinWheel(rules: WheelRules, bet: WheelBet, stream: UniformStream): WheelRound {
  const error = validateWheelBet(rules, bet)
  if (error) throw new Error(`invalid wheel bet: ${error}`)
  const table = tableOf(rules, bet)
  const segment = stream.int(bet.segments)
  return { segment, segments: bet.segments, risk: bet.risk, multiplier: floor4(table[segment]!) }
}

export function wheelDistribution(rules: WheelRules, bet: WheelBet): PayoutDistribution {
  const table = tableOf(rules, bet)
  return normalise(table.map((m) => ({ multiplier: floor4(m), probability: 1 / table.length })))
}
