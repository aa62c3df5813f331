// The built-in support chat's rules (docs/support-chat.md): what a message is kept as, what is
// refused, that a resent message is kept once, the read marks and unread counts of both sides, the
// operators' list, the live notices, the send limit, and the mail of answers left unread, sent
// once, only after the delay, and never twice when two runs overlap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { MemoryBus } from '../../realtime/bus'
import { openTestDatabase, type TestDatabase } from '../../test/harness'
import { FieldErrors, ThrottledError } from '../auth/errors'
import type { Mailer, OutgoingMail } from '../mail/outbox'
import { chatTopic, getThread, listChats, mailUnreadAnswers, markRead, sendMessage, type ChatAuthor, type ChatNotice } from './chat'

const ORIGIN = 'https://casino.test'
let seq = 0
const newKey = () => `key-${Date.now().toString(36)}-${seq++}`

async function newPlayer(db: Kysely<DB>, { email = true, locale = 'en' } = {}): Promise<{ id: bigint; email: string }> {
  const login = `chat-${Date.now().toString(36)}-${seq++}@example.com`
  const row = await db.insertInto('accounts').values({ login, email: email ? login : null, password_hash: 'x', locale, currency: 'USD' }).returning('id').executeTakeFirstOrThrow()
  return { id: row.id, email: login }
}

/** A mailer that keeps what it was given, and whether it was handed a transaction. */
function recordingMailer() {
  const sent: (OutgoingMail & { inTransaction: boolean })[] = []
  const mailer: Mailer = {
    async send(db, mail) {
      sent.push({ ...mail, inTransaction: db.isTransaction })
      return BigInt(sent.length)
    },
    async idle() {},
  }
  return { mailer, sent, to: (address: string) => sent.filter((m) => m.to === address) }
}

const at = (base: Date, ms: number) => new Date(base.getTime() + ms)

describe('support chat', () => {
  let database: TestDatabase
  const db = () => database.db
  const send = (playerId: bigint, author: ChatAuthor, body: string, now = new Date(), key = newKey()) => sendMessage(db(), { playerId, author, body, key, now })
  const count = async (playerId: bigint) =>
    Number((await db().selectFrom('support_chat_messages').select((eb) => eb.fn.countAll<bigint>().as('n')).where('player_id', '=', playerId).executeTakeFirstOrThrow()).n)

  beforeAll(async () => {
    database = await openTestDatabase('pglite')
  })
  afterAll(async () => {
    await database?.close()
  })

  it('keeps the text with control characters dropped, line breaks plain and the ends trimmed; markup stays text', async () => {
    const player = await newPlayer(db())
    const message = await send(player.id, 'player', '  Hello\r\nthere\u200b <b>x</b>\u0007 <script>alert(1)</script>\t')
    expect(message).toMatchObject({ author: 'player', body: 'Hello\nthere <b>x</b> <script>alert(1)</script>' })
    const stored = await db().selectFrom('support_chat_messages').select('body').where('id', '=', BigInt(message.id)).executeTakeFirstOrThrow()
    expect(stored.body).toBe(message.body)
  })

  it.each([
    ['empty', '', 'required'],
    ['blank', '  \n\t  ', 'required'],
    ['control characters only', '\u0000\u0007\u200b\u202e', 'required'],
    ['over 2000 characters', 'x'.repeat(2001), 'maxLength'],
    ['2001 accented letters between spaces', ` ${'é'.repeat(2001)} `, 'maxLength'],
  ])('refuses a message that is %s, keeping nothing', async (_, body, rule) => {
    const player = await newPlayer(db())
    const refused = await send(player.id, 'player', body).catch((err: unknown) => err)
    expect(refused).toBeInstanceOf(FieldErrors)
    expect((refused as FieldErrors).invalidParameters).toEqual({ body: [rule] })
    expect(await count(player.id)).toBe(0)
    expect(await db().selectFrom('support_chats').select('player_id').where('player_id', '=', player.id).executeTakeFirst()).toBeUndefined()
  })

  it('takes 2000 characters, counted as characters (an emoji is one), as the database counts them', async () => {
    const player = await newPlayer(db())
    expect((await send(player.id, 'player', 'x'.repeat(2000))).body).toHaveLength(2000)
    expect(Array.from((await send(player.id, 'operator', '😀'.repeat(2000))).body)).toHaveLength(2000)
  })

  it('keeps a message sent again with its key once, answering the first; the key is the sender’s own', async () => {
    const player = await newPlayer(db())
    const key = newKey()
    const first = await send(player.id, 'player', 'Is my deposit lost?', new Date(), key)
    const again = await send(player.id, 'player', 'Is my deposit lost? (resent)', new Date(), key)
    expect(again).toEqual(first)
    expect(await count(player.id)).toBe(1)
    // The operator's key space is apart from the player's.
    const answer = await send(player.id, 'operator', 'No, it is on its way.', new Date(), key)
    expect(answer.id).not.toBe(first.id)
    expect(await count(player.id)).toBe(2)
  })

  it('counts unread both ways; a message is read by its own side at once', async () => {
    const player = await newPlayer(db())
    await send(player.id, 'player', 'First question')
    await send(player.id, 'player', 'Second question')
    expect(await getThread(db(), player.id, 'operator')).toMatchObject({ unread: 2, read_through: 0 })
    expect((await getThread(db(), player.id, 'player')).unread).toBe(0)

    const answer = await send(player.id, 'operator', 'One answer for both')
    expect(await getThread(db(), player.id, 'operator')).toMatchObject({ unread: 0, read_through: answer.id })
    const seen = await getThread(db(), player.id, 'player')
    expect(seen.unread).toBe(1)
    expect(seen.messages.map((m) => m.body)).toEqual(['First question', 'Second question', 'One answer for both'])
    expect((await getThread(db(), player.id, 'player', seen.messages[1]!.id)).messages.map((m) => m.id)).toEqual([answer.id])

    // Writing again means the player has seen the answer.
    const reply = await send(player.id, 'player', 'Thanks')
    expect(await getThread(db(), player.id, 'player')).toMatchObject({ unread: 0, read_through: reply.id })
    expect((await getThread(db(), player.id, 'operator')).unread).toBe(1)
  })

  it('moves a read mark forward only, and never past the newest message', async () => {
    const player = await newPlayer(db())
    const question = await send(player.id, 'player', 'Question')
    const first = await send(player.id, 'operator', 'Answer one')
    const second = await send(player.id, 'operator', 'Answer two')
    expect(await markRead(db(), player.id, 'player', first.id)).toBe(1)
    expect(await markRead(db(), player.id, 'player', question.id)).toBe(1)
    expect((await getThread(db(), player.id, 'player')).read_through).toBe(first.id)
    expect(await markRead(db(), player.id, 'player', second.id + 1_000_000)).toBe(0)
    expect((await getThread(db(), player.id, 'player')).read_through).toBe(second.id)
    // A later message is unread even though the mark was asked for far beyond it.
    await send(player.id, 'operator', 'Answer three')
    expect((await getThread(db(), player.id, 'player')).unread).toBe(1)
    // A player with no conversation has nothing to mark.
    expect(await markRead(db(), (await newPlayer(db())).id, 'player', 5)).toBe(0)
  })

  it('lists the conversations most recent first, with login, locale, last message and unread, and the total unread', async () => {
    // Far ahead of every other test's messages, so these three lead the list.
    const base = new Date('2100-01-01T00:00:00Z')
    const a = await newPlayer(db(), { locale: 'de' })
    const b = await newPlayer(db())
    const c = await newPlayer(db(), { locale: 'pt' })
    await send(a.id, 'player', 'a1', at(base, 1_000))
    await send(b.id, 'player', 'b1', at(base, 2_000))
    await send(c.id, 'player', 'c1', at(base, 3_000))
    await send(c.id, 'player', 'c2', at(base, 4_000))
    await send(a.id, 'player', 'a2', at(base, 5_000))
    await send(a.id, 'player', 'a3', at(base, 6_000))
    await send(b.id, 'operator', 'b answered', at(base, 7_000))

    const list = await listChats(db(), 100)
    expect(list.items.slice(0, 3).map((i) => [i.player_id, i.last.body, i.unread])).toEqual([
      [Number(b.id), 'b answered', 0],
      [Number(a.id), 'a3', 3],
      [Number(c.id), 'c2', 2],
    ])
    expect(list.items[1]).toMatchObject({ login: a.email, locale: 'de', last: { author: 'player', created_at: at(base, 6_000).toISOString() } })
    expect(list.unread).toBe(list.items.reduce((sum, i) => sum + i.unread, 0))
    expect(list.unread).toBeGreaterThanOrEqual(5)
    expect((await listChats(db(), 2)).items).toHaveLength(2)

    const before = list.unread
    await markRead(db(), a.id, 'operator', Number.MAX_SAFE_INTEGER)
    const after = await listChats(db(), 100)
    expect(after.unread).toBe(before - 3)
    expect(after.items.find((i) => i.player_id === Number(a.id))?.unread).toBe(0)
  })

  it('tells the player’s topic of every kept message and every moved read mark, and of nothing else', async () => {
    const bus = new MemoryBus()
    const player = await newPlayer(db())
    const heard: ChatNotice[] = []
    bus.subscribe(chatTopic(player.id), (data) => heard.push(JSON.parse(data) as ChatNotice))
    const settle = () => new Promise((resolve) => setImmediate(resolve))

    const question = await sendMessage(db(), { playerId: player.id, author: 'player', body: 'Hello?', key: newKey(), now: new Date() }, bus)
    await settle()
    expect(heard).toEqual([{ unread: 0, last_id: question.id }])
    const answerKey = newKey()
    const answer = await sendMessage(db(), { playerId: player.id, author: 'operator', body: 'Hello!', key: answerKey, now: new Date() }, bus)
    await settle()
    expect(heard.at(-1)).toEqual({ unread: 1, last_id: answer.id })
    await markRead(db(), player.id, 'player', answer.id, bus)
    await settle()
    expect(heard.at(-1)).toEqual({ unread: 0, last_id: answer.id })
    expect(heard).toHaveLength(3)
    // A mark that does not move and a resent message change nothing, and say nothing.
    await markRead(db(), player.id, 'player', answer.id, bus)
    await sendMessage(db(), { playerId: player.id, author: 'operator', body: 'Hello!', key: answerKey, now: new Date() }, bus)
    await settle()
    expect(heard).toHaveLength(3)
    await bus.close()
  })

  it('stops a player’s 21st message in a minute, counting neither resent messages nor the operators', async () => {
    const player = await newPlayer(db())
    const now = new Date('2031-05-01T10:00:00Z')
    const key = newKey()
    for (let i = 0; i < 20; i++) await send(player.id, 'player', `Message ${i}`, at(now, i * 100), i === 0 ? key : newKey())
    await send(player.id, 'player', 'Message 0', at(now, 2_500), key)
    await expect(send(player.id, 'player', 'One too many', at(now, 3_000))).rejects.toBeInstanceOf(ThrottledError)
    for (let i = 0; i < 25; i++) await send(player.id, 'operator', `Answer ${i}`, at(now, 3_000))
    expect(await count(player.id)).toBe(45)
    // The next minute is a new one.
    await send(player.id, 'player', 'Later', at(now, 60_000))
  })

  describe('mail of unread answers', () => {
    it('mails an unread answer once, in the player’s language, only after the delay, and only what is new next time', async () => {
      const { mailer, to } = recordingMailer()
      const player = await newPlayer(db(), { locale: 'de' })
      const t0 = new Date('2032-03-01T12:00:00Z')
      await send(player.id, 'player', 'Wo ist meine Auszahlung?', t0)
      await send(player.id, 'operator', 'Sie ist <b>unterwegs</b>.', at(t0, 10_000))
      await send(player.id, 'operator', 'Morgen ist sie da.', at(t0, 20_000))

      await mailUnreadAnswers(db(), mailer, at(t0, 20_000 + 119_000), { origin: ORIGIN })
      expect(to(player.email)).toEqual([])
      await mailUnreadAnswers(db(), mailer, at(t0, 20_000 + 121_000), { origin: ORIGIN })
      expect(to(player.email)).toHaveLength(1)
      const [mail] = to(player.email)
      expect(mail!.subject).toContain('Der Support hat Ihnen geantwortet')
      expect(mail!.text).toContain('Sie ist <b>unterwegs</b>.\n\nMorgen ist sie da.')
      expect(mail!.text).not.toContain('Wo ist meine Auszahlung?')
      expect(mail!.text).toContain(`${ORIGIN}/de/support`)
      expect(mail!.inTransaction).toBe(false)

      await mailUnreadAnswers(db(), mailer, at(t0, 3_600_000), { origin: ORIGIN })
      expect(to(player.email)).toHaveLength(1)

      const t1 = at(t0, 7_200_000)
      await send(player.id, 'operator', 'Ist sie angekommen?', t1)
      await mailUnreadAnswers(db(), mailer, at(t1, 121_000), { origin: ORIGIN })
      expect(to(player.email)).toHaveLength(2)
      expect(to(player.email)[1]!.text).toContain('Ist sie angekommen?')
      expect(to(player.email)[1]!.text).not.toContain('unterwegs')
    })

    it('waits while the operator is still answering: the newest unread answer sets the clock', async () => {
      const { mailer, to } = recordingMailer()
      const player = await newPlayer(db())
      const t0 = new Date('2032-04-01T12:00:00Z')
      await send(player.id, 'operator', 'First part', t0)
      await send(player.id, 'operator', 'Second part', at(t0, 100_000))
      await mailUnreadAnswers(db(), mailer, at(t0, 150_000), { origin: ORIGIN })
      expect(to(player.email)).toEqual([])
      await mailUnreadAnswers(db(), mailer, at(t0, 221_000), { origin: ORIGIN })
      expect(to(player.email).map((m) => m.subject)).toEqual(['Royal Ace: Support has answered you'])
      expect(to(player.email)[0]!.text).toContain(`${ORIGIN}/support`)
    })

    it('mails nothing for an answer the player read or wrote after, for a player without an e-mail, or for player messages', async () => {
      const { mailer, sent, to } = recordingMailer()
      const t0 = new Date('2032-05-01T12:00:00Z')
      const read = await newPlayer(db())
      const answer = await send(read.id, 'operator', 'Read on the site', t0)
      await markRead(db(), read.id, 'player', answer.id)
      const wrote = await newPlayer(db())
      await send(wrote.id, 'operator', 'Answered', t0)
      await send(wrote.id, 'player', 'Thanks!', at(t0, 5_000))
      const noEmail = await newPlayer(db(), { email: false })
      const unmailable = await send(noEmail.id, 'operator', 'Nobody to mail', t0)
      const asking = await newPlayer(db())
      await send(asking.id, 'player', 'Only a question', t0)

      const before = sent.length
      await mailUnreadAnswers(db(), mailer, at(t0, 600_000), { origin: ORIGIN })
      for (const player of [read, wrote, asking]) expect(to(player.email)).toEqual([])
      expect(sent.slice(before).every((m) => m.to !== null && m.to !== '')).toBe(true)
      // Claimed all the same, so the job does not look at it again every run.
      const chat = await db().selectFrom('support_chats').select('mailed_through_id').where('player_id', '=', noEmail.id).executeTakeFirstOrThrow()
      expect(chat.mailed_through_id).toBe(BigInt(unmailable.id))
    })
  })
})

describe('support chat on postgres', () => {
  let database: TestDatabase
  const db = () => database.db

  beforeAll(async () => {
    database = await openTestDatabase('postgres')
  })
  afterAll(async () => {
    await database?.close()
  })

  it('keeps one message when the same key arrives at once several times', async () => {
    const player = await newPlayer(db())
    const key = newKey()
    const now = new Date()
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendMessage(db(), { playerId: player.id, author: 'player', body: 'Sent from six tabs', key, now })))
    expect(new Set(answers.map((m) => m.id)).size).toBe(1)
    const rows = await db().selectFrom('support_chat_messages').select('id').where('player_id', '=', player.id).execute()
    expect(rows.map((r) => Number(r.id))).toEqual([answers[0]!.id])
    expect((await getThread(db(), player.id, 'operator')).unread).toBe(1)
  })

  it('mails each unread answer once when two runs overlap', async () => {
    const { mailer, to } = recordingMailer()
    const t0 = new Date('2033-01-01T12:00:00Z')
    const players = await Promise.all(Array.from({ length: 8 }, () => newPlayer(db())))
    for (const player of players) await sendMessage(db(), { playerId: player.id, author: 'operator', body: 'Answer', key: newKey(), now: t0 })
    const runs = await Promise.all([0, 1, 2].map(() => mailUnreadAnswers(db(), mailer, at(t0, 200_000), { origin: ORIGIN, batch: 3 })))
    // Small batches, so the runs' claims interleave; the job claims again while a claim comes back full.
    expect(runs.every((n) => n <= 3)).toBe(true)
    while ((await mailUnreadAnswers(db(), mailer, at(t0, 200_000), { origin: ORIGIN, batch: 3 })) === 3);
    for (const player of players) expect(to(player.email)).toHaveLength(1)
  })

  it('skips a chat another run holds instead of waiting for it, and mails it once on a later run', async () => {
    const { mailer, to } = recordingMailer()
    const t0 = new Date('2033-02-01T12:00:00Z')
    const held = await newPlayer(db())
    const free = await newPlayer(db())
    for (const player of [held, free]) await sendMessage(db(), { playerId: player.id, author: 'operator', body: 'Answer', key: newKey(), now: t0 })
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom('support_chats').select('player_id').where('player_id', '=', held.id).forUpdate().execute()
        // On another connection of the pool, as a second instance's run would be.
        await mailUnreadAnswers(db(), mailer, at(t0, 200_000), { origin: ORIGIN })
        expect(to(free.email)).toHaveLength(1)
        expect(to(held.email)).toEqual([])
      })
    await mailUnreadAnswers(db(), mailer, at(t0, 200_000), { origin: ORIGIN })
    await mailUnreadAnswers(db(), mailer, at(t0, 300_000), { origin: ORIGIN })
    expect(to(held.email)).toHaveLength(1)
    expect(to(free.email)).toHaveLength(1)
  })
})
