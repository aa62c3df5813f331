// European roulette: one int(37) per round, a table of bets settled against it. Every bet pays
// (odds + 1) × stake on a win, so each bet returns 36/37 of its stake on average.
import type { UniformStream } from '../random'
import { normalise, type PayoutDistribution } from '../payouts'
import { roundTotals } from './common'

export type RouletteBetKind =
  | 'straight'
  | 'split'
  | 'street'
  | 'corner'
  | 'sixLine'
  | 'firstFour'
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high'
  | 'dozen'
  | 'column'

/**
 * One bet on the layout. Inside bets name their numbers (`numbers`, any order); dozens and
 * columns name which one (`index` 1–3); the other outside bets and first four need neither.
 */
export interface RouletteWager {
  readonly kind: RouletteBetKind
  readonly numbers?: readonly number[]
  readonly index?: number
}

export interface RoulettePlacedBet {
  readonly bet: RouletteWager
  /** Whole stake units. */
  readonly stake: number
}

export interface RouletteBet {
  readonly bets: readonly RoulettePlacedBet[]
}

export interface RouletteRules {
  /** Odds paid per unit on a win, by kind (the stake comes back too). */
  readonly odds: Readonly<Record<RouletteBetKind, number>>
  readonly maxBets: number
  readonly maxStakePerBet: number
}

export const DEFAULT_ROULETTE_RULES: RouletteRules = {
  odds: {
    straight: 35,
    split: 17,
    street: 11,
    corner: 8,
    sixLine: 5,
    firstFour: 8,
    red: 1,
    black: 1,
    odd: 1,
    even: 1,
    low: 1,
    high: 1,
    dozen: 2,
    column: 2,
  },
  maxBets: 100,
  maxStakePerBet: 1_000_000,
}

export const ROULETTE_RED: readonly number[] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]
const RED = new Set(ROULETTE_RED)

export function rouletteColor(n: number): 'green' | 'red' | 'black' {
  if (n === 0) return 'green'
  return RED.has(n) ? 'red' : 'black'
}

/** How many numbers each inside bet covers. */
const INSIDE_SIZE: Partial<Record<RouletteBetKind, number>> = { straight: 1, split: 2, street: 3, corner: 4, sixLine: 6 }
const KINDS = new Set<string>(Object.keys(DEFAULT_ROULETTE_RULES.odds))

export type RouletteBetError =
  | 'not-an-object'
  | 'no-bets'
  | 'too-many-bets'
  | 'bad-stake'
  | 'bad-kind'
  | 'bad-numbers'
  | 'bad-index'
  | 'impossible-bet'

const ALL: readonly number[] = Array.from({ length: 36 }, (_, i) => i + 1)
const BLACK = ALL.filter((n) => !RED.has(n))
const ODD = ALL.filter((n) => n % 2 === 1)
const EVEN = ALL.filter((n) => n % 2 === 0)

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x)

/** Layout position of 1–36: row 0–11, column 0–2 (1, 2, 3 are row 0). */
const row = (n: number) => Math.floor((n - 1) / 3)
const col = (n: number) => (n - 1) % 3

/**
 * The numbers a well-formed wager covers, or an error. Inside bets must be real shapes on the
 * layout: splits adjacent (zero splits with 1, 2 or 3), streets and six lines starting a row,
 * corners a 2×2 square.
 */
export function rouletteCoverage(bet: RouletteWager): readonly number[] | RouletteBetError {
  if (typeof bet !== 'object' || bet === null) return 'not-an-object'
  if (typeof bet.kind !== 'string' || !KINDS.has(bet.kind)) return 'bad-kind'
  const size = INSIDE_SIZE[bet.kind]
  if (size !== undefined) {
    const raw: unknown = bet.numbers
    if (!Array.isArray(raw) || raw.length !== size) return 'bad-numbers'
    const nums: number[] = []
    for (const n of raw as unknown[]) {
      if (!isInt(n) || n < 0 || n > 36) return 'bad-numbers'
      nums.push(n)
    }
    nums.sort((a, b) => a - b)
    if (new Set(nums).size !== nums.length) return 'bad-numbers'
    const [a = 0, b = 0] = nums
    switch (bet.kind) {
      case 'straight':
        return nums
      case 'split': {
        if (a === 0) return b <= 3 ? nums : 'impossible-bet'
        const horizontal = b === a + 1 && row(a) === row(b)
        const vertical = b === a + 3
        return horizontal || vertical ? nums : 'impossible-bet'
      }
      case 'street':
      case 'sixLine': {
        if (a < 1 || col(a) !== 0) return 'impossible-bet'
        return nums.every((n, i) => n === a + i) ? nums : 'impossible-bet'
      }
      case 'corner': {
        if (a < 1 || col(a) === 2 || a > 32) return 'impossible-bet'
        const square = [a, a + 1, a + 3, a + 4]
        return nums.every((n, i) => n === square[i]) ? nums : 'impossible-bet'
      }
    }
  }
  switch (bet.kind) {
    case 'firstFour':
      return [0, 1, 2, 3]
    case 'red':
      return ROULETTE_RED
    case 'black':
      return BLACK
    case 'odd':
      return ODD
    case 'even':
      return EVEN
    case 'low':
      return ALL.slice(0, 18)
    case 'high':
      return ALL.slice(18)
    case 'dozen':
    case 'column': {
      const index: unknown = bet.index
      if (!isInt(index) || index < 1 || index > 3) return 'bad-index'
      return bet.kind === 'dozen' ? ALL.slice((index - 1) * 12, index * 12) : ALL.filter((n) => col(n) === index - 1)
    }
  }
  return 'bad-kind'
}

/** Null when every bet of the table is possible and staked in whole units within the limits. */
export function validateRouletteBet(rules: RouletteRules, bet: RouletteBet): RouletteBetError | null {
  if (typeof bet !== 'object' || bet === null) return 'not-an-object'
  const bets: unknown = bet.bets
  if (!Array.isArray(bets)) return 'not-an-object'
  if (bets.length === 0) return 'no-bets'
  if (bets.length > rules.maxBets) return 'too-many-bets'
  for (const placed of bets as unknown[]) {
    if (typeof placed !== 'object' || placed === null) return 'not-an-object'
    const { bet: wager, stake } = placed as { bet?: unknown; stake?: unknown }
    if (!isInt(stake) || stake < 1 || stake > rules.maxStakePerBet) return 'bad-stake'
    if (typeof wager !== 'object' || wager === null) return 'not-an-object'
    const coverage = rouletteCoverage(wager as RouletteWager)
    if (typeof coverage === 'string') return coverage
  }
  return null
}

export interface RouletteBetResult {
  readonly bet: RouletteWager
  readonly stake: number
  readonly won: boolean
  /** Stake units paid back (stake included on a win; 0 on a loss). */
  readonly payback: number
}

export interface RouletteRound {
  readonly number: number
  readonly color: 'green' | 'red' | 'black'
  readonly bets: readonly RouletteBetResult[]
  readonly stake: number
  readonly payback: number
  readonly multiplier: number
}

/** Settles a (validated) table against a winning number. */
export function settleRoulette(rules: RouletteRules, bet: RouletteBet, number: number): RouletteRound {
  const results = bet.bets.map((placed): RouletteBetResult => {
    const coverage = rouletteCoverage(placed.bet)
    if (typeof coverage === 'string') throw new Error(`invalid roulette bet: ${coverage}`)
    const won = coverage.includes(number)
    return { bet: placed.bet, stake: placed.stake, won, payback: won ? placed.stake * (rules.odds[placed.bet.kind] + 1) : 0 }
  })
  return { number, color: rouletteColor(number), bets: results, ...roundTotals(results) }
}

/** Plays a round: one draw of int(37). */
export function playRoulette(rules: RouletteRules, bet: RouletteBet, stream: UniformStream): RouletteRound {
  const error = validateRouletteBet(rules, bet)
  if (error) throw new Error(`invalid roulette bet: ${error}`)
  return settleRoulette(rules, bet, stream.int(37))
}

/** The exact distribution of a table's multiplier: each of the 37 numbers settled. */
export function rouletteDistribution(rules: RouletteRules, bet: RouletteBet): PayoutDistribution {
  return normalise(Array.from({ length: 37 }, (_, n) => ({ multiplier: settleRoulette(rules, bet, n).multiplier, probability: 1 / 37 })))
}
