// The pure rules of the personal details form: which fields show, their SPEC §5 rules with the
// country's options, what a save sends, and how the server's refusals land on fields. The chart
// and the selectors both call these, so what the view shows and what the chart decides agree.
import { adultCutoff, IDENTITY_FIELDS, isProfileDataField, isValidCpf, PROFILE_DATA_FIELDS, type ProfileDataField } from '../../../shared/profile-fields'
import { FIELD_RULES, mapServerErrors, parseDate, registrationFieldRules, validateForm, type FieldRules, type FormErrors, type FormSchema, type ValidationError } from '../../../shared/validation/rules'
import type { AuthFailure } from '../../auth/auth.types'
import type { Profile, ProfileField, ProfileValues } from './profile-settings.types'

export const EMPTY_VALUES: ProfileValues = Object.freeze(Object.fromEntries(PROFILE_DATA_FIELDS.map((f) => [f, ''])) as Record<ProfileDataField, string>)

/** The fields of the list this form edits, in the list's order: visible ones among PROFILE_DATA_FIELDS. */
export function shownFields(fields: readonly ProfileField[] | null): readonly ProfileField[] {
  return (fields ?? []).filter((f) => f.is_visible && isProfileDataField(f.sysname))
}

/** The values of a profile as the form holds them. */
export function valuesOf(profile: Profile): ProfileValues {
  return {
    first_name: profile.first_name ?? '',
    middle_name: profile.middle_name ?? '',
    last_name: profile.last_name ?? '',
    birth_date: profile.birth_date ?? '',
    sex: profile.sex === 1 || profile.sex === 2 ? String(profile.sex) : '',
    country_code: profile.country_code ?? '',
    region: profile.region ?? '',
    home_town: profile.home_town ?? '',
    address: profile.address ?? '',
    postcode: profile.postcode ?? '',
    document_type: profile.document?.type ?? '',
    document_number: profile.document?.number ?? '',
  }
}

function baseRules(sysname: ProfileDataField): FieldRules {
  const known = (FIELD_RULES as Readonly<Record<string, FieldRules>>)[sysname]
  return known ?? [{ rule: 'required' }, { rule: 'text' }]
}

/** Each shown field's rules: required per the list, its regex option; birth dates 18 years back or more. */
export function settingsSchema(fields: readonly ProfileField[] | null, now: Date): FormSchema {
  const schema: Record<string, FieldRules> = {}
  for (const field of shownFields(fields)) {
    const sysname = field.sysname as ProfileDataField
    if (sysname === 'country_code') continue
    const rules = registrationFieldRules(baseRules(sysname), { is_required: field.is_required, regex: field.options.regex ?? null })
    schema[sysname] = sysname === 'birth_date' ? rules.map((spec) => (spec.rule === 'date' ? { rule: 'date', max: adultCutoff(now) } : spec)) : rules
  }
  return schema
}

/** Every error of the form; a CPF is also checked for its check digits, as the server does. */
export function validateSettings(fields: readonly ProfileField[] | null, values: ProfileValues, now: Date): FormErrors {
  const errors: Record<string, FormErrors[string]> = { ...validateForm(values, settingsSchema(fields, now)) }
  const shown = new Set(shownFields(fields).map((f) => f.sysname))
  if (shown.has('document_number') && !errors.document_number && values.document_type.toLowerCase() === 'cpf' && values.document_number.trim() !== '' && !isValidCpf(values.document_number)) {
    errors.document_number = { rule: 'server', messageId: 'invalid', values: { code: 'cpf' } }
  }
  return errors
}

/** A date refusal of a day that exists is the 18+ bound (the form's or the server's): the player is too young. */
export function isUnderAge(error: ValidationError | undefined, birthDate: string): boolean {
  return error?.messageId === 'date' && parseDate(birthDate) !== null
}

export const hasErrors = (errors: FormErrors): boolean => Object.values(errors).some(Boolean)

/** What a save sends: every shown field, empty ones left out (SPEC §7 drops them, and so clears them). */
export function savePayload(fields: readonly ProfileField[] | null, values: ProfileValues): Partial<Record<ProfileDataField, string>> {
  const payload: Partial<Record<ProfileDataField, string>> = {}
  for (const field of shownFields(fields)) {
    const sysname = field.sysname as ProfileDataField
    const value = values[sysname].trim()
    if (value !== '' && !(sysname === 'sex' && value === '0')) payload[sysname] = value
  }
  return payload
}

/** Something shown differs from what the server has. */
export function isDirty(fields: readonly ProfileField[] | null, values: ProfileValues, saved: ProfileValues): boolean {
  return values.country_code !== saved.country_code || shownFields(fields).some((f) => values[f.sysname as ProfileDataField].trim() !== saved[f.sysname as ProfileDataField].trim())
}

/**
 * A field the player may not change here: an identity field of a verified player that holds a
 * value (one the documents showed). An empty one may still be filled in.
 */
export function isLocked(sysname: string, identityLocked: boolean, saved: ProfileValues): boolean {
  return identityLocked && (IDENTITY_FIELDS as readonly string[]).includes(sysname) && (saved[sysname as keyof ProfileValues] ?? '').trim() !== ''
}

/**
 * After a country's list arrived (SPEC §4, as registration): a region or document type that is not
 * among the new choices goes to the first one.
 */
export function applyCountry(values: ProfileValues, countryCode: string, fields: readonly ProfileField[]): ProfileValues {
  const pick = (sysname: 'region' | 'document_type'): string => {
    const field = fields.find((f) => f.sysname === sysname)
    const list = field?.options.list ?? []
    if (!field || list.length === 0) return values[sysname]
    return list.some((c) => c.value === values[sysname]) ? values[sysname] : (list[0]?.value ?? '')
  }
  return { ...values, country_code: countryCode, region: pick('region'), document_type: pick('document_type') }
}

/** The server's refusals on the fields the form shows; null when none of them can be placed. */
export function mapSaveFailure(failure: AuthFailure, fields: readonly ProfileField[] | null): FormErrors | null {
  const names = shownFields(fields).map((f) => f.sysname)
  const mapped = mapServerErrors(failure.invalidParameters, failure.errorData, { fields: names })
  const placed: FormErrors = Object.fromEntries(Object.entries(mapped).filter(([name]) => names.includes(name as ProfileField['sysname'])))
  return hasErrors(placed) ? placed : null
}
