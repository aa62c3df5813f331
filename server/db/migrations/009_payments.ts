import { sql, type Kysely } from 'kysely'

/**
 * Payments ('Wallet and cashier'): payment methods with their bounds and fees per
 * currency, payment transactions (deposits and withdrawals) keyed by a random id with one
 * idempotency key per player, saved cards (the provider's token and the masked number only, never
 * the number), signed provider webhook events already handled (replay guard), deposit limits, the
 * withdrawal reserve wallet kind, and the confirmed-contact stamp withdrawals need.
 *
 * A deposit's credit is a ledger entry with ref 'ptx:<id>'; a withdrawal moves main -> reserve
 * at once and reserve -> out (paid) or reserve -> main (cancelled, rejected) later.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table wallets drop constraint if exists wallets_kind_check`.execute(db)
  await sql`alter table wallets add constraint wallets_kind_check check (kind in ('main', 'bonus', 'betting_bonus', 'fun', 'withdrawal_reserve'))`.execute(db)

  await db.schema.alterTable('accounts').addColumn('email_confirmed_at', 'timestamptz').execute()

  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('sysname', 'text', (c) => c.notNull().unique().check(sql`sysname ~ '^[a-z0-9][a-z0-9_-]{0,63}$'`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('card', 'ewallet', 'bank', 'crypto')`))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('deposit_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('withdrawal_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('icon_light', 'text', (c) => c.notNull())
    .addColumn('icon_dark', 'text', (c) => c.notNull())
    .addColumn('description_short', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_full', 'text', (c) => c.notNull().defaultTo(''))
    /** Percent of the amount, "2.5" for 2.5 %. */
    .addColumn('fee_percent', 'numeric', (c) => c.notNull().defaultTo(0).check(sql`fee_percent >= 0 and fee_percent < 100`))
    .addColumn('processing_minutes', 'integer')
    /** RequisiteField[] of the contract, per direction. */
    .addColumn('deposit_requisites', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('withdrawal_requisites', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute()

  await db.schema
    .createTable('payment_method_currencies')
    .addColumn('method_id', 'integer', (c) => c.notNull().references('payment_methods.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('min_amount', 'bigint', (c) => c.notNull().check(sql`min_amount > 0`))
    .addColumn('max_amount', 'bigint')
    .addColumn('fee_fixed', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`fee_fixed >= 0`))
    .addPrimaryKeyConstraint('payment_method_currencies_pkey', ['method_id', 'currency'])
    .addCheckConstraint('payment_method_currencies_bounds', sql`max_amount is null or max_amount >= min_amount`)
    .execute()

  await db.schema
    .createTable('payment_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`id ~ '^[A-Za-z0-9_-]{1,64}$'`))
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('deposit', 'withdrawal')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'success', 'failed', 'cancelled')`))
    .addColumn('method_id', 'integer', (c) => c.notNull().references('payment_methods.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_reference', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    /** Minor units, above zero. */
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('fee', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`fee >= 0`))
    /** Masked requisite shown back ('424242...4242', 'DE89 ···· 3000'); never a full card number. */
    .addColumn('requisite', 'text')
    .addColumn('campaign_offer_id', 'integer')
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull().check(sql`request_hash ~ '^[0-9a-f]{64}$'`))
    /** The first answer, replayed for a repeated idempotency key. */
    .addColumn('response', 'jsonb')
    .addColumn('return_url', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addUniqueConstraint('payment_transactions_player_key', ['player_id', 'idempotency_key'])
    .execute()
  await db.schema.createIndex('payment_transactions_player_idx').on('payment_transactions').columns(['player_id', 'created_at']).execute()
  await sql`create index payment_transactions_open_idx on payment_transactions (status) where status in ('pending', 'approved')`.execute(db)

  await db.schema
    .createTable('saved_cards')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    /** The provider's token for charging the card again. */
    .addColumn('token', 'text', (c) => c.notNull())
    /** '424242...4242' (SPEC §5). */
    .addColumn('masked', 'text', (c) => c.notNull().check(sql`masked ~ '^[0-9]{6}[.]{3}[0-9]{4}$'`))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('expires', 'text', (c) => c.check(sql`expires ~ '^[0-9]{2}/[0-9]{2}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('saved_cards_player_masked_key', ['player_id', 'provider', 'masked'])
    .execute()

  await db.schema
    .createTable('payment_webhook_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_webhook_events_pkey', ['provider', 'event_id'])
    .execute()

  await db.schema
    .createTable('deposit_limits')
    .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('accounts.id'))
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    /** Days (1, 7, 14, 30); null: no limit. */
    .addColumn('period_days', 'integer', (c) => c.check(sql`period_days in (1, 7, 14, 30)`))
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount > 0`))
    /** A raise or removal waiting for its cooling-off; scheduled_at null: nothing scheduled. */
    .addColumn('scheduled_period_days', 'integer', (c) => c.check(sql`scheduled_period_days in (1, 7, 14, 30)`))
    .addColumn('scheduled_amount', 'bigint', (c) => c.check(sql`scheduled_amount > 0`))
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('deposit_limits_pair', sql`(period_days is null) = (amount is null)`)
    .execute()

  // The demo methods need the currencies, which the seed writes after the migrations: server/seed/payments.ts.
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deposit_limits').execute()
  await db.schema.dropTable('payment_webhook_events').execute()
  await db.schema.dropTable('saved_cards').execute()
  await db.schema.dropTable('payment_transactions').execute()
  await db.schema.dropTable('payment_method_currencies').execute()
  await db.schema.dropTable('payment_methods').execute()
  await db.schema.alterTable('accounts').dropColumn('email_confirmed_at').execute()
  await sql`alter table wallets drop constraint if exists wallets_kind_check`.execute(db)
  await sql`alter table wallets add constraint wallets_kind_check check (kind in ('main', 'bonus', 'betting_bonus', 'fun'))`.execute(db)
}

