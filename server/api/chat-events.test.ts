// SPEC §7 'Chat': a vendor chat widget's events (FreshChat.storeChatEvent), kept per player. Only a
// logged-in player may report; the name and the flat data are checked at the contract's edge, a
// refused event keeps nothing, and a flood is stopped.
import { describe, expect, it } from 'vitest'
import { CHAT_EVENT_ERROR_CODE } from '../../src/services/api/contract/chat'
import { createSession } from '../domain/session/sessions'
import { SESSION_COOKIE } from '../http/session'
import { apiPlayers, type ApiPlayer } from '../test/api-player'
import { useTestApp, withClock } from '../test/harness'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const CALL = 'chat/FreshChat.storeChatEvent'

describe('chat events', () => {
  const t = useTestApp('pglite', { config: { authThrottleMultiplier: 1 } })
  const players = apiPlayers(t, 141, 'chat-events-')
  const eventsOf = (player: ApiPlayer) => t.database.db.selectFrom('chat_events').selectAll().where('player_id', '=', player.id).orderBy('id').execute()

  it('refuses a visitor, keeping nothing', async () => {
    const before = await t.database.db.selectFrom('chat_events').select('id').execute()
    const res = await t.app.inject({ method: 'POST', url: `/api/${CALL}`, headers: FORM, payload: new URLSearchParams({ name: 'widget:opened' }).toString() })
    expect(res.statusCode, res.body).toBe(401)
    expect(res.json().error).toMatchObject({ type: 'AuthorizationException', code: 'not_logged_in' })
    expect(await t.database.db.selectFrom('chat_events').select('id').execute()).toEqual(before)
  })

  it('keeps a player’s event with the player’s id, its name and its data', async () => {
    const player = await players.newPlayer()
    const data = { conversation_id: 'c-123', unread: 2, rating: 4.5, agent_online: true, note: 'Zoë 🎰 <b>hi</b>' }
    const res = await players.post(player, CALL, { name: 'message:sent', data: JSON.stringify(data) })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ stored: true })
    const bare = await players.post(player, CALL, { name: 'widget:opened' })
    expect(bare.statusCode, bare.body).toBe(200)
    const rows = await eventsOf(player)
    expect(rows).toMatchObject([
      { player_id: player.id, vendor: 'freshchat', name: 'message:sent', data },
      { player_id: player.id, vendor: 'freshchat', name: 'widget:opened', data: {} },
    ])
    expect(rows[0]!.created_at).toBeInstanceOf(Date)
  })

  it('takes a JSON body with the data as an object', async () => {
    const player = await players.newPlayer()
    expect((await players.post(player, CALL, { name: 'user:created' })).statusCode).toBe(200)
    const { token } = await createSession(t.database.db, { playerId: player.id, now: players.now(), policy: t.database.config.session })
    const cookie = `${SESSION_COOKIE}=${token}`
    const res = await t.app.inject({ method: 'POST', url: `/api/${CALL}`, headers: { cookie }, payload: { name: 'user.created', data: { uid: 7 } } })
    expect(res.statusCode, res.body).toBe(200)
    expect((await eventsOf(player)).map((r) => [r.name, r.data])).toEqual([
      ['user:created', {}],
      ['user.created', { uid: 7 }],
    ])
  })

  const twentyOne = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]))
  it.each([
    [{ name: '' }, { name: ['required', 'pattern'] }],
    [{ name: '1st-event' }, { name: ['pattern'] }],
    [{ name: 'widget opened' }, { name: ['pattern'] }],
    [{ name: 'widget/opened' }, { name: ['pattern'] }],
    [{ name: `e${'x'.repeat(64)}` }, { name: ['maxLength'] }],
    [{ name: 'ok', data: JSON.stringify(twentyOne) }, { data: ['tooLarge'] }],
    [{ name: 'ok', data: JSON.stringify({ text: 'y'.repeat(300) }) }, { data: ['tooLarge'] }],
    [{ name: 'ok', data: JSON.stringify({ ['k'.repeat(65)]: 1 }) }, { data: ['tooLarge'] }],
    [{ name: 'ok', data: 'not json at all' }, { data: ['invalid'] }],
    [{ name: 'ok', data: '[1,2]' }, { data: ['invalid'] }],
    [{ name: 'ok', data: 'null' }, { data: ['invalid'] }],
    [{ name: 'ok', data: '{"nested":{"a":1}}' }, { 'data.nested': ['invalid'] }],
    [{ name: 'ok', data: '{"big":1e400}' }, { 'data.big': ['invalid', 'finite'] }],
  ])('refuses %j with 400 on its field, keeping nothing', async (body, problems) => {
    const player = await players.newPlayer()
    const res = await players.post(player, CALL, body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().error).toMatchObject({ type: 'InvalidParameterException', code: 'invalid_parameters', invalid_parameters: problems })
    expect(await eventsOf(player)).toEqual([])
  })

  it('refuses control characters inside the data at the edge', async () => {
    const player = await players.newPlayer()
    const res = await players.post(player, CALL, { name: 'ok', data: JSON.stringify({ text: 'a\u0000b' }) })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { data: ['text'] } })
    expect(await eventsOf(player)).toEqual([])
  })

  it('stops the 61st event in a minute with the chat’s own code, and takes events again a minute later', async () => {
    const player = await players.newPlayer()
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000)
    await withClock(t.database, start, async () => {
      for (let i = 0; i < 60; i++) {
        const res = await players.post(player, CALL, { name: 'message:sent', data: JSON.stringify({ i }) })
        expect(res.statusCode, res.body).toBe(200)
      }
      const over = await players.post(player, CALL, { name: 'message:sent' })
      expect(over.statusCode).toBe(429)
      expect(over.json().error).toMatchObject({ type: 'TooManyRequestsException', code: CHAT_EVENT_ERROR_CODE.tooMany })
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
      // Another player is not held up.
      expect((await players.post(await players.newPlayer(), CALL, { name: 'widget:opened' })).statusCode).toBe(200)
      t.database.clock.now = new Date(start.getTime() + 61_000)
      expect((await players.post(player, CALL, { name: 'widget:opened' })).statusCode).toBe(200)
    })
    expect(await eventsOf(player)).toHaveLength(61)
  })
})
