// The built-in support chat through the app (docs/support-chat.md): the chat settings, a player's
// conversation and the operators' side behind their token, the text checks at the edge and in the
// rules, the send limit, and who may call what.
import { describe, expect, it } from 'vitest'
import { CHAT_ERROR_CODE } from '../../src/services/api/contract/support'
import { apiPlayers, idempotencyKeys } from '../test/api-player'
import { useTestApp, withClock } from '../test/harness'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const OPERATOR_TOKEN = 'operator-token-for-support-chat-tests-0123'

interface Message {
  id: number
  author: 'player' | 'operator'
  body: string
  created_at: string
}

describe('support chat', () => {
  const t = useTestApp('pglite', { config: { authThrottleMultiplier: 1, operatorToken: OPERATOR_TOKEN } })
  const players = apiPlayers(t, 103, 'chat-')
  const newKey = idempotencyKeys('chat')
  const operator = (method: 'GET' | 'POST', call: string, body: Record<string, string> = {}, token: string | null = OPERATOR_TOKEN) =>
    t.app.inject({
      method,
      url: `/api/operator/${call}${method === 'GET' && Object.keys(body).length ? `?${new URLSearchParams(body)}` : ''}`,
      headers: { ...(method === 'POST' ? FORM : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: method === 'POST' ? new URLSearchParams(body).toString() : undefined,
    })
  const chatOf = async (player: { id: bigint }, after?: number) => {
    const res = await players.get(player, `support/getChat${after === undefined ? '' : `?after=${after}`}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as { messages: Message[]; unread: number; read_through: number }
  }

  it('tells anyone which chat the site offers, in the caller’s locale', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/support/getsettings' })
    expect(en.statusCode, en.body).toBe(200)
    expect(en.json().data).toEqual({ kind: 'builtin', consent_category: 'necessary', lazy_load_ms: 1000, config: { language: 'en' } })
    const de = await t.app.inject({ method: 'GET', url: '/api/support/getsettings?locale=de' })
    expect(de.json().data.config).toEqual({ language: 'de' })
  })

  it('refuses a visitor the conversation', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/support/getChat' })
    expect(read.statusCode).toBe(401)
    expect(read.json().error.type).toBe('AuthorizationException')
    const write = await t.app.inject({ method: 'POST', url: '/api/support/sendChatMessage', headers: FORM, payload: new URLSearchParams({ body: 'Hello', key: newKey() }).toString() })
    expect(write.statusCode).toBe(401)
    expect(await t.database.db.selectFrom('support_chat_messages').select('id').where('body', '=', 'Hello').execute()).toEqual([])
  })

  it('a player writes, the operators list and answer it, the player reads the answer', async () => {
    const player = await players.newPlayer()
    const sent = await players.post(player, 'support/sendChatMessage', { body: 'My withdrawal has been pending for two days.', key: newKey() })
    expect(sent.statusCode, sent.body).toBe(200)
    const question = sent.json().data.message as Message
    expect(question).toMatchObject({ author: 'player', body: 'My withdrawal has been pending for two days.' })

    const list = await operator('GET', 'listChats', { limit: '100' })
    expect(list.statusCode, list.body).toBe(200)
    const summary = (list.json().data.items as { player_id: number; unread: number; login: string; locale: string; last: Message }[]).find((i) => i.player_id === Number(player.id))
    expect(summary).toMatchObject({ unread: 1, locale: 'en', last: { id: question.id, author: 'player' } })
    expect(summary!.login).toMatch(/^chat-/)
    expect(list.json().data.unread).toBeGreaterThanOrEqual(1)

    const opened = await operator('GET', 'getPlayerChat', { player_id: String(player.id) })
    expect(opened.json().data).toMatchObject({ login: summary!.login, thread: { unread: 1, read_through: 0, messages: [{ id: question.id }] } })
    expect((await operator('POST', 'readPlayerChat', { player_id: String(player.id), through: String(question.id) })).json().data).toEqual({ unread: 0 })

    const answered = await operator('POST', 'answerChat', { player_id: String(player.id), body: 'It is approved and on its way.', key: newKey() })
    expect(answered.statusCode, answered.body).toBe(200)
    const answer = answered.json().data.message as Message
    expect(answer).toMatchObject({ author: 'operator', body: 'It is approved and on its way.' })

    const thread = await chatOf(player)
    expect(thread.unread).toBe(1)
    expect(thread.messages.map((m) => [m.author, m.body])).toEqual([
      ['player', 'My withdrawal has been pending for two days.'],
      ['operator', 'It is approved and on its way.'],
    ])
    expect((await chatOf(player, question.id)).messages.map((m) => m.id)).toEqual([answer.id])

    const read = await players.post(player, 'support/readChat', { through: String(answer.id) })
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json().data).toEqual({ unread: 0 })
    expect(await chatOf(player)).toMatchObject({ unread: 0, read_through: answer.id })
    // The operators' count did not move with the player's read.
    expect((await operator('GET', 'getPlayerChat', { player_id: String(player.id) })).json().data.thread.unread).toBe(0)
  })

  it('refuses a 100,000-character body, one over 2000 characters, a blank one and control characters; keeps markup as text', async () => {
    const player = await players.newPlayer()
    const refused = async (body: string, rule: string) => {
      const res = await players.post(player, 'support/sendChatMessage', { body, key: newKey() })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { body: [rule] } })
    }
    await refused('y'.repeat(100_000), 'maxLength')
    await refused('y'.repeat(2001), 'maxLength')
    await refused('  \n  ', 'required')
    await refused('\u200b\u200b', 'required')
    await refused('hello\u0000there', 'text')
    expect((await chatOf(player)).messages).toEqual([])

    const markup = await players.post(player, 'support/sendChatMessage', { body: '<b>x</b>', key: newKey() })
    expect(markup.statusCode, markup.body).toBe(200)
    expect(markup.json().data.message.body).toBe('<b>x</b>')
    expect((await chatOf(player)).messages.map((m) => m.body)).toEqual(['<b>x</b>'])

    const operatorHuge = await operator('POST', 'answerChat', { player_id: String(player.id), body: 'z'.repeat(100_000), key: newKey() })
    expect(operatorHuge.statusCode).toBe(400)
    expect(operatorHuge.json().error.invalid_parameters).toEqual({ body: ['maxLength'] })
  })

  it('keeps a resent message once', async () => {
    const player = await players.newPlayer()
    const key = newKey()
    const first = await players.post(player, 'support/sendChatMessage', { body: 'Sent twice?', key })
    const again = await players.post(player, 'support/sendChatMessage', { body: 'Sent twice?', key })
    expect(again.json().data.message).toEqual(first.json().data.message)
    expect((await chatOf(player)).messages).toHaveLength(1)
  })

  it('stops the 21st message in a minute with the chat’s own code, and takes messages again a minute later', async () => {
    const player = await players.newPlayer()
    const start = new Date(Math.floor(Date.now() / 1000) * 1000)
    await withClock(t.database, start, async () => {
      for (let i = 0; i < 20; i++) {
        const res = await players.post(player, 'support/sendChatMessage', { body: `Message ${i}`, key: newKey() })
        expect(res.statusCode, res.body).toBe(200)
      }
      const over = await players.post(player, 'support/sendChatMessage', { body: 'One too many', key: newKey() })
      expect(over.statusCode).toBe(429)
      expect(over.json().error).toMatchObject({ type: 'TooManyRequestsException', code: CHAT_ERROR_CODE.tooMany })
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
      t.database.clock.now = new Date(start.getTime() + 61_000)
      expect((await players.post(player, 'support/sendChatMessage', { body: 'A minute later', key: newKey() })).statusCode).toBe(200)
    })
    expect((await chatOf(player)).messages).toHaveLength(21)
  })

  it('refuses the operator calls without the token, and names an unknown player', async () => {
    const player = await players.newPlayer()
    for (const token of [null, 'not-the-token']) {
      const list = await operator('GET', 'listChats', {}, token)
      expect(list.statusCode).toBe(403)
      expect(list.json().error.type).toBe('AccessDeniedException')
      const answer = await operator('POST', 'answerChat', { player_id: String(player.id), body: 'Not from us', key: newKey() }, token)
      expect(answer.statusCode).toBe(403)
      expect((await operator('GET', 'getPlayerChat', { player_id: String(player.id) }, token)).statusCode).toBe(403)
      expect((await operator('POST', 'readPlayerChat', { player_id: String(player.id), through: '1' }, token)).statusCode).toBe(403)
    }
    expect((await chatOf(player)).messages).toEqual([])
    // A player's own session is no operator's token either.
    expect((await players.get(player, 'operator/listChats')).statusCode).toBe(403)

    const unknown = String(Number(player.id) + 1_000_000)
    for (const res of [
      await operator('POST', 'answerChat', { player_id: unknown, body: 'Hello?', key: newKey() }),
      await operator('GET', 'getPlayerChat', { player_id: unknown }),
      await operator('POST', 'readPlayerChat', { player_id: unknown, through: '1' }),
    ]) {
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { player_id: ['unknown'] } })
    }
  })
})
