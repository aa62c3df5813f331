import type { Kysely } from 'kysely'
import type { ProfileDataField } from '../../../src/shared/profile-fields'
import type { DB } from '../../db/schema'
import { readProfileFields } from '../registration/field-settings'

/** The profile's data columns, as a select of accounts joined with player_profiles reads them. */
export const PROFILE_DATA_COLUMNS = [
  'player_profiles.first_name',
  'player_profiles.middle_name',
  'player_profiles.last_name',
  'player_profiles.birth_date',
  'player_profiles.sex',
  'player_profiles.region',
  'player_profiles.home_town',
  'player_profiles.address',
  'player_profiles.postcode',
  'player_profiles.document_type',
  'player_profiles.document_number',
] as const

/**
 * Which of `required` the player has not given. A field their country's list does not show is
 * not asked: /profile/settings could never offer it, so the player could never give it. Those in
 * `alwaysAsked` count whatever the list shows.
 */
export async function missingProfileFields(
  db: Kysely<DB>,
  playerId: bigint,
  required: readonly ProfileDataField[],
  alwaysAsked: readonly ProfileDataField[] = [],
): Promise<ProfileDataField[]> {
  if (required.length === 0) return []
  const row = await db
    .selectFrom('accounts')
    .leftJoin('player_profiles', 'player_profiles.player_id', 'accounts.id')
    .select(['accounts.country_code', ...PROFILE_DATA_COLUMNS])
    .where('accounts.id', '=', playerId)
    .executeTakeFirstOrThrow()
  const shown = new Set((await readProfileFields(db, row.country_code)).filter((f) => f.is_visible).map((f) => f.sysname))
  return required.filter((field) => {
    if (!shown.has(field) && !alwaysAsked.includes(field)) return false
    // Sex 0 is "not said" (SPEC §3).
    const value = field === 'sex' ? row.sex || null : row[field]
    return value === null || value === undefined || String(value).trim() === ''
  })
}
