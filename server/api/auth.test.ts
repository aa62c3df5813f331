import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { TEST_THROTTLE_COOKIE } from './auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession, lookupSession } from '../domain/session/sessions'
import { base32Decode, totp } from '../domain/auth/totp'
import { DEMO_2FA_LOGIN, DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../seed/data'
import { SESSION_COOKIE } from '../http/session'
import { BACKENDS, buildTestApp, cookiePair, useTestApp, withClock } from '../test/harness'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const STEP_MS = 30_000

describe.each(BACKENDS)('auth API on %s', (backend) => {
  const t = useTestApp(backend)
  let nextIp = 1


  /** A fresh client address per test, so one test's throttle counts never reach another. */
  const freshIp = () => `10.1.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`

  function post(call: string, form: Record<string, string>, opts: { ip?: string; cookie?: string; headers?: Record<string, string> } = {}) {
    return t.app.inject({
      method: 'POST',
      url: `/api/auth/${call}?locale=en&v=1`,
      payload: new URLSearchParams(form).toString(),
      headers: { ...FORM, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
      remoteAddress: opts.ip ?? freshIp(),
    })
  }

  const sessionCookie = (res: LightMyRequestResponse) => cookiePair(res.headers['set-cookie'], SESSION_COOKIE)
  const tokenOf = (cookie: string) => cookie.slice(SESSION_COOKIE.length + 1)

  async function getInfo(cookie?: string) {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/getInfo', headers: cookie ? { cookie } : {} })
    return res.json().data as { uid: number; login: string; two_factor_auth: boolean }
  }

  async function playerId(login: string): Promise<bigint> {
    const row = await t.database.db.selectFrom('accounts').select('id').where('login', '=', login).executeTakeFirstOrThrow()
    return row.id
  }

  describe('login', () => {
    it('logs in, answering AccountInfo and a new session cookie; the session it had is rotated away', async () => {
      const { token: before } = await createSession(t.database.db, { playerId: null, now: new Date(), policy: t.database.config.session })
      const res = await post('login', { login: 'demo@example.com', password: DEMO_PASSWORD }, { cookie: `${SESSION_COOKIE}=${before}` })
      expect(res.statusCode).toBe(200)
      const { data } = res.json()
      expect(data.login).toBe('demo@example.com')
      expect(data.uid).toBeGreaterThan(0)
      expect(data.two_factor_auth).toBe(false)
      const cookie = sessionCookie(res)!
      expect(cookie).toBeDefined()
      expect(tokenOf(cookie)).not.toBe(before)
      expect(res.headers['set-cookie']!.toString()).toMatch(/HttpOnly/i)
      expect(res.headers['set-cookie']!.toString()).toMatch(/SameSite=Lax/i)
      // The old token is worthless, the new one is the player.
      expect(await lookupSession(t.database.db, before, new Date(), t.database.config.session)).toBeNull()
      expect((await getInfo(`${SESSION_COOKIE}=${before}`)).uid).toBe(0)
      expect((await getInfo(cookie)).uid).toBe(data.uid)
    })

    it('takes the login case-insensitively, by e-mail, and with a leading +', async () => {
      expect((await post('login', { login: 'DEMO@Example.COM', password: DEMO_PASSWORD })).statusCode).toBe(200)
      expect((await post('login', { login: ' demo-es@example.com ', password: DEMO_PASSWORD })).statusCode).toBe(200)
    })

    it('answers a wrong password and an unknown account identically', async () => {
      const wrong = await post('login', { login: 'demo@example.com', password: 'not-the-password' })
      const unknown = await post('login', { login: 'nobody-here@example.com', password: 'not-the-password' })
      expect(wrong.statusCode).toBe(401)
      expect(unknown.statusCode).toBe(wrong.statusCode)
      expect(unknown.body).toBe(wrong.body)
      expect(wrong.json().error).toEqual({ type: 'AuthorizationException', code: 'invalid_credentials', message: 'Wrong login or password' })
      expect(sessionCookie(wrong)).toBeUndefined()
      expect(sessionCookie(unknown)).toBeUndefined()
      const headerNames = (r: LightMyRequestResponse) => Object.keys(r.headers).sort()
      expect(headerNames(unknown)).toEqual(headerNames(wrong))
    })

    it('refuses an incomplete request with field errors', async () => {
      const res = await post('login', { login: 'demo@example.com' })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.invalid_parameters).toEqual({ password: ['required'] })
    })

    it('refuses a cross-origin login', async () => {
      const res = await post(
        'login',
        { login: 'demo@example.com', password: DEMO_PASSWORD },
        { headers: { origin: 'https://evil.example' } },
      )
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toMatchObject({ type: 'AccessDeniedException', code: 'cross_origin' })
      expect(sessionCookie(res)).toBeUndefined()
    })

    it('answers a banned player with UserBannedException only after the right password', async () => {
      await t.database.db.updateTable('accounts').set({ banned_at: new Date() }).where('login', '=', 'demo-pt@example.com').execute()
      try {
        const wrong = await post('login', { login: 'demo-pt@example.com', password: 'wrong-password' })
        expect(wrong.json().error.code).toBe('invalid_credentials')
        const right = await post('login', { login: 'demo-pt@example.com', password: DEMO_PASSWORD })
        expect(right.statusCode).toBe(403)
        expect(right.json().error.type).toBe('UserBannedException')
        // Both factors were right: the session is bound to the player, so every page shows the blocked page.
        expect(sessionCookie(right)).toBeDefined()
      } finally {
        await t.database.db.updateTable('accounts').set({ banned_at: null }).where('login', '=', 'demo-pt@example.com').execute()
      }
    })
  })

  describe('throttling', () => {
    it('answers 429 with Retry-After after 5 failures from one IP on one account, while another IP still logs in', async () => {
      const start = new Date('2031-03-01T10:00:00Z')
      await withClock(t.database, start, async () => {
        const attacker = freshIp()
        for (let i = 0; i < 5; i++) {
          const res = await post('login', { login: 'demo-de@example.com', password: `guess-${i}` }, { ip: attacker })
          expect(res.json().error.code).toBe('invalid_credentials')
        }
        const blocked = await post('login', { login: 'demo-de@example.com', password: DEMO_PASSWORD }, { ip: attacker })
        expect(blocked.statusCode).toBe(429)
        expect(blocked.headers['retry-after']).toBe('30')
        expect(blocked.json().error).toMatchObject({
          type: 'TooManyRequestsException',
          code: 'too_many_attempts',
          resend_time: 30,
          error_data: { retry_after: 30 },
        })
        expect(sessionCookie(blocked)).toBeUndefined()

        // Nobody can lock the player out from elsewhere: the player's own address is not blocked.
        const player = await post('login', { login: 'demo-de@example.com', password: DEMO_PASSWORD }, { ip: freshIp() })
        expect(player.statusCode).toBe(200)

        // After the delay one more guess is allowed; failing it doubles the delay.
        t.database.clock.now = new Date(start.getTime() + 31_000)
        const again = await post('login', { login: 'demo-de@example.com', password: 'guess-6' }, { ip: attacker })
        expect(again.json().error.code).toBe('invalid_credentials')
        const blockedLonger = await post('login', { login: 'demo-de@example.com', password: 'guess-7' }, { ip: attacker })
        expect(blockedLonger.statusCode).toBe(429)
        expect(blockedLonger.headers['retry-after']).toBe('60')

        // Waiting it out, the right password gets in and clears the count.
        t.database.clock.now = new Date(start.getTime() + 31_000 + 61_000)
        const ok = await post('login', { login: 'demo-de@example.com', password: DEMO_PASSWORD }, { ip: attacker })
        expect(ok.statusCode).toBe(200)
        for (let i = 0; i < 4; i++) {
          const res = await post('login', { login: 'demo-de@example.com', password: `after-${i}` }, { ip: attacker })
          expect(res.statusCode).toBe(401)
        }
      })
    })

    it('throttles an unknown account exactly like a known one', async () => {
      const ip = freshIp()
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) statuses.push((await post('login', { login: 'ghost@example.com', password: `x-${i}` }, { ip })).statusCode)
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    })

    it('counts a burst of parallel guesses in full', async () => {
      const ip = freshIp()
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => post('login', { login: 'demo-es@example.com', password: `burst-${i}` }, { ip })),
      )
      const statuses = results.map((r) => r.statusCode)
      expect(statuses.filter((s) => s === 401)).toHaveLength(5)
      expect(statuses.filter((s) => s === 429)).toHaveLength(7)
    })

    it('blocks one IP guessing across many accounts after 50 failures', async () => {
      const ip = freshIp()
      for (let i = 0; i < 50; i++) {
        const res = await post('login', { login: `spray-${i}@example.com`, password: 'password1' }, { ip })
        expect(res.statusCode).toBe(401)
      }
      const blocked = await post('login', { login: 'demo@example.com', password: DEMO_PASSWORD }, { ip })
      expect(blocked.statusCode).toBe(429)
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
      // Another address is unaffected.
      expect((await post('login', { login: 'demo@example.com', password: DEMO_PASSWORD })).statusCode).toBe(200)
    })

    it('raises every limit by AUTH_THROTTLE_MULTIPLIER (the e2e knob)', async () => {
      const relaxed = await buildTestApp({ ...t.database, config: { ...t.database.config, authThrottleMultiplier: 3 } })
      try {
        const ip = freshIp()
        const statuses: number[] = []
        for (let i = 0; i < 16; i++) {
          const res = await relaxed.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: new URLSearchParams({ login: 'relaxed@example.com', password: `x-${i}` }).toString(),
            headers: FORM,
            remoteAddress: ip,
          })
          statuses.push(res.statusCode)
        }
        expect(statuses.slice(0, 15).every((s) => s === 401)).toBe(true)
        expect(statuses[15]).toBe(429)
      } finally {
        await relaxed.close()
      }
    })

    it('lets an e2e context choose its own multiplier by cookie, only with E2E_TEST_OVERRIDES', async () => {
      const attempts = async (overrides: boolean) => {
        const relaxed = await buildTestApp({ ...t.database, config: { ...t.database.config, authThrottleMultiplier: 50, e2eTestOverrides: overrides } })
        try {
          const ip = freshIp()
          const statuses: number[] = []
          for (let i = 0; i < 6; i++) {
            const res = await relaxed.inject({
              method: 'POST',
              url: '/api/auth/login',
              payload: new URLSearchParams({ login: `cookie-${overrides}@example.com`, password: `x-${i}` }).toString(),
              headers: { ...FORM, cookie: `${TEST_THROTTLE_COOKIE}=1` },
              remoteAddress: ip,
            })
            statuses.push(res.statusCode)
          }
          return statuses
        } finally {
          await relaxed.close()
        }
      }
      expect(await attempts(true)).toEqual([401, 401, 401, 401, 401, 429])
      expect(await attempts(false)).toEqual([401, 401, 401, 401, 401, 401])
    })

    it('forgets idle counters when swept', async () => {
      const { purgeRateLimits } = await import('../domain/ratelimit/limits')
      const ip = freshIp()
      await withClock(t.database, new Date('2020-01-01T00:00:00Z'), () => post('login', { login: 'old@example.com', password: 'x' }, { ip }))
      const count = async () =>
        (await t.database.db.selectFrom('rate_limits').select('key').where('key', '=', `login:ip:${ip}`).execute()).length
      expect(await count()).toBe(1)
      await purgeRateLimits(t.database.db, new Date('2020-01-03T00:00:01Z'))
      expect(await count()).toBe(0)
    })

    it('throttles registration per IP', async () => {
      const ip = freshIp()
      for (let i = 0; i < 20; i++) {
        const res = await post('register', { login: `throttled-${i}@example.com`, password: 'password', currency: 'USD' }, { ip })
        expect(res.statusCode).toBe(400)
      }
      const blocked = await post('register', { login: 'throttled-x@example.com', password: 'Zq7-unusual-Pw', currency: 'USD' }, { ip })
      expect(blocked.statusCode).toBe(429)
      expect(blocked.headers['retry-after']).toBeDefined()
    })
  })

  describe('two-factor', () => {
    const key = base32Decode(DEMO_TOTP_SECRET)
    // Each test uses its own stretch of time, far apart, since a used step cannot be used again.
    const base = Date.parse('2032-01-01T00:00:00Z')

    it('asks for a code with two_factor_required and resend_time, and sets no session', async () => {
      const at = new Date(base + 10_000) // 20 s before the step ends
      await withClock(t.database, at, async () => {
        const res = await post('login', { login: DEMO_2FA_LOGIN, password: DEMO_PASSWORD })
        expect(res.statusCode).toBe(401)
        expect(res.json().error).toMatchObject({ type: 'AuthorizationException', code: 'two_factor_required', resend_time: 20 })
        expect(sessionCookie(res)).toBeUndefined()
        // Asking for the code is not a failed attempt: the pair is not pushed towards its limit.
        const ip = freshIp()
        for (let i = 0; i < 8; i++) {
          const again = await post('login', { login: DEMO_2FA_LOGIN, password: DEMO_PASSWORD }, { ip })
          expect(again.json().error.code).toBe('two_factor_required')
        }
      })
    })

    it('logs in with the current TOTP code, once; a replay and an older step are refused', async () => {
      const at = new Date(base + 1_000 * STEP_MS)
      await withClock(t.database, at, async () => {
        const previous = totp(key, at.getTime() - STEP_MS)
        const current = totp(key, at.getTime())
        const res = await post('login', { login: DEMO_2FA_LOGIN, password: DEMO_PASSWORD, code: previous })
        expect(res.statusCode).toBe(200)
        expect(res.json().data.two_factor_auth).toBe(true)
        expect(sessionCookie(res)).toBeDefined()

        const replay = await post('login', { login: DEMO_2FA_LOGIN, password: DEMO_PASSWORD, code: previous })
        expect(replay.statusCode).toBe(401)
        expect(replay.json().error.code).toBe('two_factor_invalid')
        expect(sessionCookie(replay)).toBeUndefined()

        // The current step is later than the one used, so it is still good, once.
        expect((await post('login', { login: DEMO_2FA_LOGIN, password: DEMO_PASSWORD, code: current })).statusCode).toBe(200)
        expect((await post('login', { login: DEMO_2FA_LOGIN, password: DEMO_PASSWORD, code: current })).json().error.code).toBe(
          'two_factor_invalid',
        )
        // The next step's code (clock drift the other way) is accepted too.
        const next = totp(key, at.getTime() + STEP_MS)
        expect((await post('login', { login: DEMO_2FA_LOGIN, password: DEMO_PASSWORD, code: next })).statusCode).toBe(200)
      })
    })

    it('tells an expired code from a wrong one, and checks the password first', async () => {
      const at = new Date(base + 2_000 * STEP_MS)
      await withClock(t.database, at, async () => {
        const stale = totp(key, at.getTime() - 4 * STEP_MS)
        const expired = await post('login', { login: DEMO_2FA_LOGIN, password: DEMO_PASSWORD, code: stale })
        expect(expired.json().error).toMatchObject({ type: 'AuthorizationException', code: 'two_factor_expired' })
        const current = totp(key, at.getTime())
        const wrongCode = String((Number(current) + 1) % 1_000_000).padStart(6, '0')
        const wrong = await post('login', { login: DEMO_2FA_LOGIN, password: DEMO_PASSWORD, code: wrongCode })
        expect(wrong.json().error.code).toBe('two_factor_invalid')
        const badPassword = await post('login', { login: DEMO_2FA_LOGIN, password: 'wrong-password', code: current })
        expect(badPassword.json().error.code).toBe('invalid_credentials')
      })
    })

    it("counts wrong codes against the player's code throttle, from any address", async () => {
      // Over a day after the tests above, whose wrong codes are forgotten by then.
      const at = new Date(base + 6_000 * STEP_MS)
      await withClock(t.database, at, async () => {
        const statuses: number[] = []
        for (let i = 0; i < 6; i++) {
          // Only someone with the password gets here: spreading guesses over addresses gains nothing.
          const res = await post('login', { login: DEMO_2FA_LOGIN, password: DEMO_PASSWORD, code: '000000' }, { ip: freshIp() })
          statuses.push(res.statusCode)
        }
        expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true)
        expect(statuses[5]).toBe(429)
      })
    })

    it('takes a recovery code in place of a TOTP code, once, whatever its case and hyphens', async () => {
      const first = await post('login', { login: DEMO_2FA_LOGIN, password: DEMO_PASSWORD, code: 'DEMO-RC01' })
      expect(first.statusCode).toBe(200)
      expect(sessionCookie(first)).toBeDefined()
      const again = await post('login', { login: DEMO_2FA_LOGIN, password: DEMO_PASSWORD, code: 'DEMO-RC01' })
      expect(again.json().error.code).toBe('two_factor_invalid')
      expect((await post('login', { login: DEMO_2FA_LOGIN, password: DEMO_PASSWORD, code: 'demorc02' })).statusCode).toBe(200)
      const used = await t.database.db
        .selectFrom('two_factor_recovery_codes')
        .select(['code_hash', 'used_at'])
        .where('player_id', '=', await playerId(DEMO_2FA_LOGIN))
        .execute()
      expect(used.filter((c) => c.used_at !== null)).toHaveLength(2)
      // Stored hashed, never as typed.
      expect(used.every((c) => /^[0-9a-f]{64}$/.test(c.code_hash))).toBe(true)
      expect((await post('login', { login: DEMO_2FA_LOGIN, password: DEMO_PASSWORD, code: 'DEMO-XX99' })).json().error.code).toBe(
        'two_factor_invalid',
      )
    })
  })

  describe('register', () => {
    const form = (overrides: Record<string, string> = {}) => ({
      login: 'new.player@example.com',
      email: 'new.player@example.com',
      password: 'Tr0ub4dor&3x',
      currency: 'EUR',
      notify: '1',
      is_betting: '1',
      first_name: 'Zoë',
      last_name: "O'Neil",
      country_code: 'DE',
      ...overrides,
    })

    it('creates the player, the profile, four empty wallets in the chosen currency and a session', async () => {
      const res = await post('register', form({ locale: 'de' }))
      expect(res.statusCode).toBe(200)
      const { data } = res.json()
      expect(data.uid).toBeGreaterThan(0)
      expect(data.login).toBe('new.player@example.com')
      expect(data.locale).toBe('de')
      expect(data.is_subscribed).toBe(true)
      expect(data.balance_main).toEqual({ amount: '0.00', currency: 'EUR' })
      expect(data.balance_bonus).toEqual({ amount: '0.00', currency: 'EUR' })
      expect(data.balance_betting_bonus).toEqual({ amount: '0.00', currency: 'EUR' })
      expect(data.balance_fun).toEqual({ amount: '0.00', currency: 'EUR' })
      // Chose betting: the home page leads with the sportsbook for this player.
      expect(data.is_betting).toBe(true)
      const cookie = sessionCookie(res)!
      expect((await getInfo(cookie)).uid).toBe(data.uid)

      const id = BigInt(data.uid)
      const wallets = await t.database.db.selectFrom('wallets').select(['kind', 'currency', 'balance']).where('player_id', '=', id).execute()
      expect(wallets.map((w) => w.kind).sort()).toEqual(['betting_bonus', 'bonus', 'fun', 'main'])
      expect(wallets.every((w) => w.currency === 'EUR' && w.balance === 0n)).toBe(true)
      const entries = await t.database.db
        .selectFrom('ledger_entries')
        .innerJoin('wallets', 'wallets.id', 'ledger_entries.wallet_id')
        .select('ledger_entries.id')
        .where('wallets.player_id', '=', id)
        .execute()
      expect(entries).toHaveLength(0)
      const account = await t.database.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
      expect(account.password_hash).toMatch(/^\$argon2id\$/)
      expect(account.is_betting).toBe(true)
      const profile = await t.database.db.selectFrom('player_profiles').selectAll().where('player_id', '=', id).executeTakeFirstOrThrow()
      expect(profile).toMatchObject({ first_name: 'Zoë', last_name: "O'Neil" })

      // And the new player can log in.
      expect((await post('login', { login: 'new.player@example.com', password: 'Tr0ub4dor&3x' })).statusCode).toBe(200)
    })

    it('refuses a login or e-mail already used, in any case and in either role, with field errors', async () => {
      const login = await post('register', form({ login: 'DEMO@example.com', email: 'someone-else@example.com' }))
      expect(login.statusCode).toBe(400)
      expect(login.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { login: ['taken'] } })
      const email = await post('register', form({ login: 'fresh-login', email: 'Demo-ES@example.com' }))
      expect(email.json().error.invalid_parameters).toEqual({ email: ['taken'] })
      expect(sessionCookie(email)).toBeUndefined()
    })

    it('refuses a common password, whatever its case, and the login as password', async () => {
      for (const password of ['password1', 'Qwerty123', 'iloveyou', 'dragon123']) {
        const res = await post('register', form({ login: 'common-pw@example.com', email: 'common-pw@example.com', password }))
        expect(res.statusCode).toBe(400)
        expect(res.json().error.invalid_parameters).toEqual({ password: ['common'] })
      }
      const own = await post('register', form({ login: 'gatsby1925', email: 'gatsby1925@example.com', password: 'Gatsby1925' }))
      expect(own.json().error.invalid_parameters).toEqual({ password: ['common'] })
    })

    it('checks fields with the SPEC §5 rules and names each failing field', async () => {
      const res = await post(
        'register',
        form({ login: 'bad fields', email: 'not-an-email', password: 'abc', currency: 'XXX', first_name: 'R2D2', birth_date: '31.02.1990' }),
      )
      expect(res.statusCode).toBe(400)
      expect(res.json().error.invalid_parameters).toEqual({
        login: ['text'],
        email: ['emailAt'],
        password: ['minLength'],
        currency: ['invalid'],
        first_name: ['name'],
        birth_date: ['date'],
      })
    })

    it('defaults the login to the e-mail, and refuses minors', async () => {
      const minor = await post('register', { email: 'teen@example.com', password: 'Zq7-unusual-Pw', currency: 'USD', birth_date: '2020-01-01' })
      expect(minor.json().error.invalid_parameters).toEqual({ birth_date: ['date'] })
      const res = await post('register', { email: 'only-email@example.com', password: 'Zq7-unusual-Pw', currency: 'USD' })
      expect(res.statusCode).toBe(200)
      expect(res.json().data.login).toBe('only-email@example.com')
    })

    // PT's field list (server/seed/registration.ts) makes the mobile the required contact, the e-mail optional.
    it('registers by phone and logs in with it, with or without +', async () => {
      const res = await post('register', { phone: '+49 151 23456789', phone_country_code: 'DE', password: 'Zq7-unusual-Pw', currency: 'EUR', country_code: 'PT' })
      expect(res.statusCode).toBe(200)
      const row = await t.database.db.selectFrom('accounts').select(['phone', 'login']).where('phone', '=', '4915123456789').executeTakeFirst()
      expect(row).toBeDefined()
      expect((await post('login', { login: '+4915123456789', password: 'Zq7-unusual-Pw' })).statusCode).toBe(200)
      const again = await post('register', { phone: '151 23456789', phone_country_code: 'DE', password: 'Zq7-unusual-Pw', currency: 'EUR', country_code: 'PT' })
      expect(again.json().error.invalid_parameters).toMatchObject({ phone: ['taken'] })
    })

    it('settles two registrations racing for one login with one account', async () => {
      const race = { login: 'racer@example.com', password: 'Zq7-unusual-Pw', currency: 'USD' }
      const [a, b] = await Promise.all([post('register', race), post('register', race)])
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400])
      const loser = a.statusCode === 400 ? a : b
      // The login is an e-mail, so it became the account's e-mail too.
      expect(loser.json().error.invalid_parameters).toMatchObject({ login: ['taken'] })
    })
  })

  describe('restore and resetPassword', () => {
    async function outbox(to: string) {
      return t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').execute()
    }
    const tokenFrom = (text: string) => /#reset_token=([A-Za-z0-9_-]{43})/.exec(text)?.[1]

    it('answers the same for an unknown account, and mails a one-time link for a known one', async () => {
      const before = await outbox('demo-es@example.com')
      const unknown = await post('restore', { login: 'nobody@example.com' })
      const known = await post('restore', { email: 'demo-es@example.com' })
      expect(unknown.statusCode).toBe(200)
      expect(known.statusCode).toBe(200)
      expect(known.body).toBe(unknown.body)
      expect(known.json()).toEqual({ data: 1 })
      expect(await outbox('nobody@example.com')).toHaveLength(0)
      const after = await outbox('demo-es@example.com')
      expect(after).toHaveLength(before.length + 1)
      const mail = after[0]!
      // In the player's locale, linking to the public origin (never the request's Host), in a fragment.
      expect(mail.subject).toContain('contraseña')
      expect(mail.body_text).toMatch(/^http:\/\/localhost:\d+\/es#reset_token=[A-Za-z0-9_-]{43}$/m)
      const token = tokenFrom(mail.body_text)!
      const stored = await t.database.db.selectFrom('password_reset_tokens').selectAll().execute()
      expect(stored.some((t) => t.token_hash === token)).toBe(false)
    })

    it('does not use a forged Host header for the link', async () => {
      await post('restore', { login: 'demo-de@example.com' }, { headers: { host: 'evil.example' } })
      const [mail] = await outbox('demo-de@example.com')
      expect(mail!.body_text).not.toContain('evil.example')
    })

    it('sets the new password once, ends every other session, and refuses the old password', async () => {
      const id = await playerId('demo@example.com')
      const other = await createSession(t.database.db, { playerId: id, now: new Date(), policy: t.database.config.session })
      await post('restore', { login: 'demo@example.com' })
      const token = tokenFrom((await outbox('demo@example.com'))[0]!.body_text)!

      const weak = await post('resetPassword', { token, password: 'password123' })
      expect(weak.json().error.invalid_parameters).toEqual({ password: ['common'] })

      const res = await post('resetPassword', { token, password: 'N3w-Demo-Secret' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ data: 1 })
      expect(await lookupSession(t.database.db, other.token, new Date(), t.database.config.session)).toBeNull()

      const reuse = await post('resetPassword', { token, password: 'Another-0ne-Pw' })
      expect(reuse.statusCode).toBe(400)
      expect(reuse.json().error).toMatchObject({
        type: 'InvalidParameterException',
        code: 'reset_token_invalid',
        invalid_parameters: { token: ['invalid'] },
      })
      expect((await post('login', { login: 'demo@example.com', password: DEMO_PASSWORD })).statusCode).toBe(401)
      expect((await post('login', { login: 'demo@example.com', password: 'N3w-Demo-Secret' })).statusCode).toBe(200)

      // Put the demo password back for the other tests.
      await post('restore', { login: 'demo@example.com' })
      const back = tokenFrom((await outbox('demo@example.com'))[0]!.body_text)!
      const { hashPassword } = await import('../domain/auth/password')
      await t.database.db
        .updateTable('accounts')
        .set({ password_hash: await hashPassword(DEMO_PASSWORD, t.database.config.test!.argon2!) })
        .where('id', '=', id)
        .execute()
      expect(back).toBeDefined()
    })

    it('keeps the session of the player resetting while logged in, rotated', async () => {
      const login = await post('login', { login: 'demo-es@example.com', password: DEMO_PASSWORD })
      const cookie = sessionCookie(login)!
      await post('restore', { login: 'demo-es@example.com' })
      const token = tokenFrom((await outbox('demo-es@example.com'))[0]!.body_text)!
      const res = await post('resetPassword', { token, password: DEMO_PASSWORD.toUpperCase() + '-x9' }, { cookie })
      expect(res.statusCode).toBe(200)
      const rotated = sessionCookie(res)!
      expect(rotated).toBeDefined()
      expect(rotated).not.toBe(cookie)
      expect((await getInfo(rotated)).login).toBe('demo-es@example.com')
      expect((await getInfo(cookie)).uid).toBe(0)
    })

    it('expires a link after an hour', async () => {
      const start = new Date('2033-05-05T12:00:00Z')
      await withClock(t.database, start, () => post('restore', { login: 'demo-pt@example.com' }))
      const token = tokenFrom((await outbox('demo-pt@example.com'))[0]!.body_text)!
      await withClock(t.database, new Date(start.getTime() + 60 * 60_000 + 1_000), async () => {
        const res = await post('resetPassword', { token, password: 'Late-but-Str0ng' })
        expect(res.statusCode).toBe(400)
        expect(res.json().error).toMatchObject({ code: 'reset_token_invalid', invalid_parameters: { token: ['expired'] } })
      })
      const junk = await post('resetPassword', { token: 'not-a-token', password: 'Late-but-Str0ng' })
      expect(junk.json().error.invalid_parameters).toEqual({ token: ['invalid'] })
    })

    it('sends at most three links an hour to one account, silently', async () => {
      const start = new Date('2034-01-01T00:00:00Z')
      await withClock(t.database, start, async () => {
        const before = (await outbox('demo-2fa@example.com')).length
        for (let i = 0; i < 5; i++) expect((await post('restore', { login: DEMO_2FA_LOGIN })).json()).toEqual({ data: 1 })
        expect((await outbox('demo-2fa@example.com')).length - before).toBe(3)
      })
    })
  })

  describe('logout', () => {
    it('ends the session server-side and clears the cookie', async () => {
      const login = await post('login', { login: 'demo@example.com', password: DEMO_PASSWORD })
      const cookie = sessionCookie(login)!
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/logout?locale=en&v=1', headers: { cookie } })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ data: 1 })
      expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).join()).toMatch(/sid=;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/)
      expect(await lookupSession(t.database.db, tokenOf(cookie), new Date(), t.database.config.session)).toBeNull()
      expect((await getInfo(cookie)).uid).toBe(0)
    })

    it('answers a visitor too, and refuses a logout link followed from another site', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/logout' })).statusCode).toBe(200)
      const login = await post('login', { login: 'demo@example.com', password: DEMO_PASSWORD })
      const cookie = sessionCookie(login)!
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/logout',
        headers: { cookie, referer: 'https://evil.example/page' },
      })
      expect(res.statusCode).toBe(403)
      expect((await getInfo(cookie)).uid).toBeGreaterThan(0)
    })
  })

  describe('loyalty/getinfo', () => {
    it('answers null for a visitor and for a player in no programme', async () => {
      const visitor = await t.app.inject({ method: 'GET', url: '/api/loyalty/getinfo' })
      expect(visitor.statusCode).toBe(200)
      expect(visitor.json()).toEqual({ data: null })
      const cookie = sessionCookie(await post('login', { login: 'demo@example.com', password: DEMO_PASSWORD }))!
      const player = await t.app.inject({ method: 'GET', url: '/api/loyalty/getinfo', headers: { cookie } })
      expect(player.json()).toEqual({ data: null })
    })
  })

  describe('/dev/mailbox', () => {
    it('lists outbox mail with clickable links and the security headers in demo', async () => {
      await post('restore', { login: 'demo-de@example.com' })
      const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.headers['content-security-policy']).toContain("default-src 'self'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.body).toMatch(/<a href="http:\/\/localhost:\d+\/de#reset_token=[A-Za-z0-9_-]{43}"/)
      expect(res.body).not.toContain('<script')
    })

    it('is a 404 in production', async () => {
      const production = await buildTestApp({
        ...t.database,
        config: { ...t.database.config, appEnv: 'production', providers: { ...t.database.config.providers, mail: null } },
      })
      try {
        const res = await production.inject({ method: 'GET', url: '/dev/mailbox' })
        expect(res.statusCode).toBe(404)
        expect(res.body).not.toContain('reset_token')
      } finally {
        await production.close()
      }
    })
  })
})
