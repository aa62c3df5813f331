// Money travels as decimal strings in major units ("12.50") and is stored as integer minor units
// (ARCHITECTURE §4). Everything here is string and bigint arithmetic: a float never touches an amount.

/**
 * Minor-unit exponents. Fiat follows ISO 4217. Crypto has no ISO code, so we pick a precision that
 * fits the database's int8 column: BTC 8 (satoshi); ETH 8 rather than its native 18, because 18
 * decimals in an int8 would cap a balance at 9.2 ETH; USDT 6, the token's own on-chain precision,
 * so deposits arrive exactly.
 */
export const CURRENCY_EXPONENTS = Object.freeze({
  USD: 2,
  EUR: 2,
  GBP: 2,
  BRL: 2,
  MXN: 2,
  JPY: 0,
  BTC: 8,
  ETH: 8,
  USDT: 6,
} as const)

export type Currency = keyof typeof CURRENCY_EXPONENTS

/** Currencies without an ISO 4217 code: shown with their code after the number, and trimmed (see format.ts). */
export const CRYPTO_CURRENCIES: ReadonlySet<string> = new Set<Currency>(['BTC', 'ETH', 'USDT'])

/** An amount as it travels in the API: a decimal string in major units with its currency code. */
export interface Money {
  amount: string
  currency: string
}

export function isCurrency(code: unknown): code is Currency {
  return typeof code === 'string' && Object.hasOwn(CURRENCY_EXPONENTS, code)
}

export function currencyExponent(currency: string): number {
  if (!isCurrency(currency)) throw new RangeError(`Unknown currency: ${JSON.stringify(currency)}`)
  return CURRENCY_EXPONENTS[currency]
}

// Plain decimal notation only: no exponent, no '+', no spaces, no thousands separators, no bare '.5' or '5.'.
const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/

export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_RE.test(value)
}

/** A decimal as sign, digits and scale: value = (negative ? -1 : 1) * units / 10^scale. */
export interface Decimal {
  negative: boolean
  units: bigint
  scale: number
}

export function parseDecimal(value: string): Decimal {
  const match = typeof value === 'string' ? DECIMAL_RE.exec(value) : null
  if (!match) throw new RangeError(`Not a decimal amount: ${JSON.stringify(value)}`)
  const fraction = match[3] ?? ''
  const units = BigInt((match[2] ?? '0') + fraction)
  // "-0.00" is zero: keep a single zero so it never prints as "-0".
  return { negative: match[1] === '-' && units !== 0n, units, scale: fraction.length }
}

function signed(d: Decimal): bigint {
  return d.negative ? -d.units : d.units
}

/** Writes a signed integer count of 10^-scale units as a decimal string with exactly `scale` decimals. */
function unitsToString(value: bigint, scale: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0')
  const int = digits.slice(0, digits.length - scale)
  const frac = digits.slice(digits.length - scale)
  return `${negative ? '-' : ''}${int}${scale > 0 ? `.${frac}` : ''}`
}

function rescale(d: Decimal, scale: number): bigint {
  if (scale < d.scale) throw new RangeError('rescale only widens')
  return signed(d) * 10n ** BigInt(scale - d.scale)
}

/** An amount above zero; none, zero, a negative or a malformed amount is not. */
export function isPositiveMoney(money: { amount: string } | null | undefined): boolean {
  if (!money || !isDecimalString(money.amount)) return false
  const d = parseDecimal(money.amount)
  return d.units > 0n && !d.negative
}

/**
 * Rounds to `scale` decimals, half away from zero: the same rule as Intl's default (halfExpand),
 * so a total rounded here and a number Intl rounds never disagree. Pads when it has fewer decimals.
 */
export function roundDecimal(value: string, scale: number): string {
  if (!Number.isInteger(scale) || scale < 0) throw new RangeError(`Bad scale: ${scale}`)
  const d = parseDecimal(value)
  if (d.scale <= scale) return unitsToString(rescale(d, scale), scale)
  const divisor = 10n ** BigInt(d.scale - scale)
  let q = d.units / divisor
  if ((d.units % divisor) * 2n >= divisor) q += 1n
  return unitsToString(d.negative ? -q : q, scale)
}

/** Adds decimal strings exactly, at the widest scale among them. */
export function addDecimals(values: readonly string[]): string {
  const parsed = values.map(parseDecimal)
  const scale = Math.max(0, ...parsed.map((d) => d.scale))
  return unitsToString(parsed.reduce((sum, d) => sum + rescale(d, scale), 0n), scale)
}

/**
 * "12.5" USD -> 1250n. Rejects anything but plain decimal notation and any amount with more
 * decimals than the currency has (even "12.500"): silently dropping digits would lose money.
 */
export function toMinor(amount: string, currency: string): bigint {
  const exponent = currencyExponent(currency)
  const d = parseDecimal(amount)
  if (d.scale > exponent) {
    throw new RangeError(`${currency} has ${exponent} decimals; got ${JSON.stringify(amount)}`)
  }
  return rescale(d, exponent)
}

/** 1250n USD -> "12.50"; always exactly the currency's number of decimals. */
export function toMajor(minor: bigint, currency: string): string {
  if (typeof minor !== 'bigint') throw new TypeError('toMajor takes a bigint')
  return unitsToString(minor, currencyExponent(currency))
}

/** The decimals shown in a balance total: 2, or fewer when the currency has fewer (JPY shows none). */
export const BALANCE_TOTAL_DECIMALS = 2

export interface Balances {
  balance_main: Money | null
  balance_bonus?: Money | null
  balance_betting_bonus?: Money | null
}

/**
 * SPEC §3: the total in the header is main + bonus + betting bonus, rounded to 2 decimals, in the
 * main balance's currency. Null for a visitor (no main balance). The parts are summed exactly
 * before one rounding, so three half-cents do not round three times. A part in another currency
 * is a server bug; adding it would show a wrong number, so it throws.
 */
export function sumBalances(balances: Balances): Money | null {
  const main = balances.balance_main
  if (!main) return null
  const parts = [main, balances.balance_bonus, balances.balance_betting_bonus].filter(
    (m): m is Money => m != null,
  )
  for (const part of parts) {
    if (part.currency !== main.currency) {
      throw new RangeError(`Balance in ${part.currency} cannot be added to a ${main.currency} account`)
    }
  }
  // A currency outside our table (another platform behind API_BASE_URL) still gets 2 decimals.
  const scale = isCurrency(main.currency)
    ? Math.min(BALANCE_TOTAL_DECIMALS, CURRENCY_EXPONENTS[main.currency])
    : BALANCE_TOTAL_DECIMALS
  return { amount: roundDecimal(addDecimals(parts.map((p) => p.amount)), scale), currency: main.currency }
}

// ── Amounts from the outside world ─────────────────────────────────────────

/** The largest amount an int8 column holds, in minor units. */
export const MAX_MINOR = 9_223_372_036_854_775_807n

/**
 * Why an amount was refused; the codes go into SPEC §8 `invalid_parameters` (field -> codes) so
 * the client picks the translated message by code, never by the English text below.
 */
export const AMOUNT_ERROR_CODES = [
  'required',
  'not_a_number',
  'locale_formatted',
  'too_many_decimals',
  'negative',
  'zero',
  'too_large',
  'unknown_currency',
] as const
export type AmountErrorCode = (typeof AMOUNT_ERROR_CODES)[number]

const AMOUNT_MESSAGES: Record<AmountErrorCode, string> = {
  required: 'An amount is required',
  not_a_number: 'The amount must be a number like 10.50',
  locale_formatted: 'Write the amount without thousands separators and with a dot for decimals, like 1000.50',
  too_many_decimals: 'The amount has more decimals than the currency has',
  negative: 'The amount cannot be negative',
  zero: 'The amount must be more than zero',
  too_large: 'The amount is too large',
  unknown_currency: 'Unknown currency',
}

export class AmountError extends RangeError {
  override name = 'AmountError'
  constructor(
    readonly code: AmountErrorCode,
    readonly value: unknown,
    readonly currency: string,
  ) {
    super(`${AMOUNT_MESSAGES[code]}: ${JSON.stringify(value)} ${currency}`)
  }
}

export interface ParseAmountOptions {
  /** The currency's minor-unit exponent when it comes from elsewhere (the database); else our table. */
  exponent?: number
  /** Zero is a valid amount (a losing round's win of 0). Default false. */
  allowZero?: boolean
  /** Negative amounts are valid (adjustments). Default false. */
  allowNegative?: boolean
  /** Upper bound in minor units; default MAX_MINOR. */
  max?: bigint
}

// Digits grouped with separators, or a comma anywhere: "1.000,50", "1,000.50", "1 000", "12,50".
const LOCALE_FORMATTED_RE = /^[-+]?\d[\d\s\u00a0\u202f'’.,]*$/

/**
 * A decimal string in major units ("12.50") to integer minor units of `currency`, refusing with
 * an AmountError whose code says why: nothing is rounded, trimmed or guessed, because a guessed
 * amount is a wrong amount ("1.000,50" is not read as 1000.50 nor as 1.0005).
 */
export function parseAmount(value: unknown, currency: string, options: ParseAmountOptions = {}): bigint {
  let exponent = options.exponent
  if (exponent === undefined) {
    if (!isCurrency(currency)) throw new AmountError('unknown_currency', value, currency)
    exponent = CURRENCY_EXPONENTS[currency]
  }
  if (value === undefined || value === null || value === '') throw new AmountError('required', value, currency)
  if (typeof value !== 'string') throw new AmountError('not_a_number', value, currency)
  const match = DECIMAL_RE.exec(value)
  if (!match) {
    const looksGrouped = LOCALE_FORMATTED_RE.test(value) && /[\s\u00a0\u202f'’,]|\..*\./.test(value)
    throw new AmountError(looksGrouped ? 'locale_formatted' : 'not_a_number', value, currency)
  }
  const d = parseDecimal(value)
  if (d.negative && !options.allowNegative) throw new AmountError('negative', value, currency)
  if (d.scale > exponent) throw new AmountError('too_many_decimals', value, currency)
  const minor = rescale(d, exponent)
  if (minor === 0n && !options.allowZero) throw new AmountError('zero', value, currency)
  const max = options.max ?? MAX_MINOR
  if (minor > max || -minor > max) throw new AmountError('too_large', value, currency)
  return minor
}

/** Minor units to the decimal string the API carries, for a currency whose exponent is known. */
export function minorToMajor(minor: bigint, exponent: number): string {
  if (typeof minor !== 'bigint') throw new TypeError('minorToMajor takes a bigint')
  if (!Number.isInteger(exponent) || exponent < 0) throw new RangeError(`Bad exponent: ${exponent}`)
  return unitsToString(minor, exponent)
}
