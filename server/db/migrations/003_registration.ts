import { sql, type Kysely } from 'kysely'

/**
 * Registration issue: the per-country profile field list of the registration form (SPEC §3
 * 'Profile field sysnames', GET account/getPersonalDataFields), campaigns with their promo codes
 * (SPEC §4 'Promo code', POST campaigns/checkPromocode, GET campaigns/getoffers) and the record of
 * which player redeemed which code. An operator edits all of them in the database; the seed fills
 * the demo values.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per (country, field). country_code '*' is the list of every country without rows of
  // its own. Rows are ordered by position; options is SPEC §3's { mask, list, regex }.
  await db.schema
    .createTable('profile_field_settings')
    .addColumn('country_code', 'text', (c) => c.notNull().check(sql`country_code = '*' or country_code ~ '^[A-Z]{2}$'`))
    .addColumn('sysname', 'text', (c) => c.notNull().check(sql`sysname ~ '^[a-z_]{2,32}$'`))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('input', 'password', 'date', 'select', 'country_code', 'region', 'phone')`),
    )
    .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('profile_field_settings_pkey', ['country_code', 'sysname'])
    .execute()

  // SPEC §3 'Offer/campaign'. Texts are per locale: { "en": "...", "es": "..." }.
  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('sysname', 'text', (c) => c.notNull().unique().check(sql`sysname ~ '^[a-z0-9_-]{1,64}$'`))
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'jsonb', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // Codes are stored upper-case and matched case-insensitively ('welcome100' is WELCOME100).
  // A code is good while active, inside its window and under its use limit.
  await db.schema
    .createTable('promo_codes')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code = upper(code) and code ~ '^[A-Z0-9_-]{1,64}$'`))
    .addColumn('campaign_id', 'bigint', (c) => c.references('campaigns.id').onDelete('set null'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('starts_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('max_uses', 'integer', (c) => c.check(sql`max_uses is null or max_uses > 0`))
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`used_count >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('promo_codes_uses_check', sql`max_uses is null or used_count <= max_uses`)
    .execute()

  // Who redeemed which code, and where (registration today; the cashier's activateOffer later).
  await db.schema
    .createTable('promo_code_redemptions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().references('promo_codes.code'))
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('registration', 'activation')`))
    .addColumn('redeemed_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('promo_code_redemptions_code_player_key', ['code', 'player_id'])
    .execute()
  await db.schema.createIndex('promo_code_redemptions_player_idx').on('promo_code_redemptions').column('player_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['promo_code_redemptions', 'promo_codes', 'campaigns', 'profile_field_settings']) {
    await db.schema.dropTable(table).execute()
  }
}
