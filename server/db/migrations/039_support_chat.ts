import { sql, type Kysely } from 'kysely'

/**
 * The built-in support chat (docs/support-chat.md): every message of a player's one conversation
 * with support, and per conversation what its list and counts need without scanning the messages
 * (the newest message, how far the player and the operators have read, how far answers were mailed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('support_chat_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('player', 'operator')`))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) <= 2000`))
    .addColumn('sender_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // A message sent again with its key (a retry after a lost answer) is kept once.
    .addUniqueConstraint('support_chat_messages_sender_key', ['player_id', 'author', 'sender_key'])
    .execute()
  await db.schema.createIndex('support_chat_messages_player_idx').on('support_chat_messages').columns(['player_id', 'id']).execute()
  await db.schema
    .createTable('support_chats')
    .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('last_message_id', 'bigint', (c) => c.notNull())
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull())
    .addColumn('player_read_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('operator_read_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mailed_through_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`create index support_chats_last_message_idx on support_chats (last_message_at desc)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('support_chats').execute()
  await db.schema.dropTable('support_chat_messages').execute()
}
