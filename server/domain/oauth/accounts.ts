import { randomBytes } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Locale } from '../../../src/shared/locales'
import { WALLET_KINDS, type DB } from '../../db/schema'
import { DEFAULT_CURRENCY, readSettings } from '../settings/settings'
import { ensureWallet } from '../wallet/ledger'

/**
 * Who a verified provider identity is on our side (SPEC §4 'Social login').
 *
 * - An identity seen before logs its player in.
 * - A new identity while a player is logged in is linked to that player.
 * - Otherwise a new player is made. The provider's e-mail is never used to find an existing
 *   account: a provider saying "this is ada@example.com" does not prove the person owns our
 *   account of that address, and trusting it would hand accounts over. The e-mail becomes the new
 *   account's login and e-mail when no other account uses it.
 *
 * A new account has no password (the stored hash '!' is not an argon2 hash, so no password ever
 * matches it; password recovery can set one) and is_registration_completed false: the player has
 * not chosen a currency nor accepted the terms yet, which the socialRegistration view asks for.
 */

/** Not an argon2 hash: verifyPassword answers false for every password. */
export const NO_PASSWORD = '!'

export interface ProviderIdentity {
  provider: string
  subject: string
  email: string | null
  emailVerified: boolean
  name: string | null
  givenName: string | null
  familyName: string | null
}

export interface LinkResult {
  playerId: bigint
  /** A new account was made: its registration needs completing. */
  created: boolean
}

type Db = Kysely<DB> | Transaction<DB>

async function defaultCurrency(db: Db): Promise<string> {
  const settings = await readSettings(db as Kysely<DB>, ['default_currency'])
  const wanted = typeof settings.default_currency === 'string' ? settings.default_currency : DEFAULT_CURRENCY
  const known = await db.selectFrom('currencies').select('code').where('code', '=', wanted).executeTakeFirst()
  return known ? wanted : DEFAULT_CURRENCY
}

async function isUsed(db: Db, value: string): Promise<boolean> {
  const lower = value.toLowerCase()
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where((eb) => eb.or([eb(sql`lower(login)`, '=', lower), eb(sql`lower(email)`, '=', lower)]))
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export async function linkOrCreatePlayer(
  db: Kysely<DB>,
  input: { identity: ProviderIdentity; currentPlayerId: bigint | null; locale: Locale; now: Date },
): Promise<LinkResult> {
  const { identity, now } = input
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const known = await trx
          .selectFrom('oauth_identities')
          .select(['id', 'player_id'])
          .where('provider', '=', identity.provider)
          .where('subject', '=', identity.subject)
          .executeTakeFirst()
        if (known) {
          await trx.updateTable('oauth_identities').set({ last_login_at: now, email: identity.email }).where('id', '=', known.id).execute()
          return { playerId: known.player_id, created: false }
        }
        const link = (playerId: bigint) =>
          trx
            .insertInto('oauth_identities')
            .values({ provider: identity.provider, subject: identity.subject, player_id: playerId, email: identity.email, created_at: now, last_login_at: now })
            .execute()
        if (input.currentPlayerId !== null) {
          await link(input.currentPlayerId)
          return { playerId: input.currentPlayerId, created: false }
        }

        const email = identity.email && identity.emailVerified && !(await isUsed(trx, identity.email)) ? identity.email.trim() : null
        const login = email ?? `${identity.provider}-${randomBytes(5).toString('hex')}`
        const currency = await defaultCurrency(trx)
        const { id } = await trx
          .insertInto('accounts')
          .values({
            login,
            email,
            // Only an address the provider says it verified is kept, so it counts as confirmed.
            email_confirmed_at: email ? now : null,
            password_hash: NO_PASSWORD,
            fakename: null,
            locale: input.locale,
            country_code: null,
            currency,
            is_subscribed: false,
            is_registration_completed: false,
            phone: null,
            phone_country_code: null,
            character_id: null,
            registration_promo_code: null,
            password_changed_at: null,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('player_profiles')
          .values({
            player_id: id,
            first_name: identity.givenName ?? identity.name?.split(' ')[0] ?? null,
            middle_name: null,
            last_name: identity.familyName ?? (identity.name?.includes(' ') ? identity.name.slice(identity.name.indexOf(' ') + 1) : null),
            birth_date: null,
            country: null,
            region: null,
            home_town: null,
            address: null,
            postcode: null,
            document_type: null,
            document_number: null,
            updated_at: now,
          })
          .execute()
        for (const kind of WALLET_KINDS) await ensureWallet(trx, id, currency, kind)
        await link(id)
        return { playerId: id, created: true }
      })
    } catch (err) {
      // Two callbacks for the same new identity at once: the unique (provider, subject) or login
      // index stopped the second; the next round finds what the first made.
      if ((err as { code?: string }).code === '23505' && attempt < 2) continue
      throw err
    }
  }
}
