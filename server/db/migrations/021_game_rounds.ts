import { sql, type Kysely } from 'kysely'

/**
 * Rounds of the in-house studio (docs/games.md#rounds) and the demo purses visitors play from.
 * A round belongs to a player or, in demo play, to a visitor's demo purse; so does a seed pair.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('demo_purses')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`balance >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('demo_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('purse_id', 'uuid', (c) => c.notNull().references('demo_purses.id').onDelete('cascade'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('demo_entries_purse').on('demo_entries').columns(['purse_id', 'id']).execute()

  await sql`alter table fair_seeds alter column player_id drop not null`.execute(db)
  await db.schema.alterTable('fair_seeds').addColumn('demo_id', 'uuid', (c) => c.references('demo_purses.id').onDelete('cascade')).execute()
  await sql`alter table fair_seeds add constraint fair_seeds_one_owner check ((player_id is null) <> (demo_id is null))`.execute(db)
  await sql`create unique index fair_seeds_one_active_demo on fair_seeds (demo_id) where revealed_at is null and demo_id is not null`.execute(db)

  await db.schema
    .createTable('game_rounds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('demo_id', 'uuid', (c) => c.references('demo_purses.id').onDelete('cascade'))
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // real, fun (a player's play money) or demo (a visitor's purse)
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull())
    .addColumn('total_stake', 'bigint', (c) => c.notNull())
    .addColumn('payout', 'bigint')
    // pending (stake not yet taken), open (waiting for the player), settling (over, payout not yet
    // paid), settled, declined (the stake was refused), void (stopped by a fault, stakes returned)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('bet', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addColumn('actions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // An action whose extra stake is being taken: { action, step, transactionId }
    .addColumn('pending_action', 'jsonb')
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seeds_id', 'bigint', (c) => c.notNull().references('fair_seeds.id'))
    .addColumn('nonce', 'integer', (c) => c.notNull())
    .addColumn('client_key', 'text', (c) => c.notNull())
    // The player's session (sessions.id) the round started in: the reality check sums a session's play.
    .addColumn('session_id', 'text')
    .addColumn('abandoned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addCheckConstraint('game_rounds_one_owner', sql`(player_id is null) <> (demo_id is null)`)
    .execute()
  // A double-clicked spin sends its key twice: one round.
  await sql`create unique index game_rounds_player_key on game_rounds (player_id, client_key) where player_id is not null`.execute(db)
  await sql`create unique index game_rounds_demo_key on game_rounds (demo_id, client_key) where demo_id is not null`.execute(db)
  // One unfinished round per owner and game: a reload resumes it instead of starting another.
  await sql`create unique index game_rounds_player_open on game_rounds (player_id, game) where player_id is not null and status in ('pending', 'open', 'settling')`.execute(db)
  await sql`create unique index game_rounds_demo_open on game_rounds (demo_id, game) where demo_id is not null and status in ('pending', 'open', 'settling')`.execute(db)
  await sql`create index game_rounds_player_recent on game_rounds (player_id, id desc) where player_id is not null`.execute(db)
  await sql`create index game_rounds_demo_recent on game_rounds (demo_id, id desc) where demo_id is not null`.execute(db)
  await sql`create index game_rounds_unfinished on game_rounds (updated_at) where status in ('pending', 'open', 'settling')`.execute(db)
  await sql`create index game_rounds_seeds on game_rounds (seeds_id, nonce)`.execute(db)
  await sql`create index game_rounds_session on game_rounds (session_id) where session_id is not null`.execute(db)


  // Crash: one shared round at a time per title, its seeds from a hash chain (docs/games.md#crash).
  await db.schema
    .createTable('crash_chains')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('game', 'text', (c) => c.notNull())
    // Secret: every seed of the chain is a hash of it. Never shown; the commitment is.
    .addColumn('terminal_seed', 'text', (c) => c.notNull())
    .addColumn('length', 'integer', (c) => c.notNull())
    // SHA-256 of the chain's first seed, published before its first round.
    .addColumn('commitment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('crash_rounds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('chain_id', 'bigint', (c) => c.notNull().references('crash_chains.id'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('seed_hash', 'text', (c) => c.notNull())
    .addColumn('crash_point', 'integer', (c) => c.notNull())
    // betting, running, ended
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('betting_ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('crashes_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addUniqueConstraint('crash_rounds_chain_idx', ['chain_id', 'idx'])
    .execute()
  await sql`create unique index crash_rounds_one_live on crash_rounds (game) where phase <> 'ended'`.execute(db)
  await sql`create index crash_rounds_recent on crash_rounds (game, id desc)`.execute(db)
  await db.schema
    .createTable('crash_bets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('round_id', 'bigint', (c) => c.notNull().references('crash_rounds.id'))
    .addColumn('player_id', 'bigint', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('demo_id', 'uuid', (c) => c.references('demo_purses.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull())
    // Hundredths: 250 is 2.50x. Null auto cash-out: the player cashes out by hand.
    .addColumn('auto_cash_out', 'integer')
    .addColumn('cashed_at', 'integer')
    .addColumn('payout', 'bigint')
    // pending (stake not confirmed), active, paying (won, payout not confirmed), won, lost, declined, void
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('crash_bets_one_owner', sql`(player_id is null) <> (demo_id is null)`)
    .execute()
  await sql`create unique index crash_bets_player_round on crash_bets (round_id, player_id) where player_id is not null`.execute(db)
  await sql`create unique index crash_bets_demo_round on crash_bets (round_id, demo_id) where demo_id is not null`.execute(db)
  await sql`create unique index crash_bets_player_key on crash_bets (player_id, client_key) where player_id is not null`.execute(db)
  await sql`create unique index crash_bets_demo_key on crash_bets (demo_id, client_key) where demo_id is not null`.execute(db)
  await sql`create index crash_bets_unfinished on crash_bets (updated_at) where status in ('pending', 'active', 'paying')`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('crash_bets').ifExists().execute()
  await db.schema.dropTable('crash_rounds').ifExists().execute()
  await db.schema.dropTable('crash_chains').ifExists().execute()
  await db.schema.dropTable('game_rounds').ifExists().execute()
  await sql`drop index if exists fair_seeds_one_active_demo`.execute(db)
  await sql`alter table fair_seeds drop constraint if exists fair_seeds_one_owner`.execute(db)
  await db.schema.alterTable('fair_seeds').dropColumn('demo_id').execute()
  await db.schema.dropTable('demo_entries').ifExists().execute()
  await db.schema.dropTable('demo_purses').ifExists().execute()
}
