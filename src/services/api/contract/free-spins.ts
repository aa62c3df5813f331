// Free spins area (SPEC §7 'Free spins', §3 'free-spin pack'): the logged-in player's packs, each a
// number of rounds of one slot at a fixed stake, paid by the operator, won into the bonus balance
// (docs/games.md#free-spins). The game client plays them through games/play's `free_spin`.
import { array, enums, integer, max, min, nullable, object, optional, pattern, string, type Infer } from 'superstruct'
import { defineCall } from './define'
import { wireInteger, wireList } from './params'
import { DecimalString } from './shapes'

export const FREE_SPIN_STATUSES = ['active', 'used', 'expired', 'cancelled'] as const
export type FreeSpinStatus = (typeof FREE_SPIN_STATUSES)[number]

/** How many packs the client asks for at once (SPEC §9 'free-spins fetch count 99'). */
export const FREE_SPINS_FETCH_COUNT = 99

export const FreeSpinPackSchema = object({
  id: pattern(string(), /^[1-9]\d{0,17}$/),
  /** The slot the spins play on: its sysname and its title in the player's language. */
  game: object({ sysname: string(), name: string() }),
  status: enums(FREE_SPIN_STATUSES),
  remaining_count: min(integer(), 0),
  total_count: min(integer(), 1),
  /** Each spin's stake, major units of `currency`. */
  stake: DecimalString,
  currency: string(),
  /** The operator's words for the pack in the player's language; empty when none was given. */
  description: string(),
  expires_at: nullable(string()),
  created_at: string(),
})
export type FreeSpinPack = Infer<typeof FreeSpinPackSchema>

/**
 * GET /api/freespins/get: the player's packs with one of `status` (every status when omitted),
 * newest first, at most `count` (20 by default, 100 at most). Visitors get not_logged_in.
 */
export const getFreeSpins = defineCall({
  area: 'freespins',
  name: 'get',
  method: 'GET',
  access: 'player',
  request: object({
    count: optional(max(min(wireInteger(), 1), 100)),
    status: optional(wireList(enums(FREE_SPIN_STATUSES))),
    /** SPEC §7 passes it; every field is always sent. */
    fields: optional(string()),
  }),
  response: array(FreeSpinPackSchema),
})
