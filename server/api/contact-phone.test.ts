// SPEC §3 'Contact', §7 addcontact, getContactPhoneSettings, sendconfirmationtocontact and
// confirmContact for a phone: the number checked against its country, the code sent by SMS to the
// outbox (what /dev/mailbox shows), confirmed once, and refused when wrong, spent, or another's.
import { describe, expect, it } from 'vitest'
import { apiPlayers, type ApiPlayer } from '../test/api-player'
import { useTestApp } from '../test/harness'

describe('a phone contact', () => {
  const t = useTestApp('pglite')
  const players = apiPlayers(t, 101, 'phone-')
  const contacts = async (player: ApiPlayer) => (await players.get(player, 'account/getprofileinfo?fields=contacts')).json().data.contacts
  const smsTo = (phone: string) => t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', phone).where('channel', '=', 'sms').orderBy('id', 'asc').execute()
  const latestCode = async (phone: string) => /^Royal Ace: (\d{6}) /.exec((await smsTo(phone)).at(-1)!.body_text)![1]!
  let n = 0
  /** A German mobile number nobody else in this file has. */
  const freshNumber = () => `151 ${String(Date.now() % 10_000_000).padStart(7, '0')}${n++ % 10}`

  it('lists the phone countries with dial codes and masks, starting from the player’s own', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/account/getContactPhoneSettings' })
    expect(visitor.statusCode).toBe(200)
    const data = visitor.json().data
    expect(data.default_country).toBeNull()
    expect(data.countries).toContainEqual({ country_code: 'DE', phone_code: '49', name: 'Germany', mask: '### ########' })
    const player = await players.newPlayer()
    expect((await players.get(player, 'account/getContactPhoneSettings')).json().data.default_country).toBe('US')
  })

  it('adds a phone, texts a code to the outbox, and confirms it once', async () => {
    const player = await players.newPlayer()
    const national = freshNumber()
    const added = await players.post(player, 'account/addcontact', { contact: national, phone_country_code: 'DE' })
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json().data).toBe(1)
    const digits = `49${national.replace(/\D/g, '')}`
    expect((await contacts(player)).find((c: { type: string }) => c.type === 'phone')).toEqual({
      type: 'phone', contact: digits, is_confirmed: false, is_subscribed: false, phone_country_code: 'DE',
    })

    const sent = await players.post(player, 'account/sendconfirmationtocontact', { contact: `+${digits}` })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().data).toEqual({ contact: `+${digits}`, resend_time: 60 })
    const texts = await smsTo(`+${digits}`)
    expect(texts).toHaveLength(1)
    expect(texts[0]!.body_text).toMatch(/^Royal Ace: \d{6} is your code to confirm this phone\. It works once, for 24 hours\.\nhttps?:\/\/\S+\/confirmation#contact=%2B49\d+&code=\d{6}$/)
    const code = await latestCode(`+${digits}`)

    // A wrong code counts and changes nothing; a code for another contact is refused.
    const wrong = await players.post(player, 'account/confirmContact', { contact: `+${digits}`, code: code === '000000' ? '111111' : '000000' })
    expect(wrong.json().error.invalid_parameters).toEqual({ code: ['invalid'] })
    const elsewhere = await players.post(player, 'account/confirmContact', { contact: '+4915199999999', code })
    expect(elsewhere.json().error.invalid_parameters).toEqual({ code: ['invalid'] })

    // Any usual writing of the number is the same contact.
    const ok = await players.post(player, 'account/confirmContact', { contact: `00${digits.slice(0, 2)} ${digits.slice(2)}`, code })
    expect(ok.statusCode, ok.body).toBe(200)
    expect((await contacts(player)).find((c: { type: string }) => c.type === 'phone').is_confirmed).toBe(true)
    const again = await players.post(player, 'account/confirmContact', { contact: `+${digits}`, code })
    expect(again.json().error.code).toBe('contact_already_confirmed')
    const resend = await players.post(player, 'account/sendconfirmationtocontact', { contact: `+${digits}` })
    expect(resend.json().error.code).toBe('contact_already_confirmed')

    // A new number starts unconfirmed.
    expect((await players.post(player, 'account/addcontact', { contact: freshNumber(), phone_country_code: 'DE' })).statusCode).toBe(200)
    expect((await contacts(player)).find((c: { type: string }) => c.type === 'phone').is_confirmed).toBe(false)
  })

  it('refuses a number that does not fit its country, another account’s number, a second e-mail, and a code for a phone that is not the player’s', async () => {
    const [one, two] = [await players.newPlayer(), await players.newPlayer()]
    for (const bad of ['12', '151 1234', '<b>151</b>', '151\u00001234567']) {
      const res = await players.post(one, 'account/addcontact', { contact: bad, phone_country_code: 'DE' })
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().error.invalid_parameters, bad).toHaveProperty('contact')
    }
    const national = freshNumber()
    expect((await players.post(one, 'account/addcontact', { contact: national, phone_country_code: 'DE' })).statusCode).toBe(200)
    const taken = await players.post(two, 'account/addcontact', { contact: `+49 ${national}` })
    expect(taken.json().error.invalid_parameters).toEqual({ contact: ['taken'] })
    const email = await players.post(two, 'account/addcontact', { contact: 'second@example.com' })
    expect(email.json().error.invalid_parameters).toEqual({ contact: ['exists'] })
    const notOwn = await players.post(two, 'account/sendconfirmationtocontact', { contact: `+49${national.replace(/\D/g, '')}` })
    expect(notOwn.json().error.invalid_parameters).toEqual({ contact: ['invalid'] })
    expect(await contacts(two)).toHaveLength(1)
  })
})
