import type { InvalidParameters } from '../../../src/shared/errors'
import {
  FIELD_RULES,
  matchPhoneCountry,
  PHONE_COUNTRIES,
  registrationFieldRules,
  validateField,
  type FieldRules,
  type PhoneCountry,
} from '../../../src/shared/validation/rules'
import { isCommonPassword } from './common-passwords'
import { adultCutoff } from '../../../src/shared/profile-fields'
export { adultCutoff }

/**
 * Server-side checks of auth form fields with the same SPEC §5 rules the forms run
 * (src/shared/validation), so a field the browser accepted is never refused for a different
 * reason. Errors are field -> [messageId], the codes the client's mapServerErrors turns back into
 * its own messages, plus 'common' for a common password.
 */

/** The rules of a field the registration form may leave empty: the shared ones minus 'required'. */
const optionalRules = (base: FieldRules): FieldRules => registrationFieldRules(base, {})

/** A form value without the spaces around it; undefined when nothing is left. */
export const trimmed = (value: string | undefined): string | undefined => {
  const t = value?.trim()
  return t ? t : undefined
}

/** Adds `field`'s first error, if any, to `errors`. */
export function checkField(errors: InvalidParameters, field: string, value: unknown, rules: FieldRules, values: Record<string, unknown> = {}): void {
  const error = validateField(value, rules, { values })
  if (error) errors[field] = [error.messageId]
}

/**
 * A new password: the SPEC §5 password rule, then not one of the 10,000 most common, nor the
 * player's own login or e-mail (NIST SP 800-63B §5.1.1.2's context-specific words).
 */
export function checkNewPassword(errors: InvalidParameters, password: string, context: readonly (string | null | undefined)[] = []): void {
  checkField(errors, 'password', password, FIELD_RULES.password)
  if (errors.password) return
  const lower = password.toLowerCase()
  const own = context.filter((c): c is string => !!c).flatMap((c) => [c.toLowerCase(), c.toLowerCase().split('@')[0]!])
  if (isCommonPassword(password) || own.includes(lower)) errors.password = ['common']
}

/** A phone-country parameter: an ISO code ('DE') or a dial code ('49', '+49'). */
export function phoneCountryOf(value: string | null | undefined): PhoneCountry | null {
  if (!value) return null
  const trimmed = value.trim()
  if (/^[A-Za-z]{2}$/.test(trimmed)) return PHONE_COUNTRIES.find((c) => c.code === trimmed.toUpperCase()) ?? null
  const dial = trimmed.replace(/^\+/, '')
  return /^\d{1,4}$/.test(dial) ? (PHONE_COUNTRIES.find((c) => c.dialCode === dial) ?? null) : null
}

/**
 * A phone number as stored and looked up: the digits of its E.164 form, dial code first. A
 * national number is given its country's dial code; a number matching no known country keeps
 * its digits as typed.
 */
export function normalizePhone(phone: string, country: PhoneCountry | null): string {
  const match = matchPhoneCountry(phone, country ? { preferred: country.code } : {})
  if (match) return `${match.country.dialCode}${match.national}`
  return phone.replace(/\D/g, '')
}

export interface RegistrationFields {
  login?: string
  email?: string
  phone?: string
  phone_country_code?: string
  password: string
  fakename?: string
  first_name?: string
  middle_name?: string
  last_name?: string
  birth_date?: string
  sex?: number
  home_town?: string
  address?: string
  postcode?: string
  document_type?: string
  document_number?: string
  country_code?: string
}


/**
 * SPEC §5 registration: the login (defaulted from e-mail or phone by the caller) is required, the
 * password too; every profile field is optional here (the profile params that could make one
 * required are not served yet) and checked by its rule when given.
 */
export function validateRegistration(fields: RegistrationFields, now: Date): InvalidParameters {
  const errors: InvalidParameters = {}
  // A login with an '@' is an e-mail address (one logs in with it, and recovery mails it), so it
  // keeps the e-mail rule too: no markup or other text a mail server would refuse.
  checkField(errors, 'login', fields.login, [...FIELD_RULES.login, { rule: 'maxLength', max: 254 }, ...(fields.login?.includes('@') ? [{ rule: 'email' } as const] : [])])
  // The rule's own messageId ('emailChars', 'emailTooLong', ...), so the form says which rule failed.
  checkField(errors, 'email', fields.email, [{ rule: 'email' }])
  if (fields.phone !== undefined) {
    checkField(errors, 'phone', fields.phone, [{ rule: 'phone', country: phoneCountryOf(fields.phone_country_code) }])
  }
  checkNewPassword(errors, fields.password, [fields.login, fields.email])
  checkField(errors, 'fakename', fields.fakename, optionalRules(FIELD_RULES.fakename))
  checkField(errors, 'first_name', fields.first_name, optionalRules(FIELD_RULES.first_name))
  checkField(errors, 'middle_name', fields.middle_name, optionalRules(FIELD_RULES.middle_name))
  checkField(errors, 'last_name', fields.last_name, optionalRules(FIELD_RULES.last_name))
  checkField(errors, 'birth_date', fields.birth_date, [{ rule: 'date', max: adultCutoff(now) }])
  if (fields.sex !== undefined && fields.sex !== 0) checkField(errors, 'sex', fields.sex, FIELD_RULES.sex)
  checkField(errors, 'home_town', fields.home_town, optionalRules(FIELD_RULES.home_town))
  checkField(errors, 'address', fields.address, optionalRules(FIELD_RULES.address))
  checkField(errors, 'postcode', fields.postcode, optionalRules(FIELD_RULES.postcode))
  checkField(errors, 'document_type', fields.document_type, optionalRules(FIELD_RULES.document_type))
  checkField(errors, 'document_number', fields.document_number, optionalRules(FIELD_RULES.document_number))
  if (fields.country_code !== undefined && !/^[A-Za-z]{2}$/.test(fields.country_code)) errors.country_code = ['invalid']
  return errors
}
