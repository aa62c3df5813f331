import { sql, type Kysely } from 'kysely'

/**
 * The sportsbook's board (docs/sportsbook.md): leagues, events, markets and outcomes as a feed
 * keeps them, and the simulator's own clock. Prices are integers (decimal odds in thousandths);
 * an outcome's price is null while the book does not offer it. Every row a feed update touches
 * carries the event's version, so a reader can tell a stale board from a fresh one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sb_leagues')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sport', 'text', (c) => c.notNull())
    // ISO 3166 alpha-2, or INT for international competitions.
    .addColumn('country', 'text', (c) => c.notNull())
    // { en, es, pt, de }
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('sb_leagues_sport').on('sb_leagues').columns(['sport', 'position']).execute()

  await db.schema
    .createTable('sb_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // The feed's own id: a feed update finds its event by it, so a replay upserts.
    .addColumn('feed_id', 'text', (c) => c.notNull().unique())
    .addColumn('league_id', 'text', (c) => c.notNull().references('sb_leagues.id'))
    .addColumn('sport', 'text', (c) => c.notNull())
    // { id, names: { en, es, pt, de } }
    .addColumn('home', 'jsonb', (c) => c.notNull())
    .addColumn('away', 'jsonb', (c) => c.notNull())
    // Every name of both sides in every locale, lower-cased: what search by team reads.
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    // scheduled, live, ended (result known, settling), settled, cancelled
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('scheduled'))
    // The simulator's parameters for the event; null for an event a real feed sends.
    .addColumn('model', 'jsonb')
    // Score, clock and the state the prices were made from, as the feed last sent them.
    .addColumn('live', 'jsonb')
    // The counts the markets settle on, once ended.
    .addColumn('result', 'jsonb')
    // Set while the feed says a dangerous moment is on: every market is suspended.
    .addColumn('suspended', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('sb_events_status_start').on('sb_events').columns(['status', 'starts_at']).execute()
  await db.schema.createIndex('sb_events_league_start').on('sb_events').columns(['league_id', 'starts_at']).execute()
  await db.schema.createIndex('sb_events_search').on('sb_events').using('gin').expression(sql`search_text gin_trgm_ops`).execute()

  await db.schema
    .createTable('sb_markets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('event_id', 'bigint', (c) => c.notNull().references('sb_events.id'))
    // The kind, and the line for handicaps and totals: "handicap:-0.75"
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // Quarters are exact in a double.
    .addColumn('line', 'double precision')
    // open, suspended, settled
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('sb_markets_event_key', ['event_id', 'key'])
    .execute()

  await db.schema
    .createTable('sb_outcomes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('market_id', 'bigint', (c) => c.notNull().references('sb_markets.id'))
    .addColumn('event_id', 'bigint', (c) => c.notNull().references('sb_events.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    // Decimal odds in thousandths; null while not offered.
    .addColumn('price', 'integer', (c) => c.check(sql`price is null or price between 1010 and 1000000`))
    // won, lost, void, half_won, half_lost, dead_heat; null until settled.
    .addColumn('result', 'text')
    .addColumn('dead_heat_ties', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('sb_outcomes_market_key', ['market_id', 'key'])
    .execute()
  await db.schema.createIndex('sb_outcomes_event').on('sb_outcomes').column('event_id').execute()

  // One row: how far the simulator's clock runs ahead of the real one (tests move it on).
  await db.schema
    .createTable('sb_feed_clock')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('offset_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`insert into sb_feed_clock (id, offset_ms) values (1, 0)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sb_feed_clock').execute()
  await db.schema.dropTable('sb_outcomes').execute()
  await db.schema.dropTable('sb_markets').execute()
  await db.schema.dropTable('sb_events').execute()
  await db.schema.dropTable('sb_leagues').execute()
}
