import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/**
 * Kysely's view of the tables made by migrations/. Money columns are bigint minor units of the
 * row's currency (see currencies.exponent); int8 comes back as BigInt from both drivers.
 */

type Timestamp = ColumnType<Date, Date | string, Date | string>
/** A timestamp with a database default (now()): optional on insert. */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
type Money = ColumnType<bigint, bigint | number, bigint | number>
/** A money column with a database default (0): optional on insert. */
type DefaultMoney = ColumnType<bigint, bigint | number | undefined, bigint | number>
type Json = ColumnType<unknown, string, string>

export const WALLET_KINDS = ['main', 'bonus', 'betting_bonus', 'fun'] as const
export type WalletKind = (typeof WALLET_KINDS)[number]

export interface CurrenciesTable {
  code: string
  /** ISO 4217 minor-unit exponent (USD 2, JPY 0), 8 for crypto. */
  exponent: number
}

export interface AccountsTable {
  id: Generated<bigint>
  login: string
  email: string | null
  password_hash: string
  fakename: string | null
  locale: string
  country_code: string | null
  currency: string
  is_subscribed: Generated<boolean>
  is_verified: Generated<boolean>
  is_on_verification: Generated<boolean>
  is_kyc_block_enabled: Generated<boolean>
  is_registration_completed: Generated<boolean>
  /** Base32 TOTP secret; non-null means two-factor authentication is on. */
  two_factor_secret: string | null
  banned_at: NullableTimestamp
  created_at: DefaultTimestamp
  /** Digits only, with the dial code; unique when set. */
  phone: string | null
  phone_country_code: string | null
  is_betting: Generated<boolean>
  character_id: number | null
  registration_promo_code: string | null
  /** The last TOTP time step accepted (replay guard). */
  two_factor_last_step: bigint | null
  password_changed_at: NullableTimestamp
}

export interface PlayerProfilesTable {
  player_id: bigint
  first_name: string | null
  middle_name: string | null
  last_name: string | null
  birth_date: string | null
  sex: Generated<number>
  country: string | null
  region: string | null
  home_town: string | null
  address: string | null
  postcode: string | null
  document_type: string | null
  document_number: string | null
  updated_at: DefaultTimestamp
}

export interface TwoFactorRecoveryCodesTable {
  id: Generated<bigint>
  player_id: bigint
  /** Hex SHA-256 of the normalised code. */
  code_hash: string
  used_at: NullableTimestamp
  created_at: DefaultTimestamp
}

export interface PasswordResetTokensTable {
  /** Hex SHA-256 of the token in the mailed link. */
  token_hash: string
  player_id: bigint
  created_at: Timestamp
  expires_at: Timestamp
  used_at: NullableTimestamp
}

export interface RateLimitsTable {
  key: string
  hits: Generated<number>
  window_started_at: Timestamp
  blocked_until: NullableTimestamp
  updated_at: Timestamp
}

export interface MailOutboxTable {
  id: Generated<bigint>
  to_address: string
  subject: string
  body_text: string
  created_at: Timestamp
  sent_at: NullableTimestamp
  attempts: Generated<number>
  last_error: string | null
}

export interface WalletsTable {
  id: Generated<bigint>
  player_id: bigint
  currency: string
  kind: WalletKind
  balance: DefaultMoney
  created_at: DefaultTimestamp
}

export interface LedgerEntriesTable {
  id: Generated<bigint>
  wallet_id: bigint
  /** Signed: credits positive, debits negative; never zero. */
  amount: Money
  balance_after: Money
  /** deposit, withdrawal, bet, win, rollback, bonus, cashback, prize, adjustment, ... */
  kind: string
  idempotency_key: string
  ref: string | null
  created_at: DefaultTimestamp
}

export interface SessionsTable {
  /** Hex SHA-256 of the cookie token: a stolen table cannot be replayed as cookies. */
  id: string
  player_id: bigint | null
  created_at: Timestamp
  last_seen_at: Timestamp
  /** Absolute end, whatever the activity. */
  expires_at: Timestamp
  ip: string | null
  user_agent: string | null
}

export interface SettingsTable {
  key: string
  value: Json
  updated_at: DefaultTimestamp
}

export interface DB {
  currencies: CurrenciesTable
  accounts: AccountsTable
  wallets: WalletsTable
  ledger_entries: LedgerEntriesTable
  sessions: SessionsTable
  settings: SettingsTable
  player_profiles: PlayerProfilesTable
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable
  password_reset_tokens: PasswordResetTokensTable
  rate_limits: RateLimitsTable
  mail_outbox: MailOutboxTable
}

export type Account = Selectable<AccountsTable>
export type NewAccount = Insertable<AccountsTable>
export type AccountUpdate = Updateable<AccountsTable>
export type Wallet = Selectable<WalletsTable>
export type LedgerEntry = Selectable<LedgerEntriesTable>
export type Session = Selectable<SessionsTable>
