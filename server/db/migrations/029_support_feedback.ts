import { sql, type Kysely } from 'kysely'

/**
 * The support page's feedback (support/sendFeedback): every message kept as sent, with who sent it
 * (a player, or a visitor's address) and from where; it is also mailed to SUPPORT_EMAIL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('support_feedback')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('support_feedback_created').on('support_feedback').column('created_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('support_feedback').execute()
}
