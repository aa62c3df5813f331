// Numbers of the game client in the player's locale: amounts through the site's one money format
// (src/shared/format.ts), multipliers with two decimals and a ×, shares as percentages.
import { formatMoney } from '../../../shared/format'

const cache = new Map<string, Intl.NumberFormat>()
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let nf = cache.get(key)
  if (!nf) {
    nf = new Intl.NumberFormat(locale, { numberingSystem: 'latn', ...options })
    if (cache.size < 64) cache.set(key, nf)
  }
  return nf
}

/** An amount (major units decimal string) in its currency: "$12.50", "12,50 €". */
export function money(amount: string, currency: string, locale: string): string {
  return formatMoney(amount, currency, locale)
}

/** A multiplier: "2.00×", "1.234,50×" in German. */
export function multiplier(value: number, locale: string, digits = 2): string {
  return `${numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true }).format(value)}×`
}

/** A share as a percentage: 0.99 → "99.00 %" (the locale's own spacing and sign). */
export function percent(share: number, locale: string, digits = 2): string {
  return numberFormat(locale, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(share)
}

/** A plain number with the locale's separators: a roll, a target, a count. */
export function decimal(value: number, locale: string, digits = 2): string {
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true }).format(value)
}

/** A stake as typed in the field: the locale's decimal sign, no grouping ("1,50" in German). */
export function editableAmount(amount: string, locale: string): string {
  const decimalSign = numberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  return amount.replace('.', decimalSign)
}
