// SPEC §5 validation rules: one pure module for every form and for the server (ARCHITECTURE §1).
// A rule returns null when the value is valid, or a ValidationError naming a stable messageId that
// messages.ts turns into a translatable descriptor. Nothing here formats or translates, so the
// server can run the same rules without Lingui.
//
// Emptiness is the required rule's call alone: every format rule passes an empty value, so an
// optional field may stay empty and a required one reports "required", not "wrong email".
import {
  CODE_LENGTH,
  NICKNAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  POSTCODE_MAX_LENGTH,
  PROMO_CODE_MIN_LENGTH,
  YEAR_LENGTH,
} from '../constants'
import { maxAmount } from '../amount-limits'
import { isDecimalString, parseDecimal, type Decimal } from '../money'
import { parseWholeAmount, wholeAmountExample } from '../whole-amount'
import { isValidCryptoAddress, type CryptoNetwork } from './crypto-address'
import { isValidIban } from './iban'
import { findPhoneCountry, isValidPhone, PHONE_COUNTRIES, type PhoneCountry } from './phone'

export { matchPhoneCountry, PHONE_COUNTRIES, type PhoneCountry } from './phone'

import { charCount, checkMaxLength, checkMinLength, checkRequired, fail, isEmpty, toText, type FieldValue, type MessageValues, type RequiredOptions, type RuleResult, type ValidationError } from './core'
import { isMessageId, RULE_NAMES, type MessageId } from './names'

export { checkMaxLength, checkMinLength, checkRequired, isEmpty } from './core'
export { isMessageId, MESSAGE_IDS } from './names'
export type { FieldValue, MessageValues, RequiredOptions, RuleResult, ValidationError } from './core'
export type { MessageId, RuleName } from './names'

/**
 * A RegExp from a rule option or a server-supplied string ("^[0-9]{5}$" or "/^\d+$/i"). A global
 * or sticky flag is dropped because test() would then remember where it stopped. A pattern that
 * does not compile is ignored (null) rather than blocking every player on a config typo.
 */
export function toRegExp(pattern: RegExp | string): RegExp | null {
  let source: string
  let flags: string
  if (pattern instanceof RegExp) {
    source = pattern.source
    flags = pattern.flags
  } else {
    const literal = /^\/(.*)\/([a-z]*)$/s.exec(pattern)
    source = literal ? literal[1]! : pattern
    flags = literal ? literal[2]! : ''
  }
  flags = flags.replace(/[gy]/g, '')
  for (const candidate of flags.includes('u') || flags.includes('v') ? [flags] : [`${flags}u`, flags]) {
    try {
      return new RegExp(source, candidate)
    } catch {
      // try the next flags, then give up
    }
  }
  return null
}

// ── Numbers and sums ────────────────────────────────────────────────────────

/** A bound as config gives it: 100, "100", "1,000", "10.50". */
export type Amount = number | string

function toDecimal(amount: Amount): Decimal | null {
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.replace(/,/g, '').trim()
  return isDecimalString(text) ? parseDecimal(text) : null
}

function scaled(d: Decimal, scale: number): bigint {
  const units = d.units * 10n ** BigInt(scale - d.scale)
  return d.negative ? -units : units
}

function compareDecimals(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale)
  const x = scaled(a, scale)
  const y = scaled(b, scale)
  return x < y ? -1 : x > y ? 1 : 0
}

function isMultiple(value: Decimal, step: Decimal): boolean {
  const scale = Math.max(value.scale, step.scale)
  const s = scaled(step, scale)
  return s === 0n || scaled(value, scale) % s === 0n
}

/** A bound as the message shows it: commas stripped, the way the comparison read it. */
function boundText(amount: Amount): string {
  return typeof amount === 'number' ? String(amount) : amount.replace(/,/g, '').trim()
}

export interface SumOptions {
  min?: Amount
  /** The largest amount; never above the currency's shared maximum (amount-limits.ts) when a currency is given. */
  max?: Amount
  /** The amount must be a multiple of this (a bet step, a withdrawal unit). */
  multipleOf?: Amount
  /**
   * Carried into the message values so the view can format the bounds as money; it also caps `max`
   * at the currency's shared maximum, the one the server applies too.
   */
  currency?: string
}

/**
 * Thousands commas removed only where they group by threes ("1,000,000"): any other comma, a
 * decimal one like "10,5" included, stays and makes the value invalid instead of a bigger number.
 */
function ungroup(text: string): string {
  return /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : text
}

/** The lower of a form's own maximum and the currency's shared one. */
function effectiveMax(options: SumOptions): Amount | undefined {
  const cap = options.currency ? maxAmount(options.currency) : null
  if (cap === null) return options.max
  const own = options.max === undefined ? null : toDecimal(options.max)
  return own !== null && compareDecimals(own, parseDecimal(cap)) <= 0 ? options.max : cap
}

/**
 * SPEC §5 sum: digits only, no leading zero, a whole number (commas grouping by threes are dropped first);
 * then within min and max, reported with both bounds when both are set ("sumRange") so the view
 * can show them in the currency; then the multiple-of rule. Anything else is the generic
 * wrong-value message.
 */
export function checkSum(value: FieldValue, options: SumOptions = {}): RuleResult {
  const text = ungroup(toText(value).trim())
  if (text === '') return null
  if (!/^(0|[1-9]\d*)$/.test(text)) return fail('sum', 'invalid')
  const amount = parseDecimal(text)
  const maxBound = effectiveMax(options)
  const min = options.min === undefined ? null : toDecimal(options.min)
  const max = maxBound === undefined ? null : toDecimal(maxBound)
  const currency: Record<string, string> = options.currency ? { currency: options.currency } : {}
  const below = min !== null && compareDecimals(amount, min) < 0
  const above = max !== null && compareDecimals(amount, max) > 0
  if (below || above) {
    if (min !== null && max !== null) {
      return fail('sum', 'sumRange', { min: boundText(options.min!), max: boundText(maxBound!), ...currency })
    }
    return below
      ? fail('sum', 'minValue', { min: boundText(options.min!), ...currency })
      : fail('sum', 'maxValue', { max: boundText(maxBound!), ...currency })
  }
  const step = options.multipleOf === undefined ? null : toDecimal(options.multipleOf)
  if (step !== null && !isMultiple(amount, step)) {
    return fail('sum', 'multipleOf', { value: boundText(options.multipleOf!), ...currency })
  }
  return null
}

/**
 * SPEC §5 sum for a deposit or withdrawal amount as the player typed it in `locale`
 * (src/shared/whole-amount.ts): a whole amount, grouped as the locale groups or not at all, then
 * checkSum's bounds on its digits. Anything else, decimals in any notation included, is
 * 'wholeAmount' with an example of the form, never read as another number. Empty passes (the
 * required rule's call).
 */
export function checkWholeAmount(value: FieldValue, locale: string, options: SumOptions = {}): RuleResult {
  const parsed = parseWholeAmount(toText(value), locale)
  if (!parsed.ok) return parsed.reason === 'required' ? null : fail('sum', 'wholeAmount', { example: wholeAmountExample(locale), reason: parsed.reason })
  return checkSum(parsed.amount, options)
}

function numericValue(value: FieldValue): Decimal | null | 'empty' {
  const text = ungroup(toText(value).trim())
  if (text === '') return 'empty'
  return isDecimalString(text) ? parseDecimal(text) : null
}

/** A number (decimals allowed, commas stripped) of at least `min`. */
export function checkMinValue(value: FieldValue, min: Amount): RuleResult {
  const n = numericValue(value)
  const bound = toDecimal(min)
  if (n === 'empty' || bound === null) return null
  if (n === null) return fail('minValue', 'invalid')
  return compareDecimals(n, bound) < 0 ? fail('minValue', 'minValue', { min: boundText(min) }) : null
}

/** A number (decimals allowed, commas stripped) of at most `max`. */
export function checkMaxValue(value: FieldValue, max: Amount): RuleResult {
  const n = numericValue(value)
  const bound = toDecimal(max)
  if (n === 'empty' || bound === null) return null
  if (n === null) return fail('maxValue', 'invalid')
  return compareDecimals(n, bound) > 0 ? fail('maxValue', 'maxValue', { max: boundText(max) }) : null
}

/** SPEC §5: the amount-not-multiple-of rule ("Value is not multiple of {value}"). */
export function checkMultipleOf(value: FieldValue, step: Amount): RuleResult {
  const n = numericValue(value)
  const s = toDecimal(step)
  if (n === 'empty' || s === null) return null
  if (n === null) return fail('multipleOf', 'invalid')
  return isMultiple(n, s) ? null : fail('multipleOf', 'multipleOf', { value: boundText(step) })
}

// ── Names and addresses ─────────────────────────────────────────────────────

// SPEC §5 lists the forbidden characters. "quote" is the double quote (and its typographic forms):
// the apostrophe stays allowed, or O'Brien could not register.
const NAME_FORBIDDEN = /[\p{Nd}@_"“”„!?#$%^&*(){}[\]|/\\<>~§+:;`\p{Cc}]/u
const ADDRESS_FORBIDDEN = /[@_"“”„!?#$%^&*(){}[\]\\<>~§+:;`\p{Cc}]/u
const SHORT_NAME = /^[\p{L}\p{M}\s'’-]+$/u
const LETTER = /\p{L}/u

/** First or last name: none of SPEC §5's forbidden characters, and at least one letter. */
export function checkName(value: FieldValue): RuleResult {
  const text = toText(value).trim()
  if (text === '') return null
  return NAME_FORBIDDEN.test(text) || !LETTER.test(text) ? fail('name', 'name') : null
}

/** The shorter variant: letters, spaces, hyphens and apostrophes only. */
export function checkShortName(value: FieldValue): RuleResult {
  const text = toText(value).trim()
  if (text === '') return null
  return SHORT_NAME.test(text) && LETTER.test(text) ? null : fail('shortName', 'name')
}

/** As a name, but digits, '|' and '/' are allowed ("Main St 12/3"). */
export function checkAddress(value: FieldValue): RuleResult {
  const text = toText(value).trim()
  if (text === '') return null
  return ADDRESS_FORBIDDEN.test(text) || !/[\p{L}\p{N}]/u.test(text) ? fail('address', 'address') : null
}

/** Letters, spaces, dot, apostrophe and hyphen, in any script: "J. O'Neil-Smith", "Zoë". */
export function checkCardHolder(value: FieldValue): RuleResult {
  const text = toText(value).trim()
  if (text === '') return null
  return /^[\p{L}\p{M} .'’-]+$/u.test(text) && LETTER.test(text) ? null : fail('cardHolder', 'cardHolder')
}

/**
 * Nickname: letters and digits only (no comma, underscore, space, quotes, hyphen or other
 * punctuation), at least NICKNAME_MIN_LENGTH of them. Wrong characters are reported before the
 * length, as they are what the player must change.
 */
export function checkFakename(value: FieldValue): RuleResult {
  const text = toText(value).trim()
  if (text === '') return null
  if (!/^[\p{L}\p{M}\p{N}]+$/u.test(text)) return fail('fakename', 'fakename')
  return charCount(text) < NICKNAME_MIN_LENGTH ? fail('fakename', 'minLength', { min: NICKNAME_MIN_LENGTH }) : null
}

// ── Dates ───────────────────────────────────────────────────────────────────

/** A day in the calendar, with no time zone to shift it: birth dates are not instants. */
export interface CalendarDate {
  year: number
  month: number
  day: number
}

/** A bound: 'dd.mm.yyyy', 'yyyy-mm-dd', a CalendarDate, or a Date read in UTC (so server and client agree). */
export type DateBound = string | Date | CalendarDate

function isRealDate(year: number, month: number, day: number): boolean {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  return days !== undefined && day >= 1 && day <= days
}

/**
 * 'dd.mm.yyyy' as the player types it (SPEC §9; the separator may be any of . , ' -), or the API's
 * ISO 'yyyy-mm-dd'. The year has exactly four digits. Null for anything else or a day that does
 * not exist (31.02).
 */
export function parseDate(text: string): CalendarDate | null {
  const trimmed = text.trim()
  const dmy = new RegExp(`^(\\d{1,2})[.,'-](\\d{1,2})[.,'-](\\d{${YEAR_LENGTH}})$`).exec(trimmed)
  const iso = dmy ? null : new RegExp(`^(\\d{${YEAR_LENGTH}})-(\\d{2})-(\\d{2})$`).exec(trimmed)
  if (!dmy && !iso) return null
  const [year, month, day] = dmy
    ? [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])]
    : [Number(iso![1]), Number(iso![2]), Number(iso![3])]
  // Four digits means 1000 to 9999: "0990" is a typo, not the tenth century.
  return year >= 10 ** (YEAR_LENGTH - 1) && isRealDate(year, month, day) ? { year, month, day } : null
}

function toCalendarDate(bound: DateBound): CalendarDate | null {
  if (typeof bound === 'string') return parseDate(bound)
  if (bound instanceof Date) {
    return Number.isNaN(bound.getTime())
      ? null
      : { year: bound.getUTCFullYear(), month: bound.getUTCMonth() + 1, day: bound.getUTCDate() }
  }
  return bound
}

function dateKey(d: CalendarDate): number {
  return d.year * 10_000 + d.month * 100 + d.day
}

const pad2 = (n: number) => String(n).padStart(2, '0')

/** dd.mm.yyyy, as dates are shown (SPEC §9). */
export function formatDateDMY(date: CalendarDate): string {
  return `${pad2(date.day)}.${pad2(date.month)}.${String(date.year).padStart(4, '0')}`
}

/** yyyy-mm-dd, as the API takes a birth date. */
export function toIsoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${pad2(date.month)}-${pad2(date.day)}`
}

export interface DateOptions {
  min?: DateBound
  /** Not later than this (a birth date at least 18 years back). */
  max?: DateBound
}

/**
 * SPEC §5 date: only digits, comma, dot, apostrophe and hyphen; a four-digit year; a day that
 * exists; within min and max, inclusive. The bounds come back in the values as dd.mm.yyyy.
 */
export function checkDate(value: FieldValue, options: DateOptions = {}): RuleResult {
  const text = toText(value).trim()
  if (text === '') return null
  const min = options.min === undefined ? null : toCalendarDate(options.min)
  const max = options.max === undefined ? null : toCalendarDate(options.max)
  const values = {
    ...(min ? { min: formatDateDMY(min) } : {}),
    ...(max ? { max: formatDateDMY(max) } : {}),
  }
  const date = /^[\d.,'-]+$/.test(text) ? parseDate(text) : null
  if (!date) return fail('date', 'date', values)
  if ((min && dateKey(date) < dateKey(min)) || (max && dateKey(date) > dateKey(max))) return fail('date', 'date', values)
  return null
}

// ── Choices ─────────────────────────────────────────────────────────────────

/** SPEC §3: sex is a number and 0 is "not set". */
export const SEX_VALUES = [1, 2] as const

export interface SexOptions {
  /** The choices (compared as text, so "1" from a select equals 1). */
  values?: readonly (string | number)[]
  /** An optional sex field may stay unset; by default it must be set (SPEC §5). */
  optional?: boolean
}

/** Must be set (0, empty and null are unset) to one of the allowed values. */
export function checkSex(value: FieldValue, options: SexOptions = {}): RuleResult {
  const { values = SEX_VALUES, optional = false } = options
  const text = toText(value).trim()
  if (text === '' || text === '0') return optional ? null : fail('sex', 'sex')
  return values.some((v) => String(v) === text) ? null : fail('sex', 'sex')
}

const CHECKED = new Set(['true', '1', 'on', 'yes'])

/** Must be checked: terms when they are active (SPEC §5). Accepts true and the form encodings of it. */
export function checkCheckbox(value: FieldValue): RuleResult {
  return value === true || CHECKED.has(toText(value).trim().toLowerCase()) ? null : fail('checkbox', 'checkbox')
}

// ── Contacts ────────────────────────────────────────────────────────────────

/** The longest address mail servers take (RFC 5321's 256-octet path less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254
/** RFC 5321's limit on the part before the '@'. */
export const EMAIL_LOCAL_MAX_LENGTH = 64
/** What the WHATWG "valid e-mail address" (HTML's type=email) allows before the '@' besides letters and digits. */
export const EMAIL_LOCAL_SYMBOLS = ".!#$%&'*+/=?^_`{|}~-"
const EMAIL_LOCAL_CHAR = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]$/
/** A WHATWG domain label: letters, digits and inner hyphens, at most 63. */
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/

/**
 * SPEC §5 e-mail: one '@', no spaces, a domain of 2 or 3 labels; before the '@' only what the
 * HTML e-mail rule allows (ASCII letters, digits and EMAIL_LOCAL_SYMBOLS), so every address we
 * accept is one a mail server takes. Each refusal names what is wrong, longest first: a player
 * who pasted a paragraph needs "too long" before anything else. `chars` lists the offending
 * characters once each, for callers that show them.
 */
export function checkEmail(value: FieldValue): RuleResult {
  const text = toText(value).trim()
  if (text === '') return null
  if (charCount(text) > EMAIL_MAX_LENGTH) return fail('email', 'emailTooLong', { max: EMAIL_MAX_LENGTH })
  if (/\s/u.test(text)) return fail('email', 'emailSpaces')
  const parts = text.split('@')
  if (parts.length !== 2) return fail('email', 'emailAt')
  const [local, domain] = parts as [string, string]
  if (local === '') return fail('email', 'emailLocal')
  const offending = [...new Set(Array.from(local).filter((ch) => !EMAIL_LOCAL_CHAR.test(ch)))]
  if (offending.length) return fail('email', 'emailChars', { allowed: EMAIL_LOCAL_SYMBOLS, chars: offending.join(' ') })
  if (local.length > EMAIL_LOCAL_MAX_LENGTH) return fail('email', 'emailLocalTooLong', { max: EMAIL_LOCAL_MAX_LENGTH })
  const labels = domain.split('.')
  if (labels.length < 2 || labels.length > 3 || !labels.every((label) => DOMAIN_LABEL.test(label))) return fail('email', 'emailDomain')
  return null
}

export interface PhoneOptions {
  /** The selected country (ISO code or a row from the profile's phone-country option). */
  country?: string | PhoneCountry | null
  countries?: readonly PhoneCountry[]
}

/**
 * Digits only (spaces, brackets and hyphens of the mask aside), as many as the country's mask
 * takes, optionally after '+' and its dial code. See isValidPhone for a number without a country.
 */
export function checkPhone(value: FieldValue, options: PhoneOptions = {}): RuleResult {
  const text = toText(value).trim()
  if (text === '') return null
  const countries = options.countries ?? PHONE_COUNTRIES
  const country = typeof options.country === 'string' ? findPhoneCountry(options.country, countries) : options.country
  return isValidPhone(text, country ?? null, countries) ? null : fail('phone', 'phone')
}

// ── Secrets and codes ───────────────────────────────────────────────────────

/** Printable ASCII without the space: letters, digits and the keyboard's symbols. */
const PASSWORD_CHAR = /^[\x21-\x7E]$/

export interface PasswordOptions {
  min?: number
  /** null: no maximum (SPEC §5 "minimum 6 in another" reading). */
  max?: number | null
}

/**
 * SPEC §5 password: only allowed characters, listing the offending ones once each in the message
 * ({chars}); then between min and max long (6 and 20 by default).
 */
export function checkPassword(value: FieldValue, options: PasswordOptions = {}): RuleResult {
  const text = toText(value)
  if (text === '') return null
  const { min = PASSWORD_MIN_LENGTH, max = PASSWORD_MAX_LENGTH } = options
  const offending = [...new Set(Array.from(text).filter((ch) => !PASSWORD_CHAR.test(ch)))]
  if (offending.length) return fail('password', 'passwordChars', { chars: offending.join(' ') })
  const length = charCount(text)
  if (length < min) return fail('password', 'minLength', { min })
  if (max !== null && length > max) return fail('password', 'maxLength', { max })
  return null
}

/** Equal to another field's value (password confirmation); compared as typed, not trimmed. */
export function checkSameAs(value: FieldValue, other: FieldValue): RuleResult {
  return toText(value) === toText(other) ? null : fail('sameAs', 'sameAs')
}

/** A numeric code: exactly CODE_LENGTH digits (the two-factor code "must contain 6 digits"). */
export function checkCode(value: FieldValue, length: number = CODE_LENGTH): RuleResult {
  const text = toText(value).trim()
  if (text === '') return null
  return new RegExp(`^\\d{${length}}$`).test(text) ? null : fail('code', 'code', { length })
}

// ── Payments ────────────────────────────────────────────────────────────────

/** Luhn (mod 10) over a string of digits. */
export function luhnCheck(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** A saved card as the cashier lists it: first 6 and last 4 digits around three dots. */
const MASKED_CARD = /^\d{6}\.{3}\d{4}$/

/**
 * SPEC §5 card number: a saved card ('411111...1111'), the literal 'new' (the "new card" choice
 * of a card select), or 13 to 19 digits (spaces and hyphens between groups allowed) passing Luhn.
 */
export function checkCardNumber(value: FieldValue): RuleResult {
  const text = toText(value).trim()
  if (text === '' || text === 'new' || MASKED_CARD.test(text)) return null
  const digits = text.replace(/[\s-]/g, '')
  return /^\d{13,19}$/.test(digits) && luhnCheck(digits) ? null : fail('cardNumber', 'cardNumber')
}

export function checkIban(value: FieldValue): RuleResult {
  const text = toText(value).trim()
  return text === '' || isValidIban(text) ? null : fail('iban', 'iban')
}

export interface CryptoAddressOptions {
  /** The network whose address format applies; without one, any known network's format passes. */
  network?: CryptoNetwork
}

/** A crypto address of the method's network (crypto-address.ts); empty passes, as every format rule. */
export function checkCryptoAddress(value: FieldValue, options: CryptoAddressOptions = {}): RuleResult {
  const text = toText(value).trim()
  if (text === '') return null
  const networks: CryptoNetwork[] = options.network ? [options.network] : ['bitcoin', 'ethereum', 'tron']
  return networks.some((n) => isValidCryptoAddress(text, n)) ? null : fail('cryptoAddress', 'cryptoAddress')
}

export interface PostcodeOptions {
  /** The country's own pattern; by default 1 to POSTCODE_MAX_LENGTH digits. */
  pattern?: RegExp | string
}

export function checkPostcode(value: FieldValue, options: PostcodeOptions = {}): RuleResult {
  const text = toText(value).trim()
  if (text === '') return null
  const re = (options.pattern !== undefined && toRegExp(options.pattern)) || new RegExp(`^\\d{1,${POSTCODE_MAX_LENGTH}}$`)
  return re.test(text) ? null : fail('postcode', 'postcode')
}

export interface PromoCodeOptions {
  /** Registration with the promo field on: at least PROMO_CODE_MIN_LENGTH characters. */
  required?: boolean
}

/** SPEC §5: the server decides whether a promo code exists, so the client only checks presence. */
export function checkPromoCode(value: FieldValue, options: PromoCodeOptions = {}): RuleResult {
  return options.required && charCount(toText(value).trim()) < PROMO_CODE_MIN_LENGTH ? fail('promoCode', 'required') : null
}

// ── Custom and text ─────────────────────────────────────────────────────────

export interface CustomOptions {
  /** The value (as text) must match; an empty value passes. */
  pattern?: RegExp | string
  /** Truthy means valid: a flag, or a function of the value and the whole form. */
  valid?: unknown
  messageId?: MessageId
}

export function checkCustom(value: FieldValue, options: CustomOptions, values: Readonly<Record<string, unknown>> = {}): RuleResult {
  const messageId = options.messageId ?? 'regex'
  if ('valid' in options) {
    const ok = typeof options.valid === 'function' ? (options.valid as (v: unknown, all: typeof values) => unknown)(value, values) : options.valid
    if (!ok) return fail('custom', messageId)
  }
  if (options.pattern !== undefined) {
    const text = toText(value)
    const re = toRegExp(options.pattern)
    if (text.trim() !== '' && re && !re.test(text)) return fail('custom', messageId)
  }
  return null
}

export interface TextOptions {
  /** The field's regex option (registration profile params). */
  pattern?: RegExp | string
  noSpaces?: boolean
  /** No punctuation or symbols: a document number, a cpf. */
  noPunctuation?: boolean
}

/**
 * SPEC §5 text rule (login, document type, document number, cpf): no control characters, then
 * the optional bans on spaces and punctuation ("text"), then the field's own regex ("regex").
 */
export function checkText(value: FieldValue, options: TextOptions = {}): RuleResult {
  const text = toText(value)
  if (text.trim() === '') return null
  if (/\p{Cc}/u.test(text)) return fail('text', 'text')
  if (options.noSpaces && /\s/u.test(text)) return fail('text', 'text')
  if (options.noPunctuation && /[\p{P}\p{S}]/u.test(text)) return fail('text', 'text')
  const re = options.pattern === undefined ? null : toRegExp(options.pattern)
  return re && !re.test(text) ? fail('text', 'regex') : null
}

/** Emoji and their joiners and variation selectors, which a text input may strip (SPEC §5). */
export function stripEmoji(text: string): string {
  return text.replace(/\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}\u200D\uFE0F\u20E3]/gu, '')
}

// ── Rule specs: rules as data ───────────────────────────────────────────────

/**
 * A rule as data, so a form schema can come from config (registration profile params) and the
 * same list runs in the browser, in a machine and on the server.
 */
export type RuleSpec =
  | ({ rule: 'required' } & RequiredOptions)
  | { rule: 'minLength'; min: number }
  | { rule: 'maxLength'; max: number }
  | ({ rule: 'sum' } & SumOptions)
  | { rule: 'minValue'; min: Amount }
  | { rule: 'maxValue'; max: Amount }
  | { rule: 'multipleOf'; step: Amount }
  | { rule: 'name' }
  | { rule: 'shortName' }
  | { rule: 'address' }
  | ({ rule: 'date' } & DateOptions)
  | ({ rule: 'sex' } & SexOptions)
  | ({ rule: 'postcode' } & PostcodeOptions)
  | ({ rule: 'phone' } & PhoneOptions)
  | { rule: 'email' }
  | ({ rule: 'password' } & PasswordOptions)
  /** Equal to the value of `field` in the same form. */
  | { rule: 'sameAs'; field: string }
  | { rule: 'code'; length?: number }
  | { rule: 'cardHolder' }
  | { rule: 'cardNumber' }
  | { rule: 'iban' }
  | ({ rule: 'cryptoAddress' } & CryptoAddressOptions)
  | { rule: 'fakename' }
  | ({ rule: 'promoCode' } & PromoCodeOptions)
  | { rule: 'checkbox' }
  | ({ rule: 'custom' } & CustomOptions)
  | ({ rule: 'text' } & TextOptions)

// RuleSpec and core's RULE_NAMES name the same rules: a rule added to one and not the other does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const ruleNamesMatch: Same<RuleSpec['rule'], (typeof RULE_NAMES)[number]> = true
void ruleNamesMatch

export type FieldRules = readonly RuleSpec[]

export interface FieldContext {
  /** The whole form, for rules that look at another field (sameAs, custom). */
  values?: Readonly<Record<string, unknown>>
}

export function runRule(value: FieldValue, spec: RuleSpec, context: FieldContext = {}): RuleResult {
  const values = context.values ?? {}
  switch (spec.rule) {
    case 'required':
      return checkRequired(value, spec)
    case 'minLength':
      return checkMinLength(value, spec.min)
    case 'maxLength':
      return checkMaxLength(value, spec.max)
    case 'sum':
      return checkSum(value, spec)
    case 'minValue':
      return checkMinValue(value, spec.min)
    case 'maxValue':
      return checkMaxValue(value, spec.max)
    case 'multipleOf':
      return checkMultipleOf(value, spec.step)
    case 'name':
      return checkName(value)
    case 'shortName':
      return checkShortName(value)
    case 'address':
      return checkAddress(value)
    case 'date':
      return checkDate(value, spec)
    case 'sex':
      return checkSex(value, spec)
    case 'postcode':
      return checkPostcode(value, spec)
    case 'phone':
      return checkPhone(value, spec)
    case 'email':
      return checkEmail(value)
    case 'password':
      return checkPassword(value, spec)
    case 'sameAs':
      return checkSameAs(value, values[spec.field])
    case 'code':
      return checkCode(value, spec.length)
    case 'cardHolder':
      return checkCardHolder(value)
    case 'cardNumber':
      return checkCardNumber(value)
    case 'iban':
      return checkIban(value)
    case 'cryptoAddress':
      return checkCryptoAddress(value, spec)
    case 'fakename':
      return checkFakename(value)
    case 'promoCode':
      return checkPromoCode(value, spec)
    case 'checkbox':
      return checkCheckbox(value)
    case 'custom':
      return checkCustom(value, spec, values)
    case 'text':
      return checkText(value, spec)
  }
}

/** The first failing rule of a field, in the order listed; null when every rule passes. */
export function validateField(value: FieldValue, rules: FieldRules, context: FieldContext = {}): RuleResult {
  for (const spec of rules) {
    const error = runRule(value, spec, context)
    if (error) return error
  }
  return null
}

/**
 * The rules of SPEC §5's common fields, named by profile sysname. Forms and server handlers start
 * from these and add what config says (a field's regex option, whether it is required).
 */
export const FIELD_RULES = {
  email: [{ rule: 'required' }, { rule: 'email' }],
  password: [{ rule: 'required' }, { rule: 'password' }],
  password_confirmation: [{ rule: 'required' }, { rule: 'sameAs', field: 'password' }],
  mobile: [{ rule: 'required', messageId: 'insertPhone' }, { rule: 'phone' }],
  first_name: [{ rule: 'required' }, { rule: 'name' }],
  middle_name: [{ rule: 'name' }],
  last_name: [{ rule: 'required' }, { rule: 'name' }],
  address: [{ rule: 'required' }, { rule: 'address' }],
  home_town: [{ rule: 'required' }, { rule: 'address' }],
  postcode: [{ rule: 'required' }, { rule: 'postcode' }],
  birth_date: [{ rule: 'required' }, { rule: 'date' }],
  sex: [{ rule: 'sex' }],
  fakename: [{ rule: 'required' }, { rule: 'fakename' }],
  login: [{ rule: 'required' }, { rule: 'text', noSpaces: true }],
  document_type: [{ rule: 'required' }, { rule: 'text' }],
  document_number: [{ rule: 'required' }, { rule: 'text', noSpaces: true }],
  cpf: [{ rule: 'required' }, { rule: 'text', noSpaces: true }],
  code: [{ rule: 'required' }, { rule: 'code' }],
  card_holder: [{ rule: 'required' }, { rule: 'cardHolder' }],
  card_number: [{ rule: 'required' }, { rule: 'cardNumber' }],
  iban: [{ rule: 'required' }, { rule: 'iban' }],
  promo_code: [{ rule: 'promoCode' }],
  terms: [{ rule: 'checkbox' }],
} as const satisfies Record<string, FieldRules>

export interface RegistrationFieldParams {
  is_required?: boolean
  /** The field's regex option. */
  regex?: string | null
}

/**
 * SPEC §5 registration fields: required only when the profile param says so (or the caller's
 * fast/full registration rule does), and the field's regex option applies on top of its rules.
 * Rules that carry their own presence check follow suit: an optional sex may stay unset, and a
 * required promo code needs its one character.
 */
export function registrationFieldRules(base: FieldRules, params: RegistrationFieldParams, forceRequired = false): FieldRules {
  const required = forceRequired || params.is_required === true
  const requiredSpec = base.find((spec) => spec.rule === 'required') ?? { rule: 'required' as const }
  const rest = base
    .filter((spec) => spec.rule !== 'required')
    .map((spec): RuleSpec => {
      if (spec.rule === 'sex') return { ...spec, optional: !required }
      if (spec.rule === 'promoCode') return { ...spec, required }
      return spec
    })
  const needsRequired = required && !rest.some((spec) => spec.rule === 'sex' || spec.rule === 'promoCode')
  return [
    ...(needsRequired ? [requiredSpec] : []),
    ...rest,
    ...(params.regex ? [{ rule: 'custom' as const, pattern: params.regex }] : []),
  ]
}

// ── Forms ───────────────────────────────────────────────────────────────────

export type FormSchema<F extends string = string> = Readonly<Record<F, FieldRules>>
/** Field -> its first error; a valid field has no key. */
export type FormErrors<F extends string = string> = Partial<Record<F, ValidationError>>

/**
 * SPEC §5 strategies. eager: a field shows its errors once the player has typed in it (and every
 * field after a submit). onSubmit: nothing shows before the first submit, and typing in a field
 * clears its error until the next one.
 */
export type ValidationStrategy = 'eager' | 'onSubmit'

export interface ValidateFormOptions {
  strategy?: ValidationStrategy
  /** Whether the form has been submitted. Defaults to true: a bare call checks everything, as a submit and the server do. */
  submitted?: boolean
  /** eager: the fields typed in. onSubmit: the fields edited since the last submit. */
  touched?: Iterable<string>
}

/**
 * Every field's first error, limited to what the strategy shows now. Pass no options to get all
 * of them (to decide a submit, or on the server).
 */
export function validateForm<F extends string>(
  values: Readonly<Record<string, unknown>>,
  schema: FormSchema<F>,
  options: ValidateFormOptions = {},
): FormErrors<F> {
  const { strategy = 'onSubmit', submitted = true } = options
  const touched = new Set(options.touched ?? [])
  const shown = (field: string) => (strategy === 'eager' ? submitted || touched.has(field) : submitted && !touched.has(field))
  const errors: FormErrors<F> = {}
  for (const field of Object.keys(schema) as F[]) {
    if (!shown(field)) continue
    const error = validateField(values[field], schema[field], { values })
    if (error) errors[field] = error
  }
  return errors
}

/** The promo code's field name in registration and the cashier. */
export const PROMO_CODE_FIELD = 'promo_code'

/**
 * SPEC §5: a form may be sent when it has no errors, or when the promo code is its only invalid
 * field (the code is then left out of the request, SPEC §5 promo code).
 */
export function canSubmit(errors: FormErrors, promoField: string = PROMO_CODE_FIELD): boolean {
  return Object.entries(errors).every(([field, error]) => !error || field === promoField || error.rule === 'promoCode')
}

// ── Server errors ───────────────────────────────────────────────────────────

/** SPEC §5: the server may name a phone field either way. */
export const FIELD_ALIASES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  phone: ['mobile'],
  mobile: ['phone'],
})

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function codesOf(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : isRecord(raw) ? Object.keys(raw) : [raw]
  return list.filter((c): c is string | number => typeof c === 'string' || typeof c === 'number').map(String)
}

function dataValues(raw: unknown): Record<string, string | number> {
  if (typeof raw === 'string') return { message: raw }
  if (Array.isArray(raw)) return typeof raw[0] === 'string' ? { message: raw[0] } : {}
  if (!isRecord(raw)) return {}
  const out: Record<string, string | number> = {}
  for (const [key, v] of Object.entries(raw)) if (typeof v === 'string' || typeof v === 'number') out[key] = v
  return out
}

export interface MapServerErrorsOptions {
  /** The form's fields: an error is put on the field or its alias that the form has. */
  fields?: readonly string[]
}

/** The server's own code on an error mapServerErrors made ('common', 'same', 'invalid', ...); null for a rule's own error. */
export function serverErrorCode(error: Pick<ValidationError, 'values'> | undefined): string | null {
  const code = error?.values?.['code']
  return typeof code === 'string' ? code : null
}

/**
 * SPEC §8 registration failure: `invalid_parameters` (field -> codes, in any of the shapes
 * servers send) and `error_data` (field -> a message or values) become field errors. A code that
 * is one of our messageIds keeps its message (our own server sends those, see struct.ts); any other
 * is the generic "invalid" with the code in the values. phone and mobile are aliases: without a
 * field list the error is put on both.
 */
export function mapServerErrors(
  invalidParameters: unknown,
  errorData?: unknown,
  options: MapServerErrorsOptions = {},
): FormErrors {
  const params = isRecord(invalidParameters) ? invalidParameters : {}
  const data = isRecord(errorData) ? errorData : {}
  const out: FormErrors = {}
  for (const field of new Set([...Object.keys(params), ...Object.keys(data)])) {
    const code = codesOf(params[field])[0]
    const extra = dataValues(data[field])
    if (code === undefined && Object.keys(extra).length === 0) continue
    const error: ValidationError = {
      rule: 'server',
      messageId: isMessageId(code) ? code : 'invalid',
      values: { ...extra, ...(code === undefined ? {} : { code }) },
    }
    const names = [field, ...(FIELD_ALIASES[field] ?? [])]
    const targets = options.fields ? names.filter((n) => options.fields!.includes(n)).slice(0, 1) : names
    for (const target of targets.length ? targets : [field]) out[target] ??= error
  }
  return out
}
