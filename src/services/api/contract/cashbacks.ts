// Cashbacks area (SPEC §7 'Cashbacks'): get so far, which the unseen-cashback popup reads after
// registration (SPEC §4 'Cashback unseen'); payout and remove arrive with the cashback issue.
import { array, enums, integer, max, min, nullable, object, optional, string, type Infer } from 'superstruct'
import { defineCall } from './define'
import { wireInteger, wireList } from './params'
import { MoneyShape } from './shapes'

export const CASHBACK_STATUSES = ['pending', 'active', 'paid_out', 'expired', 'cancelled'] as const
export type CashbackStatus = (typeof CASHBACK_STATUSES)[number]

/** SPEC §3 'Cashback': id, status, amount, its period and until when a payout may be received. */
export const CashbackSchema = object({
  id: min(integer(), 1),
  status: enums(CASHBACK_STATUSES),
  amount: MoneyShape,
  started_at: string(),
  ended_at: string(),
  receiving_expired_at: nullable(string()),
})
export type Cashback = Infer<typeof CashbackSchema>

export const CASHBACK_SORTS = ['ended_at', 'started_at', 'id'] as const

/**
 * GET /api/cashbacks/get: the logged-in player's cashbacks with one of `statuses` (all when
 * omitted), sorted by `sort` (ended_at by default) in `order` (desc by default), at most `count`
 * (20 by default, 100 at most). A visitor gets AuthorizationException not_logged_in.
 */
export const get = defineCall({
  area: 'cashbacks',
  name: 'get',
  method: 'GET',
  access: 'player',
  request: object({
    count: optional(max(min(wireInteger(), 1), 100)),
    sort: optional(enums(CASHBACK_SORTS)),
    order: optional(enums(['asc', 'desc'] as const)),
    statuses: optional(wireList(enums(CASHBACK_STATUSES))),
    fields: optional(string()),
  }),
  response: array(CashbackSchema),
})
