// The largest amount a player may name in any one money field (a deposit, a withdrawal, a deposit
// limit), per currency. A payment method may allow less; nothing allows more. Both sides read this
// table: the forms refuse above it before sending (validation/rules.ts checkSum), the server refuses
// what a form did not (server/domain/payments). Without it an int8 column was the only bound, and a
// daily deposit limit of 99,999,999,999,999 was taken as a limit at all.
import { CURRENCY_EXPONENTS, isCurrency, parseDecimal, type Currency } from './money'

/**
 * In major units, whole numbers: about a million US dollars in each currency, rounded to a figure
 * a player can read. Keyed by every currency of money.ts, so a new currency cannot lack one.
 */
export const MAX_AMOUNTS: Readonly<Record<Currency, string>> = Object.freeze({
  USD: '1000000',
  EUR: '1000000',
  GBP: '1000000',
  BRL: '5000000',
  MXN: '20000000',
  JPY: '150000000',
  BTC: '20',
  ETH: '500',
  USDT: '1000000',
})

/** The maximum in major units, or null for a currency outside our table (another platform's). */
export function maxAmount(currency: string): string | null {
  return isCurrency(currency) ? MAX_AMOUNTS[currency] : null
}

/** The maximum in minor units of `currency` (its exponent from the database, else our table), or null. */
export function maxAmountMinor(currency: string, exponent: number = isCurrency(currency) ? CURRENCY_EXPONENTS[currency] : 0): bigint | null {
  const max = maxAmount(currency)
  if (max === null) return null
  const d = parseDecimal(max)
  return d.units * 10n ** BigInt(exponent - d.scale)
}
