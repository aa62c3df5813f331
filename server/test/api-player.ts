// A new player made through the API for a test file that drives the cashier over HTTP: registered
// (USD, US) from an address of its own so the registration throttle never binds, then called
// with a session made at the test clock's time (sessions expire; tests move the clock by days).
import { expect } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createSession } from '../domain/session/sessions'
import { SESSION_COOKIE } from '../http/session'
import { cookiePair, type TestDatabase } from './harness'

export interface ApiPlayer {
  readonly id: bigint
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

/**
 * `t` is useTestApp's fixture; `subnet` (10.<subnet>.x.y) keeps each file's registrations apart;
 * `emailPrefix` names the file's players in the database.
 */
export function apiPlayers(t: { readonly app: FastifyInstance; readonly database: TestDatabase }, subnet: number, emailPrefix: string) {
  let ip = 1
  const freshIp = () => `10.${subnet}.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`
  const now = () => t.database.clock.now ?? new Date()

  async function newPlayer(): Promise<ApiPlayer> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register?locale=en',
      headers: FORM,
      remoteAddress: freshIp(),
      payload: new URLSearchParams({ email: `${emailPrefix}${Math.random().toString(36).slice(2, 10)}@example.com`, password: 'Zq7-unusual-Pw', currency: 'USD', country_code: 'US' }).toString(),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(cookiePair(res.headers['set-cookie'], SESSION_COOKIE)).toBeTruthy()
    return { id: BigInt(res.json().data.uid) }
  }
  async function cookie(player: ApiPlayer): Promise<string> {
    const { token } = await createSession(t.database.db, { playerId: player.id, now: now(), policy: t.database.config.session })
    return `${SESSION_COOKIE}=${token}`
  }
  const url = (path: string) => (path.startsWith('/') ? path : `/api/${path}`)
  /** GET `path` (under /api/ unless it starts with /) as the player. */
  const get = async (player: ApiPlayer, path: string) => t.app.inject({ method: 'GET', url: url(path), headers: { cookie: await cookie(player) } })
  /** POST a form to `path` (under /api/ unless it starts with /) as the player. */
  const post = async (player: ApiPlayer, path: string, body: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: url(path), headers: { ...FORM, cookie: await cookie(player) }, payload: new URLSearchParams(body).toString() })

  return { newPlayer, get, post, now }
}

/**
 * A new player registered through the API in `currency` from address `ip`, for a file that calls
 * the API by login: the demo players come with deposits and a history (server/seed/payments.ts),
 * so a test about a first deposit or a deposit window needs a player without them. Returns the login.
 */
export async function registerApiPlayer(app: FastifyInstance, { prefix, currency, countryCode, ip }: { prefix: string; currency: string; countryCode: string; ip: string }): Promise<string> {
  const login = `${prefix}${Math.random().toString(36).slice(2, 10)}@example.com`
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register?locale=en',
    headers: FORM,
    remoteAddress: ip,
    payload: new URLSearchParams({ email: login, password: 'Zq7-unusual-Pw', currency, country_code: countryCode }).toString(),
  })
  expect(res.statusCode, res.body).toBe(200)
  return login
}
