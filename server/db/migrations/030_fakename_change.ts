import { sql, type Kysely } from 'kysely'

/**
 * The nickname's last change (account/changefakename allows one per FAKENAME_CHANGE_DAYS), and an
 * index to find a nickname in any case, since two players may not share one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('fakename_changed_at', 'timestamptz').execute()
  await sql`create index accounts_fakename_lower on accounts (lower(fakename)) where fakename is not null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists accounts_fakename_lower`.execute(db)
  await db.schema.alterTable('accounts').dropColumn('fakename_changed_at').execute()
}
