import type { Kysely, Transaction } from 'kysely'
import { AmountError, parseAmount, type ParseAmountOptions } from '../../../src/shared/money'
import type { DB } from '../../db/schema'
import { readSettings } from '../settings/settings'
import { WalletError } from './errors'

/**
 * Currencies as the database knows them: the minor-unit exponent every amount is kept in, and the
 * exchange rate against the base currency. The database is the source of truth on the server;
 * src/shared/money.ts carries the same exponents for the browser (a test keeps them equal).
 */

type Db = Kysely<DB> | Transaction<DB>

/** The currency rates are quoted against (SPEC §3: the only currency constant is USD). */
export const RATE_BASE_CURRENCY = 'USD'

export interface CurrencyInfo {
  code: string
  exponent: number
  /** Units of this currency per one unit of RATE_BASE_CURRENCY, a plain decimal string. */
  rate: string
}

export async function findCurrency(db: Db, code: string): Promise<CurrencyInfo | null> {
  const row = await db.selectFrom('currencies').select(['code', 'exponent', 'rate']).where('code', '=', code).executeTakeFirst()
  return row ? { code: row.code, exponent: row.exponent, rate: normaliseRate(row.rate) } : null
}

export async function requireCurrency(db: Db, code: unknown): Promise<CurrencyInfo> {
  const found = typeof code === 'string' && code ? await findCurrency(db, code) : null
  if (!found) throw new WalletError('unknown_currency', `Unknown currency ${JSON.stringify(code)}`, { currency: ['unknown_currency'] })
  return found
}

/** The currencies a player may hold: the `available_currencies` setting, limited to those the database knows. */
export async function availableCurrencies(db: Db): Promise<CurrencyInfo[]> {
  const settings = await readSettings(db as Kysely<DB>, ['available_currencies'])
  const allowed = Array.isArray(settings.available_currencies) ? new Set(settings.available_currencies as unknown[]) : null
  const rows = await db.selectFrom('currencies').select(['code', 'exponent', 'rate']).orderBy('code').execute()
  return rows
    .filter((r) => !allowed || allowed.has(r.code))
    .map((r) => ({ code: r.code, exponent: r.exponent, rate: normaliseRate(r.rate) }))
}

/** An amount from a request in minor units of `currency`, or a WalletError naming the field and why. */
export function amountToMinor(value: unknown, currency: CurrencyInfo, options: Omit<ParseAmountOptions, 'exponent'> = {}, field = 'amount'): bigint {
  try {
    return parseAmount(value, currency.code, { ...options, exponent: currency.exponent })
  } catch (err) {
    if (err instanceof AmountError) throw WalletError.fromAmount(err, field)
    throw err
  }
}

/** numeric comes back as text with the column's scale ("0.920000"); the API sends "0.92". */
function normaliseRate(rate: string): string {
  const text = String(rate)
  if (!text.includes('.')) return text
  return text.replace(/0+$/, '').replace(/\.$/, '')
}
