import { describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '../http/session'
import { PGLITE_ONLY, cookiePair, useTestApp, withClock } from '../test/harness'
import { createSession } from '../domain/session/sessions'
import { ADULT_BIRTH_DATE } from '../test/api-player'

// SPEC §2.1 /confirmation, §7 account sendconfirmationtocontact and confirmContact: the mail a
// new player gets, the code it carries, and the withdrawal it unlocks.

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

describe.each(PGLITE_ONLY)('contact confirmation on %s', (backend) => {
  const t = useTestApp(backend)
  let ip = 1
  const freshIp = () => `10.61.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`

  async function register(opts: { locale?: string; notify?: boolean } = {}) {
    const email = `cc-${Math.random().toString(36).slice(2, 10)}@example.com`
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/register?locale=${opts.locale ?? 'en'}`,
      headers: FORM,
      remoteAddress: freshIp(),
      payload: new URLSearchParams({ email, password: 'Zq7-unusual-Pw', currency: 'USD', country_code: 'US', notify: opts.notify ? '1' : '0', birth_date: ADULT_BIRTH_DATE }).toString(),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(cookiePair(res.headers['set-cookie'], SESSION_COOKIE)).toBeTruthy()
    return { email, id: BigInt(res.json().data.uid) }
  }
  const cookieOf = async (id: bigint) => {
    const { token } = await createSession(t.database.db, { playerId: id, now: t.database.clock.now ?? new Date(), policy: t.database.config.session })
    return `${SESSION_COOKIE}=${token}`
  }
  const post = async (path: string, body: Record<string, string>, as?: bigint) =>
    t.app.inject({ method: 'POST', url: `/api/${path}`, headers: { ...FORM, ...(as ? { cookie: await cookieOf(as) } : {}) }, remoteAddress: freshIp(), payload: new URLSearchParams(body).toString() })
  const get = async (path: string, as: bigint) => t.app.inject({ method: 'GET', url: `/api/${path}`, headers: { cookie: await cookieOf(as) } })

  const mailsTo = (email: string) => t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id', 'asc').execute()
  async function latestCode(email: string) {
    const mails = (await mailsTo(email)).filter((m) => /confirm|bestätig|confirma/i.test(m.subject))
    const body = mails.at(-1)!.body_text
    const code = /^ {4}(\d{6})$/m.exec(body)![1]!
    const link = /https?:\/\/\S+\/confirmation#\S+/.exec(body)![0]
    return { code, link, body, subject: mails.at(-1)!.subject, count: mails.length }
  }
  const confirmedAt = async (id: bigint) =>
    (await t.database.db.selectFrom('accounts').select('email_confirmed_at').where('id', '=', id).executeTakeFirstOrThrow()).email_confirmed_at

  it('registration mails a code and a link in the player\'s locale, and keeps only a keyed hash of the code', async () => {
    const player = await register({ locale: 'de' })
    const { code, link, body, subject } = await latestCode(player.email)
    expect(subject).toBe('Royal Ace: Bestätigen Sie Ihre E-Mail-Adresse')
    expect(body).toContain('geben Sie diesen Code')
    // The link opens the German confirmation page with the address and the code in its fragment.
    const url = new URL(link)
    expect(url.pathname).toBe('/de/confirmation')
    expect(Object.fromEntries(new URLSearchParams(url.hash.slice(1)))).toEqual({ contact: player.email, code })
    const rows = await t.database.db.selectFrom('contact_confirmations').selectAll().where('player_id', '=', player.id).execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]!.contact).toBe(player.email)
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(Object.values(rows[0]!).map(String)).not.toContain(code)
    expect(rows[0]!.code_hash).not.toContain(code)
    expect(rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime()).toBe(24 * 3_600_000)
  })

  it('the code confirms the e-mail, once; the profile says so, and the withdrawal it blocked goes through', async () => {
    const player = await register()
    const contactsOf = async () => (await get('account/getprofileinfo?fields=contacts', player.id)).json().data.contacts
    expect(await contactsOf()).toEqual([{ type: 'email', contact: player.email, is_confirmed: false, is_subscribed: false }])

    // Money to withdraw: a sandbox card deposit, settled.
    const info = (await get('cashier/getdepositinfo', player.id)).json().data
    const card = info.methods.find((m: { sysname: string }) => m.sysname === 'card')
    const deposit = await post('cashier/makedeposit', {
      method_id: String(card.id), method: 'card', amount: '50', currency: 'USD', campaign_offer_id: '-1', requisites: '{"card_number":"new"}', idempotency_key: `cc-key-${Date.now()}-${Math.random().toString(36).slice(2, 12)}`,
    }, player.id)
    expect(deposit.statusCode, deposit.body).toBe(200)
    const paid = await t.app.inject({ method: 'POST', url: `/sandbox/pay/${deposit.json().data.transaction_id}`, headers: { ...FORM, cookie: await cookieOf(player.id) }, payload: 'outcome=success' })
    expect(paid.statusCode).toBe(303)
    const settings = (await get('cashier/getwithdrawsettings', player.id)).json().data
    expect(settings).toMatchObject({ requires_confirmed_contact: true, buttons: { confirm_contact: { show: true, link: '/confirmation' } } })
    const ewallet = settings.methods.find((m: { sysname: string }) => m.sysname === 'ewallet')
    const withdraw = () =>
      post('cashier/makewithdrawal', {
        method_id: String(ewallet.id), method: 'ewallet', amount: '20', currency: 'USD', requisites: '{"wallet_email":"ada@example.com"}', idempotency_key: `cc-key-${Date.now()}-${Math.random().toString(36).slice(2, 12)}`,
      }, player.id)
    expect((await withdraw()).json().error).toMatchObject({ type: 'UserNeedConfirmContactException' })

    const { code } = await latestCode(player.email)
    // No session needed: the link may be opened on another device. Case and spaces do not matter.
    const ok = await post('account/confirmContact', { contact: ` ${player.email.toUpperCase()} `, code })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toEqual({ data: 1 })
    expect(await confirmedAt(player.id)).not.toBeNull()
    expect(await contactsOf()).toEqual([{ type: 'email', contact: player.email, is_confirmed: true, is_subscribed: false }])
    expect((await get('cashier/getwithdrawsettings', player.id)).json().data.requires_confirmed_contact).toBe(false)
    const done = await withdraw()
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().data.withdrawal.status).toBe('success')

    // Used once: the same code again says the address is confirmed, and changes nothing.
    const again = await post('account/confirmContact', { contact: player.email, code })
    expect(again.statusCode).toBe(400)
    expect(again.json().error).toMatchObject({ type: 'InvalidRequestException', code: 'contact_already_confirmed' })
    const resend = await post('account/sendconfirmationtocontact', { contact: player.email }, player.id)
    expect(resend.json().error).toMatchObject({ type: 'InvalidRequestException', code: 'contact_already_confirmed' })
  })

  it('refuses a wrong code, spends the code after five wrong ones, and binds it to the player and the address', async () => {
    const a = await register()
    const b = await register()
    const { code } = await latestCode(a.email)
    const wrong = code === '000000' ? '000001' : '000000'
    const codeError = async (contact: string, c: string) => {
      const res = await post('account/confirmContact', { contact, code: c })
      expect(res.statusCode).toBe(400)
      return res.json().error
    }
    // A's code is no good for B's address; it is not even a guess at A's.
    expect(await codeError(b.email, code)).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { code: ['invalid'] } })
    expect(await codeError(a.email, '12345')).toMatchObject({ invalid_parameters: { code: ['code'] } })
    expect(await codeError('not an address', code)).toMatchObject({ invalid_parameters: { contact: ['emailSpaces'] } })
    expect(await codeError('nobody@example.com', code)).toMatchObject({ invalid_parameters: { code: ['invalid'] } })
    for (let i = 0; i < 4; i++) expect(await codeError(a.email, wrong)).toMatchObject({ invalid_parameters: { code: ['invalid'] } })
    expect(await codeError(a.email, wrong)).toMatchObject({ invalid_parameters: { code: ['attempts'] } })
    // Spent by the guesses: the right code no longer works, and nothing was confirmed.
    expect(await codeError(a.email, code)).toMatchObject({ invalid_parameters: { code: ['attempts'] } })
    expect(await confirmedAt(a.id)).toBeNull()
    expect(await confirmedAt(b.id)).toBeNull()
  })

  it('sends again at most once a minute with resend_time; a new code replaces the old one, which expires after a day', async () => {
    await withClock(t.database, new Date(), async (t0) => {
      const player = await register()
      const first = await latestCode(player.email)
      // Registration just sent one: too soon.
      const soon = await post('account/sendconfirmationtocontact', { contact: player.email }, player.id)
      expect(soon.statusCode).toBe(429)
      expect(soon.json().error).toMatchObject({ type: 'TooManyRequestsException', resend_time: expect.any(Number) })
      expect(soon.json().error.resend_time).toBeGreaterThan(50)
      expect(soon.json().error.resend_time).toBeLessThanOrEqual(60)

      t.database.clock.now = new Date(t0.getTime() + 61_000)
      expect((await post('account/sendconfirmationtocontact', { contact: player.email })).statusCode).toBe(401)
      const other = await post('account/sendconfirmationtocontact', { contact: 'someone@example.com' }, player.id)
      expect(other.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { contact: ['invalid'] } })
      const sent = await post('account/sendconfirmationtocontact', { contact: player.email }, player.id)
      expect(sent.statusCode, sent.body).toBe(200)
      expect(sent.json().data).toEqual({ contact: player.email, resend_time: 60 })
      const second = await latestCode(player.email)
      expect(second.count).toBe(2)
      if (second.code !== first.code) {
        const old = await post('account/confirmContact', { contact: player.email, code: first.code })
        expect(old.json().error).toMatchObject({ invalid_parameters: { code: ['invalid'] } })
      }

      // A day and a minute later the code has expired.
      t.database.clock.now = new Date(t0.getTime() + 61_000 + 24 * 3_600_000 + 1000)
      const late = await post('account/confirmContact', { contact: player.email, code: second.code })
      expect(late.json().error).toMatchObject({ invalid_parameters: { code: ['expired'] } })
      expect(await confirmedAt(player.id)).toBeNull()
    })
  })
})
