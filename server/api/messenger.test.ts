import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_MESSENGER_BOT_TOKEN } from '../config'
import { buildSignedInitData } from '../domain/messenger/init-data'
import { createSession } from '../domain/session/sessions'
import { SESSION_COOKIE } from '../http/session'
import { PGLITE_ONLY, buildTestApp, cookiePair, useTestApp, withClock } from '../test/harness'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const BOT = DEMO_MESSENGER_BOT_TOKEN
const MAX_AGE_SEC = 86_400

describe.each(PGLITE_ONLY)('messenger mini-app sign-in (register with is_tg) on %s', (backend) => {
  const t = useTestApp(backend)
  let nextIp = 1
  let nextUser = 5_000_000_001


  const freshIp = () => `10.6.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`
  const nowSec = () => Math.floor(Date.now() / 1000)

  /** What the client sends for one launch: SPEC §4's fields, read from the signed init data. */
  function launch(opts: { id?: number; username?: string; language?: string; authDate?: number; bot?: string } = {}) {
    const id = opts.id ?? nextUser++
    const user = { id, first_name: 'Mini', last_name: 'App', username: opts.username ?? `player${id}`, language_code: opts.language ?? 'es' }
    const payload = buildSignedInitData(
      { query_id: `AAH${id}`, user: JSON.stringify(user), auth_date: String(opts.authDate ?? nowSec() - 5) },
      opts.bot ?? BOT,
    )
    const hash = new URLSearchParams(payload).get('hash')!
    return { is_tg: '1', id: String(id), username: user.username, hash, language_code: user.language_code, payload }
  }

  function register(form: Record<string, string>, cookie?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/register?locale=en&v=1',
      payload: new URLSearchParams(form).toString(),
      headers: { ...FORM, ...(cookie ? { cookie } : {}) },
      remoteAddress: freshIp(),
    })
  }

  const sessionCookie = (res: LightMyRequestResponse) => cookiePair(res.headers['set-cookie'], SESSION_COOKIE)

  async function getInfo(cookie?: string) {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/getInfo', headers: cookie ? { cookie } : {} })
    return res.json().data as { uid: number; login: string; locale: string; is_registration_completed: boolean }
  }

  it('registers on the first launch, logged in, in the messenger language; the next launch logs into the same account', async () => {
    const first = launch({ language: 'es' })
    const res = await register(first)
    expect(res.statusCode).toBe(200)
    const { data } = res.json()
    expect(data.uid).toBeGreaterThan(0)
    expect(data.login).toBe(`tg_${first.id}`)
    expect(data.locale).toBe('es')
    const cookie = sessionCookie(res)!
    expect((await getInfo(cookie)).uid).toBe(data.uid)

    const link = await t.database.db.selectFrom('messenger_identities').selectAll().where('external_id', '=', first.id).executeTakeFirstOrThrow()
    expect(link.messenger).toBe('telegram')
    expect(Number(link.player_id)).toBe(data.uid)
    expect(link.username).toBe(first.username)
    const wallets = await t.database.db.selectFrom('wallets').select('kind').where('player_id', '=', link.player_id).execute()
    expect(wallets.map((w) => w.kind).sort()).toEqual(['betting_bonus', 'bonus', 'fun', 'main'])

    // A later launch (new init data, new username) is the same player, not a second account.
    const again = launch({ id: Number(first.id), username: 'renamed' })
    const second = await register(again)
    expect(second.statusCode).toBe(200)
    expect(second.json().data.uid).toBe(data.uid)
    const renamed = await t.database.db.selectFrom('messenger_identities').select('username').where('external_id', '=', first.id).executeTakeFirstOrThrow()
    expect(renamed.username).toBe('renamed')
    const count = await t.database.db.selectFrom('messenger_identities').select((eb) => eb.fn.countAll().as('n')).where('external_id', '=', first.id).executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
  })

  it('rotates the session it came with', async () => {
    const { token: before } = await createSession(t.database.db, { playerId: null, now: new Date(), policy: t.database.config.session })
    const res = await register(launch(), `${SESSION_COOKIE}=${before}`)
    expect(res.statusCode).toBe(200)
    const cookie = sessionCookie(res)!
    expect(cookie.slice(SESSION_COOKIE.length + 1)).not.toBe(before)
    expect((await getInfo(`${SESSION_COOKIE}=${before}`)).uid).toBe(0)
    expect((await getInfo(cookie)).uid).toBe(res.json().data.uid)
  })

  it('accepts the same init data again while it is fresh (a reload of the mini-app)', async () => {
    const form = launch()
    const a = await register(form)
    const b = await register(form)
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect(b.json().data.uid).toBe(a.json().data.uid)
  })

  it('refuses a tampered field, and logs nobody in', async () => {
    const form = launch()
    const params = new URLSearchParams(form.payload)
    params.set('user', params.get('user')!.replace(/"id":\d+/, '"id":42'))
    const res = await register({ ...form, id: '42', payload: params.toString() })
    expect(res.statusCode).toBe(401)
    expect(res.json().error).toMatchObject({ type: 'AuthorizationException', code: 'messenger_auth_invalid' })
    expect(sessionCookie(res)).toBeUndefined()
    const linked = await t.database.db.selectFrom('messenger_identities').select('player_id').where('external_id', 'in', ['42', form.id]).execute()
    expect(linked).toEqual([])
  })

  it('refuses a wrong hash and data signed for another bot', async () => {
    const form = launch()
    const params = new URLSearchParams(form.payload)
    params.set('hash', '0'.repeat(64))
    const wrong = await register({ ...form, hash: '0'.repeat(64), payload: params.toString() })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().error.code).toBe('messenger_auth_invalid')
    const other = await register(launch({ bot: '7000000002:AAH-some-other-bot-token-entirely' }))
    expect(other.statusCode).toBe(401)
    expect(other.json().error.code).toBe('messenger_auth_invalid')
  })

  it('refuses fields beside the payload that disagree with it', async () => {
    const form = launch()
    const res = await register({ ...form, id: String(Number(form.id) + 1) })
    expect(res.statusCode).toBe(401)
    const renamed = await register({ ...launch(), username: 'someone_else' })
    expect(renamed.statusCode).toBe(401)
  })

  it('refuses a stale auth_date even with a valid signature; a fresh one just inside the limit passes', async () => {
    const stale = await register(launch({ authDate: nowSec() - MAX_AGE_SEC - 5 }))
    expect(stale.statusCode).toBe(401)
    expect(stale.json().error).toMatchObject({ type: 'AuthorizationException', code: 'messenger_auth_expired' })
    const fresh = await register(launch({ authDate: nowSec() - MAX_AGE_SEC + 60 }))
    expect(fresh.statusCode).toBe(200)
  })

  it('refuses init data that was fresh once, after it went stale (a replay later on)', async () => {
    const form = launch()
    expect((await register(form)).statusCode).toBe(200)
    await withClock(t.database, new Date(Date.now() + (MAX_AGE_SEC + 10) * 1000), async () => {
      const later = await register(form)
      expect(later.statusCode).toBe(401)
      expect(later.json().error.code).toBe('messenger_auth_expired')
    })
  })

  it('answers the ban for a banned linked player', async () => {
    const form = launch()
    const first = await register(form)
    await t.database.db.updateTable('accounts').set({ banned_at: new Date() }).where('id', '=', BigInt(first.json().data.uid)).execute()
    const res = await register(launch({ id: Number(form.id) }))
    expect(res.statusCode).toBe(403)
    expect(res.json().error.type).toBe('UserBannedException')
    expect(sessionCookie(res)).toBeUndefined()
  })

  it('checks the request shape: a garbage id or hash is an invalid parameter, the form path is untouched', async () => {
    const bad = await register({ ...launch(), hash: 'xyz' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.invalid_parameters).toHaveProperty('hash')
    // Without is_tg it is the registration form, with its own field errors.
    const form = await register({ email: 'not-an-email', password: 'x', currency: 'USD' })
    expect(form.statusCode).toBe(400)
    expect(form.json().error.invalid_parameters).not.toHaveProperty('hash')
  })

  it('is refused when no bot token is configured', async () => {
    const off = await buildTestApp({ ...t.database, config: { ...t.database.config, messenger: { botToken: null, authMaxAgeSec: MAX_AGE_SEC } } })
    try {
      const res = await off.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: new URLSearchParams(launch()).toString(),
        headers: FORM,
      })
      expect(res.statusCode).toBe(403)
      expect(res.json().error.code).toBe('messenger_disabled')
    } finally {
      await off.close()
    }
  })
})
