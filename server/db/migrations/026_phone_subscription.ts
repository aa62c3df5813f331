import type { Kysely } from 'kysely'

/**
 * News and offers per contact (SPEC §3 'Contact' is_subscribed, §7 account changeSubscription):
 * accounts.is_subscribed stays the e-mail's flag (the mailing list with its unsubscribe link), and
 * the phone gets a flag of its own. Off for everyone until the player turns it on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('phone_subscribed', 'boolean', (c) => c.notNull().defaultTo(false)).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('phone_subscribed').execute()
}
