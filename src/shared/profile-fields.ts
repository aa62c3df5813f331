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

/**
 * The fields /profile/settings saves with account/saveProfileInfo. The others of the list have
 * their own calls: contacts (addcontact), currency (setCurrency), the nickname (changefakename);
 * login and password never change here.
 */
export const PROFILE_DATA_FIELDS = [
  'first_name',
  'middle_name',
  'last_name',
  'birth_date',
  'sex',
  'country_code',
  'region',
  'home_town',
  'address',
  'postcode',
  'document_type',
  'document_number',
] as const satisfies readonly ProfileFieldSysname[]
export type ProfileDataField = (typeof PROFILE_DATA_FIELDS)[number]

export const isProfileDataField = (sysname: string): sysname is ProfileDataField => (PROFILE_DATA_FIELDS as readonly string[]).includes(sysname)

/**
 * What identifies the player: once the identity is verified (or while it is being checked) these
 * stay as the documents showed them; a change goes through support.
 */
export const IDENTITY_FIELDS = ['first_name', 'middle_name', 'last_name', 'birth_date', 'country_code', 'document_type', 'document_number'] as const satisfies readonly ProfileDataField[]

export const isIdentityField = (sysname: string): boolean => (IDENTITY_FIELDS as readonly string[]).includes(sysname)

/** The nickname others see (leaderboards, chat) changes at most once in this many days. */
export const FAKENAME_CHANGE_DAYS = 30

/** When the nickname may change next: null when it may change now (never changed, or long enough ago). */
export function nextFakenameChange(changedAt: Date | null, now: Date): Date | null {
  if (!changedAt) return null
  const next = new Date(changedAt.getTime() + FAKENAME_CHANGE_DAYS * 86_400_000)
  return next > now ? next : null
}

/**
 * A Brazilian CPF: eleven digits, not all the same, whose last two are the mod-11 check digits of
 * the ones before (Receita Federal's rule). Dots and the dash of the printed form are allowed.
 */
export function isValidCpf(value: string): boolean {
  const text = value.trim()
  if (!/^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/.test(text)) return false
  const digits = text.replace(/\D/g, '').split('').map(Number)
  if (digits.every((d) => d === digits[0])) return false
  const check = (length: number) => {
    const sum = digits.slice(0, length).reduce((total, d, i) => total + d * (length + 1 - i), 0)
    const rest = (sum * 10) % 11
    return rest === 10 ? 0 : rest
  }
  return check(9) === digits[9] && check(10) === digits[10]
}

/** Players are adults: the latest birth date taken, reckoned in UTC so the form and the server agree. */
export function adultCutoff(now: Date, years = 18): Date {
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()))
}
