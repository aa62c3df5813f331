import { sql, type Kysely } from 'kysely'

/**
 * Checkout sessions for the deposits that were waiting for the player before 014. 014
 * gave sessions only to deposits started after it, so a hosted page left open before then stayed
 * pending for good: never expiring, holding its share of the deposit limits for ever. This gives
 * each such deposit the session it would have had, so it expires by the usual rule
 * (server/domain/payments/sessions.ts); an old one reads as expired at once, having ended when
 * its session would have.
 *
 * Which rows: pending deposits without a session whose first answer (response, written with the
 * row) was a wait for the player (redirect, newwindow, mobile). A deposit the provider accepted at
 * once (answer 'pending') waits for its webhook and keeps no session, as 014 said. 014 left all old
 * rows alone because an accepted one cannot be told apart: before 014 the sandbox page's 'Pending'
 * wrote nothing. That case exists only with the sandbox provider, the only provider there is,
 * which never runs in production (test money only); there, a notice that comes after the session
 * is refused like any late one, and no money moves either way. Not giving old pages a session
 * would leave limits held without end, which players do notice.
 *
 * How long: 60 minutes from created_at, the default of cashier_deposit_session_minutes, not the
 * setting's current value. The setting applies to sessions started after it changes, and these
 * started before it existed; a migration also stays the same whatever the runtime rules become.
 *
 * down: nothing. A session set here cannot be told from one the app set since (the column is
 * 014's and stays), and keeping it is harmless.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update payment_transactions
    set session_expires_at = created_at + interval '60 minutes'
    where type = 'deposit' and status = 'pending' and session_expires_at is null
      and response ->> 'status' in ('redirect', 'newwindow', 'mobile')`.execute(db)
}

export async function down(): Promise<void> {}
