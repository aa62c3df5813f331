import { sql, type Kysely } from 'kysely'

/**
 * Visits recorded by GET /hit (SPEC §7): where the visitor came from, the landing query, the
 * device fingerprint's session, and the traffic source's track ids (td_ prefix stripped). No IP:
 * a visit is for attribution, and the session row keeps what security needs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('visits')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('player_id', 'bigint', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('referrer', 'text', (c) => c.notNull())
    .addColumn('landing_search', 'text', (c) => c.notNull())
    .addColumn('seon_session', 'text')
    .addColumn('track_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute()
  await db.schema.createIndex('visits_created_at').on('visits').column('created_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('visits').ifExists().execute()
}
