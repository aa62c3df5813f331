// Betting bonuses area (SPEC §7 'Betting bonuses', §3 balance_betting_bonus, §2.4 the
// betting-bonus-activated dialog; docs/sportsbook.md#betting-bonuses): the player's free bets. A
// free bet is a stake the book pays for one bet at or above its least odds; the bet returns its
// winnings without the stake. Activating one puts it on the betslip; placeBet's `free_bet` uses it.
import { array, enums, integer, min, nullable, object, optional, pattern, string, type Infer } from 'superstruct'
import { defineCall } from './define'

export const BETTING_BONUS_STATUSES = ['available', 'active', 'used', 'expired', 'removed'] as const

const Id = pattern(string(), /^[1-9]\d{0,17}$/)

export const BettingBonusSchema = object({
  id: Id,
  kind: enums(['free_bet']),
  status: enums(BETTING_BONUS_STATUSES),
  /** The stake it pays, major units. */
  amount: string(),
  currency: string(),
  /** The least decimal odds (thousandths) of the bet it places; an accumulator counts its combined odds. */
  min_price: min(integer(), 1010),
  /** The operator's words for it in the player's language; empty when none. */
  description: string(),
  expires_at: nullable(string()),
  created_at: string(),
})
export type BettingBonus = Infer<typeof BettingBonusSchema>

/** GET /api/bettingbonuses/get: the player's betting bonuses, newest first, or the one `bonus_id` names. */
export const getBettingBonuses = defineCall({
  area: 'bettingbonuses',
  name: 'get',
  method: 'GET',
  access: 'player',
  request: object({ bonus_id: optional(Id) }),
  response: array(BettingBonusSchema),
})

/** POST /api/bettingbonuses/activate: puts a free bet on the betslip (one at a time; another active one goes back). */
export const activateBettingBonus = defineCall({
  area: 'bettingbonuses',
  name: 'activate',
  method: 'POST',
  access: 'player',
  request: object({ bonus_id: Id }),
  response: BettingBonusSchema,
})

/** POST /api/bettingbonuses/remove: gives a free bet up for good. */
export const removeBettingBonus = defineCall({
  area: 'bettingbonuses',
  name: 'remove',
  method: 'POST',
  access: 'player',
  request: object({ bonus_id: Id }),
  response: BettingBonusSchema,
})
