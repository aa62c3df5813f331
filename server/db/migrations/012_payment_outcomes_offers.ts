import { sql, type Kysely } from 'kysely'

/**
 * Payment outcomes and deposit offers:
 *
 * - payment_transactions.handoff: the mobile hand-off a provider gave for a pending deposit
 *   (deep link, QR, instructions, and for crypto the address and the amount to send), so the
 *   paymobile/{transaction} page can show it again after a reload or from another tab.
 *   handoff_secret_hash: SHA-256 of the one-time secret in the hand-off's link; the provider's
 *   'phone' page is opened on another device, without the player's session, and proves itself
 *   with that secret.
 * - deposit_offers: SPEC §3 'Deposit offer' (trigger with user_satisfies_params and
 *   params.exclude_methods, description, promotions), chosen by campaign_offer_id in makedeposit.
 *   `audience` is the trigger's condition the server checks per player: 'first_deposit' (no
 *   successful deposit yet), 'returning' (at least one), 'everyone'.
 * - The demo bitcoin method (seeded by server/seed/payments.ts) takes the fiat currencies too: a
 *   fiat player deposits an amount in their own currency and sends the coin amount at the rate.
 *   A database seeded before this gets those bounds here; a new one gets them from the seed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payment_transactions')
    .addColumn('handoff', 'jsonb')
    .addColumn('handoff_secret_hash', 'text', (c) => c.check(sql`handoff_secret_hash ~ '^[0-9a-f]{64}$'`))
    .execute()

  await db.schema
    .createTable('deposit_offers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('sysname', 'text', (c) => c.notNull().unique().check(sql`sysname ~ '^[a-z0-9][a-z0-9_-]{0,63}$'`))
    .addColumn('audience', 'text', (c) => c.notNull().check(sql`audience in ('first_deposit', 'returning', 'everyone')`))
    /** Method sysnames the offer does not apply to. */
    .addColumn('exclude_methods', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    /** { currency: minor units } smallest deposit; a currency not listed: any amount. */
    .addColumn('min_amounts', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    /** locale -> text. */
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('text', 'jsonb', (c) => c.notNull())
    .addColumn('image', 'text')
    /** [{ type, value }], e.g. { type: 'bonus_percent', value: '100' }. */
    .addColumn('promotions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .execute()

  const bitcoin = (await sql<{ id: number }>`select id from payment_methods where sysname = 'bitcoin' and provider = 'sandbox'`.execute(db)).rows[0]
  if (bitcoin) {
    // The seed's demo bounds: 20 to 5000 USD, scaled per currency, no fixed fee.
    const factors: Record<string, number> = { USD: 1, EUR: 1, GBP: 1, BRL: 5, MXN: 20, JPY: 150 }
    const currencies = (await sql<{ code: string; exponent: number }>`select code, exponent from currencies`.execute(db)).rows
    for (const c of currencies) {
      const factor = factors[c.code]
      if (factor === undefined) continue
      const unit = 10n ** BigInt(Number(c.exponent))
      await sql`insert into payment_method_currencies (method_id, currency, min_amount, max_amount, fee_fixed)
                values (${bitcoin.id}, ${c.code}, ${String(20n * BigInt(factor) * unit)}::bigint, ${String(5000n * BigInt(factor) * unit)}::bigint, 0)
                on conflict do nothing`.execute(db)
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from payment_method_currencies where currency <> 'BTC' and method_id in (select id from payment_methods where sysname = 'bitcoin' and provider = 'sandbox')`.execute(db)
  await db.schema.dropTable('deposit_offers').execute()
  await db.schema.alterTable('payment_transactions').dropColumn('handoff_secret_hash').dropColumn('handoff').execute()
}
