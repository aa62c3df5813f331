import { sql, type Kysely } from 'kysely'

/**
 * Web push (docs/push.md): the browsers a player let us notify (each push service's endpoint with
 * the browser's keys), which kinds of notice the player wants by push, and every notice sent (the
 * record, as mail_outbox is mail's). A subscription belongs to one player: a browser passed to
 * another login moves with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique().check(sql`length(endpoint) <= 2048`))
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_sent_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('push_subscriptions_player_idx').on('push_subscriptions').column('player_id').execute()
  await db.schema
    .alterTable('accounts')
    .addColumn('push_topics', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{security,payments}'`))
    .execute()
  await db.schema
    .createTable('push_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('devices', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // Payments whose push notice is done (sent, or not wanted): the sender's job finds the rest by
  // the partial index. Those that ended before push existed count as done.
  await db.schema.alterTable('payment_transactions').addColumn('push_noticed_at', 'timestamptz').execute()
  await sql`update payment_transactions set push_noticed_at = coalesce(completed_at, created_at) where status <> 'pending' and status <> 'approved'`.execute(db)
  await sql`create index payment_transactions_push_pending_idx on payment_transactions (completed_at) where push_noticed_at is null and status = 'success'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists payment_transactions_push_pending_idx`.execute(db)
  await db.schema.alterTable('payment_transactions').dropColumn('push_noticed_at').execute()
  await db.schema.dropTable('push_outbox').execute()
  await db.schema.alterTable('accounts').dropColumn('push_topics').execute()
  await db.schema.dropTable('push_subscriptions').execute()
}
