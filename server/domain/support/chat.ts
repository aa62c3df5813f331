import { sql, type Kysely, type Transaction } from 'kysely'
import { CHAT_PAGE, chatMessageError, normalizeChatMessage } from '../../../src/shared/support-chat'
import { DEFAULT_LOCALE, isLocale, localizePath } from '../../../src/shared/locales'
import type { DB } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import type { LiveBus } from '../../realtime/bus'
import { FieldErrors } from '../auth/errors'
import { consumeOrThrow } from '../auth/throttle'
import type { Mailer } from '../mail/outbox'
import type { LimitCheck } from '../ratelimit/limits'
import { chatAnswersMail } from './chat-texts'

/**
 * The built-in support chat (docs/support-chat.md): one conversation per player, players write and
 * operators answer. Each side has a read mark (the newest message id it has seen), so unread counts
 * are "the other side's messages after my mark". An answer the player has not read a few minutes
 * later is mailed once (mailed_through_id). Every kept message and every moved read mark is told
 * on the live bus, topic `support.chat.<playerId>`, after the commit.
 */

export type ChatAuthor = 'player' | 'operator'
/** Whose read mark and unread count a call is about. */
export type ChatViewer = ChatAuthor

export interface ChatMessageView {
  id: number
  author: ChatAuthor
  body: string
  created_at: string
}

export interface ChatThreadView {
  messages: ChatMessageView[]
  unread: number
  read_through: number
}

export interface ChatSummaryView {
  player_id: number
  login: string
  locale: string
  last: ChatMessageView
  unread: number
}

/** What the player's sockets are told: operator messages the player has not read, and the newest message. */
export interface ChatNotice {
  unread: number
  last_id: number
}

/** The app's live bus (app.live), or none where nobody is to be told. */
export type ChatLive = Pick<LiveBus, 'publish'>

export const chatTopic = (playerId: bigint): string => `support.chat.${playerId}`

/** An operator call named a player id no account has. */
export class UnknownChatPlayerError extends Error {
  override name = 'UnknownChatPlayerError'
  constructor(readonly playerId: bigint) {
    super('No such player')
  }
}

/** How long an unread answer waits before it is mailed: the player may still be on the site. */
export const CHAT_MAIL_DELAY_MS = 120_000
/** Chats one claim takes; the job claims again while a claim comes back full. */
export const CHAT_MAIL_BATCH = 50
/** Answers one mail quotes (the newest); the rest are counted. */
const MAIL_ANSWERS_MAX = 10

/** Twenty messages a minute from one player (times the test multiplier): a conversation, not a flood. */
export function chatSendLimit(playerId: bigint, multiplier = 1): LimitCheck {
  return { key: `chat:player:${playerId}`, policy: { kind: 'window', limit: Math.max(1, Math.round(20 * multiplier)), windowMs: 60_000 } }
}

type Db = Kysely<DB> | Transaction<DB>

const MESSAGE_COLUMNS = ['id', 'author', 'body', 'created_at'] as const

function messageView(row: { id: bigint; author: ChatAuthor; body: string; created_at: Date }): ChatMessageView {
  return { id: Number(row.id), author: row.author, body: row.body, created_at: row.created_at.toISOString() }
}

const otherSide = (viewer: ChatViewer): ChatAuthor => (viewer === 'player' ? 'operator' : 'player')
const readColumn = (viewer: ChatViewer) => (viewer === 'player' ? ('player_read_id' as const) : ('operator_read_id' as const))

/** The other side's messages after `readThrough`: what `viewer` has not read. */
async function countUnread(db: Db, playerId: bigint, viewer: ChatViewer, readThrough: bigint): Promise<number> {
  const row = await db
    .selectFrom('support_chat_messages')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('player_id', '=', playerId)
    .where('author', '=', otherSide(viewer))
    .where('id', '>', readThrough)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** What the player's socket is told of the conversation: the unread count and the newest message. */
export async function playerNotice(db: Db, playerId: bigint): Promise<ChatNotice> {
  const chat = await db.selectFrom('support_chats').select(['last_message_id', 'player_read_id']).where('player_id', '=', playerId).executeTakeFirst()
  if (!chat) return { unread: 0, last_id: 0 }
  return { unread: await countUnread(db, playerId, 'player', chat.player_read_id), last_id: Number(chat.last_message_id) }
}

async function tell(live: ChatLive | undefined, playerId: bigint, notice: ChatNotice | null): Promise<void> {
  if (!live || !notice) return
  // The change is committed whatever the bus does: a notice lost while shutting down is read at the next getChat.
  await live.publish(chatTopic(playerId), JSON.stringify(notice)).catch(() => {})
}

/** The login of the player `playerId`, for the operator's calls; UnknownChatPlayerError when there is none. */
export async function chatPlayerLogin(db: Db, playerId: bigint): Promise<string> {
  const account = await db.selectFrom('accounts').select('login').where('id', '=', playerId).executeTakeFirst()
  if (!account) throw new UnknownChatPlayerError(playerId)
  return account.login
}

export interface SendInput {
  playerId: bigint
  author: ChatAuthor
  body: string
  /** Made once per message by the sender: the same key again answers the message kept the first time. */
  key: string
  now: Date
  /** AUTH_THROTTLE_MULTIPLIER, for the player's send limit. */
  multiplier?: number
}

/**
 * Keeps one message of the conversation. The body is normalized and checked by the shared rules
 * (FieldErrors { body: [rule] }); a player's sends are limited (ThrottledError). A replayed key
 * answers the kept message and counts against nothing. A message is read by its own side at once.
 */
export async function sendMessage(db: Kysely<DB>, input: SendInput, live?: ChatLive): Promise<ChatMessageView> {
  const body = normalizeChatMessage(input.body)
  const problem = chatMessageError(body)
  if (problem) throw new FieldErrors({ body: [problem.rule] })
  const { playerId, author, key, now } = input
  const byKey = (d: Db) =>
    d.selectFrom('support_chat_messages').select(MESSAGE_COLUMNS).where('player_id', '=', playerId).where('author', '=', author).where('sender_key', '=', key)
  const kept = await byKey(db).executeTakeFirst()
  if (kept) return messageView(kept)
  // Only a message that would be kept counts against the limit.
  if (author === 'player') await consumeOrThrow(db, [chatSendLimit(playerId, input.multiplier)], now)

  const { message, notice } = await runTransaction(db, async (trx) => {
    if (author === 'operator') await chatPlayerLogin(trx, playerId)
    const inserted = await trx
      .insertInto('support_chat_messages')
      .values({ player_id: playerId, author, body, sender_key: key, created_at: now })
      .onConflict((oc) => oc.columns(['player_id', 'author', 'sender_key']).doNothing())
      .returning(MESSAGE_COLUMNS)
      .executeTakeFirst()
    // The same key sent at once from two tabs: the other one was kept.
    if (!inserted) return { message: messageView(await byKey(trx).executeTakeFirstOrThrow()), notice: null }
    const read = readColumn(author)
    await trx
      .insertInto('support_chats')
      .values({ player_id: playerId, last_message_id: inserted.id, last_message_at: now, [read]: inserted.id })
      .onConflict((oc) =>
        oc.column('player_id').doUpdateSet({
          last_message_id: sql<bigint>`greatest(support_chats.last_message_id, excluded.last_message_id)`,
          last_message_at: sql<Date>`greatest(support_chats.last_message_at, excluded.last_message_at)`,
          [read]: sql<bigint>`greatest(support_chats.${sql.ref(read)}, excluded.${sql.ref(read)})`,
        }),
      )
      .execute()
    return { message: messageView(inserted), notice: await playerNotice(trx, playerId) }
  })
  await tell(live, playerId, notice)
  return message
}

/**
 * The conversation as `viewer` sees it: the last CHAT_PAGE messages, or the first CHAT_PAGE after
 * the id `after`, oldest first; the other side's messages `viewer` has not read, and its read mark.
 */
export async function getThread(db: Kysely<DB>, playerId: bigint, viewer: ChatViewer, after?: number): Promise<ChatThreadView> {
  const chat = await db.selectFrom('support_chats').select(['player_read_id', 'operator_read_id']).where('player_id', '=', playerId).executeTakeFirst()
  const messages = db.selectFrom('support_chat_messages').select(MESSAGE_COLUMNS).where('player_id', '=', playerId)
  const rows =
    after === undefined
      ? (await messages.orderBy('id', 'desc').limit(CHAT_PAGE).execute()).reverse()
      : await messages.where('id', '>', BigInt(after)).orderBy('id', 'asc').limit(CHAT_PAGE).execute()
  const readThrough = chat ? chat[readColumn(viewer)] : 0n
  return {
    messages: rows.map(messageView),
    unread: chat ? await countUnread(db, playerId, viewer, readThrough) : 0,
    read_through: Number(readThrough),
  }
}

/**
 * `viewer` has seen the conversation through message `through`: the mark moves forward only, never
 * past the newest message. Answers what `viewer` still has not read.
 */
export async function markRead(db: Kysely<DB>, playerId: bigint, viewer: ChatViewer, through: number, live?: ChatLive): Promise<number> {
  const read = readColumn(viewer)
  const { unread, notice } = await runTransaction(db, async (trx) => {
    const chat = await trx.selectFrom('support_chats').select(['last_message_id', read]).where('player_id', '=', playerId).forUpdate().executeTakeFirst()
    if (!chat) return { unread: 0, notice: null }
    const was = chat[read]
    const wanted = BigInt(through) < chat.last_message_id ? BigInt(through) : chat.last_message_id
    const mark = wanted > was ? wanted : was
    if (mark !== was) await trx.updateTable('support_chats').set({ [read]: mark }).where('player_id', '=', playerId).execute()
    return { unread: await countUnread(trx, playerId, viewer, mark), notice: mark !== was ? await playerNotice(trx, playerId) : null }
  })
  await tell(live, playerId, notice)
  return unread
}

/** The conversations, most recent first, with what the operators have not read in each and in all. */
export async function listChats(db: Kysely<DB>, limit = 50): Promise<{ items: ChatSummaryView[]; unread: number }> {
  const n = Math.min(100, Math.max(1, Math.trunc(limit)))
  const rows = await db
    .selectFrom('support_chats as c')
    .innerJoin('accounts as a', 'a.id', 'c.player_id')
    .innerJoin('support_chat_messages as m', 'm.id', 'c.last_message_id')
    .select(['c.player_id', 'a.login', 'a.locale', 'm.id', 'm.author', 'm.body', 'm.created_at'])
    .select(
      sql<bigint>`(select count(*) from support_chat_messages u where u.player_id = c.player_id and u.author = 'player' and u.id > c.operator_read_id)`.as(
        'unread',
      ),
    )
    .orderBy('c.last_message_at', 'desc')
    .orderBy('c.last_message_id', 'desc')
    .limit(n)
    .execute()
  // Only the chats with something unread are counted through.
  const total = await sql<{ n: bigint }>`
    select count(*) as n from support_chats c
    join support_chat_messages u on u.player_id = c.player_id and u.author = 'player' and u.id > c.operator_read_id
    where c.last_message_id > c.operator_read_id`.execute(db)
  return {
    items: rows.map((r) => ({ player_id: Number(r.player_id), login: r.login, locale: r.locale, last: messageView(r), unread: Number(r.unread) })),
    unread: Number(total.rows[0]?.n ?? 0),
  }
}

export interface MailAnswersOptions {
  /** The site's address for the link back to the chat (PUBLIC_URL: siteOrigin). */
  origin: string
  /** How old the newest unread answer must be. */
  olderThanMs?: number
  batch?: number
}

interface ClaimedChat {
  to: string | null
  locale: string
  answers: string[]
  total: number
}

/**
 * Mails each player the answers not read on the site, once: a chat is due when it has operator
 * messages after both the player's read mark and the last mail, the newest of them older than
 * `olderThanMs` (an operator still typing is not mailed mid-answer). Chats are claimed with their
 * rows locked and skipped by a concurrent run, marked mailed, and committed before any mail is
 * sent: the mailer starts SMTP delivery on the handle it is given, so it must never get a
 * transaction. A crash between the commit and the send loses that mail, never sends it twice; the
 * answer is still in the chat. Answers how many chats were claimed.
 */
export async function mailUnreadAnswers(db: Kysely<DB>, mailer: Mailer, now: Date, options: MailAnswersOptions): Promise<number> {
  const cutoff = new Date(now.getTime() - (options.olderThanMs ?? CHAT_MAIL_DELAY_MS))
  const batch = options.batch ?? CHAT_MAIL_BATCH
  const claimed = await runTransaction(db, async (trx) => {
    const due = await sql<{ player_id: bigint; seen: bigint }>`
      select c.player_id, greatest(c.player_read_id, c.mailed_through_id) as seen
      from support_chats c
      where c.last_message_id > greatest(c.player_read_id, c.mailed_through_id)
        and (select max(m.created_at) from support_chat_messages m
             where m.player_id = c.player_id and m.author = 'operator'
               and m.id > greatest(c.player_read_id, c.mailed_through_id)) <= ${cutoff}
      order by c.last_message_at
      limit ${batch}
      for update of c skip locked`.execute(trx)
    const chats: ClaimedChat[] = []
    for (const row of due.rows) {
      const playerId = BigInt(row.player_id)
      const unread = trx
        .selectFrom('support_chat_messages')
        .where('player_id', '=', playerId)
        .where('author', '=', 'operator')
        .where('id', '>', BigInt(row.seen))
      const newest = await unread.select(['id', 'body']).orderBy('id', 'desc').limit(MAIL_ANSWERS_MAX).execute()
      const { n } = await unread.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()
      if (!newest.length) continue
      const marked = await trx
        .updateTable('support_chats')
        .set({ mailed_through_id: newest[0]!.id })
        .where('player_id', '=', playerId)
        .where('mailed_through_id', '<', newest[0]!.id)
        .executeTakeFirst()
      if (marked.numUpdatedRows === 0n) continue
      const account = await trx.selectFrom('accounts').select(['email', 'locale']).where('id', '=', playerId).executeTakeFirstOrThrow()
      chats.push({ to: account.email, locale: account.locale, answers: newest.map((m) => m.body).reverse(), total: Number(n) })
    }
    return { count: due.rows.length, chats }
  })

  // After the commit: each mail on its own, so one that fails does not keep the others.
  const failures: unknown[] = []
  for (const chat of claimed.chats) {
    if (!chat.to) continue
    const locale = isLocale(chat.locale) ? chat.locale : DEFAULT_LOCALE
    const link = `${options.origin.replace(/\/+$/, '')}${localizePath('/support', locale)}`
    try {
      await mailer.send(db, { to: chat.to, ...chatAnswersMail(locale, chat.answers, chat.total, link) }, now)
    } catch (err) {
      failures.push(err)
    }
  }
  if (failures.length) throw new AggregateError(failures, `support chat: ${failures.length} answer mail(s) not written`)
  return claimed.count
}
