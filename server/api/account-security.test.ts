import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { base32Decode, totp } from '../domain/auth/totp'
import { qrDataUri } from '../domain/payments/qr'
import { SESSION_COOKIE } from '../http/session'
import { PGLITE_ONLY, buildTestApp, cookiePair, useTestApp, withClock } from '../test/harness'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const PASSWORD = 'Tr0ub4dor&3x'
const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789abcdef'
const STEP_MS = 30_000

describe.each(PGLITE_ONLY)('account security on %s', (backend) => {
  const t = useTestApp(backend, { config: { operatorToken: OPERATOR_TOKEN } })
  let n = 0

  const ip = () => `10.7.${Math.floor(n / 250)}.${(n++ % 250) + 1}`
  const sessionOf = (res: LightMyRequestResponse) => cookiePair(res.headers['set-cookie'], SESSION_COOKIE)

  function post(path: string, form: Record<string, string>, opts: { cookie?: string; headers?: Record<string, string> } = {}) {
    return t.app.inject({
      method: 'POST',
      url: `/api/${path}?locale=en&v=1`,
      payload: new URLSearchParams(form).toString(),
      headers: { ...FORM, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
      remoteAddress: ip(),
    })
  }
  const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/${path}`, headers: { ...(cookie ? { cookie } : {}), ...headers } })
  const operator = (call: string, form: Record<string, string>, token = OPERATOR_TOKEN) =>
    post(`operator/${call}`, form, { headers: { authorization: `Bearer ${token}` } })

  /** A fresh player, registered and logged in; answers the login and the session cookie. */
  async function newPlayer(): Promise<{ login: string; cookie: string }> {
    const login = `sec-${backend}-${n++}-${Math.random().toString(36).slice(2, 8)}@example.com`
    const res = await post('auth/register', { login, email: login, password: PASSWORD, currency: 'EUR' })
    expect(res.statusCode, res.body).toBe(200)
    return { login, cookie: sessionOf(res)! }
  }

  const codeAt = (secret: string, at: number) => totp(base32Decode(secret), at)

  describe('two-factor set-up', () => {
    it('keeps a started set-up pending, turns it on with a code, and asks for the second factor from then on', async () => {
      const start = new Date('2032-05-01T10:00:05Z')
      await withClock(t.database, start, async () => {
        const { login, cookie } = await newPlayer()
        const other = sessionOf(await post('auth/login', { login, password: PASSWORD }))!

        expect((await post('account/changeTwoFactorAuth', { enable: '1' }, { cookie })).json().error.invalid_parameters).toEqual({ password: ['required'] })
        const wrong = await post('account/changeTwoFactorAuth', { enable: '1', password: 'not-it' }, { cookie })
        expect(wrong.statusCode).toBe(400)
        expect(wrong.json().error).toMatchObject({ type: 'InvalidParameterException', code: 'wrong_password', invalid_parameters: { password: ['invalid'] } })

        const started = await post('account/changeTwoFactorAuth', { enable: '1', password: PASSWORD }, { cookie })
        expect(started.statusCode, started.body).toBe(200)
        const { pending, two_factor_auth } = started.json().data
        expect(two_factor_auth).toBe(false)
        expect(pending.secret).toMatch(/^[A-Z2-7]{32}$/)
        // The QR code an authenticator app scans: the otpauth URI's own symbol (server/domain/payments/qr.ts).
        expect(pending.qr).toBe(qrDataUri(pending.otpauth_uri))
        expect(pending.otpauth_uri).toBe(
          `otpauth://totp/${encodeURIComponent(`Royal Ace:${login}`)}?secret=${pending.secret}&issuer=Royal+Ace&algorithm=SHA1&digits=6&period=30`,
        )
        // Pending is not on: the password alone still logs in.
        expect((await get('account/getInfo', cookie)).json().data.two_factor_auth).toBe(false)
        expect((await post('auth/login', { login, password: PASSWORD })).statusCode).toBe(200)

        const bad = await post('account/confirmTwoFactorAuth', { code: '000000' === codeAt(pending.secret, start.getTime()) ? '111111' : '000000' }, { cookie })
        expect(bad.json().error).toMatchObject({ code: 'two_factor_invalid', invalid_parameters: { code: ['invalid'] } })
        const expired = await post('account/confirmTwoFactorAuth', { code: codeAt(pending.secret, start.getTime() - 4 * STEP_MS) }, { cookie })
        expect(expired.json().error.code).toBe('two_factor_expired')

        const code = codeAt(pending.secret, start.getTime())
        const confirmed = await post('account/confirmTwoFactorAuth', { code }, { cookie })
        expect(confirmed.statusCode, confirmed.body).toBe(200)
        const { recovery_codes } = confirmed.json().data
        expect(recovery_codes).toHaveLength(10)
        expect(new Set(recovery_codes).size).toBe(10)
        for (const c of recovery_codes) expect(c).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)

        // The session goes on under a new token; the old token and the player's other session end.
        const rotated = sessionOf(confirmed)!
        expect(rotated).not.toBe(cookie)
        expect((await get('account/getInfo', rotated)).json().data.two_factor_auth).toBe(true)
        expect((await get('account/getInfo', cookie)).json().data.uid).toBe(0)
        expect((await get('account/getInfo', other)).json().data.uid).toBe(0)

        // Confirming again, or enabling again, is refused.
        expect((await post('account/confirmTwoFactorAuth', { code }, { cookie: rotated })).json().error.code).toBe('two_factor_already_enabled')
        expect((await post('account/changeTwoFactorAuth', { enable: '1', password: PASSWORD }, { cookie: rotated })).json().error.code).toBe(
          'two_factor_already_enabled',
        )

        // Login now needs the second factor; the confirming code was used up.
        expect((await post('auth/login', { login, password: PASSWORD })).json().error.code).toBe('two_factor_required')
        expect((await post('auth/login', { login, password: PASSWORD, code })).json().error.code).toBe('two_factor_invalid')
        const next = codeAt(pending.secret, start.getTime() + STEP_MS)
        expect((await post('auth/login', { login, password: PASSWORD, code: next })).statusCode).toBe(200)
        // A recovery code works once.
        const recovery = recovery_codes[3].toLowerCase()
        expect((await post('auth/login', { login, password: PASSWORD, code: recovery })).statusCode).toBe(200)
        expect((await post('auth/login', { login, password: PASSWORD, code: recovery })).json().error.code).toBe('two_factor_invalid')
      })
    })

    it('replaces a pending secret when set-up starts again; the old one no longer confirms', async () => {
      const { cookie } = await newPlayer()
      const first = (await post('account/changeTwoFactorAuth', { enable: '1', password: PASSWORD }, { cookie })).json().data.pending
      const second = (await post('account/changeTwoFactorAuth', { enable: '1', password: PASSWORD }, { cookie })).json().data.pending
      expect(second.secret).not.toBe(first.secret)
      const old = await post('account/confirmTwoFactorAuth', { code: codeAt(first.secret, Date.now()) }, { cookie })
      expect(old.json().error.code).toBe('two_factor_invalid')
      const ok = await post('account/confirmTwoFactorAuth', { code: codeAt(second.secret, Date.now()) }, { cookie })
      expect(ok.statusCode).toBe(200)
    })

    it('refuses to confirm with nothing pending, and refuses visitors', async () => {
      const { cookie } = await newPlayer()
      expect((await post('account/confirmTwoFactorAuth', { code: '123456' }, { cookie })).json().error).toMatchObject({
        type: 'InvalidRequestException',
        code: 'two_factor_not_pending',
      })
      expect((await post('account/changeTwoFactorAuth', { enable: '0', code: '123456' }, { cookie })).json().error.code).toBe('two_factor_not_enabled')
      const visitor = await post('account/changeTwoFactorAuth', { enable: '1', password: PASSWORD })
      expect(visitor.statusCode).toBe(401)
      expect(visitor.json().error.code).toBe('not_logged_in')
      expect((await post('account/confirmTwoFactorAuth', { code: '123456' })).statusCode).toBe(401)
    })

    it('turns off only with a current code or a recovery code, never with the password', async () => {
      const start = new Date('2032-06-01T08:00:10Z')
      await withClock(t.database, start, async () => {
        const { login, cookie } = await newPlayer()
        const { secret } = (await post('account/changeTwoFactorAuth', { enable: '1', password: PASSWORD }, { cookie })).json().data.pending
        const confirmed = await post('account/confirmTwoFactorAuth', { code: codeAt(secret, start.getTime()) }, { cookie })
        const session = sessionOf(confirmed)!
        const [recovery] = confirmed.json().data.recovery_codes

        const passwordOnly = await post('account/changeTwoFactorAuth', { enable: '0', password: PASSWORD }, { cookie: session })
        expect(passwordOnly.json().error.invalid_parameters).toEqual({ code: ['required'] })
        expect((await post('account/changeTwoFactorAuth', { enable: '0', code: 'WRONG-CODE-0000' }, { cookie: session })).json().error.code).toBe(
          'two_factor_invalid',
        )
        const off = await post('account/changeTwoFactorAuth', { enable: '0', code: recovery }, { cookie: session })
        expect(off.statusCode, off.body).toBe(200)
        expect(off.json().data).toEqual({ two_factor_auth: false, pending: null })
        expect((await get('account/getInfo', session)).json().data.two_factor_auth).toBe(false)
        expect((await post('auth/login', { login, password: PASSWORD })).statusCode).toBe(200)
        const left = await t.database.db
          .selectFrom('two_factor_recovery_codes')
          .innerJoin('accounts', 'accounts.id', 'two_factor_recovery_codes.player_id')
          .select('code_hash')
          .where('accounts.login', '=', login)
          .execute()
        expect(left).toEqual([])
      })
    })

    it('throttles wrong codes per player: the sixth try in a row is refused with 429', async () => {
      const { cookie } = await newPlayer()
      const { secret } = (await post('account/changeTwoFactorAuth', { enable: '1', password: PASSWORD }, { cookie })).json().data.pending
      const wrong = codeAt(secret, Date.now()) === '000000' ? '111111' : '000000'
      for (let i = 0; i < 5; i++) {
        expect((await post('account/confirmTwoFactorAuth', { code: wrong }, { cookie })).statusCode).toBe(400)
      }
      const blocked = await post('account/confirmTwoFactorAuth', { code: codeAt(secret, Date.now()) }, { cookie })
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json().error.code).toBe('too_many_attempts')
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    })
  })

  describe('second-factor throttles at login', () => {
    /** A player with two-factor on; answers the secret and the recovery codes. */
    async function playerWithTwoFactor(start: Date) {
      const { login, cookie } = await newPlayer()
      const { secret } = (await post('account/changeTwoFactorAuth', { enable: '1', password: PASSWORD }, { cookie })).json().data.pending
      const confirmed = await post('account/confirmTwoFactorAuth', { code: codeAt(secret, start.getTime()) }, { cookie })
      expect(confirmed.statusCode, confirmed.body).toBe(200)
      return { login, secret, recoveryCodes: confirmed.json().data.recovery_codes as string[], session: sessionOf(confirmed)! }
    }
    /** One player at one address, as at home: every attempt comes from the same IP. */
    const loginFrom = (address: string, form: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login?locale=en&v=1', payload: new URLSearchParams(form).toString(), headers: FORM, remoteAddress: address })
    const wrongCode = (secret: string, at: Date) => (codeAt(secret, at.getTime()) === '000000' ? '111111' : '000000')

    it('after five wrong authenticator codes, a recovery code still signs in', async () => {
      const start = new Date('2032-07-01T09:00:05Z')
      await withClock(t.database, start, async () => {
        const { login, secret, recoveryCodes } = await playerWithTwoFactor(start)
        const home = ip()
        for (let i = 0; i < 5; i++) {
          const res = await loginFrom(home, { login, password: PASSWORD, code: wrongCode(secret, start) })
          expect(res.json().error.code, `attempt ${i + 1}`).toBe('two_factor_invalid')
        }
        // The authenticator codes are throttled now: even the right one waits.
        const blocked = await loginFrom(home, { login, password: PASSWORD, code: codeAt(secret, start.getTime()) })
        expect(blocked.statusCode).toBe(429)
        expect(blocked.json().error.code).toBe('too_many_attempts')
        // The recovery code, the way out for a lost phone, is not.
        const rescued = await loginFrom(home, { login, password: PASSWORD, code: recoveryCodes[0]! })
        expect(rescued.statusCode, rescued.body).toBe(200)
        expect(sessionOf(rescued)).toBeTruthy()
      })
    })

    it('throttles wrong recovery codes by a limit of their own; the authenticator still signs in', async () => {
      const start = new Date('2032-07-02T09:00:05Z')
      await withClock(t.database, start, async () => {
        const { login, secret, recoveryCodes } = await playerWithTwoFactor(start)
        const home = ip()
        for (let i = 0; i < 5; i++) {
          const res = await loginFrom(home, { login, password: PASSWORD, code: `WRNG-CODE-ABCD-EFG${i + 2}` })
          expect(res.json().error.code, `attempt ${i + 1}`).toBe('two_factor_invalid')
        }
        const blocked = await loginFrom(home, { login, password: PASSWORD, code: recoveryCodes[1]! })
        expect(blocked.statusCode).toBe(429)
        expect(blocked.json().error.code).toBe('too_many_attempts')
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
        // While the recovery codes wait, the authenticator's next code signs in (the set-up used this step's).
        const next = new Date(start.getTime() + 26_000)
        t.database.clock.now = next
        expect((await loginFrom(home, { login, password: PASSWORD, code: codeAt(secret, next.getTime()) })).statusCode).toBe(200)
        expect((await loginFrom(home, { login, password: PASSWORD, code: recoveryCodes[1]! })).statusCode).toBe(429)
        // The refused recovery code was not used up: after the wait it works.
        t.database.clock.now = new Date(start.getTime() + 5 * 60_000)
        expect((await loginFrom(home, { login, password: PASSWORD, code: recoveryCodes[1]! })).statusCode).toBe(200)
      })
    })

    it('turning two-factor off takes a recovery code after five wrong authenticator codes', async () => {
      const start = new Date('2032-07-03T09:00:05Z')
      await withClock(t.database, start, async () => {
        const { secret, recoveryCodes, session } = await playerWithTwoFactor(start)
        for (let i = 0; i < 5; i++) {
          const res = await post('account/changeTwoFactorAuth', { enable: '0', code: wrongCode(secret, start) }, { cookie: session })
          expect(res.json().error.code, `attempt ${i + 1}`).toBe('two_factor_invalid')
        }
        expect((await post('account/changeTwoFactorAuth', { enable: '0', code: codeAt(secret, start.getTime()) }, { cookie: session })).statusCode).toBe(429)
        const off = await post('account/changeTwoFactorAuth', { enable: '0', code: recoveryCodes[0]! }, { cookie: session })
        expect(off.statusCode, off.body).toBe(200)
        expect(off.json().data.two_factor_auth).toBe(false)
      })
    })
  })

  describe('password change', () => {
    const NEW_PASSWORD = 'N3w-Pl4yer-Secret'
    const outbox = (to: string) => t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').execute()

    it('takes the current password, ends every other session, keeps this one under a new token and tells the player by mail', async () => {
      const { login, cookie } = await newPlayer()
      const other = sessionOf(await post('auth/login', { login, password: PASSWORD }))!
      const res = await post('account/changepassword', { current_password: PASSWORD, password: NEW_PASSWORD }, { cookie })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().data).toEqual({ other_sessions_ended: 1 })
      const rotated = sessionOf(res)
      expect(rotated).toBeTruthy()
      expect(rotated).not.toBe(cookie)
      expect((await get('account/getInfo', rotated)).json().data.login).toBe(login)
      // The other device is a visitor now, and so is the old token of this one.
      expect((await get('account/getInfo', other)).json().data.uid).toBe(0)
      expect((await get('account/getInfo', cookie)).json().data.uid).toBe(0)
      expect((await post('auth/login', { login, password: PASSWORD })).json().error.code).toBe('invalid_credentials')
      expect((await post('auth/login', { login, password: NEW_PASSWORD })).statusCode).toBe(200)
      const [mail] = await outbox(login)
      expect(mail?.subject).toContain('Your password was changed')
    })

    it('refuses a wrong current password on its field and changes nothing; the sixth wrong one in a row is throttled', async () => {
      const { login, cookie } = await newPlayer()
      for (let i = 0; i < 5; i++) {
        const res = await post('account/changepassword', { current_password: `wrong-${i}`, password: NEW_PASSWORD }, { cookie })
        expect(res.statusCode).toBe(400)
        expect(res.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { current_password: ['invalid'] } })
      }
      const throttled = await post('account/changepassword', { current_password: PASSWORD, password: NEW_PASSWORD }, { cookie })
      expect(throttled.statusCode).toBe(429)
      expect(throttled.json().error.type).toBe('TooManyRequestsException')
      expect((await get('account/getInfo', cookie)).json().data.login).toBe(login)
      expect((await post('auth/login', { login, password: PASSWORD })).statusCode).toBe(200)
    })

    it('holds the new password to the registration rules without spending an attempt, and refuses visitors', async () => {
      const { login, cookie } = await newPlayer()
      const cases: [string, string][] = [
        ['password123', 'common'],
        [login.split('@')[0]!.slice(0, 20), login.split('@')[0]!.length <= 20 ? 'common' : 'maxLength'],
        ['abc', 'minLength'],
      ]
      for (const [password, code] of cases) {
        const res = await post('account/changepassword', { current_password: 'not-even-right', password }, { cookie })
        expect(res.statusCode, password).toBe(400)
        expect(res.json().error.invalid_parameters.password?.[0]).toBe(code)
        expect(res.json().error.invalid_parameters.current_password).toBeUndefined()
      }
      // The current one again, once it is known to be the current one.
      const same = await post('account/changepassword', { current_password: PASSWORD, password: PASSWORD }, { cookie })
      expect(same.json().error.invalid_parameters).toEqual({ password: ['same'] })
      const tooLong = await post('account/changepassword', { current_password: PASSWORD, password: 'x'.repeat(100_000) }, { cookie })
      expect(tooLong.statusCode).toBe(400)
      const visitor = await post('account/changepassword', { current_password: PASSWORD, password: NEW_PASSWORD })
      expect(visitor.json().error.type).toBe('AuthorizationException')
      expect((await post('auth/login', { login, password: PASSWORD })).statusCode).toBe(200)
    })
  })

  describe('signed-in devices', () => {
    const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
    const MAC_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15'
    const loginFrom = async (login: string, ua: string) => sessionOf(await post('auth/login', { login, password: PASSWORD }, { headers: { 'user-agent': ua } }))!

    it('says where each device is by the time zone it sent at login, and ignores a zone that is none', async () => {
      const { login } = await newPlayer()
      const berlin = sessionOf(await post('auth/login', { login, password: PASSWORD }, { headers: { 'user-agent': PHONE_UA, 'x-time-zone': 'Europe/Berlin' } }))!
      sessionOf(await post('auth/login', { login, password: PASSWORD }, { headers: { 'user-agent': MAC_UA, 'x-time-zone': '<script>alert(1)</script>' } }))
      sessionOf(await post('auth/login', { login, password: PASSWORD }, { headers: { 'user-agent': MAC_UA, 'x-time-zone': 'Mars/Olympus_Mons' } }))
      const listed = (await get('account/getSessions', berlin)).json().data.sessions as { current: boolean; time_zone: string | null }[]
      expect(listed.find((s) => s.current)!.time_zone).toBe('Europe/Berlin')
      // The registration's session sent none either.
      expect(listed.filter((s) => !s.current).every((s) => s.time_zone === null)).toBe(true)
      expect(listed).toHaveLength(4)
    })

    it("lists the player's devices with this one marked, signs one out by its id, then every other one", async () => {
      const { login } = await newPlayer()
      const phone = await loginFrom(login, PHONE_UA)
      const mac = await loginFrom(login, MAC_UA)
      const listed = (await get('account/getSessions', phone)).json().data.sessions as { id: string; current: boolean; browser: string | null; os: string | null; mobile: boolean; ip: string | null }[]
      expect(listed).toHaveLength(3)
      expect(listed[0]!.current).toBe(true)
      expect(listed.filter((s) => s.current)).toEqual([expect.objectContaining({ browser: 'Chrome', os: 'Android', mobile: true })])
      const macRow = listed.find((s) => s.os === 'macOS')!
      expect(macRow).toMatchObject({ browser: 'Safari', mobile: false, current: false })
      expect(macRow.ip).toMatch(/^10\.7\./)
      // The id names the session for the page only: it is not the stored hash, and no cookie.
      expect(macRow.id).toMatch(/^[0-9a-f]{24}$/)
      expect((await get('account/getInfo', `${SESSION_COOKIE}=${macRow.id}`)).json().data.uid).toBe(0)

      expect((await post('account/endSession', { id: macRow.id }, { cookie: phone })).json().data).toEqual({ ended: 1 })
      expect((await get('account/getInfo', mac)).json().data.uid).toBe(0)
      // The same id again, the asking device's own, and another player's are unknown here.
      const again = await post('account/endSession', { id: macRow.id }, { cookie: phone })
      expect(again.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { id: ['unknown'] } })
      const own = listed.find((s) => s.current)!
      expect((await post('account/endSession', { id: own.id }, { cookie: phone })).json().error.invalid_parameters).toEqual({ id: ['unknown'] })
      const stranger = await newPlayer()
      const theirs = ((await get('account/getSessions', stranger.cookie)).json().data.sessions as { id: string }[])[0]!
      expect((await post('account/endSession', { id: theirs.id }, { cookie: phone })).json().error.invalid_parameters).toEqual({ id: ['unknown'] })
      expect((await get('account/getInfo', stranger.cookie)).json().data.uid).not.toBe(0)

      expect((await post('account/endSession', { others: '1' }, { cookie: phone })).json().data).toEqual({ ended: 1 })
      const left = (await get('account/getSessions', phone)).json().data.sessions as { current: boolean }[]
      expect(left).toEqual([expect.objectContaining({ current: true })])
      expect((await get('account/getInfo', phone)).json().data.login).toBe(login)
    })

    it('refuses visitors, a call naming nothing, and ids beyond their size', async () => {
      const { cookie } = await newPlayer()
      expect((await get('account/getSessions')).json().error.type).toBe('AuthorizationException')
      expect((await post('account/endSession', { others: '1' })).json().error.type).toBe('AuthorizationException')
      expect((await post('account/endSession', {}, { cookie })).json().error.invalid_parameters).toEqual({ id: ['required'] })
      expect((await post('account/endSession', { id: 'x'.repeat(100_000) }, { cookie })).statusCode).toBe(400)
    })
  })

  describe('operator calls', () => {
    it('answer only with the operator token', async () => {
      const { login } = await newPlayer()
      const none = await post('operator/getPlayerStatus', { login })
      expect(none.statusCode).toBe(403)
      expect(none.json().error.code).toBe('operator_token')
      expect((await operator('banPlayer', { login, ban_type: 'fraud' }, 'x'.repeat(40))).statusCode).toBe(403)
      const status = await t.app.inject({ method: 'GET', url: `/api/operator/getPlayerStatus?login=${encodeURIComponent(login)}`, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })
      expect(status.json().data).toEqual({ login, banned: false, ban_type: null, self_excluded: false, self_excluded_until: null })
      expect((await operator('banPlayer', { login: 'nobody@example.com', ban_type: 'fraud' })).json().error.code).toBe('unknown_player')
      expect((await operator('banPlayer', { login, ban_type: 'because' })).json().error.invalid_parameters).toEqual({ ban_type: ['invalid'] })
    })

    it('do not exist without OPERATOR_TOKEN', async () => {
      const plain = await buildTestApp({ ...t.database, config: { ...t.database.config, operatorToken: null } })
      try {
        const res = await plain.inject({ method: 'GET', url: '/api/operator/getPlayerStatus?login=demo@example.com', headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })
        expect(res.statusCode).toBe(404)
      } finally {
        await plain.close()
      }
    })
  })

  describe('banned players', () => {
    it('get UserBannedException with the ban type on every call of a live session, but may log out', async () => {
      const { login, cookie } = await newPlayer()
      const banned = await operator('banPlayer', { login, ban_type: 'bonus_abuse' })
      expect(banned.json().data).toMatchObject({ banned: true, ban_type: 'bonus_abuse' })

      for (const res of [await get('account/getInfo', cookie), await get('account/getprofileinfo?fields=contacts', cookie), await get('loyalty/getinfo', cookie)]) {
        expect(res.statusCode).toBe(403)
        expect(res.json().error).toMatchObject({ type: 'UserBannedException', code: 'user_banned', error_data: { ban_type: 'bonus_abuse' } })
      }
      expect((await post('account/changeTwoFactorAuth', { enable: '1', password: PASSWORD }, { cookie })).statusCode).toBe(403)
      // Public data still loads; logging out works and makes a visitor.
      expect((await get('metadata/getgeneralinfo', cookie)).statusCode).toBe(200)
      const out = await get('auth/logout', cookie)
      expect(out.statusCode).toBe(200)
      expect((await get('account/getInfo', cookie)).json().data.uid).toBe(0)
    })

    it('are refused at login with UserBannedException, their session bound so every page shows the blocked page', async () => {
      const { login } = await newPlayer()
      await operator('banPlayer', { login, ban_type: 'fraud' })
      const wrong = await post('auth/login', { login, password: 'wrong-password' })
      expect(wrong.json().error.code).toBe('invalid_credentials')
      const res = await post('auth/login', { login, password: PASSWORD })
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toMatchObject({ type: 'UserBannedException', error_data: { ban_type: 'fraud' } })
      const cookie = sessionOf(res)!
      expect(cookie).toBeDefined()
      expect((await get('account/getInfo', cookie)).json().error.type).toBe('UserBannedException')

      // Lifting the ban lets the same session on.
      expect((await operator('unbanPlayer', { login })).json().data.banned).toBe(false)
      expect((await get('account/getInfo', cookie)).json().data.login).toBe(login)
    })
  })

  describe('self-excluded players', () => {
    it('lose their sessions and cannot log in until the period ends, told the end date', async () => {
      const start = new Date('2032-07-10T12:00:00Z')
      await withClock(t.database, start, async () => {
        const { login, cookie } = await newPlayer()
        const res = await operator('selfExcludePlayer', { login, period: '7d' })
        expect(res.json().data).toMatchObject({ self_excluded: true, self_excluded_until: '2032-07-17T12:00:00.000Z' })
        expect((await get('account/getInfo', cookie)).json().data.uid).toBe(0)

        const refused = await post('auth/login', { login, password: PASSWORD })
        expect(refused.statusCode).toBe(401)
        expect(refused.json().error).toMatchObject({
          type: 'AuthorizationException',
          code: 'self_excluded',
          error_data: { until: '2032-07-17T12:00:00.000Z' },
        })
        expect(sessionOf(refused)).toBeUndefined()
        // A wrong password is still just a wrong password: the status is told only to the player.
        expect((await post('auth/login', { login, password: 'wrong-password' })).json().error.code).toBe('invalid_credentials')
        // Never shortened.
        expect((await operator('selfExcludePlayer', { login, period: '1d' })).json().error.code).toBe('self_exclusion_shorter')
      })
      await withClock(t.database, new Date('2032-07-17T12:00:01Z'), async () => {
        const { login } = await newPlayer()
        expect((await post('auth/login', { login, password: PASSWORD })).statusCode).toBe(200)
      })
    })

    it('exclude themselves with their password: every session ends, this one too, and it is never shortened', async () => {
      const start = new Date('2032-09-01T08:00:00Z')
      await withClock(t.database, start, async () => {
        const { login, cookie } = await newPlayer()
        const other = sessionOf(await post('auth/login', { login, password: PASSWORD }))!
        const wrong = await post('account/selfExclude', { period: '1d', password: 'not-it' }, { cookie })
        expect(wrong.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { password: ['invalid'] } })
        expect((await get('account/getInfo', cookie)).json().data.login).toBe(login)
        // Periods are SPEC §9's only.
        expect((await post('account/selfExclude', { period: '2d', password: PASSWORD }, { cookie })).statusCode).toBe(400)

        const res = await post('account/selfExclude', { period: '7d', password: PASSWORD }, { cookie })
        expect(res.statusCode, res.body).toBe(200)
        expect(res.json().data).toEqual({ self_excluded_until: '2032-09-08T08:00:00.000Z' })
        // The cookie goes with the answer, and both sessions are over.
        expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`))
        expect((await get('account/getInfo', cookie)).json().data.uid).toBe(0)
        expect((await get('account/getInfo', other)).json().data.uid).toBe(0)
        const refused = await post('auth/login', { login, password: PASSWORD })
        expect(refused.json().error).toMatchObject({ code: 'self_excluded', error_data: { until: '2032-09-08T08:00:00.000Z' } })
        // An operator cannot shorten it either; a longer one replaces it.
        expect((await operator('selfExcludePlayer', { login, period: '1d' })).json().error.code).toBe('self_exclusion_shorter')
      })
    })

    it('take a time-out: the same block, named as a break at login, never shortened, then over', async () => {
      const start = new Date('2032-10-01T08:00:00Z')
      let login = ''
      await withClock(t.database, start, async () => {
        const player = await newPlayer()
        login = player.login
        const res = await post('account/selfExclude', { period: '48h', password: PASSWORD }, { cookie: player.cookie })
        expect(res.statusCode, res.body).toBe(200)
        expect(res.json().data).toEqual({ self_excluded_until: '2032-10-03T08:00:00.000Z' })
        expect((await get('account/getInfo', player.cookie)).json().data.uid).toBe(0)
        const refused = await post('auth/login', { login, password: PASSWORD })
        expect(refused.json().error).toMatchObject({ code: 'self_excluded', error_data: { until: '2032-10-03T08:00:00.000Z', kind: 'timeout' } })
        // Shorter is refused; a self-exclusion that ends later takes over, under its own name.
        expect((await operator('selfExcludePlayer', { login, period: '1d' })).json().error.code).toBe('self_exclusion_shorter')
        expect((await operator('selfExcludePlayer', { login, period: '7d' })).statusCode).toBe(200)
        expect((await post('auth/login', { login, password: PASSWORD })).json().error).toMatchObject({ error_data: { kind: 'self_exclusion' } })
      })
      await withClock(t.database, new Date('2032-10-08T08:00:01Z'), async () => {
        expect((await post('auth/login', { login, password: PASSWORD })).statusCode).toBe(200)
      })
    })

    it('a visitor cannot self-exclude anyone', async () => {
      expect((await post('account/selfExclude', { period: '1d', password: PASSWORD })).json().error.type).toBe('AuthorizationException')
    })

    it('after the period ends log in again; a permanent exclusion has no end date', async () => {
      const start = new Date('2032-08-01T00:00:00Z')
      const { login } = await newPlayer()
      await withClock(t.database, start, () => operator('selfExcludePlayer', { login, period: '1d' }))
      await withClock(t.database, new Date('2032-08-02T00:00:01Z'), async () => {
        expect((await post('auth/login', { login, password: PASSWORD })).statusCode).toBe(200)
        await operator('selfExcludePlayer', { login, period: 'permanent' })
        const refused = await post('auth/login', { login, password: PASSWORD })
        expect(refused.json().error).toMatchObject({ code: 'self_excluded', error_data: { until: null } })
      })
    })
  })
})
