import { sql, type Kysely } from 'kysely'

/**
 * A time-out (24 hours to 6 weeks) blocks like a self-exclusion, in the same columns; the kind says
 * which the player chose, for the words at login. Every block recorded before is a self-exclusion.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('self_exclusion_kind', 'text', (c) => c.notNull().defaultTo('self_exclusion').check(sql`self_exclusion_kind in ('self_exclusion', 'timeout')`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('self_exclusion_kind').execute()
}
