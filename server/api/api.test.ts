import type { FastifyInstance } from 'fastify'
import { object, optional, size, string } from 'superstruct'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defineCall } from '../../src/services/api/contract/define'
import { wireInteger } from '../../src/services/api/contract/params'
import { ApiError } from '../../src/shared/errors'
import { createSession } from '../domain/session/sessions'
import { SESSION_COOKIE, SECURE_SESSION_COOKIE } from '../http/session'
import { PGLITE_ONLY, buildTestApp, cookiePair, useTestApp } from '../test/harness'
import { registerCall } from './registrar'

// Calls that exist only in this test, to drive the registrar's decoding, origin check and errors.
const echoRead = defineCall({
  area: 'test',
  name: 'echoRead',
  method: 'GET',
  access: 'anyone',
  request: object({ count: wireInteger(), name: optional(size(string(), 2, 10)) }),
  response: object({ count: wireInteger(), name: optional(string()) }),
})
const echoWrite = defineCall({
  area: 'test',
  name: 'echoWrite',
  method: 'POST',
  access: 'anyone',
  request: object({ name: size(string(), 2, 10) }),
  response: object({ name: string() }),
})
const explode = defineCall({ area: 'test', name: 'explode', method: 'GET', access: 'anyone', request: object({}), response: object({}) })
const refuse = defineCall({ area: 'test', name: 'refuse', method: 'GET', access: 'anyone', request: object({}), response: object({}) })

function addTestCalls(app: FastifyInstance) {
  registerCall(app, echoRead, ({ params }) => params)
  registerCall(app, echoWrite, ({ params }) => ({ name: params.name }))
  registerCall(app, explode, () => {
    throw new Error('secret detail: connection string postgres://admin:hunter2@db')
  })
  registerCall(app, refuse, () => {
    throw new ApiError({ type: 'TooManyRequestsException', code: 'slow_down', message: 'Slow down' })
  })
}

describe.each(PGLITE_ONLY)('API on %s', (backend) => {
  const t = useTestApp(backend, { beforeReady: addTestCalls })

  async function playerCookie(login = 'demo@example.com'): Promise<string> {
    const player = await t.database.db.selectFrom('accounts').select('id').where('login', '=', login).executeTakeFirstOrThrow()
    const { token } = await createSession(t.database.db, { playerId: player.id, now: new Date(), policy: t.database.config.session })
    return `${SESSION_COOKIE}=${token}`
  }

  describe('account/getInfo', () => {
    it('answers a visitor with uid 0 and the visitor shape', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/account/getInfo?locale=en&v=1' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
      const { data } = res.json()
      expect(data.uid).toBe(0)
      expect(data.balance_main).toBeNull()
      expect(data.login).toBe('')
    })

    it('answers a logged-in player with their data and balances as decimal strings', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/account/getInfo', headers: { cookie: await playerCookie() } })
      expect(res.statusCode).toBe(200)
      const { data } = res.json()
      expect(data.uid).toBeGreaterThan(0)
      expect(data.login).toBe('demo@example.com')
      expect(data.locale).toBe('en')
      expect(data.balance_main).toEqual({ amount: '1000.00', currency: 'USD' })
      expect(data.balance_bonus).toEqual({ amount: '25.00', currency: 'USD' })
      expect(data.balance_betting_bonus).toEqual({ amount: '10.00', currency: 'USD' })
      expect(data.balance_fun).toEqual({ amount: '5000.00', currency: 'USD' })
      expect(data.two_factor_auth).toBe(false)
      expect(new Date(data.reg_time).getTime()).not.toBeNaN()
    })

    it('answers each locale’s demo player in their own currency', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/account/getInfo',
        headers: { cookie: await playerCookie('demo-pt@example.com') },
      })
      const { data } = res.json()
      expect(data.locale).toBe('pt')
      expect(data.balance_main).toEqual({ amount: '1000.00', currency: 'BRL' })
    })

    it.each([
      ['a token of the wrong shape', `${SESSION_COOKIE}=not-a-token`],
      ['bad percent-encoding', `${SESSION_COOKIE}=%E0%A4%A`],
      ['a well-formed token nobody issued', `${SESSION_COOKIE}=${'A'.repeat(43)}`],
      ['an empty value', `${SESSION_COOKIE}=`],
      ['a cookie header of junk', ';;;=;=x; ===; \u0001'],
    ])('treats %s as a visitor, never an error', async (_what, cookie) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/account/getInfo', headers: { cookie } })
      expect(res.statusCode).toBe(200)
      expect(res.json().data.uid).toBe(0)
    })

    it('answers getprofileinfo for a player with the parts asked for, and refuses a visitor', async () => {
      const visitor = await t.app.inject({ method: 'GET', url: '/api/account/getprofileinfo?fields=contacts' })
      expect(visitor.statusCode).toBe(401)
      expect(visitor.json().error.type).toBe('AuthorizationException')

      const cookie = await playerCookie()
      const bare = await t.app.inject({ method: 'GET', url: '/api/account/getprofileinfo', headers: { cookie } })
      expect(bare.statusCode).toBe(200)
      expect(bare.json().data.contacts).toBeUndefined()
      expect(bare.json().data.sex).toBe(0)

      const full = await t.app.inject({ method: 'GET', url: '/api/account/getprofileinfo?fields=contacts,document', headers: { cookie } })
      const data = full.json().data
      expect(data.document).toEqual({ type: null, number: null })
      // The demo player's e-mail is confirmed in the seed, so they can withdraw.
      expect(data.contacts).toContainEqual({ type: 'email', contact: 'demo@example.com', is_confirmed: true, is_subscribed: expect.any(Boolean) })
    })

    it('clears a session cookie the server no longer knows', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/account/getInfo',
        headers: { cookie: `${SESSION_COOKIE}=${'B'.repeat(43)}` },
      })
      const cleared = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`))
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/)
    })

    it('answers a banned player with UserBannedException 403', async () => {
      const cookie = await playerCookie('demo-de@example.com')
      await t.database.db.updateTable('accounts').set({ banned_at: new Date() }).where('login', '=', 'demo-de@example.com').execute()
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/account/getInfo', headers: { cookie } })
        expect(res.statusCode).toBe(403)
        expect(res.json().error.type).toBe('UserBannedException')
      } finally {
        await t.database.db.updateTable('accounts').set({ banned_at: null }).where('login', '=', 'demo-de@example.com').execute()
      }
    })
  })

  describe('sessions over HTTP', () => {
    it('ends a session after the idle timeout and at the absolute end, by the injected clock', async () => {
      const { idleTimeoutMs, absoluteTimeoutMs } = t.database.config.session
      const start = new Date('2030-01-01T00:00:00Z')
      t.database.clock.now = start
      try {
        const player = await t.database.db.selectFrom('accounts').select('id').where('login', '=', 'demo-es@example.com').executeTakeFirstOrThrow()
        const { token } = await createSession(t.database.db, { playerId: player.id, now: start, policy: t.database.config.session })
        const cookie = `${SESSION_COOKIE}=${token}`
        const uidAt = async (ms: number) => {
          t.database.clock.now = new Date(start.getTime() + ms)
          const res = await t.app.inject({ method: 'GET', url: '/api/account/getInfo', headers: { cookie } })
          return res.json().data.uid as number
        }
        // Activity just inside the idle window keeps it alive, again and again...
        let elapsed = 0
        while (elapsed + idleTimeoutMs - 1000 < absoluteTimeoutMs) {
          elapsed += idleTimeoutMs - 1000
          expect(await uidAt(elapsed)).toBeGreaterThan(0)
        }
        // ...until the absolute end, which no activity extends.
        expect(await uidAt(absoluteTimeoutMs)).toBe(0)

        const second = await createSession(t.database.db, { playerId: player.id, now: start, policy: t.database.config.session })
        t.database.clock.now = new Date(start.getTime() + idleTimeoutMs)
        const idle = await t.app.inject({
          method: 'GET',
          url: '/api/account/getInfo',
          headers: { cookie: `${SESSION_COOKIE}=${second.token}` },
        })
        expect(idle.json().data.uid).toBe(0)
      } finally {
        t.database.clock.now = null
      }
    })
  })

  describe('metadata', () => {
    it('getgeneralinfo answers the seeded settings', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/metadata/getgeneralinfo?locale=de&v=1' })
      expect(res.statusCode).toBe(200)
      const { data } = res.json()
      expect(data.available_locales).toEqual(['en', 'es', 'pt', 'de'])
      expect(data.available_currencies).toEqual(expect.arrayContaining(['USD', 'EUR', 'BRL', 'MXN', 'JPY', 'BTC']))
      expect(data.default_currency).toBe('USD')
      expect(data.time_to_force_logout).toBe(t.database.config.session.idleTimeoutMs / 1000)
      expect(data.frame_allowlist).toEqual(t.database.config.frameAllowlist)
    })

    it('get answers an object', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/metadata/get' })
      expect(res.statusCode).toBe(200)
      expect(res.json().data.app_env).toBe('demo')
    })
  })

  describe('decoding and errors', () => {
    it('decodes query parameters with the contract schema', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/echoRead?count=12&name=abc&locale=en&v=2&_=cachebuster' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ data: { count: 12, name: 'abc' } })
    })

    it('refuses invalid parameters with InvalidParameterException 400 and the fields', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/echoRead?name=a' })
      expect(res.statusCode).toBe(400)
      const { error } = res.json()
      expect(error.type).toBe('InvalidParameterException')
      expect(error.code).toBe('invalid_parameters')
      expect(typeof error.message).toBe('string')
      expect(error.invalid_parameters).toEqual({ count: ['required'], name: ['minLength'] })
      expect(error.error_data).toEqual({ name: { min: 2 } })
    })

    it('names the length rule and its bound when a text is too long, never a vague refusal', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/echoRead?count=1&name=abcdefghijk' })
      expect(res.statusCode).toBe(400)
      const { error } = res.json()
      expect(error.invalid_parameters).toEqual({ name: ['maxLength'] })
      expect(error.error_data).toEqual({ name: { max: 10 } })
    })

    it('answers unknown calls with MethodNotFoundException 404', async () => {
      for (const [method, url] of [
        ['GET', '/api/account/noSuchCall'],
        ['POST', '/api/nosuch/area'],
        ['GET', '/api/'],
        ['GET', '/api/test/echoWrite'],
      ] as const) {
        const res = await t.app.inject({ method, url })
        expect(res.statusCode, url).toBe(404)
        expect(res.json().error.type, url).toBe('MethodNotFoundException')
      }
    })

    it('maps a thrown ApiError to its status from the shared table', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/refuse' })
      expect(res.statusCode).toBe(429)
      expect(res.json()).toEqual({ error: { type: 'TooManyRequestsException', message: 'Slow down', code: 'slow_down' } })
    })

    it('answers an unexpected failure with InternalServerErrorException 500 and no details', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/explode' })
      expect(res.statusCode).toBe(500)
      expect(res.json().error.type).toBe('InternalServerErrorException')
      expect(res.body).not.toMatch(/secret|hunter2|stack|at /)
    })

    it('decodes url-encoded and multipart form bodies', async () => {
      const urlencoded = await t.app.inject({
        method: 'POST',
        url: '/api/test/echoWrite?locale=en&v=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=J%C3%BCrgen',
      })
      expect(urlencoded.statusCode).toBe(200)
      expect(urlencoded.json()).toEqual({ data: { name: 'Jürgen' } })

      const form = new FormData()
      form.append('name', 'Ana')
      const request = new Request('http://x/', { method: 'POST', body: form })
      const multipart = await t.app.inject({
        method: 'POST',
        url: '/api/test/echoWrite',
        headers: { 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      })
      expect(multipart.statusCode).toBe(200)
      expect(multipart.json()).toEqual({ data: { name: 'Ana' } })
    })

    it('answers a malformed body with a 4xx error body, not a 500', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/echoWrite',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.type).toBe('InvalidRequestException')
    })
  })

  describe('cross-origin writes', () => {
    const write = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/echoWrite',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'casino.test', ...headers },
        payload: 'name=Ana',
      })

    it('refuses a POST from another origin with AccessDeniedException 403', async () => {
      for (const headers of <Record<string, string>[]>[
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { referer: 'https://evil.example/page' },
        { origin: 'http://casino.test.evil.example' },
      ]) {
        const res = await write(headers)
        expect(res.statusCode, JSON.stringify(headers)).toBe(403)
        expect(res.json().error.type).toBe('AccessDeniedException')
      }
    })

    it('accepts a POST from our own origin', async () => {
      expect((await write({ origin: 'http://casino.test' })).statusCode).toBe(200)
      expect((await write({ referer: 'http://casino.test/profile' })).statusCode).toBe(200)
    })
  })

  describe('security headers', () => {
    it('sends a CSP with a per-request nonce and the other headers', async () => {
      const nonces = new Set<string>()
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/api/account/getInfo' })
        const csp = String(res.headers['content-security-policy'])
        const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1]
        expect(nonce).toBeDefined()
        nonces.add(nonce!)
        expect(csp).toContain("default-src 'self'")
        expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/)
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
        expect(csp).toContain("frame-ancestors 'self';")
        expect(csp).toContain("object-src 'none'")
        expect(csp).toContain("base-uri 'self'")
        expect(res.headers['x-content-type-options']).toBe('nosniff')
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
        expect(res.headers['strict-transport-security']).toBeUndefined()
      }
      expect(nonces.size).toBe(3)
    })

    it('sends headers on 404s too', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/nope' })
      expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    })
  })

  describe('ledger after seed', () => {
    it('every wallet balance equals the sum of its entries and none is negative', async () => {
      const wallets = await t.database.db
        .selectFrom('wallets')
        .leftJoin('ledger_entries', 'ledger_entries.wallet_id', 'wallets.id')
        .select((eb) => [
          'wallets.id',
          'wallets.balance',
          eb.fn.coalesce(eb.fn.sum<bigint>('ledger_entries.amount'), eb.lit(0)).as('sum'),
          eb.fn.count<bigint>('ledger_entries.id').as('entries'),
        ])
        .groupBy(['wallets.id', 'wallets.balance'])
        .execute()
      expect(wallets.length).toBeGreaterThanOrEqual(16)
      for (const w of wallets) {
        expect(typeof w.balance).toBe('bigint')
        expect(BigInt(w.sum as bigint | string)).toBe(w.balance)
        expect(w.balance >= 0n).toBe(true)
      }
      // The seed's entries: bonuses and fun money by their seed keys, and the demo deposits, settled
      // as every deposit is (keys of their payment transactions, server/seed/payments.ts).
      const keys = await t.database.db.selectFrom('ledger_entries').select(['idempotency_key', 'kind']).execute()
      const seedKeys = keys.filter((k) => k.idempotency_key.startsWith('seed:'))
      expect(seedKeys.every((k) => k.kind === 'adjustment' || k.kind === 'bonus')).toBe(true)
      expect(keys.filter((k) => !k.idempotency_key.startsWith('seed:')).every((k) => /^ptx:ptx_[\w-]+:success$/.test(k.idempotency_key) && k.kind === 'deposit')).toBe(true)
    })

    it('stores demo passwords as argon2id hashes', async () => {
      const rows = await t.database.db.selectFrom('accounts').select(['login', 'password_hash', 'locale']).execute()
      // One player per locale, plus the two-factor demo player (in the default locale).
      expect(rows.filter((r) => r.login !== 'demo-2fa@example.com').map((r) => r.locale).sort()).toEqual(['de', 'en', 'es', 'pt'])
      expect(rows.some((r) => r.login === 'demo-2fa@example.com')).toBe(true)
      for (const r of rows) expect(r.password_hash).toMatch(/^\$argon2id\$/)
    })
  })

  describe('health', () => {
    it('answers ok when the database answers', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: 'ok' })
    })
  })

  describe('behind https', () => {
    let httpsApp: FastifyInstance

    beforeAll(async () => {
      const config = { ...t.database.config, trustProxy: true, frameAllowlist: ['https://partner.example'] }
      httpsApp = await buildTestApp({ ...t.database, config })
      await httpsApp.ready()
    })
    afterAll(() => httpsApp?.close())

    it('reads the __Host- cookie and sends HSTS when a trusted proxy says https', async () => {
      const player = await t.database.db.selectFrom('accounts').select('id').where('login', '=', 'demo@example.com').executeTakeFirstOrThrow()
      const { token } = await createSession(t.database.db, { playerId: player.id, now: new Date(), policy: t.database.config.session })
      const https = { 'x-forwarded-proto': 'https' }
      const secure = await httpsApp.inject({ method: 'GET', url: '/api/account/getInfo', headers: { ...https, cookie: `${SECURE_SESSION_COOKIE}=${token}` } })
      expect(secure.json().data.uid).toBeGreaterThan(0)
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000')
      // Over https a plain `sid` (which any http page could have planted) is not read.
      const plain = await httpsApp.inject({ method: 'GET', url: '/api/account/getInfo', headers: { ...https, cookie: `${SESSION_COOKIE}=${token}` } })
      expect(plain.json().data.uid).toBe(0)
    })

    it('ignores X-Forwarded-Proto from an untrusted client', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/account/getInfo', headers: { 'x-forwarded-proto': 'https' } })
      expect(res.headers['strict-transport-security']).toBeUndefined()
    })

    it('clears an unknown __Host- cookie with Secure set', async () => {
      const res = await httpsApp.inject({
        method: 'GET',
        url: '/api/account/getInfo',
        headers: { 'x-forwarded-proto': 'https', cookie: `${SECURE_SESSION_COOKIE}=${'C'.repeat(43)}` },
      })
      expect(cookiePair(res.headers['set-cookie'], SECURE_SESSION_COOKIE)).toBeDefined()
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/)
    })

    it('lets allowlisted origins frame /forms pages only', async () => {
      for (const url of ['/forms/deposit', '/es/forms/deposit', '/forms']) {
        const res = await httpsApp.inject({ method: 'GET', url })
        expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'self' https://partner.example;")
      }
      for (const url of ['/', '/formsx', '/api/account/getInfo', '/xx/forms/deposit', '/profile/forms']) {
        const res = await httpsApp.inject({ method: 'GET', url })
        expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'self';")
      }
    })
  })
})
