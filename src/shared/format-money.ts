// Money as the player reads it, everywhere through one module (SPEC §9): built on
// formatMoney (format.ts) so the header, the cashier, history rows, receipts and validation
// messages all print an amount the same way. Pure: the locale is always passed in (ARCHITECTURE §1).
// Parsing typed amounts to minor units belongs to money.ts (the wallet's), not here.
import { formatDecimal, formatMoney, formatNumber, moneyFractionDigits } from './format'
import { CRYPTO_CURRENCIES, parseDecimal, sumBalances, type Balances, type Money } from './money'

/** `{ amount, currency }` as the API sends it, for `locale`: "$12.50", "12,50 €", "0.000123 BTC". */
export function formatAmount(money: Money, locale: string): string {
  return formatMoney(money.amount, money.currency, locale)
}

/**
 * SPEC §3 'Account info': the header shows main + bonus + betting bonus, summed exactly and rounded
 * once to 2 decimals (fewer when the currency has fewer), in the main balance's currency. Null for
 * a visitor, who has no balance to show.
 */
export function formatHeaderBalance(balances: Balances, locale: string): string | null {
  const total = sumBalances(balances)
  return total ? formatAmount(total, locale) : null
}

/** A history row's amount with its direction: "+$50.00" for money in, "−$20.00" for money out, no sign for zero. */
export function formatSignedAmount(money: Money, locale: string): string {
  const d = parseDecimal(money.amount)
  if (d.units === 0n) return formatMoney(money.amount, money.currency, locale)
  const magnitude = money.amount.replace(/^-/, '')
  // U+2212 MINUS SIGN reads as a minus in every font; Intl's hyphen-minus can look like a dash.
  return `${d.negative ? '\u2212' : '+'}${formatMoney(magnitude, money.currency, locale)}`
}

/**
 * A preset button or a bound in a hint: a whole amount without its zero decimals ("$50",
 * "50 €", "0.001 BTC"), anything else as formatAmount does. Presets are whole numbers (SPEC §5 'Sum').
 */
export function formatShortAmount(amount: string, currency: string, locale: string): string {
  const d = parseDecimal(amount)
  const whole = d.scale === 0 || d.units % 10n ** BigInt(d.scale) === 0n
  if (!whole) return formatMoney(amount, currency, locale)
  const integer = (d.negative ? -1n : 1n) * (d.units / 10n ** BigInt(d.scale))
  if (CRYPTO_CURRENCIES.has(currency)) return `${formatNumber(integer, locale)} ${currency}`
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
      useGrouping: 'always',
      numberingSystem: 'latn',
    }).format(integer)
  } catch {
    return `${formatNumber(integer, locale)} ${currency}`
  }
}

/** A method's bounds: "$10 – $5,000", or "from $10" when max is null (no upper bound). */
export function formatAmountRange(min: string, max: string | null, currency: string, locale: string): { min: string; max: string | null } {
  return { min: formatShortAmount(min, currency, locale), max: max === null ? null : formatShortAmount(max, currency, locale) }
}

/** How many decimals an amount input of `currency` accepts; the cashier's Sum rule keeps whole numbers. */
export function amountInputDecimals(currency: string): number {
  return moneyFractionDigits(currency).max
}

/**
 * An exchange rate (account/getcurrencyrates): how much of `currency` one unit of the base buys,
 * every digit kept and the code after it ("0.92 EUR", "151 JPY", "0.0000155 BTC").
 */
export function formatRate(rate: string, currency: string, locale: string): string {
  return `${formatDecimal(rate, locale)} ${currency}`
}
