// The reality check's server half: the player's interval is kept, and this session's figures are the
// ledger's real-money stakes and returns since the login (play money is not a result).
import { describe, expect, it } from 'vitest'
import { createSession } from '../domain/session/sessions'
import { credit, debit, walletOptions } from '../domain/wallet/seamless'
import { SESSION_COOKIE } from '../http/session'
import { apiPlayers } from '../test/api-player'
import { useTestApp } from '../test/harness'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

describe('the reality check', () => {
  const t = useTestApp('pglite')
  const players = apiPlayers(t, 96, 'reality-')

  async function signedIn() {
    const player = await players.newPlayer()
    const { token, session } = await createSession(t.database.db, { playerId: player.id, now: new Date(Date.now() - 90_000), policy: t.database.config.session })
    const cookie = `${SESSION_COOKIE}=${token}`
    const call = (method: 'GET' | 'POST', name: string, body: Record<string, string> = {}, extra = '') =>
      t.app.inject({ method, url: `/api/account/${name}`, headers: { ...FORM, cookie: cookie + extra }, ...(method === 'POST' ? { payload: new URLSearchParams(body).toString() } : {}) })
    return { player, sessionId: session.id, call }
  }

  it('keeps the interval, and refuses one that is not on the list', async () => {
    const { call } = await signedIn()
    const first = await call('GET', 'getRealityCheck')
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().data).toMatchObject({ interval_minutes: null, interval_seconds: null, net: { amount: '0.00', currency: 'USD' } })
    expect(first.json().data.played_seconds).toBeGreaterThanOrEqual(89)

    const set = await call('POST', 'setRealityCheck', { interval_minutes: '30' })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json().data).toMatchObject({ interval_minutes: 30, interval_seconds: 1800 })
    expect((await call('GET', 'getRealityCheck')).json().data.interval_minutes).toBe(30)

    const odd = await call('POST', 'setRealityCheck', { interval_minutes: '7' })
    expect(odd.statusCode).toBe(400)
    expect(odd.json().error.invalid_parameters).toHaveProperty('interval_minutes')
    const off = await call('POST', 'setRealityCheck', { interval_minutes: '0' })
    expect(off.json().data).toMatchObject({ interval_minutes: null, interval_seconds: null })
  })

  it('counts real-money stakes and what came back since the login, not play money', async () => {
    const { player, sessionId, call } = await signedIn()
    const options = walletOptions(t.database.config)
    const base = { provider: 'test-game', playerId: player.id, currency: 'USD', roundId: 'r1', gameId: 'g1' }
    await credit(t.database.db, { ...base, transactionId: 'rc-dep', amount: '50.00', kind: 'deposit' }, options)
    expect((await debit(t.database.db, { ...base, transactionId: 'rc-bet1', amount: '5.00', sessionId }, options)).answer.status).toBe('ok')
    await credit(t.database.db, { ...base, transactionId: 'rc-win1', amount: '2.00' }, options)
    expect((await debit(t.database.db, { ...base, transactionId: 'rc-bet2', amount: '1.50', sessionId }, options)).answer.status).toBe('ok')
    await credit(t.database.db, { ...base, transactionId: 'rc-fun-fill', amount: '100.00', mode: 'fun', kind: 'bonus' }, options)
    expect((await debit(t.database.db, { ...base, transactionId: 'rc-fun-bet', amount: '9.00', mode: 'fun', sessionId }, options)).answer.status).toBe('ok')

    const figures = (await call('GET', 'getRealityCheck')).json().data
    expect(figures).toMatchObject({ stakes: { amount: '6.50' }, returns: { amount: '2.00' }, net: { amount: '-4.50', currency: 'USD' } })
  })

  it('is a player’s only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/getRealityCheck' })
    expect(res.json().error.type).toBe('AuthorizationException')
  })
})
