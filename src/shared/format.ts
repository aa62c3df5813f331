// SPEC §9 display formats. Pure functions of their arguments: the server renders many locales at
// once, so the locale is always passed in, never read from a global. Digits are Latin
// (numberingSystem 'latn') because the exact-decimal path below writes ASCII digits itself.

import { CRYPTO_CURRENCIES, CURRENCY_EXPONENTS, isCurrency, parseDecimal, roundDecimal } from './money'

export type DateInput = Date | number | string

export interface DateFormatOptions {
  /**
   * IANA zone. Pass it when rendering on the server and hydrating in the browser (the player's
   * zone, or 'UTC'), or the two may print different days. Omitted: the runtime's local zone.
   */
  timeZone?: string
}

// Intl constructors are slow next to format(); a formatter holds no request state, so caching
// them across requests is safe. Keys are few: locales x option sets x zones.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`
  let f = cache.get(key) as Intl.DateTimeFormat | undefined
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(locale, { ...options, numberingSystem: 'latn' })))
  return f
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`
  let f = cache.get(key) as Intl.NumberFormat | undefined
  if (!f) cache.set(key, (f = new Intl.NumberFormat(locale, { ...options, numberingSystem: 'latn' })))
  return f
}

function toDate(input: DateInput): Date {
  const date = input instanceof Date ? input : new Date(input)
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`)
  return date
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? ''
}

/** dd.mm.yyyy in every locale (SPEC §9); the locale only decides the calendar fields, not the pattern. */
export function formatDate(date: DateInput, locale: string, options: DateFormatOptions = {}): string {
  const parts = dateFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    calendar: 'gregory',
    timeZone: options.timeZone,
  }).formatToParts(toDate(date))
  return `${part(parts, 'day')}.${part(parts, 'month')}.${part(parts, 'year').padStart(4, '0')}`
}

function hourAndMinute(date: Date, locale: string, options: DateFormatOptions): { hour: number; minute: string } {
  const parts = dateFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: options.timeZone,
  }).formatToParts(date)
  return { hour: Number(part(parts, 'hour')), minute: part(parts, 'minute') }
}

/** h:mm on a 24-hour clock, no leading zero on the hour (9:05, 21:30). */
export function formatTime(date: DateInput, locale: string, options: DateFormatOptions = {}): string {
  const { hour, minute } = hourAndMinute(toDate(date), locale, options)
  return `${hour}:${minute}`
}

function isSpanish(locale: string): boolean {
  return locale === 'es' || locale.startsWith('es-')
}

/**
 * Date and time: Spanish joins them with "a las" ("05.01.2024 a las 9:07"); other locales with a
 * space. One o'clock takes the singular article in Spanish ("a la 1:15", as "a las 1:15" is wrong),
 * 13:00 stays plural.
 */
export function formatDateTime(date: DateInput, locale: string, options: DateFormatOptions = {}): string {
  const d = toDate(date)
  const datePart = formatDate(d, locale, options)
  const timePart = formatTime(d, locale, options)
  if (!isSpanish(locale)) return `${datePart} ${timePart}`
  const { hour } = hourAndMinute(d, locale, options)
  return `${datePart} ${hour === 1 ? 'a la' : 'a las'} ${timePart}`
}

/**
 * Formats an exact decimal with Intl's symbols, grouping and currency placement, but our digits:
 * Intl is given the integer part as a bigint (exact at any size) with room for `fraction.length`
 * decimals, and its fraction is replaced by ours. No float on the way, so "0.1" + 2 decimals never
 * prints "0.10000000000000001" and 21-digit amounts keep every digit.
 */
function formatExact(
  locale: string,
  options: Intl.NumberFormatOptions,
  decimal: string,
): string {
  const d = parseDecimal(decimal)
  const scale = d.scale
  const factor = 10n ** BigInt(scale)
  const int = d.units / factor
  const fraction = (d.units % factor).toString().padStart(scale, '0')
  const nf = numberFormat(locale, { ...options, minimumFractionDigits: scale, maximumFractionDigits: scale })
  // -0 keeps the minus sign of "-0.50"; a bigint zero has no sign.
  const value = d.negative ? (int === 0n ? -0 : -int) : int
  return nf
    .formatToParts(value)
    .map((p) => (p.type === 'fraction' ? fraction : p.value))
    .join('')
}

/**
 * A plain decimal such as an exchange rate, with every digit it has and the locale's separators
 * ("0.0000155", "1,234.5", "17,1" in German): a rate is not an amount, so no rounding to minor units.
 */
export function formatDecimal(value: string, locale: string): string {
  return formatExact(locale, { useGrouping: 'always' }, value)
}

/**
 * Thousands separators of the locale in every locale, 2 decimals for a non-integer, none for an
 * integer (SPEC §9). Grouping is 'always' because CLDR leaves 4-digit numbers ungrouped in Spanish
 * (1234 next to 12.345), and the SPEC asks for separators on every number.
 * Strings are treated as exact decimals ("12.00" is an integer, "0.125" rounds to "0.13").
 */
export function formatNumber(value: number | bigint | string, locale: string): string {
  if (typeof value === 'string') {
    const rounded = roundDecimal(value, 2)
    const integer = rounded.endsWith('.00')
    return formatExact(locale, { useGrouping: 'always' }, integer ? roundDecimal(value, 0) : rounded)
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`)
  const digits = typeof value === 'bigint' || Number.isInteger(value) ? 0 : 2
  return numberFormat(locale, {
    useGrouping: 'always',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value)
}

/** How many decimals an amount of `currency` shows: fixed for fiat, a range for crypto. */
export function moneyFractionDigits(currency: string): { min: number; max: number } {
  if (isCurrency(currency)) {
    const exponent = CURRENCY_EXPONENTS[currency]
    // Crypto: 0.00012300 BTC reads as 0.000123 BTC, but 1 BTC still reads as 1.00 BTC.
    return CRYPTO_CURRENCIES.has(currency) ? { min: Math.min(2, exponent), max: exponent } : { min: exponent, max: exponent }
  }
  try {
    // An ISO currency outside our table (another platform behind API_BASE_URL): trust Intl's digits.
    const { maximumFractionDigits = 2 } = numberFormat('en', { style: 'currency', currency }).resolvedOptions()
    return { min: maximumFractionDigits, max: maximumFractionDigits }
  } catch {
    return { min: 2, max: 2 }
  }
}

function trimFraction(decimal: string, min: number): string {
  const dot = decimal.indexOf('.')
  if (dot < 0) return decimal
  let end = decimal.length
  while (end > dot + 1 + min && decimal[end - 1] === '0') end--
  return decimal.slice(0, end === dot + 1 ? dot : end)
}

function isIsoCurrency(currency: string): boolean {
  if (CRYPTO_CURRENCIES.has(currency)) return false
  // Ours are ISO 4217 codes but for the crypto ones; only another platform's codes need asking
  // Intl, through the formatter cache (building one per amount cost a cashier page tens of ms).
  if (isCurrency(currency)) return true
  try {
    numberFormat('en', { style: 'currency', currency })
    return true
  } catch {
    return false
  }
}

/**
 * An amount (decimal string in major units, as the API sends it) in its currency for `locale`.
 * Fiat uses the locale's currency style with exactly the currency's minor units ("$12.50",
 * "12,50 €", "¥1,250"). Crypto, which has no ISO code and some of which Intl rejects (USDT),
 * prints the number then the code ("0.000123 BTC"), with 2 to 8 decimals. Extra decimals round
 * half away from zero; input that is not a plain decimal throws, as that is a bug upstream.
 */
export function formatMoney(amount: string, currency: string, locale: string): string {
  const { min, max } = moneyFractionDigits(currency)
  const decimal = trimFraction(roundDecimal(amount, max), min)
  if (isIsoCurrency(currency)) {
    return formatExact(locale, { style: 'currency', currency, currencyDisplay: 'symbol', useGrouping: 'always' }, decimal)
  }
  return `${formatExact(locale, { useGrouping: 'always' }, decimal)} ${currency}`
}
