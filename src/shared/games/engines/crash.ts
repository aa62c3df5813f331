// Crash: a shared round whose multiplier climbs until the crash point, drawn with limbo's law
// (limbo.ts) when the round starts. A player's cash-out at c pays c when c ≤ the crash point, so an
// automatic cash-out at c returns exactly what a limbo bet on target c returns.
import type { UniformStream } from '../random'
import type { PayoutDistribution } from '../payouts'
import { floor4 } from './common'
import { hundredths, limboDistribution, limboResult, LIMBO_MIN_TARGET, type LimboRules } from './limbo'

export interface CrashRules extends LimboRules {
  /** Growth rate per millisecond of the shown multiplier: m(t) = floor(100 e^(rate t)) / 100. */
  readonly rate: number
}

// 0.00006 / ms doubles in about 11.6 s and reaches 100× in about 77 s.
export const DEFAULT_CRASH_RULES: CrashRules = { houseEdge: 0.01, maxMultiplier: 1_000_000, rate: 0.00006 }

export interface CrashBet {
  /** The automatic cash-out, 1.01–maxMultiplier, at most 2 decimals. */
  readonly autoCashOut: number
}

export type CrashBetError = 'not-an-object' | 'bad-cash-out'

export function validateCrashBet(rules: CrashRules, bet: CrashBet): CrashBetError | null {
  if (typeof bet !== 'object' || bet === null) return 'not-an-object'
  const c = hundredths(bet.autoCashOut)
  if (c === null || c < LIMBO_MIN_TARGET * 100 || c > Math.round(rules.maxMultiplier * 100)) return 'bad-cash-out'
  return null
}

/** The round's crash point (one word): 1.00 up to the cap, in whole hundredths. */
export function crashPoint(stream: UniformStream, rules: CrashRules): number {
  return limboResult(rules, stream)
}

/** What a cash-out at c pays per unit staked: c when the multiplier reached it, else nothing. */
export function cashOut(point: number, c: number): number {
  const pc = hundredths(point)
  const cc = hundredths(c)
  if (pc === null || cc === null) throw new Error('crash multipliers are whole hundredths')
  return cc <= pc ? floor4(c) : 0
}

/** The multiplier shown t ms after the start. */
export function multiplierAt(rules: CrashRules, ms: number): number {
  return Math.floor(100 * Math.exp(rules.rate * ms)) / 100
}

/**
 * The first whole millisecond at which the shown multiplier reaches m: the inverse of multiplierAt,
 * nudged by a step either way so floating point never disagrees with multiplierAt itself.
 */
export function timeToReach(rules: CrashRules, m: number): number {
  if (m <= 1) return 0
  let t = Math.max(0, Math.ceil(Math.log(m) / rules.rate))
  while (t > 0 && multiplierAt(rules, t - 1) >= m) t -= 1
  while (multiplierAt(rules, t) < m) t += 1
  return t
}

export interface CrashRound {
  readonly crashPoint: number
  readonly autoCashOut: number
  /** When the round crashes, ms after its start. */
  readonly crashesAt: number
  readonly multiplier: number
}

/** One player's round with an automatic cash-out. */
export function playCrash(rules: CrashRules, bet: CrashBet, stream: UniformStream): CrashRound {
  const error = validateCrashBet(rules, bet)
  if (error) throw new Error(`invalid crash bet: ${error}`)
  const point = crashPoint(stream, rules)
  return { crashPoint: point, autoCashOut: bet.autoCashOut, crashesAt: timeToReach(rules, point), multiplier: cashOut(point, bet.autoCashOut) }
}

export function crashDistribution(rules: CrashRules, autoCashOut: number): PayoutDistribution {
  return limboDistribution(rules, autoCashOut)
}
