import { sql, type Kysely } from 'kysely'

/**
 * Accounts issue: what registration, login, two-factor, password recovery, throttling and mail
 * need. Secrets are stored hashed wherever the server only has to recognise them again (recovery
 * codes, reset tokens); the TOTP secret stays readable (accounts.two_factor_secret, from 001),
 * because computing a code needs it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    // Digits only, with the dial code (SPEC §7 'phone' from the mobile field); a login identifier too.
    .addColumn('phone', 'text')
    .addColumn('phone_country_code', 'text')
    // SPEC §3 registration form: 1 betting, 0 casino.
    .addColumn('is_betting', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('character_id', 'integer')
    // Kept for the bonuses issue, which decides what a promo code entered at sign-up gives.
    .addColumn('registration_promo_code', 'text')
    // The last TOTP time step accepted: a code is good once, and never for an earlier step.
    .addColumn('two_factor_last_step', 'bigint')
    .addColumn('password_changed_at', 'timestamptz')
    .execute()
  await sql`create unique index accounts_phone_key on accounts (phone) where phone is not null`.execute(db)

  // SPEC §3 'Profile'. One row per player, made at registration; the profile issue edits it.
  await db.schema
    .createTable('player_profiles')
    .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('first_name', 'text')
    .addColumn('middle_name', 'text')
    .addColumn('last_name', 'text')
    // As the form sends it (SPEC §5 'Date'); the profile issue owns its format.
    .addColumn('birth_date', 'text')
    .addColumn('sex', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('country', 'text')
    .addColumn('region', 'text')
    .addColumn('home_town', 'text')
    .addColumn('address', 'text')
    .addColumn('postcode', 'text')
    .addColumn('document_type', 'text')
    .addColumn('document_number', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // One-time codes that stand in for a TOTP code; SHA-256 of the normalised code (80 random bits).
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull().check(sql`code_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('two_factor_recovery_codes_player_code_key', ['player_id', 'code_hash'])
    .execute()

  // Password-recovery links: SHA-256 of a 32-byte random token; single use, short-lived.
  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('password_reset_tokens_player_idx').on('password_reset_tokens').column('player_id').execute()

  // Throttling counters (login failures per account+IP and per IP, registrations per IP, ...).
  // In the database, not in memory, so that every instance sees the same counts (ARCHITECTURE §5).
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('blocked_until', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rate_limits_updated_idx').on('rate_limits').column('updated_at').execute()

  // Every mail the site sends is written here first; SMTP delivery (when configured) marks it sent.
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute()
  await db.schema.createIndex('mail_outbox_created_idx').on('mail_outbox').column('created_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['mail_outbox', 'rate_limits', 'password_reset_tokens', 'two_factor_recovery_codes', 'player_profiles']) {
    await db.schema.dropTable(table).execute()
  }
  await sql`drop index if exists accounts_phone_key`.execute(db)
  await db.schema
    .alterTable('accounts')
    .dropColumn('phone')
    .dropColumn('phone_country_code')
    .dropColumn('is_betting')
    .dropColumn('character_id')
    .dropColumn('registration_promo_code')
    .dropColumn('two_factor_last_step')
    .dropColumn('password_changed_at')
    .execute()
}
