import { sql, type Kysely } from 'kysely'

/**
 * Contact confirmation and mailing lists (SPEC §2.1 /confirmation, /unsubscribe; §7 account
 * sendconfirmationtocontact, confirmContact, unsubscribe):
 * - contact_confirmations: the codes mailed to confirm a player's e-mail. Only a keyed hash of
 *   the code is kept (server/domain/account/contact-confirmation.ts), bound to the player and the
 *   address it was sent to; a code works once, until it expires or has been guessed wrong too often.
 * - mail_outbox.headers: extra mail headers (List-Unsubscribe for mailing-list mail).
 * - The cashier's confirm-contact button pointed to /profile/settings, which cannot confirm
 *   anything: a settings row still holding that link now points to /confirmation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_confirmations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // The e-mail address the code was sent to, lower case.
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull().check(sql`code_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`failed_attempts >= 0`))
    .execute()
  await db.schema.createIndex('contact_confirmations_player_idx').on('contact_confirmations').columns(['player_id', 'created_at']).execute()
  await sql`create index contact_confirmations_contact_idx on contact_confirmations (contact, created_at)`.execute(db)

  await db.schema.alterTable('mail_outbox').addColumn('headers', 'jsonb').execute()

  await sql`
    update settings
    set value = jsonb_set(value, '{confirm_contact,link}', '"/confirmation"'), updated_at = now()
    where key = 'cashier_withdraw_buttons' and value #>> '{confirm_contact,link}' = '/profile/settings'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    update settings
    set value = jsonb_set(value, '{confirm_contact,link}', '"/profile/settings"'), updated_at = now()
    where key = 'cashier_withdraw_buttons' and value #>> '{confirm_contact,link}' = '/confirmation'`.execute(db)
  await db.schema.alterTable('mail_outbox').dropColumn('headers').execute()
  await db.schema.dropTable('contact_confirmations').execute()
}
