import type { Kysely } from 'kysely'
import type { Profile } from '../../../src/services/api/contract/account'
import type { DB } from '../../db/schema'
import { nextFakenameChange } from '../../../src/shared/profile-fields'

/**
 * The player's profile (SPEC §3 'Profile') with the parts asked for. Contacts are the login
 * e-mail and phone; the e-mail is confirmed once a mailed code was entered (or staff recorded it):
 * accounts.email_confirmed_at; a phone once an SMS code was entered: accounts.phone_confirmed_at.
 */
export async function readProfile(db: Kysely<DB>, playerId: bigint, fields: ReadonlySet<string>, now: Date): Promise<Profile | null> {
  const row = await db
    .selectFrom('accounts')
    .leftJoin('player_profiles', 'player_profiles.player_id', 'accounts.id')
    .select([
      'accounts.email',
      'accounts.phone',
      'accounts.phone_country_code',
      'accounts.country_code',
      'accounts.is_subscribed',
      'accounts.phone_subscribed',
      'accounts.email_confirmed_at',
      'accounts.phone_confirmed_at',
      'accounts.fakename_changed_at',
      'player_profiles.first_name',
      'player_profiles.middle_name',
      'player_profiles.last_name',
      'player_profiles.sex',
      'player_profiles.birth_date',
      'player_profiles.country',
      'player_profiles.region',
      'player_profiles.home_town',
      'player_profiles.address',
      'player_profiles.postcode',
      'player_profiles.document_type',
      'player_profiles.document_number',
    ])
    .where('accounts.id', '=', playerId)
    .executeTakeFirst()
  if (!row) return null
  const profile: Profile = {
    first_name: row.first_name ?? null,
    middle_name: row.middle_name ?? null,
    last_name: row.last_name ?? null,
    sex: row.sex ?? 0,
    birth_date: row.birth_date ?? null,
    country: row.country ?? null,
    country_code: row.country_code ?? null,
    region: row.region ?? null,
    home_town: row.home_town ?? null,
    address: row.address ?? null,
    postcode: row.postcode ?? null,
    fakename_next_change_at: nextFakenameChange(row.fakename_changed_at, now)?.toISOString() ?? null,
  }
  if (fields.has('document')) profile.document = { type: row.document_type ?? null, number: row.document_number ?? null }
  if (fields.has('contacts')) {
    profile.contacts = []
    if (row.email) profile.contacts.push({ type: 'email', contact: row.email, is_confirmed: row.email_confirmed_at !== null, is_subscribed: row.is_subscribed })
    if (row.phone) profile.contacts.push({ type: 'phone', contact: row.phone, is_confirmed: row.phone_confirmed_at !== null, is_subscribed: row.phone_subscribed, phone_country_code: row.phone_country_code ?? null })
  }
  return profile
}
