import { sql, type Kysely } from 'kysely'

/**
 * Social login (SPEC §2.3, §4 'Social login', §7): the OpenID Connect authorization-code flow with
 * PKCE, and the development identity provider that demo runs the whole flow with offline.
 *
 * - oauth_states: one row per started login (GET /oauth/init), found again by the SHA-256 of its
 *   `state`; it keeps the PKCE verifier and the nonce server-side, the browser binding (SHA-256 of
 *   a cookie set at init, so a flow started in one browser cannot be finished in another) and where
 *   to go afterwards. Single use (used_at), ten minutes long.
 * - oauth_identities: (provider, subject) -> player. A provider's `sub` is its stable id for the
 *   person; the e-mail it reports is kept for display only and never used to find an account.
 * - dev_idp_*: the development identity provider's signing key and its authorization codes, in the
 *   database rather than in memory so that every instance sees them (ARCHITECTURE §5 scale-out).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey().check(sql`state_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('binding_hash', 'text', (c) => c.notNull().check(sql`binding_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    // Where the window goes when it has no opener to report to (SPEC §7 redirect_url); checked at init.
    .addColumn('return_to', 'text')
    .addColumn('type_auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('oauth_states_expires_idx').on('oauth_states').column('expires_at').execute()

  await db.schema
    .createTable('oauth_identities')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_login_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('oauth_identities_provider_subject_key', ['provider', 'subject'])
    .execute()
  await db.schema.createIndex('oauth_identities_player_idx').on('oauth_identities').column('player_id').execute()

  await db.schema
    .createTable('dev_idp_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    // The private key as a JWK. Development only: the provider is refused in production (config.ts).
    .addColumn('private_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('dev_idp_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey().check(sql`code_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['dev_idp_codes', 'dev_idp_keys', 'oauth_identities', 'oauth_states']) {
    await db.schema.dropTable(table).execute()
  }
}
