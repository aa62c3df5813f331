import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { ExclusionKind } from '../../src/shared/self-exclusion'

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
export type WalletKind = (typeof WALLET_KINDS)[number] | 'withdrawal_reserve'

export interface CurrenciesTable {
  code: string
  /** ISO 4217 minor-unit exponent (USD 2, JPY 0), 8 for crypto. */
  exponent: number
  /** Units of this currency per one unit of the base currency (USD); numeric, read as a string. */
  rate: ColumnType<string, string | undefined, string>
  rate_updated_at: DefaultTimestamp
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
  /** News and offers by SMS to the phone (is_subscribed is the e-mail's). */
  phone_subscribed: Generated<boolean>
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
  /** Base32 secret of a two-factor set-up not yet confirmed with a code (007). */
  two_factor_pending_secret: ColumnType<string | null, string | null | undefined, string | null>
  /** Why the player is banned (with banned_at); null for a ban without a recorded type (007). */
  ban_type: ColumnType<string | null, string | null | undefined, string | null>
  /** Set while a self-exclusion applies; with no self_excluded_until it is permanent (007). */
  self_excluded_at: NullableTimestamp
  self_excluded_until: NullableTimestamp
  /** Which block the player chose: a self-exclusion or a time-out (027). */
  self_exclusion_kind: ColumnType<ExclusionKind, ExclusionKind | undefined, ExclusionKind>
  /** Minutes between reality checks; null for none (028). */
  reality_check_minutes: ColumnType<number | null, number | null | undefined, number | null>
  /** Minutes a session may last (033); null: no limit. */
  session_limit_minutes: ColumnType<number | null, number | null | undefined, number | null>
  /** A raise (minutes) or a removal (null) waiting out its cooling-off until session_limit_scheduled_at (033). */
  session_limit_scheduled_minutes: ColumnType<number | null, number | null | undefined, number | null>
  session_limit_scheduled_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** The kinds of notice the player wants by push (038): security, payments. */
  push_topics: ColumnType<string[], string[] | undefined, string[]>
  /** When the phone was confirmed with a code by SMS (031); a new number starts unconfirmed. */
  phone_confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** The nickname's last change by the player (030); null before one. */
  fakename_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** When the e-mail was confirmed; withdrawals need a confirmed contact (009). */
  email_confirmed_at: NullableTimestamp
}

export interface SupportFeedbackTable {
  id: Generated<bigint>
  player_id: bigint | null
  /** The player's address, or the one a visitor gave, to answer at. */
  email: string
  topic: string
  message: string
  locale: string
  ip: string | null
  created_at: DefaultTimestamp
}

/** One message of a player's conversation with support (039). */
export interface SupportChatMessagesTable {
  id: Generated<bigint>
  player_id: bigint
  author: 'player' | 'operator'
  body: string
  /** Made once per message by the sender: unique per player and author, so a resend is kept once. */
  sender_key: string
  created_at: Timestamp
}

/** A player's conversation (039): its newest message and how far each side has read and been mailed. */
export interface SupportChatsTable {
  player_id: bigint
  last_message_id: bigint
  last_message_at: Timestamp
  player_read_id: ColumnType<bigint, bigint | number | undefined, bigint | number>
  operator_read_id: ColumnType<bigint, bigint | number | undefined, bigint | number>
  /** The newest operator message mailed to the player (an answer not read within minutes is mailed once). */
  mailed_through_id: ColumnType<bigint, bigint | number | undefined, bigint | number>
}

/** One event a vendor chat widget reported for a player (040): its name and flat data. */
export interface ChatEventsTable {
  id: Generated<bigint>
  player_id: bigint
  /** Whose widget: 'freshchat'. */
  vendor: string
  name: string
  /** A flat object of text, numbers and flags; '{}' when the event carried none. */
  data: ColumnType<unknown, string | undefined, string>
  created_at: Timestamp
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
  /** Extra headers, name -> value (List-Unsubscribe of mailing-list mail); null for none (016). */
  headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>
  /** 'email', or 'sms' for a text message to a phone (031; to_address is then +digits). */
  channel: Generated<'email' | 'sms'>
}

/** A code mailed to confirm a player's e-mail (016); only its keyed hash is kept. */
export interface ContactConfirmationsTable {
  id: Generated<bigint>
  player_id: bigint
  /** The address the code was sent to, lower case. */
  contact: string
  /** Hex HMAC-SHA256 of player, address and code (server/domain/account/contact-confirmation.ts). */
  code_hash: string
  created_at: Timestamp
  expires_at: Timestamp
  used_at: NullableTimestamp
  failed_attempts: Generated<number>
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

export const WALLET_TX_TYPES = ['debit', 'credit', 'rollback'] as const
export type WalletTxType = (typeof WALLET_TX_TYPES)[number]
export type WalletTxStatus = 'ok' | 'declined' | 'rolled_back'
export type WalletMode = 'real' | 'fun'

/** One seamless-wallet request, stored once under (provider, transaction_id) with its first answer. */
export interface WalletTransactionsTable {
  id: Generated<bigint>
  provider: string
  transaction_id: string
  type: WalletTxType
  player_id: bigint
  currency: string
  mode: WalletMode
  /** As asked, minor units, never negative. */
  amount: Money
  /** Signed sum of this transaction's ledger entries (ref 'wtx:<id>'). */
  moved: DefaultMoney
  round_id: string | null
  game_id: string | null
  reference_transaction_id: string | null
  /** Hex SHA-256 of the request's canonical form. */
  request_hash: string
  status: WalletTxStatus
  response: Json
  created_at: DefaultTimestamp
  updated_at: DefaultTimestamp
}

/** A rollback that came before the transaction it names: that transaction, when it comes, moves nothing. */
export interface WalletRollbackTombstonesTable {
  provider: string
  transaction_id: string
  rollback_transaction_id: string
  player_id: bigint
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
  /** The device's IANA time zone when the session began (032); null when it sent none. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>
}

export interface SettingsTable {
  key: string
  value: Json
  updated_at: DefaultTimestamp
}

export interface ProfileFieldSettingsTable {
  /** ISO 3166-1 alpha-2, or '*' for every country without rows of its own. */
  country_code: string
  sysname: string
  position: Generated<number>
  is_visible: Generated<boolean>
  is_required: Generated<boolean>
  type: string
  /** SPEC §3 field options: { mask?, list?, regex? }. */
  options: ColumnType<unknown, string | undefined, string>
  updated_at: DefaultTimestamp
}

export interface CampaignsTable {
  id: Generated<bigint>
  sysname: string
  /** locale -> text. */
  title: Json
  description: Json
  is_active: Generated<boolean>
  created_at: DefaultTimestamp
}

export interface PromoCodesTable {
  /** Upper case. */
  code: string
  campaign_id: bigint | null
  is_active: Generated<boolean>
  starts_at: NullableTimestamp
  expires_at: NullableTimestamp
  max_uses: number | null
  used_count: Generated<number>
  created_at: DefaultTimestamp
}

export interface PromoCodeRedemptionsTable {
  id: Generated<bigint>
  code: string
  player_id: bigint
  source: 'registration' | 'activation'
  redeemed_at: Timestamp
}

export interface MessengerIdentitiesTable {
  /** 'telegram'. */
  messenger: string
  /** The messenger's user id, decimal text. */
  external_id: string
  player_id: bigint
  username: string | null
  created_at: Timestamp
  last_auth_at: Timestamp
}

export interface OAuthStatesTable {
  /** Hex SHA-256 of the `state` sent to the provider. */
  state_hash: string
  provider: string
  issuer: string
  /** PKCE code_verifier (RFC 7636), sent only to the provider's token endpoint. */
  code_verifier: string
  nonce: string
  /** Hex SHA-256 of the browser-binding cookie set at init. */
  binding_hash: string
  redirect_uri: string
  return_to: string | null
  type_auth: string
  created_at: Timestamp
  expires_at: Timestamp
  used_at: NullableTimestamp
}

export interface OAuthIdentitiesTable {
  id: Generated<bigint>
  provider: string
  subject: string
  player_id: bigint
  email: string | null
  created_at: Timestamp
  last_login_at: Timestamp
}

export interface DevIdpKeysTable {
  kid: string
  private_jwk: Json
  created_at: Timestamp
}

export interface DevIdpCodesTable {
  code_hash: string
  client_id: string
  redirect_uri: string
  code_challenge: string
  nonce: string | null
  subject: string
  email: string
  name: string
  created_at: Timestamp
  expires_at: Timestamp
  used_at: NullableTimestamp
}

/** GET /hit's visits (migration 019). */
export interface VisitsTable {
  id: Generated<bigint>
  created_at: DefaultTimestamp
  player_id: bigint | null
  referrer: string
  landing_search: string
  seon_session: string | null
  /** Parameter name -> track id without its td_ prefix. */
  track_ids: Json
}

/** Provably fair seed pairs (migration 020): one active (revealed_at null) per player. */
export interface FairSeedsTable {
  id: Generated<bigint>
  /** The owner: a player, or in demo play a visitor's demo purse (exactly one is set). */
  player_id: bigint | null
  demo_id: string | null
  server_seed: string
  server_seed_hash: string
  client_seed: string
  /** Rounds played with this pair so far: the next round's nonce. */
  next_nonce: Generated<number>
  created_at: DefaultTimestamp
  revealed_at: NullableTimestamp
}

export interface DemoPursesTable {
  id: string
  currency: string
  balance: Money
  created_at: DefaultTimestamp
  used_at: DefaultTimestamp
}

export interface DemoEntriesTable {
  id: Generated<bigint>
  purse_id: string
  amount: Money
  balance_after: Money
  kind: string
  idempotency_key: string
  created_at: DefaultTimestamp
}

export const ROUND_STATUSES = ['pending', 'open', 'settling', 'settled', 'declined', 'void'] as const
export type RoundStatus = (typeof ROUND_STATUSES)[number]
export type RoundMode = 'real' | 'fun' | 'demo'

export interface GameRoundsTable {
  id: Generated<bigint>
  player_id: bigint | null
  demo_id: string | null
  game: string
  kind: string
  mode: RoundMode
  currency: string
  stake: Money
  total_stake: Money
  payout: Money | null
  status: RoundStatus
  bet: Json
  state: Json
  actions: ColumnType<unknown, string | undefined, string>
  pending_action: Json | null
  step: Generated<number>
  seeds_id: bigint
  nonce: number
  client_key: string
  session_id: string | null
  abandoned: Generated<boolean>
  /** The free-spin pack that paid its stake; null for a round staked from a purse. */
  free_spin_pack_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>
  created_at: DefaultTimestamp
  updated_at: DefaultTimestamp
  settled_at: NullableTimestamp
}

export const FREE_SPIN_STATUSES = ['active', 'used', 'expired', 'cancelled'] as const
export type FreeSpinStatus = (typeof FREE_SPIN_STATUSES)[number]

export interface FreeSpinPacksTable {
  id: Generated<bigint>
  player_id: bigint
  game: string
  currency: string
  stake: Money
  total_count: number
  remaining_count: number
  status: ColumnType<FreeSpinStatus, FreeSpinStatus | undefined, FreeSpinStatus>
  descriptions: ColumnType<Record<string, string>, string | undefined, string>
  grant_key: string
  expires_at: NullableTimestamp
  created_at: DefaultTimestamp
  updated_at: DefaultTimestamp
}

export interface SbLeaguesTable {
  id: string
  sport: string
  country: string
  names: ColumnType<Record<string, string>, string, string>
  position: Generated<number>
}

export type SbEventStatus = 'scheduled' | 'live' | 'ended' | 'settled' | 'cancelled'

export interface SbEventsTable {
  id: Generated<bigint>
  feed_id: string
  league_id: string
  sport: string
  home: ColumnType<{ id: string; names: Record<string, string> }, string, string>
  away: ColumnType<{ id: string; names: Record<string, string> }, string, string>
  search_text: string
  starts_at: Date
  status: ColumnType<SbEventStatus, SbEventStatus | undefined, SbEventStatus>
  model: ColumnType<unknown, string | null | undefined, string | null>
  live: ColumnType<unknown, string | null | undefined, string | null>
  result: ColumnType<unknown, string | null | undefined, string | null>
  suspended: Generated<boolean>
  version: Generated<number>
  updated_at: DefaultTimestamp
}

export interface SbMarketsTable {
  id: Generated<bigint>
  event_id: bigint
  key: string
  kind: string
  line: number | null
  status: ColumnType<'open' | 'suspended' | 'settled', 'open' | 'suspended' | 'settled' | undefined, 'open' | 'suspended' | 'settled'>
  position: Generated<number>
}

export interface SbOutcomesTable {
  id: Generated<bigint>
  market_id: bigint
  event_id: bigint
  key: string
  price: number | null
  result: string | null
  dead_heat_ties: number | null
  position: Generated<number>
}

export interface SbBetsTable {
  id: Generated<bigint>
  player_id: bigint
  placement_key: string
  placement_hash: string
  currency: string
  kind: string
  system: string | null
  lines: number
  stake_per_line: Money
  stake: Money
  funding: string
  bonus_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>
  odds_policy: string
  potential: Money
  status: ColumnType<string, string | undefined, string>
  payout: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>
  settlement: Generated<number>
  correction_shortfall: Generated<bigint>
  placed_at: Timestamp
  settled_at: NullableTimestamp
}

export interface SbBetLegsTable {
  bet_id: bigint
  position: number
  event_id: bigint
  outcome_id: bigint
  price: number
  result: string | null
  dead_heat_ties: number | null
}

export interface SbCashoutsTable {
  id: Generated<bigint>
  bet_id: bigint
  cashout_key: string
  amount: Money
  stake_per_line: Money
  created_at: Timestamp
}

export interface SbPlayerSettingsTable {
  player_id: bigint
  odds_format: ColumnType<string, string | undefined, string>
  odds_policy: ColumnType<string, string | undefined, string>
  slip: ColumnType<Array<{ outcome_id: string; price: number }>, string | undefined, string>
  updated_at: DefaultTimestamp
}

export interface SbBonusesTable {
  id: Generated<bigint>
  player_id: bigint
  kind: ColumnType<string, string | undefined, string>
  currency: string
  amount: Money
  min_price: ColumnType<number, number | undefined, number>
  status: ColumnType<string, string | undefined, string>
  descriptions: ColumnType<Record<string, string>, string | undefined, string>
  grant_key: string
  expires_at: NullableTimestamp
  created_at: DefaultTimestamp
}

export interface SbFeedClockTable {
  id: number
  offset_ms: Money
}

export interface GameProvidersTable {
  sysname: string
  name: string
  descriptions: ColumnType<Record<string, string>, string, string>
  position: Generated<number>
  search: Generated<string>
}

export interface GameSearchTermsTable {
  sysname: string
  term: string
}

export interface GamesTable {
  sysname: string
  provider: string
  type: string
  kind: string
  /** A date column: pg gives a Date at midnight UTC of the server's zone; read it as text (to_char) where the day matters. */
  released: ColumnType<Date, string, string>
  fullscreen: string
  demo: boolean
  priority: number
  plays_30d: Generated<number>
  plays_7d: Generated<number>
  /** numeric(6,2): a string from both drivers. */
  rtp: ColumnType<string, string, string>
  rtp_max: ColumnType<string | null, string | null, string | null>
  volatility: string
  search: string
}

export interface GameTextsTable {
  sysname: string
  locale: string
  title: string
  description: string
}

export interface GameCategoriesTable {
  sysname: string
  position: number
  rule: 'type' | 'tag' | 'manual'
  rule_types: string[] | null
  rule_tag: string | null
}

export interface CategoryTextsTable {
  category: string
  locale: string
  name: string
}

export interface GameCategoryMembersTable {
  category: string
  sysname: string
  position: Generated<number>
}

export interface GameLikesTable {
  user_id: bigint
  sysname: string
  created_at: DefaultTimestamp
}

export interface GameHistoryExportsTable {
  id: Generated<bigint>
  user_id: bigint
  filter: ColumnType<Record<string, string>, string, string>
  status: 'pending' | 'ready' | 'failed'
  rows: number | null
  csv: string | null
  created_at: DefaultTimestamp
  finished_at: NullableTimestamp
}

export interface CrashChainsTable {
  id: Generated<bigint>
  game: string
  terminal_seed: string
  length: number
  commitment: string
  created_at: DefaultTimestamp
}

export type CrashPhase = 'betting' | 'running' | 'ended'

export interface CrashRoundsTable {
  id: Generated<bigint>
  game: string
  chain_id: bigint
  idx: number
  seed: string
  seed_hash: string
  /** Hundredths: 235 is 2.35x. */
  crash_point: number
  phase: CrashPhase
  betting_ends_at: Timestamp
  started_at: NullableTimestamp
  crashes_at: NullableTimestamp
  ended_at: NullableTimestamp
}

export type CrashBetStatus = 'pending' | 'active' | 'paying' | 'won' | 'lost' | 'declined' | 'void'

export interface CrashBetsTable {
  id: Generated<bigint>
  round_id: bigint
  player_id: bigint | null
  demo_id: string | null
  mode: RoundMode
  currency: string
  stake: Money
  auto_cash_out: number | null
  cashed_at: number | null
  payout: Money | null
  status: CrashBetStatus
  client_key: string
  created_at: DefaultTimestamp
  updated_at: DefaultTimestamp
}

export interface DB {
  games: GamesTable
  game_texts: GameTextsTable
  game_search_terms: GameSearchTermsTable
  game_providers: GameProvidersTable
  game_categories: GameCategoriesTable
  category_texts: CategoryTextsTable
  game_category_members: GameCategoryMembersTable
  game_likes: GameLikesTable
  game_history_exports: GameHistoryExportsTable
  crash_chains: CrashChainsTable
  crash_rounds: CrashRoundsTable
  crash_bets: CrashBetsTable
  fair_seeds: FairSeedsTable
  demo_purses: DemoPursesTable
  demo_entries: DemoEntriesTable
  game_rounds: GameRoundsTable
  free_spin_packs: FreeSpinPacksTable
  sb_leagues: SbLeaguesTable
  sb_events: SbEventsTable
  sb_markets: SbMarketsTable
  sb_outcomes: SbOutcomesTable
  sb_feed_clock: SbFeedClockTable
  sb_bets: SbBetsTable
  sb_bonuses: SbBonusesTable
  sb_bet_legs: SbBetLegsTable
  sb_cashouts: SbCashoutsTable
  sb_player_settings: SbPlayerSettingsTable
  visits: VisitsTable
  currencies: CurrenciesTable
  accounts: AccountsTable
  wallets: WalletsTable
  ledger_entries: LedgerEntriesTable
  wallet_transactions: WalletTransactionsTable
  wallet_rollback_tombstones: WalletRollbackTombstonesTable
  sessions: SessionsTable
  settings: SettingsTable
  player_profiles: PlayerProfilesTable
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable
  password_reset_tokens: PasswordResetTokensTable
  rate_limits: RateLimitsTable
  mail_outbox: MailOutboxTable
  support_feedback: SupportFeedbackTable
  support_chat_messages: SupportChatMessagesTable
  support_chats: SupportChatsTable
  chat_events: ChatEventsTable
  contact_confirmations: ContactConfirmationsTable
  profile_field_settings: ProfileFieldSettingsTable
  campaigns: CampaignsTable
  promo_codes: PromoCodesTable
  promo_code_redemptions: PromoCodeRedemptionsTable
  messenger_identities: MessengerIdentitiesTable
  oauth_states: OAuthStatesTable
  oauth_identities: OAuthIdentitiesTable
  dev_idp_keys: DevIdpKeysTable
  dev_idp_codes: DevIdpCodesTable
  payment_methods: PaymentMethodsTable
  payment_method_currencies: PaymentMethodCurrenciesTable
  payment_transactions: PaymentTransactionsTable
  saved_cards: SavedCardsTable
  payment_webhook_events: PaymentWebhookEventsTable
  deposit_limits: DepositLimitsTable
  loss_limits: LossLimitsTable
  wallet_play_hours: WalletPlayHoursTable
  push_subscriptions: PushSubscriptionsTable
  push_outbox: PushOutboxTable
  deposit_offers: DepositOffersTable
  cashbacks: CashbacksTable
  loyalty_characters: LoyaltyCharactersTable
  kyc_applications: KycApplicationsTable
  kyc_webhook_events: KycWebhookEventsTable
  kyc_sandbox_applicants: KycSandboxApplicantsTable
  kyc_sandbox_documents: KycSandboxDocumentsTable
}

// ── Payments (009) ──

export interface PaymentMethodsTable {
  id: Generated<number>
  sysname: string
  kind: 'card' | 'ewallet' | 'bank' | 'crypto'
  provider: string
  name: string
  deposit_enabled: Generated<boolean>
  withdrawal_enabled: Generated<boolean>
  sort: Generated<number>
  icon_light: string
  icon_dark: string
  description_short: Generated<string>
  description_full: Generated<string>
  fee_percent: ColumnType<string, string | undefined, string>
  processing_minutes: number | null
  deposit_requisites: ColumnType<unknown, string | undefined, string>
  withdrawal_requisites: ColumnType<unknown, string | undefined, string>
}

export interface PaymentMethodCurrenciesTable {
  method_id: number
  currency: string
  min_amount: Money
  max_amount: ColumnType<bigint | null, bigint | number | null, bigint | number | null>
  fee_fixed: DefaultMoney
}

export type PaymentTxType = 'deposit' | 'withdrawal'
export type PaymentTxStatus = 'pending' | 'approved' | 'success' | 'failed' | 'cancelled'

export interface PaymentTransactionsTable {
  id: string
  player_id: bigint
  type: PaymentTxType
  status: PaymentTxStatus
  method_id: number
  provider: string
  provider_reference: string | null
  currency: string
  amount: Money
  fee: DefaultMoney
  requisite: string | null
  campaign_offer_id: number | null
  idempotency_key: string
  request_hash: string
  response: ColumnType<unknown, string | null | undefined, string | null>
  return_url: string | null
  failure_code: string | null
  created_at: DefaultTimestamp
  updated_at: DefaultTimestamp
  completed_at: NullableTimestamp
  /** When its push notice was sent or passed over (038); null: a success not yet told. */
  push_noticed_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** The mobile hand-off of a pending deposit (012): MobileHandOff of the contract. */
  handoff: ColumnType<unknown, string | null | undefined, string | null>
  /** SHA-256 hex of the hand-off link's one-time secret (012). */
  handoff_secret_hash: string | null
  /**
   * When the provider's checkout session of a deposit waiting for the player ends (014); null when
   * nothing waits for the player (ended, or accepted by the provider and pending its webhook).
   */
  session_expires_at: NullableTimestamp
}

export interface SavedCardsTable {
  id: Generated<bigint>
  player_id: bigint
  provider: string
  token: string
  masked: string
  brand: string
  expires: string | null
  created_at: DefaultTimestamp
}

export interface PaymentWebhookEventsTable {
  provider: string
  event_id: string
  transaction_id: string
  received_at: DefaultTimestamp
}

/** One row per (player, period) since 013; a pending raise (scheduled_amount) or removal (null) per row. */
export interface DepositLimitsTable {
  player_id: bigint
  period_days: 1 | 7 | 14 | 30
  currency: string
  amount: ColumnType<bigint, bigint | number, bigint | number>
  scheduled_amount: ColumnType<bigint | null, bigint | number | null, bigint | number | null>
  scheduled_at: NullableTimestamp
  updated_at: DefaultTimestamp
}

/** A browser that lets us push to it (038): its push service's endpoint and keys. */
export interface PushSubscriptionsTable {
  id: Generated<bigint>
  player_id: bigint
  endpoint: string
  p256dh: string
  auth: string
  created_at: DefaultTimestamp
  last_sent_at: NullableTimestamp
}

/** Every push notice sent (038): to how many of the player's browsers, and how many took it. */
export interface PushOutboxTable {
  id: Generated<bigint>
  player_id: bigint
  topic: string
  title: string
  body: string
  url: string
  devices: ColumnType<number, number | undefined, number>
  delivered: ColumnType<number, number | undefined, number>
  created_at: DefaultTimestamp
}

/** Loss limits (037): the shape of deposit limits, binding stakes instead of deposits. */
export type LossLimitsTable = DepositLimitsTable

/** The player's real-money play by the hour (037): what loss limits sum. */
export interface WalletPlayHoursTable {
  player_id: bigint
  currency: string
  hour: Date
  staked: ColumnType<bigint, bigint | number, bigint | number>
  returned: ColumnType<bigint, bigint | number, bigint | number>
}

/** SPEC §3 'Deposit offer' (012). */
export interface DepositOffersTable {
  id: Generated<number>
  sysname: string
  audience: 'first_deposit' | 'returning' | 'everyone'
  exclude_methods: ColumnType<unknown, string | undefined, string>
  min_amounts: ColumnType<unknown, string | undefined, string>
  title: ColumnType<unknown, string, string>
  text: ColumnType<unknown, string, string>
  image: string | null
  promotions: ColumnType<unknown, string | undefined, string>
  sort: Generated<number>
  is_active: Generated<boolean>
  starts_at: NullableTimestamp
  ends_at: NullableTimestamp
}

export type Account = Selectable<AccountsTable>
export type NewAccount = Insertable<AccountsTable>
export type AccountUpdate = Updateable<AccountsTable>
export type Wallet = Selectable<WalletsTable>
export type LedgerEntry = Selectable<LedgerEntriesTable>
export type WalletTransaction = Selectable<WalletTransactionsTable>
export type Session = Selectable<SessionsTable>

// ── Cashbacks and loyalty characters (010) ──

export type CashbackStatus = 'pending' | 'active' | 'paid_out' | 'expired' | 'cancelled'

export interface CashbacksTable {
  id: Generated<bigint>
  player_id: bigint
  status: CashbackStatus
  amount: Money
  currency: string
  started_at: Timestamp
  ended_at: Timestamp
  receiving_expired_at: NullableTimestamp
}

export interface LoyaltyCharactersTable {
  id: Generated<number>
  name: string
  image: string
  sort: ColumnType<number, number | undefined, number>
}

// ── Identity verification (034) ──

/** What a text[] column reads as, and takes. */
type TextArray = ColumnType<string[], string[] | undefined, string[]>

/** The player's applicant at the KYC provider, as its webhooks last described it. */
export interface KycApplicationsTable {
  account_id: bigint
  provider: string
  applicant_id: string
  status: 'init' | 'pending' | 'approved' | 'resubmit' | 'rejected'
  /** The reviewer's words to the player (resubmit, rejected). */
  comment: string | null
  /** What to send again (document types) on resubmit. */
  reject_labels: TextArray
  /** The provider's time of the last event applied; older ones are ignored. */
  last_event_at: NullableTimestamp
  created_at: DefaultTimestamp
  updated_at: DefaultTimestamp
}

/** KYC webhook events handled, once each (the replay guard). */
export interface KycWebhookEventsTable {
  provider: string
  event_id: string
  received_at: DefaultTimestamp
}

/** The sandbox KYC provider's own applicants (it plays an outside provider). */
export interface KycSandboxApplicantsTable {
  id: string
  external_user_id: string
  level: string
  review_status: ColumnType<'init' | 'pending' | 'completed', 'init' | 'pending' | 'completed' | undefined, 'init' | 'pending' | 'completed'>
  review_answer: 'GREEN' | 'RED' | null
  reject_type: 'RETRY' | 'FINAL' | null
  comment: string | null
  reject_labels: TextArray
  /** Each request for documents again starts a new attempt. */
  attempt: Generated<number>
  created_at: DefaultTimestamp
  updated_at: DefaultTimestamp
}

/** The sandbox KYC provider's documents: the bytes, in the database (outside the web root). */
export interface KycSandboxDocumentsTable {
  id: string
  applicant_id: string
  attempt: number
  doc_type: string
  content_type: string
  byte_size: number
  /** Hex SHA-256 of the content. */
  sha256: string
  content: Uint8Array
  created_at: DefaultTimestamp
}
