import { sql, type Kysely, type Transaction as KTransaction } from 'kysely'
import type { DB, PaymentTxStatus } from '../../db/schema'
import { EXPIRED_FAILURE_CODE } from '../../../src/shared/payment-status'
import { readSettings } from '../settings/settings'

/**
 * Checkout sessions of deposits: one left at the provider's page expires, derived on read by one rule
 * (asSeenAt) and written only where something else changes (docs/payments.md#checkout-sessions-of-deposits).
 */

export const SESSION_MINUTES_KEY = 'cashier_deposit_session_minutes'
export const DEFAULT_SESSION_MINUTES = 60
// The player is told 'expired' by the shared reading of statuses (src/shared/payment-status.ts).
export { EXPIRED_FAILURE_CODE }

type Db = Kysely<DB> | KTransaction<DB>

/** The configured session length in minutes (the default when unset or out of range). */
export async function depositSessionMinutes(db: Kysely<DB>): Promise<number> {
  const value = (await readSettings(db, [SESSION_MINUTES_KEY]))[SESSION_MINUTES_KEY]
  const minutes = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  return typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440 ? minutes : DEFAULT_SESSION_MINUTES
}

export function sessionEnd(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000)
}

/** Whether a pending deposit's checkout session has ended at `now`. */
export function sessionExpired(tx: { type: string; status: string; session_expires_at: Date | null }, now: Date): boolean {
  return tx.type === 'deposit' && tx.status === 'pending' && tx.session_expires_at !== null && tx.session_expires_at.getTime() <= now.getTime()
}

/**
 * What an expired session's row becomes: cancelled, 'expired', ended (and last changed) when its
 * session did. The same values whether a read derives them or a write records them later, so the
 * answer never depends on whether the row was written.
 */
export function expiredValues(sessionExpiresAt: Date) {
  return { status: 'cancelled' as const, failure_code: EXPIRED_FAILURE_CODE, completed_at: sessionExpiresAt, updated_at: sessionExpiresAt, session_expires_at: null }
}

/** The columns asSeenAt reads and answers. */
export interface SessionFields {
  type: string
  status: PaymentTxStatus
  failure_code: string | null
  completed_at: Date | null
  updated_at: Date
  session_expires_at: Date | null
}

/**
 * The row as every read sees it at `now`: a pending deposit whose session has ended is cancelled
 * as expired (expiredValues); any other row as it is. The one rule of reads (sessionExpiredSql and
 * statusSeenSql say the same in SQL).
 */
export function asSeenAt<T extends SessionFields>(row: T, now: Date): T {
  return sessionExpired(row, now) ? { ...row, ...expiredValues(row.session_expires_at!) } : row
}

/** sessionExpired in SQL, on the payment_transactions row aliased `t`. */
export function sessionExpiredSql(t: string, now: Date) {
  const col = (name: string) => sql.ref(`${t}.${name}`)
  return sql<boolean>`(${col('type')} = 'deposit' and ${col('status')} = 'pending' and ${col('session_expires_at')} is not null and ${col('session_expires_at')} <= ${now})`
}

/** asSeenAt's status in SQL, on the payment_transactions row aliased `t`. */
export function statusSeenSql(t: string, now: Date) {
  return sql<PaymentTxStatus>`(case when ${sessionExpiredSql(t, now)} then 'cancelled' else ${sql.ref(`${t}.status`)} end)`
}

/** asSeenAt's failure_code in SQL, on the payment_transactions row aliased `t`. */
export function failureSeenSql(t: string, now: Date) {
  return sql<string | null>`(case when ${sessionExpiredSql(t, now)} then ${EXPIRED_FAILURE_CODE} else ${sql.ref(`${t}.failure_code`)} end)`
}

/**
 * Writes the expiry (expiredValues) of the pending deposits of `playerId` (or the one transaction
 * `id`) whose session ended by `now`; answers how many. Only where an action needs it (see above):
 * reads derive the same with asSeenAt. A row another transaction holds locked (a settlement in
 * progress) is skipped: that settlement sees the expiry itself under the lock (settleLocked), so
 * nothing waits here and rows are never locked in two orders.
 */
export async function expireDepositSessions(db: Db, scope: { playerId: bigint; id?: string } | { id: string }, now: Date): Promise<number> {
  const result = await sql<{ id: string }>`
    update payment_transactions t
    set status = 'cancelled', failure_code = ${EXPIRED_FAILURE_CODE}, completed_at = t.session_expires_at, updated_at = t.session_expires_at, session_expires_at = null
    where t.id in (
      select id from payment_transactions p
      where ${sessionExpiredSql('p', now)}
        ${'playerId' in scope ? sql`and p.player_id = ${scope.playerId}` : sql``}
        ${scope.id === undefined ? sql`` : sql`and p.id = ${scope.id}`}
      order by p.id
      for update skip locked
    )
    and t.status = 'pending'
    returning t.id`.execute(db)
  return result.rows.length
}

/**
 * The provider accepted a deposit waiting for the player: its settlement is pending (the webhook
 * will say), so its session no longer expires. False when the session had already expired (or the
 * transaction ended): then nothing changes.
 */
export async function acceptPendingDeposit(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('payment_transactions')
    .set({ session_expires_at: null, updated_at: now })
    .where('id', '=', id)
    .where('type', '=', 'deposit')
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('session_expires_at', 'is', null), eb('session_expires_at', '>', now)]))
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}
