// Why the sportsbook refused a request: a code the client translates, the field it concerns when
// there is one, and what the client shows with it (the new price, the limit).
export const SPORTSBOOK_ERROR_CODES = [
  'sportsbook_event_not_found',
  'sportsbook_bad_bet',
  'sportsbook_selection_unknown',
  'sportsbook_selection_closed',
  'sportsbook_price_changed',
  'sportsbook_same_event',
  'sportsbook_stake_below_min',
  'sportsbook_stake_above_max',
  'sportsbook_payout_above_max',
  'sportsbook_event_limit',
  'sportsbook_player_limit',
  'sportsbook_key_conflict',
  'sportsbook_bet_not_found',
  'sportsbook_cashout_unavailable',
  'sportsbook_cashout_changed',
  'sportsbook_cashout_amount',
  'sportsbook_bonus_not_found',
  'sportsbook_bonus_unavailable',
  'sportsbook_bonus_odds',
  'sportsbook_bonus_player',
  'sportsbook_bonus_amount',
  'sportsbook_bonus_key_conflict',
  'insufficient_funds',
  /** The stake could take the player's net loss past their loss limit. */
  'loss_limit_exceeded',
] as const
export type SportsbookErrorCode = (typeof SPORTSBOOK_ERROR_CODES)[number]

export class SportsbookError extends Error {
  override name = 'SportsbookError'
  constructor(
    readonly code: SportsbookErrorCode,
    message: string,
    readonly field: string | null = null,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message)
  }
}
