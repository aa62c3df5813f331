import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { signWalletBody, walletProviderSecret } from '../api/wallet'
import { openBalanceNotifier } from '../domain/wallet/notifier'
import { createSession, destroyPlayerSessions, destroySession } from '../domain/session/sessions'
import { sendMessage } from '../domain/support/chat'
import { SESSION_COOKIE } from '../http/session'
import { BACKENDS, buildTestApp, openTestDatabase, type TestDatabase } from '../test/harness'
import { signSocketToken } from './token'

interface Message {
  type: string
  balances?: { balance_main: { amount: string; currency: string } }
  unread?: number
  last_id?: number
}

/** A socket with its messages queued, so a test can wait for the next one of a type. */
class Client {
  readonly messages: Message[] = []
  private waiters: (() => void)[] = []
  closed: { code: number; reason: string } | null = null
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as Message)
      this.wake()
    })
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) }
      this.wake()
    })
  }
  private wake() {
    for (const w of this.waiters.splice(0)) w()
  }
  async next(type: string, timeoutMs = 2000): Promise<Message> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const index = this.messages.findIndex((m) => m.type === type)
      if (index >= 0) return this.messages.splice(index, 1)[0]!
      if (this.closed) throw new Error(`closed ${this.closed.code} ${this.closed.reason} before a ${type} message`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no ${type} message within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }
  /** An authenticated socket's opening: ready, the balance, then where the support chat stands. */
  async greeted(): Promise<void> {
    await this.next('ready')
    await this.next('balance')
    await this.next('support')
  }
  async closedWith(): Promise<{ code: number; reason: string }> {
    if (!this.closed) await new Promise<void>((resolve) => this.ws.once('close', () => setImmediate(resolve)))
    return this.closed!
  }
}

describe.each(BACKENDS)('balance socket on %s', (backend) => {
  let database: TestDatabase
  let app: FastifyInstance
  let base: string
  let seq = 0
  const open: WebSocket[] = []

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    app = await buildTestApp(database, { notifier: await openBalanceNotifier(database, database.config) })
    await app.listen({ port: 0, host: '127.0.0.1' })
    base = `127.0.0.1:${(app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    for (const ws of open) if (ws.readyState === ws.OPEN) ws.terminate()
    await app?.close()
    await database?.close()
  })

  async function login(login: string) {
    const player = await database.db.selectFrom('accounts').select('id').where('login', '=', login).executeTakeFirstOrThrow()
    const { token, session } = await createSession(database.db, { playerId: player.id, now: new Date(), policy: database.config.session })
    const res = await app.inject({ method: 'GET', url: '/api/account/getToken', headers: { cookie: `${SESSION_COOKIE}=${token}` } })
    expect(res.statusCode).toBe(200)
    return { id: player.id, sessionId: session.id, token: (res.json().data as { token: string }).token }
  }

  function connect(token: string | null, { origin = `http://${base}`, inQuery = false } = {}): Client {
    const url = `ws://${base}/ws${inQuery && token ? `?token=${encodeURIComponent(token)}` : ''}`
    const ws = new WebSocket(url, { origin })
    ws.on('error', () => {})
    open.push(ws)
    const client = new Client(ws)
    if (!inQuery) ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })))
    return client
  }

  function credit(playerId: bigint, amount: string) {
    const payload = JSON.stringify({ transaction_id: `live-${backend}-${++seq}`, player_id: String(playerId), currency: 'USD', amount })
    return app.inject({
      method: 'POST',
      url: '/platform/wallet/acmegames/credit',
      headers: { 'content-type': 'application/json', 'x-signature': signWalletBody(walletProviderSecret(database.config, 'acmegames'), payload) },
      payload,
    })
  }

  it('getToken refuses a visitor', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/account/getToken' })
    expect(res.statusCode).toBe(401)
    expect(res.json().error).toMatchObject({ type: 'AuthorizationException', code: 'not_logged_in' })
  })

  it('a credit reaches the connected sockets of that player, and not another player’s', async () => {
    const demo = await login('demo@example.com')
    const other = await login('demo-es@example.com')
    const first = connect(demo.token)
    const second = connect(demo.token, { inQuery: true })
    const stranger = connect(other.token)
    for (const c of [first, second, stranger]) await c.greeted()
    const before = (await database.db.selectFrom('wallets').select('balance').where('player_id', '=', demo.id).where('currency', '=', 'USD').where('kind', '=', 'main').executeTakeFirstOrThrow()).balance

    expect((await credit(demo.id, '12.34')).statusCode).toBe(200)
    // Committed by now: each socket has it within a second (the credit call itself may be slow on a busy machine).
    const expected = ((before + 1234n) / 100n).toString() + '.' + ((before + 1234n) % 100n).toString().padStart(2, '0')
    for (const c of [first, second]) {
      const pushed = await c.next('balance', 1000)
      expect(pushed.balances?.balance_main).toEqual({ amount: expected, currency: 'USD' })
    }
    // The other player's socket heard nothing of it.
    await new Promise((r) => setTimeout(r, 200))
    expect(stranger.messages).toEqual([])
  })

  it('a support chat message for a player reaches that player’s sockets, and not another player’s', async () => {
    const demo = await login('demo@example.com')
    const other = await login('demo-es@example.com')
    const mine = connect(demo.token)
    const stranger = connect(other.token)
    for (const c of [mine, stranger]) await c.greeted()
    const answer = await sendMessage(app.db, { playerId: demo.id, author: 'operator', body: 'We have your message.', key: `socket-${backend}-${++seq}`, now: new Date() }, app.live)
    const notice = await mine.next('support')
    expect(notice).toEqual({ type: 'support', unread: expect.any(Number), last_id: answer.id })
    expect(notice.unread).toBeGreaterThanOrEqual(1)
    await new Promise((r) => setTimeout(r, 200))
    expect(stranger.messages.filter((m) => m.type === 'support')).toEqual([])
  })

  it('a socket whose session ended is closed at the next change instead of hearing it', async () => {
    const demo = await login('demo@example.com')
    const client = connect(demo.token)
    await client.greeted()
    await database.db.deleteFrom('sessions').where('id', '=', demo.sessionId).execute()
    expect((await credit(demo.id, '1.00')).statusCode).toBe(200)
    expect(await client.closedWith()).toEqual({ code: 4401, reason: 'session_ended' })
    expect(client.messages).toEqual([])
  })

  it('a logout closes the socket at once, and ending every session closes the other sockets, with no balance change', async () => {
    const first = await login('demo@example.com')
    const second = await login('demo@example.com')
    const a = connect(first.token)
    const b = connect(second.token)
    for (const c of [a, b]) await c.greeted()
    await destroySession(database.db, first.sessionId)
    expect(await a.closedWith()).toEqual({ code: 4401, reason: 'session_ended' })
    // The other session is alive: its socket stays open (it may hear its balance again).
    await new Promise((r) => setTimeout(r, 200))
    expect(b.closed).toBeNull()
    await destroyPlayerSessions(database.db, first.id)
    expect(await b.closedWith()).toEqual({ code: 4401, reason: 'session_ended' })
  })

  it('a rolled-back posting is never announced', async () => {
    const demo = await login('demo@example.com')
    const client = connect(demo.token)
    await client.greeted()
    const { postEntry } = await import('../domain/wallet/ledger')
    const wallet = await database.db.selectFrom('wallets').select('id').where('player_id', '=', demo.id).where('currency', '=', 'USD').where('kind', '=', 'main').executeTakeFirstOrThrow()
    await expect(
      database.db.transaction().execute(async (trx) => {
        await postEntry(trx, { walletId: wallet.id, amount: 100n, kind: 'test', idempotencyKey: `rolled-back-${backend}` })
        throw new Error('abort')
      }),
    ).rejects.toThrow('abort')
    await new Promise((r) => setTimeout(r, 300))
    expect(client.messages).toEqual([])
  })

  it('refuses a wrong, an expired and a foreign-signed token, and a foreign origin', async () => {
    const demo = await login('demo@example.com')
    const tampered = connect(demo.token.replace(/.$/, (c) => (c === '0' ? '1' : '0')))
    expect(await tampered.closedWith()).toEqual({ code: 4401, reason: 'bad_signature' })

    const expired = signSocketToken(database.config.sessionSecret!, { playerId: demo.id, sessionId: demo.sessionId, expiresAt: Math.floor(Date.now() / 1000) - 1 })
    expect(await connect(expired).closedWith()).toEqual({ code: 4401, reason: 'expired' })

    const foreign = signSocketToken('another-secret-another-secret-another-secret', { playerId: demo.id, sessionId: demo.sessionId, expiresAt: Math.floor(Date.now() / 1000) + 60 })
    expect(await connect(foreign).closedWith()).toEqual({ code: 4401, reason: 'bad_signature' })

    const ended = signSocketToken(database.config.sessionSecret!, { playerId: demo.id, sessionId: 'no-such-session', expiresAt: Math.floor(Date.now() / 1000) + 60 })
    expect(await connect(ended).closedWith()).toEqual({ code: 4401, reason: 'session_ended' })

    expect(await connect('garbage').closedWith()).toEqual({ code: 4401, reason: 'malformed' })

    const crossSite = new WebSocket(`ws://${base}/ws`, { origin: 'https://evil.example' })
    crossSite.on('error', () => {})
    open.push(crossSite)
    const status = await new Promise<number | undefined>((resolve) => crossSite.once('unexpected-response', (_req, res) => resolve(res.statusCode)))
    expect(status).toBe(403)
  })

  it('lets a visitor follow a public topic without a token, and refuses any other topic', async () => {
    const ws = new WebSocket(`ws://${base}/ws`, { origin: `http://${base}` })
    ws.on('error', () => {})
    open.push(ws)
    const visitor = new Client(ws)
    await new Promise((resolve) => ws.once('open', resolve))
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'crash.rocket-test' }))
    expect(await visitor.next('subscribed')).toMatchObject({ topic: 'crash.rocket-test' })
    await app.live.publish('crash.rocket-test', JSON.stringify({ phase: 'running' }))
    expect(await visitor.next('event')).toMatchObject({ topic: 'crash.rocket-test', data: { phase: 'running' } })
    // Balances and other private topics are never open to a subscription.
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'wallet.1' }))
    expect((await visitor.closedWith()).code).toBe(4400)
  })
})
