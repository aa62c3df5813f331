import { sql, type Kysely } from 'kysely'
import type { SaveProfileParams } from '../../../src/services/api/contract/profile'
import type { InvalidParameters } from '../../../src/shared/errors'
import { adultCutoff, IDENTITY_FIELDS, isProfileDataField, isValidCpf, nextFakenameChange, type ProfileDataField } from '../../../src/shared/profile-fields'
import { FIELD_RULES, formatDateDMY, parseDate, registrationFieldRules } from '../../../src/shared/validation/rules'
import type { DB } from '../../db/schema'
import { FieldErrors } from '../auth/errors'
import { checkField, trimmed } from '../auth/fields'
import { checkAgainstFieldList, readProfileFields } from '../registration/field-settings'
import { PROFILE_DATA_COLUMNS } from './profile-completeness'

/**
 * The player's own corner of /profile/settings (SPEC §7 saveProfileInfo, changefakename): the
 * personal details by the country's field list, and the nickname with its once-a-month rule.
 */

/** The nickname changed less than FAKENAME_CHANGE_DAYS ago. */
export class FakenameTooSoonError extends Error {
  override name = 'FakenameTooSoonError'
  constructor(readonly nextChangeAt: Date) {
    super('The nickname changed recently')
  }
}

type TextField = Exclude<ProfileDataField, 'sex'>

/** A birth date as kept: dd.mm.yyyy, whatever form it came in (registration keeps what was typed). */
const normalDate = (text: string | null | undefined): string | null => {
  const date = text ? parseDate(text) : null
  return date ? formatDateDMY(date) : (text ?? null)
}

/** The same value for the identity lock: dates by their day, the rest as trimmed text. */
const sameValue = (field: ProfileDataField, a: string | number | null | undefined, b: string | number | null | undefined): boolean => {
  if (field === 'birth_date') return normalDate(a === undefined || a === null ? null : String(a)) === normalDate(b === undefined || b === null ? null : String(b))
  const norm = (v: string | number | null | undefined) => (v === undefined || v === null ? '' : String(v).trim().toUpperCase())
  return norm(a) === norm(b)
}

const RULES: Record<TextField, Parameters<typeof checkField>[3]> = {
  first_name: registrationFieldRules(FIELD_RULES.first_name, {}),
  middle_name: registrationFieldRules(FIELD_RULES.middle_name, {}),
  last_name: registrationFieldRules(FIELD_RULES.last_name, {}),
  birth_date: [],
  country_code: [],
  region: [{ rule: 'text' }],
  home_town: registrationFieldRules(FIELD_RULES.home_town, {}),
  address: registrationFieldRules(FIELD_RULES.address, {}),
  postcode: registrationFieldRules(FIELD_RULES.postcode, {}),
  document_type: registrationFieldRules(FIELD_RULES.document_type, {}),
  document_number: registrationFieldRules(FIELD_RULES.document_number, {}),
}

/**
 * Saves the details of the country's list (the one sent, else the player's): each visible data
 * field takes the value sent, an absent one is cleared, and the rest keep theirs. Everything is
 * checked before anything is written; a refusal throws FieldErrors and changes nothing.
 */
export async function saveProfile(db: Kysely<DB>, playerId: bigint, params: SaveProfileParams, now: Date): Promise<void> {
  const account = await db
    .selectFrom('accounts')
    .leftJoin('player_profiles', 'player_profiles.player_id', 'accounts.id')
    .select([
      'accounts.country_code',
      'accounts.is_verified',
      'accounts.is_on_verification',
      ...PROFILE_DATA_COLUMNS,
    ])
    .where('accounts.id', '=', playerId)
    .executeTakeFirstOrThrow()

  const country = params.country_code?.toUpperCase() ?? account.country_code
  const list = (await readProfileFields(db, country)).filter((f) => f.is_visible && isProfileDataField(f.sysname))
  const shown = new Set(list.map((f) => f.sysname as ProfileDataField))
  const errors: InvalidParameters = {}
  if (params.country_code !== undefined && !shown.has('country_code')) errors.country_code = ['invalid']

  const values: Partial<Record<ProfileDataField, string | number | undefined>> = {}
  for (const field of shown) {
    if (field === 'sex') values.sex = params.sex !== undefined && params.sex !== 0 ? params.sex : undefined
    else if (field === 'country_code') values.country_code = country ?? undefined
    else values[field] = trimmed(params[field])
  }

  for (const field of shown) {
    if (field === 'sex' || field === 'country_code') continue
    checkField(errors, field, values[field], RULES[field])
  }
  if (shown.has('birth_date')) checkField(errors, 'birth_date', values.birth_date, [{ rule: 'date', max: adultCutoff(now) }])
  if (values.sex !== undefined) checkField(errors, 'sex', values.sex, FIELD_RULES.sex)
  // Required fields, the regex options and the choices of selects, as the registration form has them.
  checkAgainstFieldList(list, values, errors)
  const cpf = typeof values.document_type === 'string' && values.document_type.toLowerCase() === 'cpf'
  if (cpf && typeof values.document_number === 'string' && !errors.document_number && !isValidCpf(values.document_number)) errors.document_number = ['cpf']

  // Verified, or being checked: the identity stays as the documents showed it; a part of it that
  // was never given may still be filled in.
  if (account.is_verified || account.is_on_verification) {
    const stored: Partial<Record<ProfileDataField, string | number | null>> = { ...account, country_code: account.country_code }
    for (const field of IDENTITY_FIELDS) {
      const kept = stored[field]
      if (!shown.has(field) || kept === null || kept === undefined || String(kept).trim() === '') continue
      if (!sameValue(field, values[field], kept)) errors[field] = ['locked']
    }
  }
  if (Object.keys(errors).length) throw new FieldErrors(errors)

  const text = (field: TextField): string | null => {
    const value = values[field]
    if (typeof value !== 'string') return null
    if (field === 'birth_date') return normalDate(value)
    if (field === 'document_number' && cpf) return value.replace(/\D/g, '')
    return value
  }
  const row: Record<string, string | number | null> = {}
  for (const field of shown) {
    if (field === 'country_code') continue
    row[field] = field === 'sex' ? ((values.sex as number | undefined) ?? 0) : text(field)
  }
  await db.transaction().execute(async (trx) => {
    if (shown.has('country_code') && country !== account.country_code) {
      await trx.updateTable('accounts').set({ country_code: country }).where('id', '=', playerId).execute()
    }
    await trx
      .insertInto('player_profiles')
      .values({ player_id: playerId, ...row, updated_at: now })
      .onConflict((oc) => oc.column('player_id').doUpdateSet({ ...row, updated_at: now }))
      .execute()
  })
}

/**
 * A new nickname: SPEC §5's rule, nobody else's in any case, and not within FAKENAME_CHANGE_DAYS of
 * the last change. The same name again changes nothing and starts no wait.
 */
export async function changeFakename(db: Kysely<DB>, playerId: bigint, fakename: string, now: Date): Promise<void> {
  const name = fakename.trim()
  const errors: InvalidParameters = {}
  checkField(errors, 'fakename', name, FIELD_RULES.fakename)
  if (Object.keys(errors).length) throw new FieldErrors(errors)
  await db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('accounts').select(['fakename', 'fakename_changed_at']).where('id', '=', playerId).forUpdate().executeTakeFirstOrThrow()
    if (account.fakename === name) return
    const next = nextFakenameChange(account.fakename_changed_at, now)
    if (next) throw new FakenameTooSoonError(next)
    const other = await trx
      .selectFrom('accounts')
      .select('id')
      .where(sql<string>`lower(fakename)`, '=', name.toLowerCase())
      .where('id', '!=', playerId)
      .executeTakeFirst()
    if (other) throw new FieldErrors({ fakename: ['taken'] })
    await trx.updateTable('accounts').set({ fakename: name, fakename_changed_at: now }).where('id', '=', playerId).execute()
  }).catch((err: unknown) => {
    // Two players asking for one name at once: the unique index lets one have it.
    if (isFakenameTaken(err)) throw new FieldErrors({ fakename: ['taken'] })
    throw err
  })
}

/** A write refused by the one-nickname-per-player index (migration 035). */
export function isFakenameTaken(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null
  return e?.code === '23505' && (e.constraint ?? e.message ?? '').includes('fakename')
}
