import { sql, type Kysely } from 'kysely'

/**
 * Several deposit limits per player (SPEC §3 'Deposit limit', §9 periods 1, 7,
 * 14, 30 days): one row per (player, period) instead of one per player, so that 100 a day and 500
 * over 30 days can hold at the same time, the lowest applying. Each row keeps its own pending
 * change: a raise (scheduled_amount) or a removal (scheduled_amount null), both effective at
 * scheduled_at, 24 h after they were asked for.
 *
 * The rows of 009 carry over:
 * - a limit with nothing pending, or with a pending raise of the same period: the same row;
 * - a pending removal: the row with its removal at the same time;
 * - a pending change to another period (the one-limit model replaced daily 100 by weekly 500
 *   after 24 h): the old period's row with its removal at that time, and the new period's limit at
 *   once. Adding a limit is never a raise, and both apply until the old one goes, so nothing the
 *   player asked for is lifted sooner than it would have been;
 * - no limit (period null): no row.
 * Changes already due are applied by the next read, as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deposit_limits_013')
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('period_days', 'integer', (c) => c.notNull().check(sql`period_days in (1, 7, 14, 30)`))
    /** The currency it was set in: it binds deposits in that currency only. */
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    /** With scheduled_at: the raised amount, or null for a removal. */
    .addColumn('scheduled_amount', 'bigint', (c) => c.check(sql`scheduled_amount > 0`))
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('deposit_limits_period_pkey', ['player_id', 'period_days'])
    .addCheckConstraint('deposit_limits_scheduled', sql`scheduled_amount is null or (scheduled_at is not null and scheduled_amount > amount)`)
    .execute()

  // The limit in force, with a raise of the same period or a removal kept as its pending change.
  await sql`
    insert into deposit_limits_013 (player_id, period_days, currency, amount, scheduled_amount, scheduled_at, updated_at)
    select player_id, period_days, currency, amount,
      case when scheduled_at is not null and scheduled_period_days = period_days and scheduled_amount > amount then scheduled_amount end,
      case
        when scheduled_at is null then null
        when scheduled_period_days = period_days and scheduled_amount <= amount then null
        else scheduled_at
      end,
      updated_at
    from deposit_limits
    where period_days is not null and amount is not null`.execute(db)
  // A pending change to another period: that period's limit at once.
  await sql`
    insert into deposit_limits_013 (player_id, period_days, currency, amount, updated_at)
    select player_id, scheduled_period_days, currency, scheduled_amount, updated_at
    from deposit_limits
    where scheduled_at is not null and scheduled_period_days is not null and scheduled_amount is not null
      and scheduled_period_days is distinct from period_days`.execute(db)

  await db.schema.dropTable('deposit_limits').execute()
  await db.schema.alterTable('deposit_limits_013').renameTo('deposit_limits').execute()
}

/** Back to one row per player: the limit of the shortest period, with its pending change. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deposit_limits_009')
    .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('accounts.id'))
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('period_days', 'integer', (c) => c.check(sql`period_days in (1, 7, 14, 30)`))
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount > 0`))
    .addColumn('scheduled_period_days', 'integer', (c) => c.check(sql`scheduled_period_days in (1, 7, 14, 30)`))
    .addColumn('scheduled_amount', 'bigint', (c) => c.check(sql`scheduled_amount > 0`))
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('deposit_limits_pair_009', sql`(period_days is null) = (amount is null)`)
    .execute()
  await sql`
    insert into deposit_limits_009 (player_id, currency, period_days, amount, scheduled_period_days, scheduled_amount, scheduled_at, updated_at)
    select distinct on (d.player_id) d.player_id, d.currency, d.period_days, d.amount,
      case when d.scheduled_amount is null then null else d.period_days end,
      d.scheduled_amount, d.scheduled_at, d.updated_at
    from deposit_limits d
    order by d.player_id, d.period_days`.execute(db)
  await db.schema.dropTable('deposit_limits').execute()
  await db.schema.alterTable('deposit_limits_009').renameTo('deposit_limits').execute()
}
