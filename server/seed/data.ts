import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/shared/locales'
import type { WalletKind } from '../db/schema'
import { DEFAULT_CURRENCY } from '../domain/settings/settings'

/**
 * What a fresh database holds: the currencies we trade in, the general settings of SPEC §3
 * 'General info', and a demo player for every locale so each locale can be tried logged in.
 */

export const SEED_CURRENCIES: ReadonlyArray<{ code: string; exponent: number }> = [
  { code: 'USD', exponent: 2 },
  { code: 'EUR', exponent: 2 },
  { code: 'BRL', exponent: 2 },
  { code: 'MXN', exponent: 2 },
  { code: 'JPY', exponent: 0 },
  { code: 'BTC', exponent: 8 },
]


/** Demo players share one password; it is printed nowhere but here and the e2e tests. */
export const DEMO_PASSWORD = 'demo1234'

export interface SeedPlayer {
  login: string
  email: string
  fakename: string
  locale: Locale
  countryCode: string
  currency: string
  /** Opening balances in major units, written as ledger entries. */
  balances: Partial<Record<WalletKind, string>>
}

const COUNTRY: Record<Locale, string> = { en: 'US', es: 'MX', pt: 'BR', de: 'DE' }
const CURRENCY: Record<Locale, string> = { en: 'USD', es: 'MXN', pt: 'BRL', de: 'EUR' }

export const SEED_PLAYERS: readonly SeedPlayer[] = LOCALES.map((locale) => {
  const email = locale === DEFAULT_LOCALE ? 'demo@example.com' : `demo-${locale}@example.com`
  return {
    login: email,
    email,
    fakename: locale === DEFAULT_LOCALE ? 'DemoPlayer' : `Demo${locale.toUpperCase()}`,
    locale,
    countryCode: COUNTRY[locale],
    currency: CURRENCY[locale],
    balances: { main: '1000.00', bonus: '25.00', betting_bonus: '10.00', fun: '5000.00' },
  }
})

/** General info (SPEC §3) as settings rows, one key each, so an operator can change one at a time. */
export function seedSettings(options: { idleTimeoutMs: number }): Record<string, unknown> {
  return {
    analytic: {},
    available_currencies: SEED_CURRENCIES.map((c) => c.code),
    available_locales: [...LOCALES],
    default_currency: DEFAULT_CURRENCY,
    is_seon_enabled: false,
    is_bonus_isolation_enabled: false,
    domain_state: 'active',
    domain_type: 'main',
    // Seconds of inactivity before the client logs the player out: the server's idle timeout,
    // so the warning the client shows comes before the server has ended the session.
    time_to_force_logout: Math.round(options.idleTimeoutMs / 1000),
    is_game_history_export_enabled: true,
    user_inactivity_cashier_time: 600,
    user_inactivity_pp_time: 600,
  }
}
