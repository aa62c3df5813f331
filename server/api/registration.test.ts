import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '../http/session'
import { PGLITE_ONLY, cookiePair, useTestApp } from '../test/harness'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

describe.each(PGLITE_ONLY)('registration API on %s', (backend) => {
  const t = useTestApp(backend)
  let nextIp = 1


  const freshIp = () => `10.7.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`

  function post(path: string, form: Record<string, string>, opts: { cookie?: string; locale?: string } = {}) {
    return t.app.inject({
      method: 'POST',
      url: `/api/${path}?locale=${opts.locale ?? 'en'}&v=1`,
      payload: new URLSearchParams(form).toString(),
      headers: { ...FORM, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
      remoteAddress: freshIp(),
    })
  }
  const get = (path: string, opts: { cookie?: string } = {}) =>
    t.app.inject({ method: 'GET', url: `/api/${path}`, headers: opts.cookie ? { cookie: opts.cookie } : {}, remoteAddress: freshIp() })

  const counts = async () => ({
    accounts: Number((await t.database.db.selectFrom('accounts').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n),
    profiles: Number((await t.database.db.selectFrom('player_profiles').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n),
    wallets: Number((await t.database.db.selectFrom('wallets').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n),
    redemptions: Number(
      (await t.database.db.selectFrom('promo_code_redemptions').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n,
    ),
  })
  const usedCount = async (code: string) =>
    (await t.database.db.selectFrom('promo_codes').select('used_count').where('code', '=', code).executeTakeFirstOrThrow()).used_count

  const form = (overrides: Record<string, string> = {}) => ({
    email: `p${Math.random().toString(36).slice(2, 10)}@example.com`,
    password: 'Zq7-unusual-Pw',
    currency: 'USD',
    country_code: 'US',
    notify: '0',
    is_betting: '0',
    ...overrides,
  })

  describe('account/getPersonalDataFields', () => {
    it("answers the country's list in order, any case, with the default list for a country without one", async () => {
      const us = (await get('account/getPersonalDataFields?country_code=us')).json().data
      expect(us.map((f: { sysname: string }) => f.sysname)).toEqual(['country_code', 'email', 'mobile', 'currency', 'birth_date'])
      expect(us.find((f: { sysname: string }) => f.sysname === 'email')).toMatchObject({ is_visible: true, is_required: true, type: 'input' })
      expect(us.find((f: { sysname: string }) => f.sysname === 'currency').options.list).toEqual([{ value: 'USD', label: 'USD' }])
      const br = (await get('account/getPersonalDataFields?country_code=BR')).json().data
      expect(br.find((f: { sysname: string }) => f.sysname === 'document_number').options.regex).toBe('^\\d{11}$')
      const fallback = (await get('account/getPersonalDataFields?country_code=ZZ')).json().data
      expect(fallback.find((f: { sysname: string }) => f.sysname === 'currency').options.list.map((c: { value: string }) => c.value)).toEqual([
        'USD',
        'EUR',
      ])
    })

    it('refuses a country code that is not two letters with a field error', async () => {
      for (const bad of ['', 'USA', '🇺🇸', "U'", 'x'.repeat(10_000)]) {
        const res = await get(`account/getPersonalDataFields?country_code=${encodeURIComponent(bad)}`)
        expect(res.statusCode, bad.slice(0, 10)).toBe(400)
        expect(res.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { country_code: expect.any(Array) } })
      }
    })

    it('follows what an operator changes in the t.database, for the list and for registration', async () => {
      await t.database.db
        .updateTable('profile_field_settings')
        .set({ is_required: true })
        .where('country_code', '=', 'US')
        .where('sysname', '=', 'mobile')
        .execute()
      try {
        const us = (await get('account/getPersonalDataFields?country_code=US')).json().data
        expect(us.find((f: { sysname: string }) => f.sysname === 'mobile').is_required).toBe(true)
        const res = await post('auth/register', form())
        expect(res.statusCode).toBe(400)
        expect(res.json().error.invalid_parameters).toEqual({ phone: ['insertPhone'] })
      } finally {
        await t.database.db
          .updateTable('profile_field_settings')
          .set({ is_required: false })
          .where('country_code', '=', 'US')
          .where('sysname', '=', 'mobile')
          .execute()
      }
    })
  })

  describe('account/getRegistrationSettings', () => {
    it("answers the locale's content-system settings", async () => {
      const en = (await get('account/getRegistrationSettings?locale=en')).json().data
      expect(en).toMatchObject({ modes: ['form', 'fast', 'social'], terms: { isActive: true }, defaultCountry: 'US', minimumAge: 18 })
      const es = (await get('account/getRegistrationSettings?locale=es')).json().data
      expect(es.defaultCountry).toBe('MX')
      const de = (await get('account/getRegistrationSettings?locale=de')).json().data
      expect(de.defaultCountry).toBe('DE')
      for (const locale of ['en', 'es', 'pt', 'de']) {
        expect((await get(`account/getRegistrationSettings?locale=${locale}`)).json().data.characterSelect, locale).toEqual({ isActive: true })
      }
    })
  })

  describe('campaigns/checkPromocode', () => {
    it('answers a valid code with its campaign title in the locale, case-blind and trimmed', async () => {
      const en = await post('campaigns/checkPromocode', { promo_code: 'WELCOME100' })
      expect(en.json().data).toEqual({ promo_code: 'WELCOME100', title: 'Welcome bonus' })
      const es = await post('campaigns/checkPromocode', { promo_code: ' welcome100 ' }, { locale: 'es' })
      expect(es.json().data).toEqual({ promo_code: 'WELCOME100', title: 'Bono de bienvenida' })
    })

    it('answers null for unknown, expired, switched-off and odd codes, and leaves the table alone', async () => {
      for (const code of ['NOPE', 'SPRING2020', 'RETIRED50', '🎰🎰', "' OR 1=1 --", '<script>alert(1)</script>', 'WELCOME100; DROP TABLE promo_codes']) {
        const res = await post('campaigns/checkPromocode', { promo_code: code })
        expect(res.statusCode, code).toBe(200)
        expect(res.json().data, code).toBeNull()
      }
      expect(await usedCount('WELCOME100')).toBeGreaterThanOrEqual(0)
    })

    it('refuses an empty or 10 kB code with a field error', async () => {
      for (const code of ['', 'A'.repeat(10_000)]) {
        const res = await post('campaigns/checkPromocode', { promo_code: code })
        expect(res.statusCode).toBe(400)
        expect(res.json().error.invalid_parameters).toHaveProperty('promo_code')
      }
    })
  })

  describe('auth/register with a loyalty character', () => {
    it('keeps a character that exists', async () => {
      const [first] = (await get('loyalty/getcharacters')).json().data as { id: number }[]
      const res = await post('auth/register', form({ character_id: String(first!.id) }))
      expect(res.statusCode).toBe(200)
      const account = await t.database.db.selectFrom('accounts').select('character_id').where('id', '=', BigInt(res.json().data.uid)).executeTakeFirstOrThrow()
      expect(account.character_id).toBe(first!.id)
    })

    it('refuses an unknown character with a field error and stores nothing', async () => {
      for (const character_id of ['999999', '0', '-1']) {
        const before = await counts()
        const res = await post('auth/register', form({ character_id }))
        expect(res.statusCode, character_id).toBe(400)
        expect(res.json().error.invalid_parameters, character_id).toEqual({ character_id: ['invalid'] })
        expect(await counts()).toEqual(before)
      }
    })
  })

  describe('auth/register with a promo code', () => {
    it('records a valid code against the player, who then has its campaign', async () => {
      const before = await usedCount('WELCOME100')
      const values = form({ promo_code: 'welcome100' })
      const res = await post('auth/register', values)
      expect(res.statusCode).toBe(200)
      const uid = BigInt(res.json().data.uid)
      expect(await usedCount('WELCOME100')).toBe(before + 1)
      const account = await t.database.db.selectFrom('accounts').select('registration_promo_code').where('id', '=', uid).executeTakeFirstOrThrow()
      expect(account.registration_promo_code).toBe('WELCOME100')
      const redemption = await t.database.db.selectFrom('promo_code_redemptions').selectAll().where('player_id', '=', uid).execute()
      expect(redemption).toMatchObject([{ code: 'WELCOME100', source: 'registration' }])

      const cookie = cookiePair(res.headers['set-cookie'], SESSION_COOKIE)!
      const offers = (await get('campaigns/getoffers', { cookie })).json().data
      expect(offers).toEqual([
        {
          id: expect.any(Number),
          sysname: 'welcome',
          trigger: { action: 'registration', promo_code: 'WELCOME100' },
          description: { title: 'Welcome bonus', text: expect.stringContaining('welcome campaign') },
          promotions: [],
        },
      ])
      expect((await get('campaigns/getoffers')).json().data).toEqual([])
    })

    it('refuses an unknown, expired or switched-off code and stores nothing', async () => {
      for (const promo_code of ['NOPE', 'SPRING2020', 'RETIRED50', '🎁']) {
        const before = await counts()
        const values = form({ promo_code })
        const res = await post('auth/register', values)
        expect(res.statusCode, promo_code).toBe(400)
        expect(res.json().error.invalid_parameters).toEqual({ promo_code: ['invalid'] })
        expect(cookiePair(res.headers['set-cookie'], SESSION_COOKIE)).toBeUndefined()
        expect(await counts()).toEqual(before)
      }
    })

    it('takes a single-use code once; the second registration is refused whole', async () => {
      const first = await post('auth/register', form({ promo_code: 'ONEUSE' }))
      expect(first.statusCode).toBe(200)
      const before = await counts()
      const second = await post('auth/register', form({ promo_code: 'ONEUSE' }))
      expect(second.json().error.invalid_parameters).toEqual({ promo_code: ['invalid'] })
      expect(await counts()).toEqual(before)
      expect(await usedCount('ONEUSE')).toBe(1)
    })
  })

  describe('auth/register against the field list, with bad input', () => {
    it('refuses a nickname another player has, in any case', async () => {
      const taken = await post('auth/register', form({ fakename: 'demoplayer' }))
      expect(taken.json().error.invalid_parameters).toEqual({ fakename: ['taken'] })
      const free = await post('auth/register', form({ fakename: `Fresh${Math.random().toString(36).slice(2, 8)}` }))
      expect(free.statusCode, free.body).toBe(200)
    })

    it("requires the country's required fields and applies their regex and choices", async () => {
      const de = await post('auth/register', form({ country_code: 'DE', currency: 'EUR' }))
      expect(de.json().error.invalid_parameters).toEqual({ first_name: ['required'], last_name: ['required'] })
      const br = await post('auth/register', form({ country_code: 'BR', currency: 'BRL', document_type: 'cpf', document_number: '123' }))
      expect(br.json().error.invalid_parameters).toEqual({ document_number: ['regex'] })
      const mx = await post('auth/register', form({ country_code: 'MX', currency: 'EUR', region: 'XXX' }))
      expect(mx.json().error.invalid_parameters).toEqual({ currency: ['invalid'], region: ['invalid'] })
      const ok = await post('auth/register', form({ country_code: 'MX', currency: 'MXN', region: 'JAL' }))
      expect(ok.statusCode).toBe(200)
    })

    it('answers empty, huge, emoji and injected values with field errors and stores nothing', async () => {
      const before = await counts()
      const cases: Array<[Record<string, string>, Record<string, unknown>]> = [
        [{}, { password: expect.any(Array), currency: expect.any(Array) }],
        // The client drops empty values (SPEC §7), so an empty e-mail arrives as none at all.
        [Object.fromEntries(Object.entries(form()).filter(([k]) => k !== 'email')), { login: ['required'], email: ['required'] }],
        [form({ email: '' }), { email: expect.any(Array) }],
        [form({ email: `${'a'.repeat(10_000)}@example.com` }), { email: expect.any(Array) }],
        // Past the contract's bound: the refusal names the length rule, never a vague "wrong value".
        [form({ email: `${'a'.repeat(250)}@example.com` }), { email: ['maxLength'] }],
        [form({ country_code: 'DE', currency: 'EUR', first_name: '😀😀', last_name: 'Smith' }), { first_name: ['name'] }],
        [form({ country_code: 'DE', currency: 'EUR', first_name: '<script>alert(1)</script>', last_name: 'Smith' }), { first_name: ['name'] }],
        [form({ email: "x' OR '1'='1@example.com" }), { login: ['text'], email: ['emailSpaces'] }],
        // Markup is escaped on output, but no mail server takes it: the e-mail rule names the characters' rule.
        [form({ email: '<script>alert(1)</script>@x.com' }), { login: ['emailChars'], email: ['emailChars'] }],
        [{ ...Object.fromEntries(Object.entries(form()).filter(([k]) => k !== 'email')), login: '<b>x</b>@x.com' }, { login: ['emailChars'], email: ['required'] }],
        [form({ email: `${'a'.repeat(70)}@example.com` }), { login: ['emailLocalTooLong'], email: ['emailLocalTooLong'] }],
        [form({ email: 'player@localhost' }), { login: ['emailDomain'], email: ['emailDomain'] }],
        [form({ email: 'robert@example.com', login: "robert'); DROP TABLE accounts;--" }), { login: ['text'] }],
        [form({ password: 'p'.repeat(10_000) }), { password: expect.any(Array) }],
      ]
      for (const [values, errors] of cases) {
        const res = await post('auth/register', values)
        expect(res.statusCode, JSON.stringify(values).slice(0, 80)).toBe(400)
        expect(res.json().error.type).toBe('InvalidParameterException')
        expect(res.json().error.invalid_parameters).toEqual(errors)
      }
      expect(await counts()).toEqual(before)
    })
  })
})
