import { sql, type Kysely, type Transaction } from 'kysely'
import type { DepositLimit, DepositLimitPeriod } from '../../../src/services/api/contract/cashier'
import { CASHIER_ERROR_CODE } from '../../../src/services/api/contract/cashier'
import { ApiError } from '../../../src/shared/errors'
import { minorToMajor } from '../../../src/shared/money'
import type { DB } from '../../db/schema'
import { requireCurrency, type CurrencyInfo } from '../wallet/currencies'

/**
 * Deposit limits (SPEC §3 'Deposit limit', §9 periods 1, 7, 14, 30 days), responsible gaming:
 * a rolling window over settled deposits (those that reached success) of the last `period` days.
 * Lowering (a smaller amount over the same or a longer period, or a first limit) applies at once;
 * raising or removing waits a 24 h cooling-off (`scheduled`), and until then the current, lower
 * limit applies. A change that is a lowering replaces anything scheduled.
 */

type Db = Kysely<DB> | Transaction<DB>
export const COOLING_OFF_MS = 24 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

export interface LimitState {
  currency: CurrencyInfo
  periodDays: number | null
  amount: bigint | null
  /** What may still be deposited now; null without a limit. */
  available: bigint | null
  /** When the oldest counted deposit leaves the window (or a full period from now); null without a limit. */
  expiresAt: Date | null
  scheduled: { periodDays: number | null; amount: bigint | null; effectiveAt: Date } | null
}

/** The limit in force at `now`, applying a scheduled change whose cooling-off is over. */
export async function depositLimitState(db: Db, playerId: bigint, now: Date): Promise<LimitState> {
  const account = await db.selectFrom('accounts').select('currency').where('id', '=', playerId).executeTakeFirstOrThrow()
  const currency = await requireCurrency(db, account.currency)
  let row = await db.selectFrom('deposit_limits').selectAll().where('player_id', '=', playerId).executeTakeFirst()
  if (row?.scheduled_at && row.scheduled_at.getTime() <= now.getTime()) {
    await db
      .updateTable('deposit_limits')
      .set({ period_days: row.scheduled_period_days, amount: row.scheduled_amount, scheduled_period_days: null, scheduled_amount: null, scheduled_at: null, updated_at: now })
      .where('player_id', '=', playerId)
      .where('scheduled_at', '=', row.scheduled_at)
      .execute()
    row = { ...row, period_days: row.scheduled_period_days, amount: row.scheduled_amount, scheduled_period_days: null, scheduled_amount: null, scheduled_at: null }
  }
  // A limit set in another currency does not bind this one's amounts: the player's currency changed.
  const applies = row && row.currency === currency.code && row.period_days !== null && row.amount !== null
  const scheduled = row?.scheduled_at ? { periodDays: row.scheduled_period_days, amount: row.scheduled_amount, effectiveAt: row.scheduled_at } : null
  if (!applies) return { currency, periodDays: null, amount: null, available: null, expiresAt: null, scheduled }
  const periodDays = row!.period_days!
  const amount = row!.amount!
  const since = new Date(now.getTime() - periodDays * DAY_MS)
  const used = await sql<{ total: string; oldest: Date | null }>`
    select coalesce(sum(amount), 0)::text as total, min(completed_at) as oldest
    from payment_transactions
    where player_id = ${playerId} and type = 'deposit' and status = 'success' and currency = ${currency.code}
      and completed_at > ${since}`.execute(db)
  const total = BigInt(used.rows[0]!.total)
  const oldest = used.rows[0]!.oldest
  const available = amount > total ? amount - total : 0n
  const expiresAt = oldest ? new Date(new Date(oldest).getTime() + periodDays * DAY_MS) : new Date(now.getTime() + periodDays * DAY_MS)
  return { currency, periodDays, amount, available, expiresAt, scheduled }
}

export function toContractLimit(state: LimitState): DepositLimit {
  const money = (v: bigint) => ({ amount: minorToMajor(v, state.currency.exponent), currency: state.currency.code })
  const period = (days: number | null): DepositLimitPeriod => (days === null ? 'none' : (days as 1 | 7 | 14 | 30))
  return {
    available_amount: state.available === null ? null : money(state.available),
    can_edit: true,
    expired_at: state.expiresAt?.toISOString() ?? null,
    limit_amount: state.amount === null ? null : money(state.amount),
    period: period(state.periodDays),
    scheduled: state.scheduled
      ? {
          limit_amount: state.scheduled.amount === null ? null : money(state.scheduled.amount),
          period: period(state.scheduled.periodDays),
          effective_at: state.scheduled.effectiveAt.toISOString(),
        }
      : null,
  }
}

/**
 * Whether (periodB, amountB) is at least as strict as (periodA, amountA): no more money over no
 * shorter a window. Anything else is a raise.
 */
function isLowering(current: { periodDays: number | null; amount: bigint | null }, next: { periodDays: number | null; amount: bigint | null }): boolean {
  if (next.periodDays === null || next.amount === null) return current.periodDays === null
  if (current.periodDays === null || current.amount === null) return true
  return next.amount <= current.amount && next.periodDays >= current.periodDays
}

export async function setDepositLimit(
  db: Kysely<DB>,
  playerId: bigint,
  input: { period: 'none' | 1 | 7 | 14 | 30; limitAmount: bigint | null; currency: string | undefined },
  now: Date,
): Promise<LimitState> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('accounts').select('id').where('id', '=', playerId).forUpdate().executeTakeFirstOrThrow()
    const state = await depositLimitState(trx, playerId, now)
    if (input.currency !== undefined && input.currency !== state.currency.code) {
      throw new ApiError({ type: 'InvalidParameterException', code: 'invalid_currency', message: 'The limit is in your account currency.', invalidParameters: { currency: ['invalid'] } })
    }
    const next = { periodDays: input.period === 'none' ? null : input.period, amount: input.period === 'none' ? null : input.limitAmount }
    if (!state.scheduled && state.periodDays === next.periodDays && state.amount === next.amount) return state
    const base = { player_id: playerId, currency: state.currency.code, updated_at: now }
    if (isLowering(state, next)) {
      const values = { ...base, period_days: next.periodDays, amount: next.amount, scheduled_period_days: null, scheduled_amount: null, scheduled_at: null }
      await trx.insertInto('deposit_limits').values(values).onConflict((oc) => oc.column('player_id').doUpdateSet(values)).execute()
    } else {
      const values = {
        ...base,
        period_days: state.periodDays,
        amount: state.amount,
        scheduled_period_days: next.periodDays,
        scheduled_amount: next.amount,
        scheduled_at: new Date(now.getTime() + COOLING_OFF_MS),
      }
      await trx.insertInto('deposit_limits').values(values).onConflict((oc) => oc.column('player_id').doUpdateSet(values)).execute()
    }
    return depositLimitState(trx, playerId, now)
  })
}

/** Refuses a deposit of `amount` above what the limit leaves (BillingDepositLimitExceededException). */
export async function assertWithinDepositLimit(db: Db, playerId: bigint, amount: bigint, now: Date): Promise<void> {
  const state = await depositLimitState(db, playerId, now)
  if (state.available === null || amount <= state.available) return
  throw new ApiError({
    type: 'BillingDepositLimitExceededException',
    code: CASHIER_ERROR_CODE.depositLimitExceeded,
    message: 'This deposit is above what your deposit limit allows now.',
    errorData: {
      available_amount: { amount: minorToMajor(state.available, state.currency.exponent), currency: state.currency.code },
      expired_at: state.expiresAt?.toISOString() ?? null,
    },
  })
}
