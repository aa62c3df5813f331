import { sql, type Kysely } from 'kysely'
import type { RealityCheck } from '../../../src/services/api/contract/account'
import { minorToMajor } from '../../../src/shared/money'
import type { RealityCheckMinutes } from '../../../src/shared/reality-check'
import type { DB } from '../../db/schema'
import { requireCurrency } from '../wallet/currencies'

/**
 * The reality check (responsible gaming): at the player's interval the page shows how long this
 * session has lasted and what it has staked and got back in real money. The figures are the
 * ledger's, from the session's start (the login; a token rotation keeps it).
 */

/** Ledger kinds that give a stake's money back: a win, a refund, a returned stake, a jackpot. */
export const RETURN_KINDS = ['win', 'refund', 'rollback', 'jackpot'] as const

/** An e2e browser context's own interval, in seconds (testCookieSeconds), only under E2E_TEST_OVERRIDES. */
export const TEST_REALITY_CHECK_COOKIE = 'test_reality_check_seconds'


export async function readRealityCheck(
  db: Kysely<DB>,
  playerId: bigint,
  session: { startedAt: Date },
  now: Date,
  testSeconds: number | null = null,
): Promise<RealityCheck> {
  const account = await db.selectFrom('accounts').select(['currency', 'reality_check_minutes']).where('id', '=', playerId).executeTakeFirstOrThrow()
  const currency = await requireCurrency(db, account.currency)
  // Real money only: play money (the fun wallet) is not a result.
  const sums = await sql<{ stakes: string; returns: string }>`
    select
      coalesce(sum(-e.amount) filter (where e.kind = 'bet'), 0)::text as stakes,
      coalesce(sum(e.amount) filter (where e.kind in (${sql.join(RETURN_KINDS.map((k) => sql`${k}`))})), 0)::text as returns
    from ledger_entries e
    join wallets w on w.id = e.wallet_id
    where w.player_id = ${playerId} and w.currency = ${currency.code} and w.kind <> 'fun'
      and e.created_at >= ${session.startedAt}`.execute(db)
  const row = sums.rows[0]!
  const stakes = BigInt(row.stakes)
  const returns = BigInt(row.returns)
  const money = (minor: bigint) => ({ amount: minorToMajor(minor, currency.exponent), currency: currency.code })
  const minutes = account.reality_check_minutes
  return {
    interval_minutes: minutes,
    interval_seconds: minutes === null ? null : (testSeconds ?? minutes * 60),
    started_at: session.startedAt.toISOString(),
    played_seconds: Math.max(0, Math.floor((now.getTime() - session.startedAt.getTime()) / 1000)),
    stakes: money(stakes),
    returns: money(returns),
    net: money(returns - stakes),
  }
}

export async function setRealityCheckMinutes(db: Kysely<DB>, playerId: bigint, minutes: RealityCheckMinutes | null): Promise<void> {
  await db.updateTable('accounts').set({ reality_check_minutes: minutes }).where('id', '=', playerId).execute()
}
