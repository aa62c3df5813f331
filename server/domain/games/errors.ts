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
