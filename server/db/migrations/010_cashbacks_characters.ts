import { sql, type Kysely } from 'kysely'

/**
 * The two seams of the registration flow: cashbacks (SPEC §3, §4 'Cashback unseen'; they
 * are credited elsewhere, here they are read) and the loyalty characters a player may pick at
 * sign-up (SPEC §7 Loyalty getcharacters; accounts.character_id refers to them from now on).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cashbacks')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'active', 'paid_out', 'expired', 'cancelled')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz', (c) => c.notNull())
    /** Until when a paid-out cashback may still be received; null while there is no deadline. */
    .addColumn('receiving_expired_at', 'timestamptz')
    .addCheckConstraint('cashbacks_period', sql`ended_at >= started_at`)
    .execute()
  await db.schema.createIndex('cashbacks_player_idx').on('cashbacks').columns(['player_id', 'ended_at']).execute()

  await db.schema
    .createTable('loyalty_characters')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db
    .insertInto('loyalty_characters')
    .values([
      { name: 'Nova', image: '/images/characters/nova.svg', sort: 1 },
      { name: 'Orion', image: '/images/characters/orion.svg', sort: 2 },
      { name: 'Luna', image: '/images/characters/luna.svg', sort: 3 },
    ])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('loyalty_characters').execute()
  await db.schema.dropTable('cashbacks').execute()
}
