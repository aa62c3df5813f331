// Plinko: a ball falls through `rows` rows of pegs, going left or right at each (one int(2) per
// row, all drawn when the round starts); the slot it lands in is the number of rights.
import type { UniformStream } from '../random'
import { normalise, type PayoutDistribution } from '../payouts'
import { floor4 } from './common'

export type PlinkoRisk = 'low' | 'medium' | 'high'
export const PLINKO_RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high']

export interface PlinkoRules {
  readonly minRows: number
  readonly maxRows: number
  /** Multiplier per slot (0 … rows), per row count and risk; each table is symmetric. */
  readonly tables: Readonly<Record<number, Readonly<Record<PlinkoRisk, readonly number[]>>>>
}

export interface PlinkoBet {
  readonly rows: number
  readonly risk: PlinkoRisk
}

// Our own shapes: the log multiplier rises from a centre floor (low 0.5, medium 0.3, high 0.2) to
// an edge (low 5.5, medium 13, high 29 at 8 rows, growing to 16, 110 and 1000 at 16) as
// (distance from centre)^q, q solved for 99 %; then rounded to readable values and the innermost
// slots moved by cents (keeping each table rising towards the edges) to within 0.005 % of 99 %.
export const DEFAULT_PLINKO_RULES: PlinkoRules = {
  minRows: 8,
  maxRows: 16,
  tables: {
    8: {
      low: [5.5, 2.71, 1.39, 0.77, 0.5, 0.77, 1.39, 2.71, 5.5],
      medium: [13, 4.03, 1.39, 0.56, 0.32, 0.56, 1.39, 4.03, 13],
      high: [29, 4.9, 1.1, 0.37, 0.2, 0.37, 1.1, 4.9, 29],
    },
    9: {
      low: [6.3, 3.2, 1.69, 0.99, 0.59, 0.59, 0.99, 1.69, 3.2, 6.3],
      medium: [17, 5.59, 2.02, 0.78, 0.38, 0.38, 0.78, 2.02, 5.59, 17],
      high: [45, 7.8, 1.81, 0.51, 0.24, 0.24, 0.51, 1.81, 7.8, 45],
    },
    10: {
      low: [7.2, 3.9, 2.1, 1.2, 0.74, 0.53, 0.74, 1.2, 2.1, 3.9, 7.2],
      medium: [22, 7.61, 2.8, 1.1, 0.52, 0.33, 0.52, 1.1, 2.8, 7.61, 22],
      high: [70, 11.99, 2.8, 0.79, 0.32, 0.23, 0.32, 0.79, 2.8, 11.99, 70],
    },
    11: {
      low: [8.2, 4.5, 2.61, 1.5, 0.9, 0.58, 0.58, 0.9, 1.5, 2.61, 4.5, 8.2],
      medium: [29, 9.98, 3.8, 1.6, 0.7, 0.37, 0.37, 0.7, 1.6, 3.8, 9.98, 29],
      high: [110, 20, 4.29, 1.19, 0.44, 0.23, 0.23, 0.44, 1.19, 4.29, 20, 110],
    },
    12: {
      low: [9.4, 5.3, 3.1, 1.81, 1.1, 0.71, 0.53, 0.71, 1.1, 1.81, 3.1, 5.3, 9.4],
      medium: [38, 14, 5.3, 2.2, 0.97, 0.46, 0.31, 0.46, 0.97, 2.2, 5.3, 14, 38],
      high: [170, 31, 6.8, 1.81, 0.63, 0.29, 0.21, 0.29, 0.63, 1.81, 6.8, 31, 170],
    },
    13: {
      low: [11, 6.2, 3.55, 2.2, 1.3, 0.88, 0.58, 0.58, 0.88, 1.3, 2.2, 3.55, 6.2, 11],
      medium: [49, 18, 7.11, 2.9, 1.3, 0.64, 0.37, 0.37, 0.64, 1.3, 2.9, 7.11, 18, 49],
      high: [270, 48, 11.01, 2.78, 0.92, 0.38, 0.21, 0.21, 0.38, 0.92, 2.78, 11.01, 48, 270],
    },
    14: {
      low: [12, 7.2, 4.3, 2.6, 1.6, 1.02, 0.69, 0.55, 0.69, 1.02, 1.6, 2.6, 4.3, 7.2, 12],
      medium: [64, 24, 9.6, 4.01, 1.8, 0.86, 0.44, 0.31, 0.44, 0.86, 1.8, 4.01, 9.6, 24, 64],
      high: [410, 75, 16, 4.24, 1.4, 0.53, 0.27, 0.22, 0.27, 0.53, 1.4, 4.24, 16, 75, 410],
    },
    15: {
      low: [14, 8.3, 5, 3.11, 1.91, 1.21, 0.82, 0.59, 0.59, 0.82, 1.21, 1.91, 3.11, 5, 8.3, 14],
      medium: [84, 32, 13, 5.3, 2.41, 1.12, 0.62, 0.33, 0.33, 0.62, 1.12, 2.41, 5.3, 13, 32, 84],
      high: [640, 120, 25, 6.5, 2.01, 0.74, 0.35, 0.23, 0.23, 0.35, 0.74, 2.01, 6.5, 25, 120, 640],
    },
    16: {
      low: [16, 9.7, 5.9, 3.7, 2.26, 1.51, 0.98, 0.68, 0.49, 0.68, 0.98, 1.51, 2.26, 3.7, 5.9, 9.7, 16],
      medium: [110, 42, 17, 7.2, 3.2, 1.5, 0.78, 0.44, 0.3, 0.44, 0.78, 1.5, 3.2, 7.2, 17, 42, 110],
      high: [1000, 180, 40, 10, 2.99, 1.1, 0.44, 0.26, 0.22, 0.26, 0.44, 1.1, 2.99, 10, 40, 180, 1000],
    },
  },
}

export type PlinkoBetError = 'not-an-object' | 'bad-rows' | 'bad-risk' | 'no-table'

export function validatePlinkoBet(rules: PlinkoRules, bet: PlinkoBet): PlinkoBetError | null {
  if (typeof bet !== 'object' || bet === null) return 'not-an-object'
  const rows: unknown = bet.rows
  if (typeof rows !== 'number' || !Number.isInteger(rows) || rows < rules.minRows || rows > rules.maxRows) return 'bad-rows'
  if (typeof bet.risk !== 'string' || !(PLINKO_RISKS as readonly string[]).includes(bet.risk)) return 'bad-risk'
  const table = rules.tables[rows]?.[bet.risk]
  if (!table || table.length !== rows + 1) return 'no-table'
  return null
}

export interface PlinkoRound {
  readonly rows: number
  readonly risk: PlinkoRisk
  /** 0 = left, 1 = right, one per row from the top. */
  readonly path: readonly (0 | 1)[]
  readonly slot: number
  readonly multiplier: number
}

function tableOf(rules: PlinkoRules, bet: PlinkoBet): readonly number[] {
  const error = validatePlinkoBet(rules, bet)
  if (error) throw new Error(`invalid plinko bet: ${error}`)
  return rules.tables[bet.rows]![bet.risk]
}

export function playPlinko(rules: PlinkoRules, bet: PlinkoBet, stream: UniformStream): PlinkoRound {
  const table = tableOf(rules, bet)
  const path: (0 | 1)[] = []
  for (let i = 0; i < bet.rows; i++) path.push(stream.int(2) === 1 ? 1 : 0)
  const slot = path.reduce<number>((a, b) => a + b, 0)
  return { rows: bet.rows, risk: bet.risk, path, slot, multiplier: floor4(table[slot]!) }
}

/** Binomial: slot k has probability C(rows, k) / 2^rows. */
export function plinkoDistribution(rules: PlinkoRules, bet: PlinkoBet): PayoutDistribution {
  const table = tableOf(rules, bet)
  const outcomes = []
  let choose = 1
  for (let k = 0; k <= bet.rows; k++) {
    outcomes.push({ multiplier: floor4(table[k]!), probability: choose / 2 ** bet.rows })
    choose = (choose * (bet.rows - k)) / (k + 1)
  }
  return normalise(outcomes)
}
