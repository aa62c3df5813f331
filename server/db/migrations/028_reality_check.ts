import { sql, type Kysely } from 'kysely'

/**
 * The player's reality-check interval in minutes (responsible gaming): null when they want none.
 * The list is src/shared/reality-check.ts's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('reality_check_minutes', 'integer', (c) => c.check(sql`reality_check_minutes in (15, 30, 45, 60, 90, 120)`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('reality_check_minutes').execute()
}
