import { sql, type Kysely } from 'kysely'

/**
 * The sportsbook's bets (docs/sportsbook.md#bets): a bet and its legs, each leg with the price it
 * was struck at. The stake is taken through the seamless wallet in the transaction that writes the
 * bet (provider 'sportsbook', keyed by the player's placement key), and the payout is credited in
 * the transaction that settles it, keyed by the bet and its settlement's generation: a bet is paid
 * once, and a corrected result pays the difference under a new generation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Betting bonuses (SPEC §7 'Betting bonuses'): a free bet is a stake the book pays; the bet it
  // places returns its winnings without the stake.
  await db.schema
    .createTable('sb_bonuses')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('free_bet'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    // The least price (thousandths) the bet it places must have: an accumulator's combined price.
    .addColumn('min_price', 'integer', (c) => c.notNull().defaultTo(1010))
    // available, active (chosen for the betslip), used, expired (read as such once past), removed
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('available'))
    .addColumn('descriptions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('grant_key', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('sb_bonuses_player').on('sb_bonuses').columns(['player_id', 'status', 'id']).execute()

  await db.schema
    .createTable('sb_bets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    // The client's key for this placement: a double submit finds the bet already placed.
    .addColumn('placement_key', 'text', (c) => c.notNull())
    // What the key stood for (kind, system, stake, outcomes): the same key with another bet is refused.
    .addColumn('placement_hash', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // single, accumulator, system
    .addColumn('kind', 'text', (c) => c.notNull())
    // trixie, yankee, 2/3 ... for a system bet
    .addColumn('system', 'text')
    .addColumn('lines', 'integer', (c) => c.notNull().check(sql`lines between 1 and 1024`))
    // Minor units of the currency.
    .addColumn('stake_per_line', 'bigint', (c) => c.notNull().check(sql`stake_per_line > 0`))
    .addColumn('stake', 'bigint', (c) => c.notNull())
    // real (the main balance) or free_bet (the book's stake: bonus_id)
    .addColumn('funding', 'text', (c) => c.notNull())
    .addColumn('bonus_id', 'bigint', (c) => c.references('sb_bonuses.id'))
    .addColumn('odds_policy', 'text', (c) => c.notNull())
    // What the bet returns if every leg wins, at the prices struck.
    .addColumn('potential', 'bigint', (c) => c.notNull())
    // open, won, lost, void, cashed_out; resettling while a corrected result is applied
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    // What it paid, once settled (or cashed out).
    .addColumn('payout', 'bigint')
    // Bumped by each settlement: the payout's wallet key carries it, so a resettlement is a new credit.
    .addColumn('settlement', 'integer', (c) => c.notNull().defaultTo(0))
    // What a corrected result took back but the balance no longer held: owed, for the operator.
    .addColumn('correction_shortfall', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('placed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('settled_at', 'timestamptz')
    .addCheckConstraint('sb_bets_stake', sql`stake = stake_per_line * lines`)
    .addUniqueConstraint('sb_bets_placement', ['player_id', 'placement_key'])
    .execute()
  await db.schema.createIndex('sb_bets_player').on('sb_bets').columns(['player_id', 'id']).execute()
  await db.schema.createIndex('sb_bets_open').on('sb_bets').column('id').where(sql.ref('status'), '=', 'open').execute()

  await db.schema
    .createTable('sb_bet_legs')
    .addColumn('bet_id', 'bigint', (c) => c.notNull().references('sb_bets.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'bigint', (c) => c.notNull().references('sb_events.id'))
    .addColumn('outcome_id', 'bigint', (c) => c.notNull().references('sb_outcomes.id'))
    // The price the leg was struck at, thousandths.
    .addColumn('price', 'integer', (c) => c.notNull())
    // As the outcome settled: won, lost, void, half_won, half_lost, dead_heat; null while open.
    .addColumn('result', 'text')
    .addColumn('dead_heat_ties', 'integer')
    .addPrimaryKeyConstraint('sb_bet_legs_pk', ['bet_id', 'position'])
    .execute()
  await db.schema.createIndex('sb_bet_legs_outcome').on('sb_bet_legs').column('outcome_id').execute()
  await db.schema.createIndex('sb_bet_legs_event').on('sb_bet_legs').columns(['event_id', 'bet_id']).execute()

  // Each cash-out, whole or part: what was paid and how much of the stake it bought back.
  await db.schema
    .createTable('sb_cashouts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('bet_id', 'bigint', (c) => c.notNull().references('sb_bets.id'))
    .addColumn('cashout_key', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    // Stake per line taken off the bet: all of it for a full cash-out.
    .addColumn('stake_per_line', 'bigint', (c) => c.notNull().check(sql`stake_per_line > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('sb_cashouts_key', ['bet_id', 'cashout_key'])
    .execute()

  // A player's way of betting, the same on every device: odds format, odds-change policy, and the
  // betslip's selections as they left it.
  await db.schema
    .createTable('sb_player_settings')
    .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('accounts.id'))
    .addColumn('odds_format', 'text', (c) => c.notNull().defaultTo('decimal'))
    .addColumn('odds_policy', 'text', (c) => c.notNull().defaultTo('always_ask'))
    // [{ outcome_id, price }] as the slip holds them
    .addColumn('slip', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sb_player_settings').execute()
  await db.schema.dropTable('sb_cashouts').execute()
  await db.schema.dropTable('sb_bet_legs').execute()
  await db.schema.dropTable('sb_bets').execute()
  await db.schema.dropTable('sb_bonuses').execute()
}
