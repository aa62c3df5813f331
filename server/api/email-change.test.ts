import { describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '../http/session'
import { PGLITE_ONLY, useTestApp } from '../test/harness'
import { createSession } from '../domain/session/sessions'

// account/changeemail: the password asked again, the new address unconfirmed until its code comes
// back, the login following the e-mail, the old address told; refusals change nothing.

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const PASSWORD = 'Zq7-unusual-Pw'

describe.each(PGLITE_ONLY)('changing the e-mail on %s', (backend) => {
  const t = useTestApp(backend)
  let ip = 1
  const freshIp = () => `10.62.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`

  async function register() {
    const email = `ec-${Math.random().toString(36).slice(2, 10)}@example.com`
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register?locale=en',
      headers: FORM,
      remoteAddress: freshIp(),
      payload: new URLSearchParams({ email, password: PASSWORD, currency: 'USD', country_code: 'US' }).toString(),
    })
    expect(res.statusCode, res.body).toBe(200)
    return { email, id: BigInt(res.json().data.uid) }
  }
  const cookieOf = async (id: bigint) => {
    const { token } = await createSession(t.database.db, { playerId: id, now: new Date(), policy: t.database.config.session })
    return `${SESSION_COOKIE}=${token}`
  }
  const post = async (path: string, body: Record<string, string>, as?: bigint) =>
    t.app.inject({ method: 'POST', url: `/api/${path}`, headers: { ...FORM, ...(as ? { cookie: await cookieOf(as) } : {}) }, remoteAddress: freshIp(), payload: new URLSearchParams(body).toString() })
  const change = (id: bigint, email: string, password = PASSWORD) => post('account/changeemail', { email, password }, id)
  const account = (id: bigint) => t.database.db.selectFrom('accounts').select(['login', 'email', 'email_confirmed_at']).where('id', '=', id).executeTakeFirstOrThrow()
  const mailsTo = (email: string) => t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id', 'asc').execute()

  it('asks for the password, refuses a bad, the same or a taken address, and changes nothing on a refusal', async () => {
    const player = await register()
    const before = await account(player.id)
    const refused = async (email: string, password: string, field: string, code: string) => {
      const res = await change(player.id, email, password)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { [field]: [code] } })
    }
    await refused('new-address@example.com', 'wrong-Passw0rd', 'password', 'invalid')
    await refused('not an address', PASSWORD, 'email', 'emailSpaces')
    await refused(`${'a'.repeat(250)}@x.io`, PASSWORD, 'email', 'maxLength')
    await refused('<b>x</b>@example.com', PASSWORD, 'email', 'emailChars')
    await refused(player.email.toUpperCase(), PASSWORD, 'email', 'same')
    await refused('DEMO@example.com', PASSWORD, 'email', 'taken')
    expect(await account(player.id)).toEqual(before)
    expect((await post('account/changeemail', { email: 'x@example.com', password: PASSWORD })).statusCode).toBe(401)
  })

  it('moves the e-mail and the login to the new address, unconfirmed, mails its code and tells the old one', async () => {
    const player = await register()
    const fresh = `ec-new-${Math.random().toString(36).slice(2, 8)}@example.com`
    const res = await change(player.id, ` ${fresh.toUpperCase()} `)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ contact: fresh, resend_time: 60 })
    expect(await account(player.id)).toEqual({ login: fresh, email: fresh, email_confirmed_at: null })

    const told = (await mailsTo(player.email)).at(-1)!
    expect(told.subject).toBe('Royal Ace: Your e-mail was changed')
    expect(told.body_text).toContain(`e***@example.com`)
    expect(told.body_text).not.toContain(fresh)
    const mailed = (await mailsTo(fresh)).at(-1)!
    const code = /^ {4}(\d{6})$/m.exec(mailed.body_text)![1]!
    expect((await post('account/confirmContact', { contact: fresh, code })).json().data).toBe(1)
    expect((await account(player.id)).email_confirmed_at).not.toBeNull()

    // The new address logs in; the old one no longer does.
    const login = (name: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', headers: FORM, remoteAddress: freshIp(), payload: new URLSearchParams({ login: name, password: PASSWORD }).toString() })
    expect((await login(fresh)).statusCode).toBe(200)
    expect((await login(player.email)).statusCode).not.toBe(200)
  })

  it('five wrong passwords hold further tries back', async () => {
    const player = await register()
    for (let i = 0; i < 5; i++) expect((await change(player.id, 'held@example.com', `wrong-${i}-Passw0rd`)).statusCode).toBe(400)
    const held = await change(player.id, 'held@example.com')
    expect(held.statusCode).toBe(429)
    expect((await account(player.id)).email).toBe(player.email)
  })
})
