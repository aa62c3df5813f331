import { sql, type Kysely } from 'kysely'

/**
 * Account security: the two-factor secret a player is setting up (not active until confirmed with
 * a code), the ban type beside 001's banned_at, and self-exclusion (SPEC §9 periods; no end date
 * means permanent). A player is self-excluded while self_excluded_at is set and the end, if any,
 * is still ahead; nothing has to run when the period ends.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('two_factor_pending_secret', 'text')
    .addColumn('ban_type', 'text', (c) => c.check(sql`ban_type ~ '^[a-z][a-z_]{0,31}$'`))
    .addColumn('self_excluded_at', 'timestamptz')
    .addColumn('self_excluded_until', 'timestamptz')
    .execute()
  await sql`alter table accounts add constraint accounts_self_exclusion_check check (self_excluded_until is null or self_excluded_at is not null)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table accounts drop constraint if exists accounts_self_exclusion_check`.execute(db)
  await db.schema
    .alterTable('accounts')
    .dropColumn('two_factor_pending_secret')
    .dropColumn('ban_type')
    .dropColumn('self_excluded_at')
    .dropColumn('self_excluded_until')
    .execute()
}
