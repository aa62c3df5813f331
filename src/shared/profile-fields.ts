// SPEC §3 'Profile field sysnames' and the field types of the per-country field list: one list for
// the API contract (which validates it on both sides) and the registration flow (which types it).

export const PROFILE_FIELD_SYSNAMES = [
  'first_name',
  'middle_name',
  'last_name',
  'birth_date',
  'sex',
  'mobile',
  'country',
  'postcode',
  'home_town',
  'address',
  'country_code',
  'document_type',
  'document_number',
  'region',
  'email',
  'login',
  'currency',
  'phone_country_code',
  'fakename',
] as const
export type ProfileFieldSysname = (typeof PROFILE_FIELD_SYSNAMES)[number]

export const PROFILE_FIELD_TYPES = ['input', 'password', 'date', 'select', 'country_code', 'region', 'phone'] as const
export type ProfileFieldType = (typeof PROFILE_FIELD_TYPES)[number]
