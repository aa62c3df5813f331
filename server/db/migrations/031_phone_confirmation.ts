import type { Kysely } from 'kysely'
import { sql } from 'kysely'

/**
 * Phones are confirmed like e-mails (a code, by SMS): accounts.phone_confirmed_at. Text messages go
 * through the same outbox as mail, told apart by its channel, so the development mailbox shows
 * both and the outbox stays the one record of what the site sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('phone_confirmed_at', 'timestamptz').execute()
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('email').check(sql`channel in ('email', 'sms')`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('channel').execute()
  await db.schema.alterTable('accounts').dropColumn('phone_confirmed_at').execute()
}
