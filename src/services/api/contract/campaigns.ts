// Campaigns area (SPEC §7 'Campaigns'): checkPromocode and getoffers so far; activateOffer and
// takepromotions arrive with the bonuses issue.
import { array, integer, min, nullable, object, optional, size, string, type Infer } from 'superstruct'
import { defineCall } from './define'
import { wireInteger } from './params'

/** What the server knows of a valid promo code: the code as stored and its campaign's title. */
export const PromoCodeInfoSchema = object({
  promo_code: string(),
  /** The campaign's title in the request's locale; null when the code belongs to no campaign. */
  title: nullable(string()),
})
export type PromoCodeInfo = Infer<typeof PromoCodeInfoSchema>

/**
 * POST /api/campaigns/checkPromocode (promo_code, trimmed by the client): null when the code is not
 * valid now (unknown, inactive, not started, expired or used up), which SPEC §7 calls "data falsy".
 * Codes match case-insensitively. Throttled per address, like the auth calls, so codes cannot be
 * guessed in bulk.
 */
export const checkPromocode = defineCall({
  area: 'campaigns',
  name: 'checkPromocode',
  method: 'POST',
  access: 'anyone',
  request: object({ promo_code: size(string(), 1, 256) }),
  response: nullable(PromoCodeInfoSchema),
})

/** SPEC §3 'Offer/campaign': id, trigger, description, promotions. */
export const OfferSchema = object({
  id: min(integer(), 1),
  sysname: string(),
  /** What brought the player in: the promo code redeemed, and where. */
  trigger: object({ action: string(), promo_code: nullable(string()) }),
  description: object({ title: string(), text: string() }),
  /** Promotions come with the bonuses issue; none yet. */
  promotions: array(object({ id: integer() })),
})
export type Offer = Infer<typeof OfferSchema>

/**
 * GET /api/campaigns/getoffers: the logged-in player's campaigns, newest first (an empty list for a
 * visitor or a player in none). offset pages through them.
 */
export const getoffers = defineCall({
  area: 'campaigns',
  name: 'getoffers',
  method: 'GET',
  access: 'anyone',
  request: object({ offset: optional(wireInteger()), fields: optional(string()) }),
  response: array(OfferSchema),
})
