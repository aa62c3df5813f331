import { sql, type Kysely } from 'kysely'

/**
 * The first schema: currencies, players (accounts), their wallets and the ledger that every
 * movement of money is written to, server-side sessions and general settings.
 * Money is bigint minor units; a wallet's balance changes only together with a ledger entry.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('currencies')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[A-Z0-9]{3,10}$'`))
    .addColumn('exponent', 'smallint', (c) => c.notNull().check(sql`exponent between 0 and 18`))
    .execute()

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('fakename', 'text')
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('is_subscribed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_on_verification', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_kyc_block_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_registration_completed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('two_factor_secret', 'text')
    .addColumn('banned_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // Logins and e-mails are unique whatever their case: Demo@Example.com is demo@example.com.
  await sql`create unique index accounts_login_key on accounts (lower(login))`.execute(db)
  await sql`create unique index accounts_email_key on accounts (lower(email)) where email is not null`.execute(db)

  await db.schema
    .createTable('wallets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('main', 'bonus', 'betting_bonus', 'fun')`))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`balance >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('wallets_player_currency_kind_key', ['player_id', 'currency', 'kind'])
    .execute()

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('wallet_id', 'bigint', (c) => c.notNull().references('wallets.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('balance_after', 'bigint', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind ~ '^[a-z][a-z_]*$'`))
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('ref', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('ledger_entries_wallet_idx').on('ledger_entries').columns(['wallet_id', 'id']).execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`id ~ '^[0-9a-f]{64}$'`))
    .addColumn('player_id', 'bigint', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute()
  await db.schema.createIndex('sessions_player_idx').on('sessions').column('player_id').execute()
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute()

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['settings', 'sessions', 'ledger_entries', 'wallets', 'accounts', 'currencies']) {
    await db.schema.dropTable(table).execute()
  }
}
