// The pure rules of the phone form: the country's mask and rule (SPEC §5 'Phone'), what a paste
// means (matchPhoneCountry), and the E.164 number a code is sent to.
import { matchPhoneCountry, toE164, type PhoneCountry } from '../../../shared/validation/phone'
import { FIELD_RULES, mapServerErrors, validateField, type RuleSpec, type ValidationError } from '../../../shared/validation/rules'
import type { AuthFailure } from '../../auth/auth.types'
import type { Contact, ContactsContext, PhoneCountryInfo } from './contacts.types'

/** The contract's country as the phone module's. */
export const phoneCountryOf = (info: PhoneCountryInfo): PhoneCountry => ({ code: info.country_code, dialCode: info.phone_code, mask: info.mask })

export function selectedCountry(context: Pick<ContactsContext, 'countries' | 'country'>): PhoneCountry | null {
  const info = context.countries.find((c) => c.country_code === context.country)
  return info ? phoneCountryOf(info) : null
}

/** The number's error by the mobile rule of its country; null when it is good. */
export function phoneError(context: Pick<ContactsContext, 'countries' | 'country' | 'number'>): ValidationError | null {
  const country = selectedCountry(context)
  const rules = FIELD_RULES.mobile.map((spec): RuleSpec => (spec.rule === 'phone' ? { rule: 'phone', country } : spec))
  return validateField(context.number, rules)
}

/** A pasted number: its country and its national number through that country's mask; null when none fits. */
export function pastedPhone(context: Pick<ContactsContext, 'countries' | 'country'>, text: string): { country: string; number: string } | null {
  const match = matchPhoneCountry(text, { countries: context.countries.map(phoneCountryOf), preferred: context.country })
  return match ? { country: match.country.code, number: match.masked } : null
}

/** The number a code is sent to: +dial code and the national digits. */
export function e164(context: Pick<ContactsContext, 'countries' | 'country' | 'number'>): string {
  const country = selectedCountry(context)
  return country ? toE164(country, context.number) : context.number.replace(/[^\d+]/g, '')
}

/** The country the form starts with: the phone's own, else the player's, else the first. */
export function startCountry(context: Pick<ContactsContext, 'contacts' | 'countries' | 'defaultCountry'>): string {
  const phone = context.contacts?.find((c) => c.type === 'phone')
  const own = phone?.phone_country_code ?? context.defaultCountry
  return own && context.countries.some((c) => c.country_code === own) ? own : (context.countries[0]?.country_code ?? '')
}

export const phoneOf = (contacts: readonly Contact[] | null): Contact | null => contacts?.find((c) => c.type === 'phone') ?? null

/** The server's refusal of the number ('phone', 'taken', ...); null when it is not about it. */
export function numberRefusal(failure: AuthFailure): ValidationError | null {
  return mapServerErrors(failure.invalidParameters, failure.errorData, { fields: ['contact'] }).contact ?? null
}
