import type { Kysely, Transaction } from 'kysely'
import { create } from 'superstruct'
import { ProfileFieldSchema, type ProfileFieldInfo } from '../../../src/services/api/contract/account'
import type { InvalidParameters } from '../../../src/shared/errors'
import { validateField, type RuleSpec } from '../../../src/shared/validation/rules'
import type { DB } from '../../db/schema'

/**
 * The per-country profile field lists (SPEC §3 'Profile field sysnames'), rows an operator edits in
 * profile_field_settings. A country without rows of its own gets the '*' list. Each row is checked
 * against the contract as it is read, so a mistyped row fails loudly instead of breaking the form.
 */

export const DEFAULT_FIELD_COUNTRY = '*'

type Db = Kysely<DB> | Transaction<DB>

async function rowsOf(db: Db, country: string) {
  return db
    .selectFrom('profile_field_settings')
    .select(['sysname', 'is_visible', 'is_required', 'type', 'options'])
    .where('country_code', '=', country)
    .orderBy('position')
    .orderBy('sysname')
    .execute()
}

/** The field list of a country (ISO alpha-2, any case), or the default list. */
export async function readProfileFields(db: Db, countryCode: string | null | undefined): Promise<ProfileFieldInfo[]> {
  const country = countryCode && /^[A-Za-z]{2}$/.test(countryCode) ? countryCode.toUpperCase() : null
  let rows = country ? await rowsOf(db, country) : []
  if (rows.length === 0) rows = await rowsOf(db, DEFAULT_FIELD_COUNTRY)
  return rows.map((row) =>
    create(
      {
        sysname: row.sysname,
        is_visible: row.is_visible,
        is_required: row.is_required,
        type: row.type,
        options: row.options ?? {},
      },
      ProfileFieldSchema,
    ),
  )
}

/** The registration parameter a field arrives in: only the mobile is renamed (SPEC §7: phone). */
const PARAM_OF: Partial<Record<ProfileFieldInfo['sysname'], string>> = { mobile: 'phone' }

/**
 * What the field list adds to the SPEC §5 checks (server/domain/auth/fields.ts) for one country:
 * a visible required field must be there; a value must match the field's regex option; a select's
 * value must be one of its choices. Fields that already failed keep their first error.
 */
export function checkAgainstFieldList(
  fields: readonly ProfileFieldInfo[],
  values: Readonly<Record<string, string | number | undefined>>,
  errors: InvalidParameters,
): void {
  for (const field of fields) {
    if (!field.is_visible) continue
    const param = PARAM_OF[field.sysname] ?? field.sysname
    if (errors[param]) continue
    const raw = values[param]
    const value = raw === undefined ? '' : String(raw).trim()
    if (value === '') {
      if (field.is_required && !(field.sysname === 'sex' && raw !== undefined)) errors[param] = [field.sysname === 'mobile' ? 'insertPhone' : 'required']
      continue
    }
    const rules: RuleSpec[] = []
    if (field.options.regex) rules.push({ rule: 'custom', pattern: field.options.regex })
    const error = rules.length ? validateField(value, rules, {}) : null
    if (error) {
      errors[param] = [error.messageId]
      continue
    }
    const list = field.options.list
    if ((field.type === 'select' || field.type === 'region' || field.type === 'country_code') && list && list.length > 0) {
      const wanted = field.sysname === 'currency' || field.type === 'country_code' ? value.toUpperCase() : value
      if (!list.some((choice) => choice.value === wanted)) errors[param] = ['invalid']
    }
  }
}
