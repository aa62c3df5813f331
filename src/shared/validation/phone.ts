// SPEC §5 phone: digits only, with a per-country mask; a pasted number picks its country by dial
// code and mask length. Masks use the SPEC §9 tokens and cover the national number only; the
// dial code is shown apart from them (the country select). The profile's phone-country option
// (country_code, phone_code, mask) can supply its own table in the same shape.
import { applyMask, maskSlotCount } from '../mask'

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2. */
  readonly code: string
  /** Digits only, without '+'. */
  readonly dialCode: string
  /** The national number's mask: '(###) ###-####'. */
  readonly mask: string
}

/**
 * Mobile formats, as players give a number that must receive an SMS. Order matters where dial
 * codes are shared: with nothing else to go on, +1 is the US and +7 Russia.
 */
export const PHONE_COUNTRIES: readonly PhoneCountry[] = Object.freeze([
  { code: 'US', dialCode: '1', mask: '(###) ###-####' },
  { code: 'CA', dialCode: '1', mask: '(###) ###-####' },
  { code: 'GB', dialCode: '44', mask: '#### ######' },
  { code: 'IE', dialCode: '353', mask: '## ### ####' },
  { code: 'DE', dialCode: '49', mask: '### ########' },
  { code: 'AT', dialCode: '43', mask: '### #######' },
  { code: 'NL', dialCode: '31', mask: '# ## ## ## ##' },
  { code: 'FR', dialCode: '33', mask: '# ## ## ## ##' },
  { code: 'ES', dialCode: '34', mask: '### ### ###' },
  { code: 'PT', dialCode: '351', mask: '### ### ###' },
  { code: 'IT', dialCode: '39', mask: '### ### ####' },
  { code: 'PL', dialCode: '48', mask: '### ### ###' },
  { code: 'UA', dialCode: '380', mask: '(##) ###-##-##' },
  { code: 'RU', dialCode: '7', mask: '(###) ###-##-##' },
  { code: 'KZ', dialCode: '7', mask: '(###) ###-##-##' },
  { code: 'TR', dialCode: '90', mask: '(###) ### ## ##' },
  { code: 'IN', dialCode: '91', mask: '##### #####' },
  { code: 'BR', dialCode: '55', mask: '(##) #####-####' },
  { code: 'MX', dialCode: '52', mask: '## #### ####' },
  { code: 'AR', dialCode: '54', mask: '# ## ####-####' },
  { code: 'CL', dialCode: '56', mask: '# #### ####' },
  { code: 'CO', dialCode: '57', mask: '### ### ####' },
  { code: 'PE', dialCode: '51', mask: '### ### ###' },
  { code: 'AU', dialCode: '61', mask: '### ### ###' },
] satisfies PhoneCountry[])

export function findPhoneCountry(
  code: string,
  countries: readonly PhoneCountry[] = PHONE_COUNTRIES,
): PhoneCountry | undefined {
  const upper = code.toUpperCase()
  return countries.find((c) => c.code === upper)
}

/** How many digits the country's national number has. */
export function phoneDigits(country: PhoneCountry): number {
  return maskSlotCount(country.mask)
}

/** Spaces, brackets, dots and hyphens: what masks and people put between digits. */
const SEPARATORS = /[\s().\-\u00A0]/g

export interface PhoneMatch {
  country: PhoneCountry
  /** The national number, digits only. */
  national: string
  /** The national number through the country's mask, for the input. */
  masked: string
}

export interface MatchPhoneOptions {
  countries?: readonly PhoneCountry[]
  /** The country already selected: breaks ties (+1) and claims a pasted number without a dial code. */
  preferred?: string
}

/**
 * Which country a pasted number belongs to. An international number ('+' or '00') is matched by
 * dial code, keeping the countries whose mask takes exactly the digits after it; a national trunk
 * '0' after the dial code is dropped ("+44 07700 900123"). Several matches: the longest dial code,
 * then `preferred`, then table order. Without '+' or '00', a number of the preferred country's
 * length is taken as national; otherwise the digits are tried as international. Null when none fits.
 */
export function matchPhoneCountry(pasted: string, options: MatchPhoneOptions = {}): PhoneMatch | null {
  const { countries = PHONE_COUNTRIES, preferred } = options
  const compact = pasted.trim().replace(SEPARATORS, '')
  const international = /^(\+|00)/.exec(compact)
  const digits = international ? compact.slice(international[0].length) : compact
  if (!/^\d+$/.test(digits)) return null

  const make = (country: PhoneCountry, national: string): PhoneMatch => ({
    country,
    national,
    masked: applyMask(national, country.mask),
  })

  const home = preferred ? findPhoneCountry(preferred, countries) : undefined
  if (!international && home && digits.length === phoneDigits(home)) return make(home, digits)

  let best: { country: PhoneCountry; national: string; rank: number[] } | null = null
  countries.forEach((country, index) => {
    if (!digits.startsWith(country.dialCode)) return
    let national = digits.slice(country.dialCode.length)
    let exact = 1
    if (national.length === phoneDigits(country) + 1 && national.startsWith('0')) {
      national = national.slice(1)
      exact = 0
    }
    if (national.length !== phoneDigits(country)) return
    // Compared left to right, higher wins.
    const rank = [exact, country.dialCode.length, country === home ? 1 : 0, -index]
    if (!best || compareRanks(rank, best.rank) > 0) best = { country, national, rank }
  })
  const found = best as { country: PhoneCountry; national: string } | null
  return found ? make(found.country, found.national) : null
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/** The E.164 form the API takes: '+' dial code national digits. */
export function toE164(country: PhoneCountry, national: string): string {
  return `+${country.dialCode}${national.replace(/\D/g, '')}`
}

/**
 * True when `value` is a phone number of `country`: its digits, optionally masked and optionally
 * after '+' and the dial code, fill the mask exactly. Without a country, an international number
 * must match a country of the table when its dial code is one of theirs, and otherwise be a
 * plausible E.164 number (8 to 15 digits); a national one 6 to 15 digits.
 */
export function isValidPhone(
  value: string,
  country?: PhoneCountry | null,
  countries: readonly PhoneCountry[] = PHONE_COUNTRIES,
): boolean {
  const compact = value.trim().replace(SEPARATORS, '')
  if (!/^\+?\d+$/.test(compact)) return false
  const plus = compact.startsWith('+')
  const digits = plus ? compact.slice(1) : compact
  if (country) {
    const slots = phoneDigits(country)
    if (plus) return digits.startsWith(country.dialCode) && digits.length - country.dialCode.length === slots
    return digits.length === slots
  }
  if (plus) {
    if (matchPhoneCountry(compact, { countries })) return true
    const known = countries.some((c) => digits.startsWith(c.dialCode))
    return !known && digits.length >= 8 && digits.length <= 15
  }
  return digits.length >= 6 && digits.length <= 15
}

/**
 * A stored phone (its digits, dial code first) as people read it: '+49 151 12345678', through the
 * mask of its country when the digits fit it; '+' and the digits otherwise.
 */
export function formatStoredPhone(digits: string, countryCode: string | null | undefined, countries: readonly PhoneCountry[] = PHONE_COUNTRIES): string {
  const country = countryCode ? findPhoneCountry(countryCode, countries) : undefined
  if (!country || !digits.startsWith(country.dialCode) || digits.length - country.dialCode.length !== phoneDigits(country)) return `+${digits}`
  return `+${country.dialCode} ${applyMask(digits.slice(country.dialCode.length), country.mask)}`
}
