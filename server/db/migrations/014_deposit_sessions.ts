import { sql, type Kysely } from 'kysely'

/**
 * Checkout sessions of deposits: payment_transactions.session_expires_at, when the
 * provider's session of a deposit waiting for the player ends (the hosted page, its new window or
 * the hand-off to the phone). A deposit in that state that the player never completes is cancelled
 * with failure_code 'expired' once this time has passed (server/domain/payments/sessions.ts), so
 * it stops holding its share of the deposit limits. Null: nothing waits for the player, i.e. the
 * deposit ended, or the provider accepted it and its settlement is pending (waiting for the
 * webhook), which never expires this way.
 *
 * Rows from before this migration keep null: their data cannot tell a page the player left from a
 * payment the provider accepted as pending, and cancelling the latter would refuse money paid.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_transactions').addColumn('session_expires_at', 'timestamptz').execute()
  await db.schema.alterTable('payment_transactions').addCheckConstraint('payment_transactions_session_deposit', sql`session_expires_at is null or type = 'deposit'`).execute()
  await sql`create index payment_transactions_session_idx on payment_transactions (player_id, session_expires_at) where status = 'pending' and session_expires_at is not null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists payment_transactions_session_idx`.execute(db)
  await db.schema.alterTable('payment_transactions').dropConstraint('payment_transactions_session_deposit').execute()
  await db.schema.alterTable('payment_transactions').dropColumn('session_expires_at').execute()
}
