import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/shared/locales'
import type { WalletKind } from '../db/schema'
import { DEFAULT_CURRENCY } from '../domain/settings/settings'

/**
 * What a fresh database holds: the currencies we trade in, the general settings of SPEC §3
 * 'General info', and a demo player for every locale so each locale can be tried logged in.
 */

/** Exponents as in src/shared/money.ts; rates are demo figures in units per 1 USD. */
export const SEED_CURRENCIES: ReadonlyArray<{ code: string; exponent: number; rate: string }> = [
  { code: 'USD', exponent: 2, rate: '1' },
  { code: 'EUR', exponent: 2, rate: '0.92' },
  { code: 'BRL', exponent: 2, rate: '5.05' },
  { code: 'MXN', exponent: 2, rate: '17.10' },
  { code: 'JPY', exponent: 0, rate: '151' },
  { code: 'BTC', exponent: 8, rate: '0.0000155' },
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
  /**
   * The main balance: deposits in major units of `currency`, made by card and settled as every
   * deposit is (server/seed/payments.ts seedDemoDeposits), so the history lists each one.
   */
  deposits: readonly string[]
  /**
   * Bonus and betting-bonus balances, credited as bonuses (listed in the history too), and the fun
   * balance (play money, not listed). Major units, each a ledger entry.
   */
  balances: Partial<Record<Exclude<WalletKind, 'main' | 'withdrawal_reserve'>, string>>
  /** Two-factor authentication on, with this TOTP secret and these recovery codes. */
  twoFactor?: { secret: string; recoveryCodes: readonly string[] }
  /** The name and birth date a withdrawal needs (server/domain/payments/profile-data.ts); dd.mm.yyyy. */
  profile: { first_name: string; last_name: string; birth_date: string }
}

const COUNTRY: Record<Locale, string> = { en: 'US', es: 'MX', pt: 'BR', de: 'DE' }
const CURRENCY: Record<Locale, string> = { en: 'USD', es: 'MXN', pt: 'BRL', de: 'EUR' }
const PROFILE: Record<Locale, SeedPlayer['profile']> = {
  en: { first_name: 'Alex', last_name: 'Morgan', birth_date: '14.03.1988' },
  es: { first_name: 'Lucía', last_name: 'García', birth_date: '02.11.1991' },
  pt: { first_name: 'João', last_name: 'Silva', birth_date: '27.06.1985' },
  de: { first_name: 'Anna', last_name: 'Müller', birth_date: '09.09.1979' },
}

/**
 * demo-2fa@example.com (password demo1234) has two-factor authentication on, for testers and the
 * e2e journeys. These values are public on purpose; they exist only in seeded demo databases.
 *
 *   TOTP secret (base32): OJXXSYLMFVQWGZJNMRSW23ZNGJTGCIJB   (the ASCII bytes 'royal-ace-demo-2fa!!')
 *   Add it to any authenticator app (SHA-1, 6 digits, 30 s), or compute the current code with
 *   `totp(base32Decode(DEMO_TOTP_SECRET), Date.now())` from server/domain/auth/totp.ts, or
 *   `oathtool --totp -b OJXXSYLMFVQWGZJNMRSW23ZNGJTGCIJB`.
 *   Recovery codes, each good once per fresh database: DEMO-RC01 DEMO-RC02 DEMO-RC03 DEMO-RC04 DEMO-RC05
 */
export const DEMO_TOTP_SECRET = 'OJXXSYLMFVQWGZJNMRSW23ZNGJTGCIJB'
export const DEMO_RECOVERY_CODES: readonly string[] = ['DEMO-RC01', 'DEMO-RC02', 'DEMO-RC03', 'DEMO-RC04', 'DEMO-RC05']
export const DEMO_2FA_LOGIN = 'demo-2fa@example.com'

/** Two card deposits: a main balance of 1000.00. */
const DEMO_DEPOSITS = ['600.00', '400.00'] as const
const DEMO_BALANCES = { bonus: '25.00', betting_bonus: '10.00', fun: '5000.00' } as const

const LOCALE_PLAYERS: readonly SeedPlayer[] = LOCALES.map((locale) => {
  const email = locale === DEFAULT_LOCALE ? 'demo@example.com' : `demo-${locale}@example.com`
  return {
    login: email,
    email,
    fakename: locale === DEFAULT_LOCALE ? 'DemoPlayer' : `Demo${locale.toUpperCase()}`,
    locale,
    countryCode: COUNTRY[locale],
    currency: CURRENCY[locale],
    deposits: DEMO_DEPOSITS,
    balances: DEMO_BALANCES,
    profile: PROFILE[locale],
  }
})

/** One demo player per locale (demo@example.com for the default, without two-factor), then the 2FA one. */
export const SEED_PLAYERS: readonly SeedPlayer[] = [
  ...LOCALE_PLAYERS,
  {
    login: DEMO_2FA_LOGIN,
    email: DEMO_2FA_LOGIN,
    fakename: 'DemoTwoFactor',
    locale: DEFAULT_LOCALE,
    countryCode: COUNTRY[DEFAULT_LOCALE],
    currency: CURRENCY[DEFAULT_LOCALE],
    deposits: DEMO_DEPOSITS,
    balances: DEMO_BALANCES,
    twoFactor: { secret: DEMO_TOTP_SECRET, recoveryCodes: DEMO_RECOVERY_CODES },
    profile: { first_name: 'Sam', last_name: 'Taylor', birth_date: '21.01.1993' },
  },
]

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
    // Which balances a casino stake takes, in order (server/domain/wallet/stake.ts).
    wallet_stake_order: ['main', 'bonus'],
  }
}
