// Limbo: one draw u = word / 2^32 gives r = max(1, floor((1 − edge) / (1 − u) × 100) / 100), capped;
// the player names a target and wins it when r ≥ target. Crash shares this law (crash.ts).
import type { UniformStream } from '../random'
import { normalise, type PayoutDistribution } from '../payouts'
import { floor4 } from './common'

export interface LimboRules {
  readonly houseEdge: number
  /** Results above this are cut to it; also the highest target. */
  readonly maxMultiplier: number
}

export const DEFAULT_LIMBO_RULES: LimboRules = { houseEdge: 0.01, maxMultiplier: 1_000_000 }

export const LIMBO_MIN_TARGET = 1.01

export interface LimboBet {
  /** 1.01–maxMultiplier, at most 2 decimals. */
  readonly target: number
}

export type LimboBetError = 'not-an-object' | 'bad-target'

const TWO_32 = 2 ** 32
const BIG_TWO_32 = 2n ** 32n
// The edge is read in millionths so the law can be evaluated in exact integer arithmetic.
const PPM = 1_000_000n

function returnPpm(rules: LimboRules): bigint {
  return BigInt(Math.round((1 - rules.houseEdge) * 1_000_000))
}

/** A value in hundredths, or null when it is not a finite number with at most 2 decimals. */
export function hundredths(x: unknown): number | null {
  if (typeof x !== 'number' || !Number.isFinite(x)) return null
  const h = Math.round(x * 100)
  // Decimals like 2.01 are a hair off in binary; up to 10^8 hundredths that error stays far below 1e-6.
  if (Math.abs(h - x * 100) > 1e-6) return null
  return h
}

export function validateLimboBet(rules: LimboRules, bet: LimboBet): LimboBetError | null {
  if (typeof bet !== 'object' || bet === null) return 'not-an-object'
  const t = hundredths(bet.target)
  if (t === null || t < LIMBO_MIN_TARGET * 100 || t > Math.round(rules.maxMultiplier * 100)) return 'bad-target'
  return null
}

/**
 * The result for the word k (u = k / 2^32), in hundredths. Evaluated exactly with integers: in
 * floating point 0.99 / (1 − u) × 100 lands a hair either side of a whole number where the exact
 * value is one (u = 0.5 gives 198), and a verifier must get the same result as the server.
 */
export function limboHundredthsOfWord(rules: LimboRules, k: number): number {
  const r = (returnPpm(rules) * 100n * BIG_TWO_32) / (PPM * (BIG_TWO_32 - BigInt(k)))
  const cap = BigInt(Math.round(rules.maxMultiplier * 100))
  return Number(r < 100n ? 100n : r > cap ? cap : r)
}

/** Draws one result (one float, one word). */
export function limboResult(rules: LimboRules, stream: UniformStream): number {
  // float() is word / 2^32, so this recovers the word exactly.
  const k = stream.float() * TWO_32
  return limboHundredthsOfWord(rules, k) / 100
}

/**
 * P(r ≥ t) exactly: r ≥ T / 100 iff 2^32 − k ≤ R × 100 × 2^32 / T (R the return, T the target in
 * hundredths), so floor(R × 100 × 2^32 / T) of the 2^32 words win; the cap never cuts a result
 * below an allowed target. Returns the winning word count.
 */
export function limboWinningWords(rules: LimboRules, target: number): number {
  const t = hundredths(target)
  if (t === null || t < 100) throw new Error(`bad limbo target ${target}`)
  if (t > Math.round(rules.maxMultiplier * 100)) return 0
  const n = (returnPpm(rules) * 100n * BIG_TWO_32) / (PPM * BigInt(t))
  return Number(n > BIG_TWO_32 ? BIG_TWO_32 : n)
}

export function limboWinChance(rules: LimboRules, target: number): number {
  return limboWinningWords(rules, target) / TWO_32
}

export interface LimboRound {
  readonly result: number
  readonly target: number
  readonly win: boolean
  readonly multiplier: number
}

export function playLimbo(rules: LimboRules, bet: LimboBet, stream: UniformStream): LimboRound {
  const error = validateLimboBet(rules, bet)
  if (error) throw new Error(`invalid limbo bet: ${error}`)
  const result = limboResult(rules, stream)
  // Compared in hundredths: both are whole hundredths, the floats might not be.
  const win = Math.round(result * 100) >= hundredths(bet.target)!
  return { result, target: bet.target, win, multiplier: win ? floor4(bet.target) : 0 }
}

/** Target paid with the exact winning chance; RTP = target × floor(0.99 × 2^32 / target) / 2^32. */
export function limboDistribution(rules: LimboRules, target: number): PayoutDistribution {
  const p = limboWinChance(rules, target)
  return normalise([
    { multiplier: floor4(target), probability: p },
    { multiplier: 0, probability: 1 - p },
  ])
}
