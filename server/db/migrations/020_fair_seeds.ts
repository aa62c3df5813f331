import { sql, type Kysely } from 'kysely'

/**
 * Provably fair seed pairs (docs/games.md): a player's secret server seed (its hash shown before
 * play), the client seed the player chose, and how many rounds used the pair. One pair is active
 * per player; rotating reveals it (revealed_at) and starts the next.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fair_seeds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('client_seed', 'text', (c) => c.notNull())
    .addColumn('next_nonce', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revealed_at', 'timestamptz')
    .execute()
  // One active pair per player: two requests creating the first pair at once cannot both win.
  await sql`create unique index fair_seeds_one_active on fair_seeds (player_id) where revealed_at is null`.execute(db)
  await db.schema.createIndex('fair_seeds_player').on('fair_seeds').columns(['player_id', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fair_seeds').ifExists().execute()
}
