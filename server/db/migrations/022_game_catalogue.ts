import { sql, type Kysely } from 'kysely'

/**
 * The games catalogue (docs/games.md#the-catalogue): rows mirrored from the studio's code at every
 * start, categories and providers, players' likes and their history exports. Search runs on
 * pg_trgm (docs/decisions/009-game-search-trigrams.md): PGlite loads the extension when it opens
 * (server/db/database.ts), PostgreSQL ships it in contrib. It goes into `public` so every schema
 * that puts public on its search path (server/db/database.ts) finds its functions and operators.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm with schema public`.execute(db)

  await db.schema
    .createTable('game_providers')
    .addColumn('sysname', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // { en, es, pt, de }
    .addColumn('descriptions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    // The name in search form (lowercase, no accents).
    .addColumn('search', 'text', (c) => c.notNull().defaultTo(''))
    .execute()

  await db.schema
    .createTable('games')
    .addColumn('sysname', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull().references('game_providers.sysname'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('released', 'date', (c) => c.notNull())
    .addColumn('fullscreen', 'text', (c) => c.notNull())
    .addColumn('demo', 'boolean', (c) => c.notNull())
    // The operator's order: lower first.
    .addColumn('priority', 'integer', (c) => c.notNull())
    // Written by the popularity job only, never inside a round's transaction.
    .addColumn('plays_30d', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('plays_7d', 'integer', (c) => c.notNull().defaultTo(0))
    // Percentages, 2 decimals (96.50).
    .addColumn('rtp', sql`numeric(6, 2)`, (c) => c.notNull())
    .addColumn('rtp_max', sql`numeric(6, 2)`)
    .addColumn('volatility', 'text', (c) => c.notNull())
    // Titles in every locale and the provider's name in search form: 1-2 character queries match a substring of it.
    .addColumn('search', 'text', (c) => c.notNull())
    .execute()
  // One row per distinct title in search form: trigram similarity over short strings is an order
  // of magnitude quicker than over one long text per game (docs/decisions/009-game-search-trigrams.md).
  await db.schema
    .createTable('game_search_terms')
    .addColumn('sysname', 'text', (c) => c.notNull().references('games.sysname').onDelete('cascade'))
    .addColumn('term', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_search_terms_pk', ['sysname', 'term'])
    .execute()
  await sql`create index game_search_terms_trgm on game_search_terms using gin (term public.gin_trgm_ops)`.execute(db)
  await db.schema.createIndex('games_priority').on('games').columns(['priority', 'sysname']).execute()

  await db.schema
    .createTable('game_texts')
    .addColumn('sysname', 'text', (c) => c.notNull().references('games.sysname').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_texts_pk', ['sysname', 'locale'])
    .execute()

  await db.schema
    .createTable('game_categories')
    .addColumn('sysname', 'text', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    // type: games of rule_types; tag: games with rule_tag now; manual: game_category_members
    .addColumn('rule', 'text', (c) => c.notNull().check(sql`rule in ('type', 'tag', 'manual')`))
    .addColumn('rule_types', sql`text[]`)
    .addColumn('rule_tag', 'text')
    .execute()
  await db.schema
    .createTable('category_texts')
    .addColumn('category', 'text', (c) => c.notNull().references('game_categories.sysname').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_texts_pk', ['category', 'locale'])
    .execute()
  await db.schema
    .createTable('game_category_members')
    .addColumn('category', 'text', (c) => c.notNull().references('game_categories.sysname').onDelete('cascade'))
    .addColumn('sysname', 'text', (c) => c.notNull().references('games.sysname').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('game_category_members_pk', ['category', 'sysname'])
    .execute()

  await db.schema
    .createTable('game_likes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('sysname', 'text', (c) => c.notNull().references('games.sysname').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('game_likes_pk', ['user_id', 'sysname'])
    .execute()

  await db.schema
    .createTable('game_history_exports')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('filter', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'ready', 'failed')`))
    .addColumn('rows', 'integer')
    .addColumn('csv', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute()
  await sql`create index game_history_exports_user on game_history_exports (user_id, id desc)`.execute(db)
  await sql`create index game_history_exports_pending on game_history_exports (id) where status = 'pending'`.execute(db)
  // The popularity job counts settled rounds of the last 30 days per game.
  await sql`create index game_rounds_settled_at on game_rounds (settled_at) where status = 'settled'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists game_rounds_settled_at`.execute(db)
  for (const table of ['game_history_exports', 'game_likes', 'game_category_members', 'category_texts', 'game_categories', 'game_search_terms', 'game_texts', 'games', 'game_providers']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
