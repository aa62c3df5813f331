import { sql, type Kysely } from 'kysely'

/**
 * Free-spin packs (docs/games.md#free-spins): a number of slot rounds of one title at a fixed
 * stake, granted to a player, the stake never taken from the wallet and the wins paid into the
 * bonus balance. A round played from a pack names it, and the pack's count falls in the same
 * transaction that writes the round, so a spin is never lost or played twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('free_spin_packs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // Minor units of the currency, per spin.
    .addColumn('stake', 'bigint', (c) => c.notNull().check(sql`stake > 0`))
    .addColumn('total_count', 'integer', (c) => c.notNull().check(sql`total_count between 1 and 1000`))
    .addColumn('remaining_count', 'integer', (c) => c.notNull())
    // active, used (every spin played), expired (read as such once expires_at is past), cancelled.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    // { en, es, pt, de }: what the player reads about the pack.
    .addColumn('descriptions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // The granting call's idempotency key: the same key twice is one pack.
    .addColumn('grant_key', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('free_spin_packs_remaining', sql`remaining_count between 0 and total_count`)
    .addCheckConstraint('free_spin_packs_used', sql`(status = 'used') = (remaining_count = 0)`)
    .execute()
  await db.schema.createIndex('free_spin_packs_player').on('free_spin_packs').columns(['player_id', 'status', 'id']).execute()

  await db.schema.alterTable('game_rounds').addColumn('free_spin_pack_id', 'bigint', (c) => c.references('free_spin_packs.id')).execute()
  await db.schema.createIndex('game_rounds_free_spin_pack').on('game_rounds').column('free_spin_pack_id').where(sql.ref('free_spin_pack_id'), 'is not', null).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('game_rounds').dropColumn('free_spin_pack_id').execute()
  await db.schema.dropTable('free_spin_packs').execute()
}
