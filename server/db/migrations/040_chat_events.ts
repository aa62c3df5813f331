import { sql, type Kysely } from 'kysely'

/**
 * What a vendor chat widget reports about a player's conversation (SPEC §7 'Chat',
 * chat/FreshChat.storeChatEvent): one row per event, with the vendor, the event's name and its flat
 * data, read per player newest last (docs/support-chat.md, 'FreshChat events').
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('chat_events_player_idx').on('chat_events').columns(['player_id', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_events').execute()
}
