import { sql, type Kysely } from 'kysely'

/**
 * The seamless wallet (ARCHITECTURE §5): the requests games and the sportsbook send (debit,
 * credit, rollback), each stored once under its provider's transaction id with a hash of its
 * body and the first answer, so a retry gets that answer and a reused id with another body is
 * refused; tombstones for rollbacks that arrive before their debit; and exchange rates on
 * currencies (units of the currency per one unit of the base currency, USD).
 *
 * Balances stay in `wallets` (one row per player, currency and kind) and move only through
 * `ledger_entries`; a wallet transaction's entries carry `ref = 'wtx:<id>'`, and `moved` is the
 * signed sum they add up to, which the ledger invariant checks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('currencies')
    .addColumn('rate', 'numeric', (c) => c.notNull().defaultTo(1).check(sql`rate > 0`))
    .execute()
  await db.schema
    .alterTable('currencies')
    .addColumn('rate_updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // Demo rates for databases seeded before rates existed; an operator or a rates feed replaces them.
  for (const [code, rate] of Object.entries(DEMO_RATES)) {
    await sql`update currencies set rate = ${rate}::numeric where code = ${code}`.execute(db)
  }

  await db.schema
    .createTable('wallet_transactions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider ~ '^[a-z0-9][a-z0-9_.-]{0,63}$'`))
    .addColumn('transaction_id', 'text', (c) => c.notNull().check(sql`length(transaction_id) between 1 and 128`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('debit', 'credit', 'rollback')`))
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('real', 'fun')`))
    /** What was asked, minor units, never negative. */
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    /** What the ledger entries of this transaction add up to, signed; 0 when declined or rolled back before it came. */
    .addColumn('moved', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('round_id', 'text')
    .addColumn('game_id', 'text')
    /** For a rollback: the transaction id it reverses. */
    .addColumn('reference_transaction_id', 'text')
    .addColumn('request_hash', 'text', (c) => c.notNull().check(sql`request_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('ok', 'declined', 'rolled_back')`))
    .addColumn('response', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('wallet_transactions_provider_tx_key', ['provider', 'transaction_id'])
    .execute()
  await db.schema.createIndex('wallet_transactions_player_idx').on('wallet_transactions').columns(['player_id', 'id']).execute()

  await db.schema
    .createTable('wallet_rollback_tombstones')
    .addColumn('provider', 'text', (c) => c.notNull())
    /** The debit (or credit) id that a rollback named before it arrived. */
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('rollback_transaction_id', 'text', (c) => c.notNull())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('wallet_rollback_tombstones_pkey', ['provider', 'transaction_id'])
    .execute()

  // A rollback finds the entries of the debit it reverses by ref.
  await sql`create index ledger_entries_ref_idx on ledger_entries (ref) where ref is not null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists ledger_entries_ref_idx`.execute(db)
  await db.schema.dropTable('wallet_rollback_tombstones').execute()
  await db.schema.dropTable('wallet_transactions').execute()
  await db.schema.alterTable('currencies').dropColumn('rate_updated_at').execute()
  await db.schema.alterTable('currencies').dropColumn('rate').execute()
}

/** Units per 1 USD, rounded demo figures; kept here so the migration does not depend on seed code. */
const DEMO_RATES: Record<string, string> = {
  USD: '1',
  EUR: '0.92',
  GBP: '0.79',
  BRL: '5.05',
  MXN: '17.10',
  JPY: '151',
  BTC: '0.0000155',
  ETH: '0.00031',
  USDT: '1',
}
