import { toMajor } from '../../../src/shared/money'

// Why the studio refused a bet or an action: a code the client translates, and details it shows.
export const GAME_ERROR_CODES = [
  'unknown_game',
  'demo_unavailable',
  'currency_unavailable',
  'bet_below_min',
  'bet_above_max',
  'bad_bet',
  'bad_action',
  'insufficient_funds',
  /** The stake could take the player's net loss past their loss limit (details: available, period). */
  'loss_limit_exceeded',
  'round_in_progress',
  'round_not_found',
  'round_over',
  'stale_step',
  'action_in_progress',
  'key_conflict',
  'too_fast',
  'betting_closed',
  'free_spins_unavailable',
] as const
export type GameErrorCode = (typeof GAME_ERROR_CODES)[number]

export class GameError extends Error {
  override name = 'GameError'
  constructor(
    readonly code: GameErrorCode,
    message: string,
    /** What the client shows with it: the limit, the balance, the engine's reason. */
    readonly details: Record<string, string> = {},
  ) {
    super(message)
  }
}

/**
 * Why a purse refused a stake, as the studio answers it: over the loss limit (with what it still
 * lets a stake take), or not enough balance.
 */
export function stakeRefused(taken: { balance: bigint; lossLimit?: { available: bigint; periodDays: number } }, currency: string, what: 'bet' | 'action'): GameError {
  if (taken.lossLimit) {
    return new GameError('loss_limit_exceeded', 'This stake could take your losses past your loss limit', {
      available: toMajor(taken.lossLimit.available, currency),
      currency,
      period: String(taken.lossLimit.periodDays),
    })
  }
  return new GameError('insufficient_funds', `Not enough balance for this ${what}`, { balance: toMajor(taken.balance, currency) })
}
