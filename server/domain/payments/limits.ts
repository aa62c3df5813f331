import { sql, type Kysely, type Transaction } from 'kysely'
import type { DepositLimit, DepositLimitChange, DepositLimitDays, PeriodDepositLimit } from '../../../src/services/api/contract/cashier'
import { minorToMajor } from '../../../src/shared/money'
import type { DB } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import { requireCurrency, type CurrencyInfo } from '../wallet/currencies'
import { CurrencyInvalid, DepositLimitExceeded } from './errors'
import { sessionExpiredSql } from './sessions'

/**
 * Deposit limits (SPEC §3 'Deposit limit', §9 periods): deposits in progress count too, so two started side
 * by side cannot pass a limit together (docs/payments.md#deposit-limits).
 */

type Db = Kysely<DB> | Transaction<DB>
export const COOLING_OFF_MS = 24 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000
export const LIMIT_PERIODS: readonly DepositLimitDays[] = [1, 7, 14, 30]

export interface PeriodLimitState {
  periodDays: DepositLimitDays
  amount: bigint
  /** What the window counts now (settled and in-progress deposits). */
  used: bigint
  /** What may still be deposited under this limit; never below zero. */
  available: bigint
  /** When the oldest counted deposit leaves the window (or a full period from now). */
  expiresAt: Date
  /** A raise (amount) or a removal (amount null), effective at `effectiveAt`. */
  scheduled: { amount: bigint | null; effectiveAt: Date } | null
}

export interface LimitsState {
  currency: CurrencyInfo
  /** Every limit in force in the player's currency, shortest period first. */
  limits: PeriodLimitState[]
  /** The one with the least available (ties: the longer period, whose window frees later); null without limits. */
  binding: PeriodLimitState | null
}

/** The columns limitAsOf reads. */
export interface LimitRowFields {
  amount: bigint
  scheduled_amount: bigint | null
  scheduled_at: Date | null
}

/**
 * A limit row as it stands at `now`: a raise whose cooling-off is over is the amount, a removal
 * whose cooling-off is over leaves no limit (null); otherwise the row as it is. The one rule of
 * reads; applyDueChanges writes the same.
 */
export function limitAsOf<T extends LimitRowFields>(row: T, now: Date): T | null {
  if (!row.scheduled_at || row.scheduled_at.getTime() > now.getTime()) return row
  if (row.scheduled_amount === null) return null
  return { ...row, amount: row.scheduled_amount, scheduled_amount: null, scheduled_at: null }
}

/** Deposit limits and loss limits keep the same rows and rules, each in its table. */
export type LimitTable = 'deposit_limits' | 'loss_limits'

/**
 * Writes the changes whose cooling-off is over (limitAsOf): a raise becomes the amount, a removal
 * deletes the row. setPeriodLimit calls it before it changes a row, so it starts from the limits
 * in force; each write is conditional on the change it applies, so applying twice changes nothing.
 */
async function applyDueChanges(db: Db, table: LimitTable, playerId: bigint, now: Date): Promise<void> {
  // Both tables have the same columns; Kysely is told one name.
  const t = table as 'deposit_limits'
  const due = await db.selectFrom(t).selectAll().where('player_id', '=', playerId).where('scheduled_at', '<=', now).execute()
  for (const row of due) {
    const seen = limitAsOf(row, now)
    if (seen === null) {
      await db.deleteFrom(t).where('player_id', '=', playerId).where('period_days', '=', row.period_days).where('scheduled_at', '=', row.scheduled_at).execute()
    } else {
      await db
        .updateTable(t)
        .set({ amount: seen.amount, scheduled_amount: null, scheduled_at: null, updated_at: row.scheduled_at ?? now })
        .where('player_id', '=', playerId)
        .where('period_days', '=', row.period_days)
        .where('scheduled_at', '=', row.scheduled_at)
        .execute()
    }
  }
}

/** A table's rows in force at `now` in `currency`, shortest period first (limitAsOf: due changes apply). */
export async function limitRowsInForce(db: Db, table: LimitTable, playerId: bigint, currency: string, now: Date) {
  const rows = await db
    .selectFrom(table as 'deposit_limits')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('period_days')
    .execute()
  // A limit set in another currency does not bind this one's amounts (currency-change.ts keeps a
  // player with limits from switching, so this is a leftover at most).
  return rows.flatMap((row) => {
    const seen = limitAsOf(row, now)
    return seen && seen.currency === currency ? [seen] : []
  })
}

/** The limits in force at `now` (limitAsOf: changes whose cooling-off is over apply). Writes nothing. */
export async function depositLimitsState(db: Db, playerId: bigint, now: Date): Promise<LimitsState> {
  const account = await db.selectFrom('accounts').select('currency').where('id', '=', playerId).executeTakeFirstOrThrow()
  const currency = await requireCurrency(db, account.currency)
  const inForce = await limitRowsInForce(db, 'deposit_limits', playerId, currency.code, now)
  if (!inForce.length) return { currency, limits: [], binding: null }

  const longest = Math.max(...inForce.map((row) => row.period_days))
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS)
  // One pass over the longest window: each period's total and oldest deposit.
  const used = await sql<Record<'t1' | 't7' | 't14' | 't30', string> & Record<'o1' | 'o7' | 'o14' | 'o30', Date | null>>`
    with counted as (
      select amount, coalesce(completed_at, created_at) as at
      from payment_transactions t
      where player_id = ${playerId} and type = 'deposit' and currency = ${currency.code}
        and status in ('success', 'pending')
        and not ${sessionExpiredSql('t', now)}
        and coalesce(completed_at, created_at) > ${since(longest)}
    )
    select
      coalesce(sum(amount) filter (where at > ${since(1)}), 0)::text as t1, min(at) filter (where at > ${since(1)}) as o1,
      coalesce(sum(amount) filter (where at > ${since(7)}), 0)::text as t7, min(at) filter (where at > ${since(7)}) as o7,
      coalesce(sum(amount) filter (where at > ${since(14)}), 0)::text as t14, min(at) filter (where at > ${since(14)}) as o14,
      coalesce(sum(amount) filter (where at > ${since(30)}), 0)::text as t30, min(at) filter (where at > ${since(30)}) as o30
    from counted`.execute(db)
  const sums = used.rows[0]!

  const limits = inForce.map((row): PeriodLimitState => {
    const total = BigInt(sums[`t${row.period_days}`])
    const found = sums[`o${row.period_days}`]
    const oldest = found ? new Date(found) : null
    return {
      periodDays: row.period_days,
      amount: row.amount,
      used: total,
      available: row.amount > total ? row.amount - total : 0n,
      expiresAt: oldest ? new Date(oldest.getTime() + row.period_days * DAY_MS) : new Date(now.getTime() + row.period_days * DAY_MS),
      scheduled: row.scheduled_at ? { amount: row.scheduled_amount, effectiveAt: row.scheduled_at } : null,
    }
  })
  return { currency, limits, binding: bindingOf(limits) }
}

/** The limit with the least available; on a tie the longer period (its window frees later). */
export function bindingOf(limits: readonly PeriodLimitState[]): PeriodLimitState | null {
  let best: PeriodLimitState | null = null
  for (const limit of limits) {
    if (!best || limit.available < best.available || (limit.available === best.available && limit.periodDays > best.periodDays)) best = limit
  }
  return best
}

export function toContractLimit(state: LimitsState): DepositLimit {
  const money = (v: bigint) => ({ amount: minorToMajor(v, state.currency.exponent), currency: state.currency.code })
  const change = (limit: PeriodLimitState): DepositLimitChange | null =>
    limit.scheduled
      ? {
          limit_amount: limit.scheduled.amount === null ? null : money(limit.scheduled.amount),
          period: limit.scheduled.amount === null ? 'none' : limit.periodDays,
          effective_at: limit.scheduled.effectiveAt.toISOString(),
        }
      : null
  const limits = state.limits.map(
    (limit): PeriodDepositLimit => ({
      period: limit.periodDays,
      limit_amount: money(limit.amount),
      available_amount: money(limit.available),
      used_amount: money(limit.used),
      can_edit: true,
      expired_at: limit.expiresAt.toISOString(),
      scheduled: change(limit),
    }),
  )
  const b = state.binding
  if (!b) return { available_amount: null, can_edit: true, expired_at: null, limit_amount: null, period: 'none', scheduled: null, limits }
  return {
    available_amount: money(b.available),
    can_edit: true,
    expired_at: b.expiresAt.toISOString(),
    limit_amount: money(b.amount),
    period: b.periodDays,
    scheduled: change(b),
    limits,
  }
}

/** What setDepositLimit is asked: one period's new amount, its removal, or (period 'none') removing every limit. */
export type LimitRequest =
  | { period: DepositLimitDays; limitAmount: bigint }
  | { period: DepositLimitDays; remove: true }
  | { period: 'none' }

export function setDepositLimit(db: Kysely<DB>, playerId: bigint, input: LimitRequest & { currency?: string | undefined }, now: Date): Promise<LimitsState> {
  return setPeriodLimit(db, { table: 'deposit_limits', state: depositLimitsState }, playerId, input, now)
}

/** Which limits a setter changes, and how it reads them back. */
export interface LimitKind {
  table: LimitTable
  state: (db: Db, playerId: bigint, now: Date) => Promise<LimitsState>
}

/**
 * The one rule of changing a period limit, deposits' or losses': adding or lowering applies at
 * once, raising or removing after COOLING_OFF_MS, the same raise asked again keeps its date.
 */
export async function setPeriodLimit(db: Kysely<DB>, kind: LimitKind, playerId: bigint, input: LimitRequest & { currency?: string | undefined }, now: Date): Promise<LimitsState> {
  const table = kind.table as 'deposit_limits'
  return runTransaction(db, async (trx) => {
    // As a change of currency (balances.ts): deposits in flight hold the account FOR SHARE, so a
    // new limit is in force for every deposit written after it. Two changes at once queue here.
    await trx.selectFrom('accounts').select('id').where('id', '=', playerId).forNoKeyUpdate().executeTakeFirstOrThrow()
    // The rows are changed below from the limits in force: write the due changes first.
    await applyDueChanges(trx, kind.table, playerId, now)
    const state = await kind.state(trx, playerId, now)
    if (input.currency !== undefined && input.currency !== state.currency.code) {
      throw new CurrencyInvalid('limit')
    }
    const effectiveAt = new Date(now.getTime() + COOLING_OFF_MS)
    const scheduleRemoval = async (limit: PeriodLimitState) => {
      // Already on its way out: the date it was asked for stands.
      if (limit.scheduled?.amount === null) return
      await trx
        .updateTable(table)
        .set({ scheduled_amount: null, scheduled_at: effectiveAt, updated_at: now })
        .where('player_id', '=', playerId)
        .where('period_days', '=', limit.periodDays)
        .execute()
    }

    if (input.period === 'none') {
      for (const limit of state.limits) await scheduleRemoval(limit)
      return kind.state(trx, playerId, now)
    }
    const current = state.limits.find((l) => l.periodDays === input.period)
    if ('remove' in input) {
      if (current) await scheduleRemoval(current)
      return kind.state(trx, playerId, now)
    }

    const amount = input.limitAmount
    if (!current) {
      // Adding a limit is never a raise: at once. (A row left in another currency is replaced.)
      const values = { player_id: playerId, period_days: input.period, currency: state.currency.code, amount, scheduled_amount: null, scheduled_at: null, updated_at: now }
      await trx
        .insertInto(table)
        .values(values)
        .onConflict((oc) => oc.columns(['player_id', 'period_days']).doUpdateSet(values))
        .execute()
    } else if (amount <= current.amount) {
      // Lowering (or the same amount): at once, withdrawing a pending raise or removal.
      if (amount !== current.amount || current.scheduled) {
        await trx
          .updateTable(table)
          .set({ amount, scheduled_amount: null, scheduled_at: null, updated_at: now })
          .where('player_id', '=', playerId)
          .where('period_days', '=', input.period)
          .execute()
      }
    } else if (current.scheduled?.amount !== amount) {
      // Raising: after the cooling-off; the same raise asked again keeps its date.
      await trx
        .updateTable(table)
        .set({ scheduled_amount: amount, scheduled_at: effectiveAt, updated_at: now })
        .where('player_id', '=', playerId)
        .where('period_days', '=', input.period)
        .execute()
    }
    return kind.state(trx, playerId, now)
  })
}

/**
 * Refuses a deposit of `amount` above what the binding limit leaves
 * (BillingDepositLimitExceededException with available_amount, expired_at and period). Called by
 * makedeposit inside its transaction, with the player's main wallet row locked, so two deposits
 * at once are counted one after the other.
 */
export async function assertWithinDepositLimit(db: Db, playerId: bigint, amount: bigint, now: Date): Promise<void> {
  const state = await depositLimitsState(db, playerId, now)
  // The binding limit leaves the least: if any limit refuses the amount, it does.
  const least = state.binding
  if (!least || amount <= least.available) return
  throw new DepositLimitExceeded({ amount: minorToMajor(least.available, state.currency.exponent), currency: state.currency.code }, least.expiresAt, least.periodDays)
}
