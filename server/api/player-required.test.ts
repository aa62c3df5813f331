import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify'
import { object } from 'superstruct'
import { describe, expect, it } from 'vitest'
import { callPath, defineCall, PLAYER_REQUIRED, type CallDef } from '../../src/services/api/contract/define'
import { createSession } from '../domain/session/sessions'
import { SESSION_COOKIE } from '../http/session'
import { makeTestConfig } from '../test/config'
import { CONTRACT_CALLS } from '../test/contract-calls'
import { useTestApp } from '../test/harness'
import { declaredKeys, playerCalls, registerApiFraming, registerCall, sendError } from './registrar'

// Who may make a call is the contract's `access`; the server refuses a visitor on every call the
// contract marks 'player' in the area's encapsulated preHandler, before the call's parameters are
// read. The list comes from the contract's files, so a new player-only call is checked here at once.

const PLAYER_ONLY = CONTRACT_CALLS.filter((call) => call.access === 'player')
const FOR_ANYONE = CONTRACT_CALLS.filter((call) => call.access === 'anyone')

describe('player-only calls refuse a visitor', () => {
  const t = useTestApp('pglite')
  let ip = 0
  const freshIp = () => `10.77.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`

  /** The call with every parameter it declares set to a value no schema takes, and the given cookie. */
  function send(call: CallDef<unknown, unknown>, cookie?: string): Promise<LightMyRequestResponse> {
    const form = new URLSearchParams()
    for (const key of declaredKeys(call.request)) form.set(key, '\u2603 not a value')
    const headers: Record<string, string> = cookie ? { cookie } : {}
    if (call.method === 'GET') return t.app.inject({ method: 'GET', url: `${callPath(call)}?${form}&locale=en&v=1`, headers, remoteAddress: freshIp() })
    return t.app.inject({
      method: 'POST',
      url: `${callPath(call)}?locale=en&v=1`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
      remoteAddress: freshIp(),
    })
  }

  it('finds the player-only calls in the contract', () => {
    expect(PLAYER_ONLY.length).toBeGreaterThan(15)
    for (const path of ['/api/cashier/makedeposit', '/api/account/getBalance', '/api/account/setDepositLimit', '/api/cashbacks/get', '/api/oauth/completeRegistration']) {
      expect(PLAYER_ONLY.map(callPath)).toContain(path)
    }
  })

  it.each(PLAYER_ONLY.map((call) => [callPath(call), call] as const))('%s: 401 AuthorizationException not_logged_in, before its parameters', async (_path, call) => {
    for (const cookie of [undefined, `${SESSION_COOKIE}=no-such-session`]) {
      const res = await send(call, cookie)
      expect(res.statusCode, res.body).toBe(401)
      expect(res.json().error).toMatchObject(PLAYER_REQUIRED)
    }
  })

  it('lets a player through to the call itself', async () => {
    const player = await t.database.db.selectFrom('accounts').select('id').where('login', '=', 'demo@example.com').executeTakeFirstOrThrow()
    const { token } = await createSession(t.database.db, { playerId: player.id, now: new Date(), policy: t.database.config.session })
    for (const call of PLAYER_ONLY) {
      const res = await send(call, `${SESSION_COOKIE}=${token}`)
      expect(res.json().error?.code, `${callPath(call)} -> ${res.body.slice(0, 200)}`).not.toBe(PLAYER_REQUIRED.code)
    }
  })

  it('never refuses a visitor as such on a call the contract opens to anyone', async () => {
    expect(FOR_ANYONE.length).toBeGreaterThan(15)
    for (const call of FOR_ANYONE) {
      const res = await send(call)
      // (A wrong password is an AuthorizationException too, with its own code.)
      expect(res.json().error?.code, `${callPath(call)} -> ${res.body.slice(0, 200)}`).not.toBe(PLAYER_REQUIRED.code)
    }
  })
})

describe('the registrar mounts a call only where its access is enforced', () => {
  const playerCall = defineCall({ area: 'test', name: 'mine', method: 'GET', access: 'player', request: object({}), response: object({}) })
  const openCall = defineCall({ area: 'test', name: 'open', method: 'GET', access: 'anyone', request: object({}), response: object({}) })
  const operatorCall = defineCall({ area: 'test', name: 'staff', method: 'GET', access: 'operator', request: object({}), response: object({}) })

  /** A bare app with one area; `playerId` stands in for the session the real app reads from the cookie. */
  async function mount(register: (area: FastifyInstance) => void, prefix = '/api/test', playerId: bigint | null = null): Promise<FastifyInstance> {
    const app = Fastify() as unknown as FastifyInstance
    app.decorate('db', null as unknown as FastifyInstance['db'])
    app.decorate('config', makeTestConfig())
    app.decorate('validateResponses', false)
    app.decorateRequest('playerId', null)
    app.addHook('onRequest', async (request) => {
      request.playerId = playerId
    })
    app.setErrorHandler((err, request, reply) => sendError(err, request, reply))
    registerApiFraming(app)
    void app.register(async (area) => register(area), { prefix })
    await app.ready()
    return app
  }

  it('refuses to start with a player-only call outside playerCalls, or an open call inside it', async () => {
    await expect(mount((area) => registerCall(area, playerCall, () => ({})))).rejects.toThrow('/api/test/mine is for player but was mounted in a scope for anyone')
    await expect(mount((area) => playerCalls(area, (players) => registerCall(players, openCall, () => ({}))))).rejects.toThrow(
      '/api/test/open is for anyone but was mounted in a scope for player',
    )
    await expect(mount((area) => playerCalls(area, (players) => registerCall(players, operatorCall, () => ({}))))).rejects.toThrow(/is for operator/)
  })

  it('refuses to start with a call under another area’s prefix', async () => {
    await expect(mount((area) => registerCall(area, openCall, () => ({})), '/api/other')).rejects.toThrow('/api/test/open cannot be mounted under /api/other')
  })

  it('answers a visitor from the preHandler and a player from the handler, which is given the player', async () => {
    const area = (area: FastifyInstance) => playerCalls(area, (players) => registerCall(players, playerCall, ({ playerId }) => ({ who: String(playerId) })))
    const visitorApp = await mount(area)
    const visitor = await visitorApp.inject({ method: 'GET', url: '/api/test/mine' })
    expect(visitor.statusCode).toBe(401)
    expect(visitor.json().error).toMatchObject(PLAYER_REQUIRED)
    await visitorApp.close()
    const playerApp = await mount(area, '/api/test', 7n)
    const player = await playerApp.inject({ method: 'GET', url: '/api/test/mine' })
    expect(player.json()).toEqual({ data: { who: '7' } })
    await playerApp.close()
  })
})
