import { describe, expect, it } from 'vitest'
import { signUnsubscribeToken, verifyUnsubscribeToken } from '../domain/mail/unsubscribe'
import { PGLITE_ONLY, useTestApp } from '../test/harness'

// SPEC §2.1 /unsubscribe, §7 account unsubscribe: the signed link of a mailing-list mail, the call
// the page makes with it, and the one-click POST of RFC 8058.

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

describe('unsubscribe tokens', () => {
  const secret = 'a-secret-of-the-right-length-0123456789'

  it('name the player and the list, and only this server can make one', () => {
    const token = signUnsubscribeToken(secret, 1234567n, 'marketing')
    expect(verifyUnsubscribeToken(secret, token)).toEqual({ playerId: 1234567n, list: 'marketing' })
    expect(verifyUnsubscribeToken('another-secret-of-the-right-length-0123', token)).toBeNull()
    const [id, list, mac] = token.split('.') as [string, string, string]
    // Another player, another list, a changed MAC, an id spelled differently: all refused.
    expect(verifyUnsubscribeToken(secret, `${(1234568).toString(36)}.${list}.${mac}`)).toBeNull()
    expect(verifyUnsubscribeToken(secret, `${id}.news.${mac}`)).toBeNull()
    expect(verifyUnsubscribeToken(secret, `${id}.${list}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull()
    expect(verifyUnsubscribeToken(secret, `0${id}.${list}.${mac}`)).toBeNull()
    for (const junk of ['', 'x', '..', `${token}.x`, token.replace('.', '-')]) expect(verifyUnsubscribeToken(secret, junk)).toBeNull()
  })
})

describe.each(PGLITE_ONLY)('mailing list on %s', (backend) => {
  const t = useTestApp(backend)
  let ip = 1
  const freshIp = () => `10.62.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`

  async function register(notify: boolean, locale = 'en') {
    const email = `ml-${Math.random().toString(36).slice(2, 10)}@example.com`
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/register?locale=${locale}`,
      headers: FORM,
      remoteAddress: freshIp(),
      payload: new URLSearchParams({ email, password: 'Zq7-unusual-Pw', currency: 'USD', country_code: 'US', notify: notify ? '1' : '0' }).toString(),
    })
    expect(res.statusCode, res.body).toBe(200)
    return { email, id: BigInt(res.json().data.uid) }
  }
  const subscribed = async (id: bigint) => (await t.database.db.selectFrom('accounts').select('is_subscribed').where('id', '=', id).executeTakeFirstOrThrow()).is_subscribed
  const call = (token?: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/unsubscribe', headers: FORM, payload: new URLSearchParams(token === undefined ? {} : { token }).toString() })
  async function listMail(email: string) {
    const mails = await t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute()
    return mails.filter((m) => m.headers !== null)
  }

  it('a player who opted in gets the list\'s first mail with a signed link in the body and in List-Unsubscribe; one who did not, none', async () => {
    const yes = await register(true, 'es')
    const no = await register(false)
    expect(await listMail(no.email)).toEqual([])
    const [mail] = await listMail(yes.email)
    expect(mail!.subject).toBe('Royal Ace: Te has suscrito a nuestras novedades y ofertas')
    const link = /https?:\/\/\S+\/es\/unsubscribe\?token=\S+/.exec(mail!.body_text)![0]
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
    // The confirmation mail is not list mail: no unsubscribe link there.
    const others = (await t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', yes.email).execute()).filter((m) => m.headers === null)
    expect(others).toHaveLength(1)
    expect(others[0]!.body_text).not.toContain('unsubscribe')
  })

  it('changeSubscription turns news and offers on and off per contact; on sends the first mail once; another contact is unknown', async () => {
    const { email, id } = await register(false)
    const res0 = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: FORM, remoteAddress: freshIp(), payload: new URLSearchParams({ login: email, password: 'Zq7-unusual-Pw' }).toString() })
    const cookie = String(res0.headers['set-cookie']).split(';')[0]!
    const change = (contact: string, on: string) =>
      t.app.inject({ method: 'POST', url: '/api/account/changeSubscription', headers: { ...FORM, cookie }, payload: new URLSearchParams({ contact, subscription: on }).toString() })
    expect(await listMail(email)).toHaveLength(0)
    expect((await change(email.toUpperCase(), '1')).json().data).toBe(1)
    expect(await subscribed(id)).toBe(true)
    // Again on: nothing new, no second mail.
    expect((await change(email, '1')).json().data).toBe(1)
    expect(await listMail(email)).toHaveLength(1)
    const profile = await t.app.inject({ method: 'GET', url: '/api/account/getprofileinfo?fields=contacts', headers: { cookie } })
    expect(profile.json().data.contacts).toContainEqual(expect.objectContaining({ contact: email, is_subscribed: true }))
    expect((await change(email, '0')).json().data).toBe(1)
    expect(await subscribed(id)).toBe(false)
    const unknown = await change('someone-else@example.com', '1')
    expect(unknown.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { contact: ['unknown'] } })
    expect((await change(email, 'maybe')).statusCode).toBe(400)
    const visitor = await t.app.inject({ method: 'POST', url: '/api/account/changeSubscription', headers: FORM, payload: new URLSearchParams({ contact: email, subscription: '1' }).toString() })
    expect(visitor.json().error.type).toBe('AuthorizationException')
  })

  it('the link takes the player off the list, idempotently; a missing or tampered token changes nothing', async () => {
    const player = await register(true)
    const bystander = await register(true)
    const [mail] = await listMail(player.email)
    const token = new URL(/https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mail!.body_text)![0]).searchParams.get('token')!
    expect(await subscribed(player.id)).toBe(true)

    const missing = await call()
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { token: ['required'] } })
    const tampered = await call(token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))
    expect(tampered.statusCode).toBe(400)
    expect(tampered.json().error).toMatchObject({ type: 'InvalidParameterException', code: 'unsubscribe_token_invalid', invalid_parameters: { token: ['invalid'] } })
    const forged = await call(`${bystander.id.toString(36)}.marketing.${token.split('.')[2]}`)
    expect(forged.json().error).toMatchObject({ code: 'unsubscribe_token_invalid' })
    expect(await subscribed(player.id)).toBe(true)
    expect(await subscribed(bystander.id)).toBe(true)

    for (let i = 0; i < 2; i++) {
      const res = await call(token)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ data: { list: 'marketing' } })
      expect(await subscribed(player.id)).toBe(false)
    }
    expect(await subscribed(bystander.id)).toBe(true)
  })

  it('answers the one-click POST of a mail client at the link itself, in any locale', async () => {
    const player = await register(true, 'de')
    const [mail] = await listMail(player.email)
    const link = new URL(mail!.headers!['List-Unsubscribe']!.slice(1, -1))
    expect(link.pathname).toBe('/de/unsubscribe')
    const oneClick = (path: string) => t.app.inject({ method: 'POST', url: path, headers: FORM, payload: 'List-Unsubscribe=One-Click' })
    expect((await oneClick(`/de/unsubscribe?token=bad`)).statusCode).toBe(400)
    expect((await oneClick(`/xx/unsubscribe${link.search}`)).statusCode).toBe(404)
    expect(await subscribed(player.id)).toBe(true)
    const res = await oneClick(`${link.pathname}${link.search}`)
    expect(res.statusCode).toBe(200)
    expect(await subscribed(player.id)).toBe(false)
    expect((await oneClick(`/unsubscribe${link.search}`)).statusCode).toBe(200)
  })
})
