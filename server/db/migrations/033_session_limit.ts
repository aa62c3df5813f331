import { sql, type Kysely } from 'kysely'

/**
 * The session-time limit (account/setSessionLimit): minutes a session may last, and a raise or a
 * removal waiting out its cooling-off (scheduled_at; scheduled_minutes null is a removal).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const minutes = sql`in (30, 60, 120, 240, 480)`
  await db.schema
    .alterTable('accounts')
    .addColumn('session_limit_minutes', 'integer', (c) => c.check(sql`session_limit_minutes ${minutes}`))
    .addColumn('session_limit_scheduled_minutes', 'integer', (c) => c.check(sql`session_limit_scheduled_minutes ${minutes}`))
    .addColumn('session_limit_scheduled_at', 'timestamptz')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('session_limit_scheduled_at').dropColumn('session_limit_scheduled_minutes').dropColumn('session_limit_minutes').execute()
}
