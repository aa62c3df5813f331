import { sql, type Kysely } from 'kysely'

/**
 * Every change to settings, including an operator's own UPDATE in psql, is announced on the
 * channel settings_changed_<schema>: each server instance LISTENs there and drops its in-memory
 * copy (server/domain/settings/cache.ts). One notification per statement; PostgreSQL delivers it
 * on commit and folds duplicates within a transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function settings_notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('settings_changed_' || tg_table_schema, '');
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger settings_notify_change
    after insert or update or delete or truncate on settings
    for each statement execute function settings_notify_change()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists settings_notify_change on settings`.execute(db)
  await sql`drop function if exists settings_notify_change()`.execute(db)
}
