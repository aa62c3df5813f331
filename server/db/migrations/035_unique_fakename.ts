import { sql, type Kysely } from 'kysely'

/**
 * One nickname per player in any letter case, held by the database, so two registrations or changes
 * at the same instant cannot both take it. Older rows that already share one keep the first
 * holder's; the later holders get their id appended, which they can change at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update accounts set fakename = left(fakename, 40) || '-' || id::text, fakename_changed_at = null
    where id in (
      select id from (
        select id, row_number() over (partition by lower(fakename) order by id) as n from accounts where fakename is not null
      ) ranked where n > 1
    )`.execute(db)
  await sql`drop index if exists accounts_fakename_lower`.execute(db)
  await sql`create unique index accounts_fakename_lower_key on accounts (lower(fakename)) where fakename is not null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists accounts_fakename_lower_key`.execute(db)
  await sql`create index accounts_fakename_lower on accounts (lower(fakename)) where fakename is not null`.execute(db)
}
