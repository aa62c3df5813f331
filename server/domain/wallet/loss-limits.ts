import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { bindingOf, limitAsOf, limitRowsInForce, setPeriodLimit, type LimitRequest, type LimitsState, type PeriodLimitState } from '../payments/limits'
import { requireCurrency } from './currencies'

/**
 * Loss limits (responsible gaming, docs/payments.md#loss-limits): how much real money a player may
 * lose over a rolling 1, 7, 14 or 30 days, set, lowered, raised and removed by the deposit limits'
 * rules (payments/limits.ts). The net loss is what stakes took from the main balance less what play
 * paid back into it, summed by the hour (wallet_play_hours), which the wallet's batch writes under
 * the player's wallet locks. A stake that could take the net loss past a limit is declined by the
 * wallet itself, so every game and the sportsbook are held by the same rule.
 */

type Db = Kysely<DB> | Transaction<DB>
const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000

/** Credits that are play paying back: they lower the net loss. Deposits, bonuses and prizes do not. */
export const PLAY_RETURN_KINDS: readonly string[] = ['win', 'refund', 'jackpot']

/** The UTC hour a moment falls in: the bucket its play is summed under. */
export function playHour(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS)
}

/**
 * The first hour bucket a window of `days` ending at `now` counts: every hour any part of which lies
 * in the window, so the window is never shorter than the player asked for.
 */
export function windowStart(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS - HOUR_MS)
}

/** A loss limit row as wallet_lock_read (migration 037) answers it, with its window's net loss. */
export interface LockedLossLimit {
  player_id: string
  currency: string
  period_days: 1 | 7 | 14 | 30
  amount: string
  scheduled_amount: string | null
  scheduled_at: number | null
  net: string
}

/** The binding loss limit for a stake: what it still lets a stake take, and its period. */
export interface LossHeadroom {
  available: bigint
  periodDays: number
}

/**
 * What the player may still stake from the main balance under their loss limits in `currency` at
 * `now`, given `extraNet` more net loss than the rows read (the batch's own stakes and wins so far).
 * Null when no limit is in force.
 */
export function lossHeadroom(rows: readonly LockedLossLimit[], playerId: bigint, currency: string, now: Date, extraNet: bigint): LossHeadroom | null {
  let best: LossHeadroom | null = null
  for (const row of rows) {
    if (BigInt(row.player_id) !== playerId || row.currency !== currency) continue
    const seen = limitAsOf(
      {
        amount: BigInt(row.amount),
        scheduled_amount: row.scheduled_amount === null ? null : BigInt(row.scheduled_amount),
        scheduled_at: row.scheduled_at === null ? null : new Date(row.scheduled_at),
      },
      now,
    )
    if (!seen) continue
    const left = seen.amount - BigInt(row.net) - extraNet
    const available = left > 0n ? left : 0n
    if (!best || available < best.available || (available === best.available && row.period_days > best.periodDays)) best = { available, periodDays: row.period_days }
  }
  return best
}

/** The loss limits in force at `now`, with each window's net loss. Writes nothing. */
export async function lossLimitsState(db: Db, playerId: bigint, now: Date): Promise<LimitsState> {
  const account = await db.selectFrom('accounts').select('currency').where('id', '=', playerId).executeTakeFirstOrThrow()
  const currency = await requireCurrency(db, account.currency)
  const inForce = await limitRowsInForce(db, 'loss_limits', playerId, currency.code, now)
  if (!inForce.length) return { currency, limits: [], binding: null }

  const longest = Math.max(...inForce.map((row) => row.period_days))
  // One pass over the longest window: each period's net loss and the first hour it counts play in.
  const used = await sql<Record<'t1' | 't7' | 't14' | 't30', string> & Record<'o1' | 'o7' | 'o14' | 'o30', Date | null>>`
    with counted as (
      select hour, staked - returned as net from wallet_play_hours
      where player_id = ${playerId} and currency = ${currency.code} and hour > ${windowStart(now, longest)}
    )
    select
      coalesce(sum(net) filter (where hour > ${windowStart(now, 1)}), 0)::text as t1, min(hour) filter (where hour > ${windowStart(now, 1)}) as o1,
      coalesce(sum(net) filter (where hour > ${windowStart(now, 7)}), 0)::text as t7, min(hour) filter (where hour > ${windowStart(now, 7)}) as o7,
      coalesce(sum(net) filter (where hour > ${windowStart(now, 14)}), 0)::text as t14, min(hour) filter (where hour > ${windowStart(now, 14)}) as o14,
      coalesce(sum(net) filter (where hour > ${windowStart(now, 30)}), 0)::text as t30, min(hour) filter (where hour > ${windowStart(now, 30)}) as o30
    from counted`.execute(db)
  const sums = used.rows[0]!

  const limits = inForce.map((row): PeriodLimitState => {
    const net = BigInt(sums[`t${row.period_days}`])
    const found = sums[`o${row.period_days}`]
    // The first counted hour leaves the window a period after its end.
    const frees = found ? new Date(new Date(found).getTime() + HOUR_MS + row.period_days * DAY_MS) : new Date(now.getTime() + row.period_days * DAY_MS)
    return {
      periodDays: row.period_days,
      amount: row.amount,
      // Ahead over the window: nothing is used, and what is left is more than the limit itself.
      used: net > 0n ? net : 0n,
      available: row.amount > net ? row.amount - net : 0n,
      expiresAt: frees,
      scheduled: row.scheduled_at ? { amount: row.scheduled_amount, effectiveAt: row.scheduled_at } : null,
    }
  })
  return { currency, limits, binding: bindingOf(limits) }
}

/** account/setLossLimit: the deposit limits' rules, on the loss limits. */
export function setLossLimit(db: Kysely<DB>, playerId: bigint, input: LimitRequest & { currency?: string | undefined }, now: Date): Promise<LimitsState> {
  return setPeriodLimit(db, { table: 'loss_limits', state: lossLimitsState }, playerId, input, now)
}
