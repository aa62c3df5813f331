// A new player made through the API for a test file that drives the cashier over HTTP: registered
// (USD, US) from an address of its own so the registration throttle never binds, then called
// with a session made at the test clock's time (sessions expire; tests move the clock by days).
import { expect } from 'vitest'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { createSession } from '../domain/session/sessions'
import { SESSION_COOKIE } from '../http/session'
import { cookiePair, type TestDatabase } from './harness'
import type { Database } from '../db/database'

export interface ApiPlayer {
  readonly id: bigint
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
/** Given at registration: the US field list shows the birth date, and a withdrawal needs it. */
export const ADULT_BIRTH_DATE = '01.01.1990'

/**
 * `t` is useTestApp's fixture; `subnet` (10.<subnet>.x.y) keeps each file's registrations apart;
 * `emailPrefix` names the file's players in the database.
 */
export function apiPlayers(t: { readonly app: FastifyInstance; readonly database: TestDatabase }, subnet: number, emailPrefix: string) {
  let ip = 1
  const freshIp = () => `10.${subnet}.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`
  const now = () => t.database.clock.now ?? new Date()

  /** A new player; with `birthDate: false`, one who gave no birth date (a withdrawal asks for it). */
  async function newPlayer({ birthDate = true }: { birthDate?: boolean } = {}): Promise<ApiPlayer> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register?locale=en',
      headers: FORM,
      remoteAddress: freshIp(),
      payload: new URLSearchParams({ email: `${emailPrefix}${Math.random().toString(36).slice(2, 10)}@example.com`, password: 'Zq7-unusual-Pw', currency: 'USD', country_code: 'US', ...(birthDate ? { birth_date: ADULT_BIRTH_DATE } : {}) }).toString(),
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

  return { newPlayer, get, post, now, ...cashierRequests({ get, post }, idempotencyKeys(emailPrefix)) }
}

/**
 * Calls as the seeded demo players, by login, for a test file about what they already hold (their
 * balances, deposits, saved cards). A session is made once per login at the app's clock; with
 * `freshSessions` one per request, for a file that moves the clock past a session's life.
 */
export function loginPlayers(t: { readonly app: FastifyInstance; readonly database: TestDatabase }, keyPrefix: string, options: { freshSessions?: boolean } = {}) {
  const cookies = new Map<string, string>()
  async function cookie(login: string): Promise<string> {
    const known = options.freshSessions ? undefined : cookies.get(login)
    if (known) return known
    const player = await t.database.db.selectFrom('accounts').select('id').where('login', '=', login).executeTakeFirstOrThrow()
    const { token } = await createSession(t.database.db, { playerId: player.id, now: t.database.clock.now ?? new Date(), policy: t.database.config.session })
    const pair = `${SESSION_COOKIE}=${token}`
    cookies.set(login, pair)
    return pair
  }
  const url = (path: string) => (path.startsWith('/') ? path : `/api/${path}`)
  /** GET `path` (under /api/ unless it starts with /) with `query`, as `login` or as a visitor (null). */
  async function get(login: string | null, path: string, query: Record<string, string | string[]> = {}) {
    const qs = new URLSearchParams()
    for (const [k, v] of Object.entries(query)) for (const one of Array.isArray(v) ? v : [v]) qs.append(k, one)
    const search = qs.size ? `${path.includes('?') ? '&' : '?'}${qs}` : ''
    return t.app.inject({ method: 'GET', url: `${url(path)}${search}`, headers: login ? { cookie: await cookie(login) } : {} })
  }
  /** POST a form to `path` (under /api/ unless it starts with /), as `login` or as a visitor (null). */
  async function post(login: string | null, path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'POST', url: url(path), headers: { ...FORM, ...(login ? { cookie: await cookie(login) } : {}), ...headers }, payload: new URLSearchParams(body).toString() })
  }
  /** Drops the session kept for `login`: the next call makes one at the clock's time (after the clock moved past its life). */
  const forget = (login: string) => void cookies.delete(login)
  return { cookie, forget, get, post, ...cashierRequests<string>({ get: (login, path) => get(login, path), post: (login, path, body) => post(login, path, body) }, idempotencyKeys(keyPrefix)) }
}

let keySeq = 0

/** Idempotency keys unique in the run, named by `prefix` so a failing file's rows are easy to find. */
export function idempotencyKeys(prefix: string): () => string {
  return () => `${prefix}-${Date.now().toString(36)}-${(keySeq++).toString().padStart(6, '0')}`
}

export interface DepositOptions {
  /** The method's sysname; card by default. */
  method?: string
  /** The method's requisites; a new card by default. */
  requisites?: Record<string, string>
  currency?: string
  /** campaign_offer_id; none (-1) by default. */
  offer?: string
  key?: string
  /** The request's locale (?locale=), which reads the amount. */
  locale?: string
}

export interface WithdrawOptions {
  /** The method's sysname; an e-wallet by default. */
  method?: string
  /** The method's requisites; an e-wallet address by default. */
  requisites?: Record<string, string>
  currency?: string
  key?: string
  locale?: string
  /** More form fields, as the card fields' card_token. */
  fields?: Record<string, string>
}

/**
 * makedeposit and makewithdrawal as the cashier's forms send them, for whoever `io` calls as (an
 * ApiPlayer, a demo login): `io` is the test file's own GET and POST. Method ids are asked once
 * per method and direction: they are the methods' own, the same for every player and currency.
 */
export function cashierRequests<P>(
  io: { get(player: P, path: string): Promise<LightMyRequestResponse>; post(player: P, path: string, body: Record<string, string>): Promise<LightMyRequestResponse> },
  newKey: () => string,
) {
  const ids = new Map<string, number>()
  /** The id of method `sysname` as getdepositinfo (deposit) or getwithdrawsettings (withdrawal) lists it. */
  async function methodId(player: P, sysname: string, direction: 'deposit' | 'withdrawal' = 'deposit'): Promise<number> {
    const known = ids.get(`${direction}:${sysname}`)
    if (known !== undefined) return known
    const res = await io.get(player, direction === 'deposit' ? 'cashier/getdepositinfo' : 'cashier/getwithdrawsettings')
    expect(res.statusCode, res.body).toBe(200)
    const method = (res.json().data.methods as { id: number; sysname: string }[]).find((m) => m.sysname === sysname)
    if (!method) throw new Error(`no ${direction} method ${sysname}`)
    ids.set(`${direction}:${sysname}`, method.id)
    return method.id
  }
  const withLocale = (path: string, locale: string | undefined) => (locale ? `${path}?locale=${locale}` : path)
  /** makedeposit of `amount` (as typed), by a new card in USD unless told otherwise; the raw answer. */
  async function deposit(player: P, amount: string, options: DepositOptions = {}) {
    const method = options.method ?? 'card'
    return io.post(player, withLocale('cashier/makedeposit', options.locale), {
      method_id: String(await methodId(player, method)),
      method,
      amount,
      currency: options.currency ?? 'USD',
      campaign_offer_id: options.offer ?? '-1',
      requisites: JSON.stringify(options.requisites ?? { card_number: 'new' }),
      idempotency_key: options.key ?? newKey(),
    })
  }
  /** makewithdrawal of `amount` (as typed), to an e-wallet in USD unless told otherwise; the raw answer. */
  async function withdraw(player: P, amount: string, options: WithdrawOptions = {}) {
    const method = options.method ?? 'ewallet'
    return io.post(player, withLocale('cashier/makewithdrawal', options.locale), {
      method_id: String(await methodId(player, method, 'withdrawal')),
      method,
      amount,
      currency: options.currency ?? 'USD',
      requisites: JSON.stringify(options.requisites ?? { wallet_email: 'ada@example.com' }),
      idempotency_key: options.key ?? newKey(),
      ...options.fields,
    })
  }
  return { methodId, deposit, withdraw, newKey }
}

/** How many payment transactions and ledger entries the database holds: a refusal leaves both as they were. */
export async function paymentCounts(db: Database['db']): Promise<{ transactions: number; ledger: number }> {
  const n = async (table: 'payment_transactions' | 'ledger_entries') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n)
  return { transactions: await n('payment_transactions'), ledger: await n('ledger_entries') }
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
    payload: new URLSearchParams({ email: login, password: 'Zq7-unusual-Pw', currency, country_code: countryCode, birth_date: ADULT_BIRTH_DATE }).toString(),
  })
  expect(res.statusCode, res.body).toBe(200)
  return login
}
