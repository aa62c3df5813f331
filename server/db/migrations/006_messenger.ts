import { sql, type Kysely } from 'kysely'

/**
 * Messenger mini-app sign-in (SPEC §4 'Messenger mini-app'): which account a messenger user is.
 * One row per (messenger, user id); the account is made on the first launch and found on every
 * later one. The username is kept as last seen, for support; it is not an identifier (users
 * change it), the numeric id is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('messenger_identities')
    // 'telegram' today; the column lets another messenger reuse the table.
    .addColumn('messenger', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull().check(sql`external_id ~ '^[1-9][0-9]{0,19}$'`))
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('username', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_auth_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('messenger_identities_pkey', ['messenger', 'external_id'])
    // One identity per messenger per account.
    .addUniqueConstraint('messenger_identities_player_key', ['messenger', 'player_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('messenger_identities').execute()
}
