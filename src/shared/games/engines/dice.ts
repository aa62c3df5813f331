// Dice: one roll of 0.00–99.99 (int(10000) / 100). The player names a target and a side; the
// win chance is the exact share of the 10 000 rolls on that side, so the multiplier is exact too.
import type { UniformStream } from '../random'
import { normalise, type PayoutDistribution } from '../payouts'
import { floor4 } from './common'

export type DiceDirection = 'over' | 'under'

export interface DiceRules {
  readonly houseEdge: number
}

export const DEFAULT_DICE_RULES: DiceRules = { houseEdge: 0.01 }

/** Rolls are whole hundredths: 10 000 equally likely values. */
export const DICE_ROLLS = 10000
/** Win chances allowed, counted in rolls: 0.01 % (1 roll) to 98 % (9 800 rolls). */
export const DICE_MIN_WINNING_ROLLS = 1
export const DICE_MAX_WINNING_ROLLS = 9800

export interface DiceBet {
  /** 0.00–99.99, at most 2 decimals. */
  readonly target: number
  readonly direction: DiceDirection
}

export type DiceBetError = 'not-an-object' | 'bad-direction' | 'bad-target' | 'bad-chance'

/** The target in hundredths, or null when it is not a number with at most 2 decimals in 0.00–99.99. */
function targetHundredths(target: unknown): number | null {
  if (typeof target !== 'number' || !Number.isFinite(target)) return null
  const t = Math.round(target * 100)
  // Targets arrive as decimals (50.5), whose binary value is a hair off 5050 / 100.
  if (Math.abs(t - target * 100) > 1e-6 || t < 0 || t > DICE_ROLLS - 1) return null
  return t
}

/** How many of the 10 000 rolls win: strictly over or strictly under the target. */
export function diceWinningRolls(bet: DiceBet): number {
  const t = targetHundredths(bet.target)
  if (t === null) throw new Error('invalid dice target')
  return bet.direction === 'over' ? DICE_ROLLS - 1 - t : t
}

export function validateDiceBet(_rules: DiceRules, bet: DiceBet): DiceBetError | null {
  if (typeof bet !== 'object' || bet === null) return 'not-an-object'
  if (bet.direction !== 'over' && bet.direction !== 'under') return 'bad-direction'
  if (targetHundredths(bet.target) === null) return 'bad-target'
  const n = diceWinningRolls(bet)
  if (n < DICE_MIN_WINNING_ROLLS || n > DICE_MAX_WINNING_ROLLS) return 'bad-chance'
  return null
}

export function diceWinChance(bet: DiceBet): number {
  return diceWinningRolls(bet) / DICE_ROLLS
}

export function diceMultiplier(rules: DiceRules, bet: DiceBet): number {
  return floor4((1 - rules.houseEdge) / diceWinChance(bet))
}

export interface DiceRound {
  /** 0.00–99.99. */
  readonly roll: number
  readonly target: number
  readonly direction: DiceDirection
  readonly win: boolean
  readonly multiplier: number
}

export function rollDice(stream: UniformStream): number {
  return stream.int(DICE_ROLLS) / 100
}

export function playDice(rules: DiceRules, bet: DiceBet, stream: UniformStream): DiceRound {
  const error = validateDiceBet(rules, bet)
  if (error) throw new Error(`invalid dice bet: ${error}`)
  const hundredths = stream.int(DICE_ROLLS)
  const t = targetHundredths(bet.target)!
  // Compared in whole hundredths, so 50.5 as a float never mis-compares with a roll of 50.50.
  const win = bet.direction === 'over' ? hundredths > t : hundredths < t
  return { roll: hundredths / 100, target: bet.target, direction: bet.direction, win, multiplier: win ? diceMultiplier(rules, bet) : 0 }
}

export function diceDistribution(rules: DiceRules, bet: DiceBet): PayoutDistribution {
  const p = diceWinChance(bet)
  return normalise([
    { multiplier: diceMultiplier(rules, bet), probability: p },
    { multiplier: 0, probability: 1 - p },
  ])
}
