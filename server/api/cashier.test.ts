import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxSecret, signSandboxWebhook, SANDBOX_SIGNATURE_HEADER } from '../domain/payments/sandbox/provider'
import { SEED_PLAYERS } from '../seed/data'
import { loginPlayers, registerApiPlayer } from '../test/api-player'
import { PGLITE_ONLY, buildTestApp, openTestDatabase, type TestDatabase } from '../test/harness'
import { HISTORY_MIN_MONTHS } from '../../src/services/api/contract/cashier'
import { formatDateDMY } from '../../src/shared/validation/rules'

const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789abcdef'

describe.each(PGLITE_ONLY)('cashier on %s', (backend) => {
  let database: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    database = await openTestDatabase(backend, { operatorToken: OPERATOR_TOKEN })
    app = await buildTestApp(database)
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const players = loginPlayers(
    {
      get app() {
        return app
      },
      get database() {
        return database
      },
    },
    'key',
  )
  const { cookie, get, post, newKey } = players
  const balance = async (login: string) => (await get(login, 'account/getBalance')).json().data.balance_main.amount as string
  async function methodOf(login: string, sysname: string, call = 'cashier/getdepositinfo') {
    const data = (await get(login, call)).json().data
    return (data.methods as { id: number; sysname: string; saved_requisites: { value: string }[] }[]).find((m) => m.sysname === sysname)!
  }
  async function deposit(login: string, amount: string, requisites: Record<string, string> = { card_number: 'new' }, key = newKey(), sysname = 'card') {
    const currency = (await get(login, 'account/getBalance')).json().data.balance_main.currency
    return players.deposit(login, amount, { method: sysname, requisites, currency, key })
  }
  const pay = async (login: string, id: string, form: Record<string, string>) => post(login, `/sandbox/pay/${id}`, form)
  const creditsOf = async (id: string) =>
    database.db.selectFrom('ledger_entries').select(['amount', 'kind']).where('ref', '=', `ptx:${id}`).execute()

  function webhook(body: Record<string, unknown>, at = new Date(), secret = sandboxSecret(database.config)) {
    const raw = JSON.stringify(body)
    return app.inject({
      method: 'POST',
      url: '/sandbox/webhook',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(secret, raw, at) },
      payload: raw,
    })
  }

  it('lists the sandbox methods of the player\'s currency, presets, the offers, no banks', async () => {
    const info = (await get('demo@example.com', 'cashier/getdepositinfo')).json().data
    // Bitcoin too: a fiat player deposits in their own currency (cashier-methods.test.ts).
    expect(info.methods.map((m: { sysname: string }) => m.sysname)).toEqual(['card', 'ewallet', 'banktransfer', 'bitcoin'])
    expect(info.methods[0].limits).toEqual([{ currency: 'USD', min: '10.00', max: '5000.00' }])
    const settings = (await get('demo@example.com', 'cashier/getdepositsettings')).json().data
    // The demo player has deposited (the seed's deposits), so the next is not a first one.
    expect(settings).toMatchObject({ currency: 'USD', amounts: { USD: ['5', '10', '25', '50'] }, is_first_deposit: false, deposit_limit: { period: 'none' } })
    const newcomer = await registerApiPlayer(app, { prefix: 'first-', currency: 'USD', countryCode: 'US', ip: '10.49.2.1' })
    expect((await get(newcomer, 'cashier/getdepositsettings')).json().data.is_first_deposit).toBe(true)
    const offers = (await get('demo@example.com', 'cashier/getdepositoffers')).json().data.offers as { trigger: { user_satisfies_params: boolean } }[]
    expect(offers.length).toBeGreaterThan(0)
    expect((await get('demo@example.com', 'cashier/getbanks', { method: 'banktransfer' })).json().data).toEqual({ banks: [] })
    expect((await get(null, 'cashier/getdepositinfo')).statusCode).toBe(401)
  })

  it('makedeposit is idempotent: the same key answers the first answer, another body is a conflict, nothing moves', async () => {
    const key = newKey()
    const first = await deposit('demo@example.com', '20', undefined, key)
    expect(first.statusCode).toBe(200)
    const answer = first.json().data
    expect(answer).toMatchObject({ status: 'redirect', redirect_url: `/sandbox/pay/${answer.transaction_id}` })
    const again = await deposit('demo@example.com', '20', undefined, key)
    expect(again.json().data).toEqual(answer)
    const other = await deposit('demo@example.com', '21', undefined, key)
    expect(other.statusCode).toBe(400)
    expect(other.json().error).toMatchObject({ type: 'InvalidRequestException', code: 'idempotency_conflict' })
    expect(await database.db.selectFrom('payment_transactions').select('id').where('idempotency_key', '=', key).execute()).toHaveLength(1)
    expect(await balance('demo@example.com')).toBe('1000.00')
  })

  it('the hosted page is the player\'s own, carries a CSP nonce, and success credits once', async () => {
    const id = (await deposit('demo@example.com', '25')).json().data.transaction_id as string
    const other = await app.inject({ method: 'GET', url: `/sandbox/pay/${id}`, headers: { cookie: await cookie('demo-es@example.com') } })
    expect(other.statusCode).toBe(404)
    const page = await app.inject({ method: 'GET', url: `/sandbox/pay/${id}`, headers: { cookie: await cookie('demo@example.com') } })
    expect(page.statusCode).toBe(200)
    const nonce = /<script nonce="([^"]+)"/.exec(page.body)?.[1]
    expect(nonce).toBeTruthy()
    expect(page.headers['content-security-policy']).toContain(`'nonce-${nonce}'`)
    expect(page.body).toContain('25.00 USD')

    const done = await pay('demo@example.com', id, { outcome: 'success' })
    expect(done.statusCode).toBe(303)
    expect(done.headers.location).toBe(`/cashier/paysuccess/${id}`)
    expect(await balance('demo@example.com')).toBe('1025.00')
    const twice = await pay('demo@example.com', id, { outcome: 'success' })
    expect(twice.headers.location).toBe(`/cashier/paysuccess/${id}`)
    expect(await balance('demo@example.com')).toBe('1025.00')
    expect(await creditsOf(id)).toEqual([{ amount: 2500n, kind: 'deposit' }])
    const tx = (await get('demo@example.com', 'cashier/gettransaction', { id })).json().data
    expect(tx).toMatchObject({ id, type: 'deposit', status: 'success', amount: { amount: '25.00', currency: 'USD' }, method: { sysname: 'card', kind: 'card' } })
    expect(tx.completed_at).not.toBeNull()
    const foreign = await get('demo-es@example.com', 'cashier/gettransaction', { id })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().error.code).toBe('transaction_not_found')
  })

  it('fail and cancel move no money and send the player to payfail and paycancel', async () => {
    const before = await balance('demo@example.com')
    const failed = (await deposit('demo@example.com', '30')).json().data.transaction_id as string
    expect((await pay('demo@example.com', failed, { outcome: 'fail' })).headers.location).toBe(`/cashier/payfail/${failed}`)
    const cancelled = (await deposit('demo@example.com', '30')).json().data.transaction_id as string
    expect((await pay('demo@example.com', cancelled, { outcome: 'cancel' })).headers.location).toBe(`/cashier/paycancel/${cancelled}`)
    expect(await balance('demo@example.com')).toBe(before)
    expect(await creditsOf(failed)).toEqual([])
    expect(await creditsOf(cancelled)).toEqual([])
    expect((await get('demo@example.com', 'cashier/gettransaction', { id: failed })).json().data).toMatchObject({ status: 'failed', failure_code: 'declined' })
    // An ended payment cannot be paid afterwards.
    await pay('demo@example.com', failed, { outcome: 'success' })
    expect(await balance('demo@example.com')).toBe(before)
  })

  it('test cards: 4242… is charged and saved as token and mask only, 4000…0002 is declined, a bad number is refused', async () => {
    const login = 'demo-pt@example.com'
    const start = await balance(login)
    const bad = (await deposit(login, '100')).json().data.transaction_id as string
    const refused = await pay(login, bad, { outcome: 'card', card_number: '4242 4242 4242 4241', card_holder: 'Ada Lovelace', card_expiry: '12/39' })
    expect(refused.statusCode).toBe(422)
    expect(refused.body).toContain('This card number is not valid.')
    const noHolder = await pay(login, bad, { outcome: 'card', card_number: '4242 4242 4242 4242', card_holder: '', card_expiry: '12/39' })
    expect(noHolder.statusCode).toBe(422)
    expect(noHolder.body).toContain('card_holder-error')

    const declined = await pay(login, bad, { outcome: 'card', card_number: '4000 0000 0000 0002', card_holder: 'Ada Lovelace', card_expiry: '12/39' })
    expect(declined.headers.location).toBe(`/cashier/payfail/${bad}`)
    expect(await balance(login)).toBe(start)

    const good = (await deposit(login, '100')).json().data.transaction_id as string
    const charged = await pay(login, good, { outcome: 'card', card_number: '4242 4242 4242 4242', card_holder: 'Ada Lovelace', card_expiry: '12/39' })
    expect(charged.headers.location).toBe(`/cashier/paysuccess/${good}`)
    const card = await methodOf(login, 'card')
    expect(card.saved_requisites).toEqual([{ field: 'card_number', value: '424242...4242', label: 'Visa ···· 4242', expires: '12/39' }])
    const stored = JSON.stringify([
      await database.db.selectFrom('saved_cards').selectAll().execute(),
      await database.db.selectFrom('payment_transactions').selectAll().execute(),
    ], (_k, v) => (typeof v === 'bigint' ? String(v) : v))
    expect(stored).not.toContain('4242424242424242')
    expect(stored).not.toContain('4242 4242 4242 4242')

    // A saved card is charged at once.
    const again = (await deposit(login, '50', { card_number: '424242...4242' })).json().data
    expect(again).toMatchObject({ status: 'success', balance: { amount: '1150.00', currency: 'BRL' } })
    expect(await balance(login)).toBe('1150.00')
    // A full number is refused unread.
    const full = await deposit(login, '50', { card_number: '4242424242424242' })
    expect(full.statusCode).toBe(400)
    expect(full.json().error).toMatchObject({ code: 'card_number_not_accepted', invalid_parameters: { card_number: ['cardNumber'] } })
  })

  it('webhooks: forged and stale are refused, a valid one settles once, a replay changes nothing', async () => {
    const login = 'demo@example.com'
    const before = await balance(login)
    const id = (await deposit(login, '40')).json().data.transaction_id as string
    expect((await pay(login, id, { outcome: 'pending' })).headers.location).toBe(`/cashier/paypending/${id}`)
    expect(await balance(login)).toBe(before)
    const event = { event_id: 'evt_test_0001', transaction_id: id, status: 'success' }

    const forged = await webhook(event, new Date(), 'a'.repeat(64))
    expect(forged.statusCode).toBe(401)
    const tampered = await app.inject({
      method: 'POST',
      url: '/sandbox/webhook',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(sandboxSecret(database.config), JSON.stringify(event), new Date()) },
      payload: JSON.stringify({ ...event, status: 'failed' }),
    })
    expect(tampered.statusCode).toBe(401)
    const stale = await webhook(event, new Date(Date.now() - 10 * 60_000))
    expect(stale.statusCode).toBe(401)
    expect(stale.json().error.code).toBe('stale')
    expect(await balance(login)).toBe(before)

    const ok = await webhook(event)
    expect(ok.statusCode).toBe(200)
    expect(ok.json().data).toMatchObject({ duplicate: false, changed: true, status: 'success' })
    const replay = await webhook(event)
    expect(replay.json().data).toMatchObject({ duplicate: true, changed: false })
    const later = await webhook({ ...event, event_id: 'evt_test_0002', status: 'failed' })
    expect(later.json().data).toMatchObject({ duplicate: false, changed: false, status: 'success' })
    expect(await creditsOf(id)).toEqual([{ amount: 4000n, kind: 'deposit' }])
    expect(Number(await balance(login))).toBe(Number(before) + 40)

    // The hosted page's provider-notice button sends the same signed webhook.
    const later2 = (await deposit(login, '15')).json().data.transaction_id as string
    await pay(login, later2, { outcome: 'pending' })
    const notified = await post(login, `/sandbox/pay/${later2}/notify`, { status: 'success' })
    expect(notified.headers.location).toBe(`/cashier/paysuccess/${later2}`)
    expect(Number(await balance(login))).toBe(Number(before) + 55)
  })

  it('bad amounts are refused with a field error and nothing is stored', async () => {
    const count = async () => (await database.db.selectFrom('payment_transactions').select('id').execute()).length
    const n = await count()
    for (const amount of ['-5', '0', '10.001', '1.000,50', 'abc', '', '99999999999999999999999']) {
      const res = await deposit('demo@example.com', amount)
      expect(res.statusCode, amount).toBe(400)
      const error = res.json().error
      expect(error.type, amount).toBe('InvalidParameterException')
      expect(error.invalid_parameters?.amount?.length, amount).toBeGreaterThan(0)
      expect(String(error.invalid_parameters.amount[0]).length, amount).toBeGreaterThan(0)
    }
    const small = await deposit('demo@example.com', '5')
    expect(small.json().error).toMatchObject({ code: 'amount_out_of_bounds', invalid_parameters: { amount: ['minValue'] }, error_data: { min: { amount: '10.00', currency: 'USD' } } })
    // Whole amounts only (SPEC §5 'Sum'): any decimals are refused by the rule, not counted.
    const tooMany = await deposit('demo@example.com', '10.001')
    expect(tooMany.json().error).toMatchObject({ code: 'amount_not_whole', invalid_parameters: { amount: ['wholeAmount'] } })
    const wrongCurrency = await post('demo@example.com', 'cashier/makedeposit', {
      method_id: String((await methodOf('demo@example.com', 'card')).id), method: 'card', amount: '10', currency: 'EUR', campaign_offer_id: '-1', requisites: '{"card_number":"new"}', idempotency_key: newKey(),
    })
    expect(wrongCurrency.json().error).toMatchObject({ code: 'method_unavailable', invalid_parameters: { currency: ['invalid'] } })
    const badIban = await deposit('demo@example.com', '50', { iban: 'DE00 1234' }, newKey(), 'banktransfer')
    expect(badIban.json().error).toMatchObject({ code: 'invalid_requisites', invalid_parameters: { iban: ['iban'] } })
    expect(await count()).toBe(n)
  })

  it('withdrawals: reserve at once, auto-approval below the threshold, cancel returns, operator approves or rejects', async () => {
    const login = 'demo-de@example.com' // EUR, auto-approval below 100, KYC above 500
    const ewallet = await methodOf(login, 'ewallet', 'cashier/getwithdrawsettings')
    const withdraw = (amount: string, key = newKey()) =>
      post(login, 'cashier/makewithdrawal', { method_id: String(ewallet.id), method: 'ewallet', amount, currency: 'EUR', requisites: JSON.stringify({ wallet_email: 'ada@example.com' }), idempotency_key: key })
    const operator = (call: string, id: string) => post(null, `operator/${call}`, { id }, { authorization: `Bearer ${OPERATOR_TOKEN}` })

    const small = await withdraw('50')
    expect(small.statusCode).toBe(200)
    expect(small.json().data).toMatchObject({ withdrawal: { status: 'success', amount: { amount: '50.00', currency: 'EUR' }, requisite: 'a***@example.com' }, balance: { amount: '950.00' } })

    const key = newKey()
    const big = (await withdraw('300', key)).json().data
    expect(big).toMatchObject({ withdrawal: { status: 'pending', can_cancel: true }, balance: { amount: '650.00' } })
    expect((await withdraw('300', key)).json().data).toEqual(big)
    expect((await withdraw('301', key)).json().error.code).toBe('idempotency_conflict')
    const settings = (await get(login, 'cashier/getwithdrawsettings')).json().data
    expect(settings.pending.map((w: { id: string }) => w.id)).toEqual([big.withdrawal.id])
    expect(settings.withdrawable).toEqual({ amount: '650.00', currency: 'EUR' })

    const cancelled = await post(login, 'cashier/cancelwithdrawal', { id: big.withdrawal.id })
    expect(cancelled.json().data).toMatchObject({ withdrawal: { status: 'cancelled', can_cancel: false }, balance: { amount: '950.00' } })
    const cancelTwice = await post(login, 'cashier/cancelwithdrawal', { id: big.withdrawal.id })
    expect(cancelTwice.json().error.code).toBe('withdrawal_not_cancellable')
    expect(await balance(login)).toBe('950.00')

    const rejectMe = (await withdraw('200')).json().data.withdrawal.id as string
    expect(await balance(login)).toBe('750.00')
    // No provider notice pays out a withdrawal no operator approved.
    const early = await webhook({ event_id: 'evt_wd_early_01', transaction_id: rejectMe, status: 'success' })
    expect(early.statusCode).toBe(400)
    expect((await get(login, 'cashier/getwithdrawsettings')).json().data.pending.map((w: { id: string }) => w.id)).toContain(rejectMe)
    expect((await post(null, 'operator/rejectWithdrawal', { id: rejectMe })).statusCode).toBe(403)
    expect((await operator('rejectWithdrawal', rejectMe)).json().data.withdrawal.status).toBe('failed')
    expect(await balance(login)).toBe('950.00')

    const approveMe = (await withdraw('400')).json().data.withdrawal.id as string
    expect((await operator('approveWithdrawal', approveMe)).json().data.withdrawal.status).toBe('success')
    expect((await operator('approveWithdrawal', approveMe)).json().error.code).toBe('withdrawal_not_cancellable')
    expect(await balance(login)).toBe('550.00')
    expect((await post(login, 'cashier/cancelwithdrawal', { id: approveMe })).json().error.code).toBe('withdrawal_not_cancellable')

    const tooMuch = await withdraw('600')
    expect(tooMuch.statusCode).toBe(422)
    expect(tooMuch.json().error).toMatchObject({ type: 'WithdrawalDeclinedException', code: 'insufficient_funds', error_data: { max: { amount: '550.00', currency: 'EUR' } } })

    const tooBig = await withdraw('2001')
    expect(tooBig.statusCode).toBe(422)
    // The e-wallet allows 2000 at a time, the site's per-request maximum (cashier_withdraw_max) 1000.
    expect(tooBig.json().error).toMatchObject({ type: 'WithdrawalLimitsExceededException', code: 'withdrawal_limit_exceeded', error_data: { max: { amount: '1000.00', currency: 'EUR' } } })
    const tooSmall = await withdraw('1')
    expect(tooSmall.json().error).toMatchObject({ code: 'amount_out_of_bounds', invalid_parameters: { amount: ['minValue'] } })

    const reserve = await database.db
      .selectFrom('wallets')
      .innerJoin('accounts', 'accounts.id', 'wallets.player_id')
      .select('wallets.balance')
      .where('accounts.login', '=', login)
      .where('wallets.kind', '=', 'withdrawal_reserve')
      .executeTakeFirstOrThrow()
    expect(reserve.balance).toBe(0n)
    const history = (await get(login, 'cashier/gethistory', { type: 'withdrawal' })).json().data
    expect(history.total).toBe(4)
    expect(history.items[0]).toMatchObject({ type: 'withdrawal', status: 'success', amount: { amount: '-400.00', currency: 'EUR' } })
  })

  it('KYC and confirmed-contact refusals carry their data and the buttons are in the settings', async () => {
    await database.db.updateTable('accounts').set({ is_verified: false }).where('login', '=', 'demo-es@example.com').execute()
    const es = await methodOf('demo-es@example.com', 'ewallet', 'cashier/getwithdrawsettings')
    const withdrawEs = (amount: string) =>
      post('demo-es@example.com', 'cashier/makewithdrawal', {
        method_id: String(es.id), method: 'ewallet', amount, currency: 'MXN', requisites: '{"wallet_email":"a@example.com"}', idempotency_key: newKey(),
      })
    const kyc = await withdrawEs('10500')
    expect(kyc.statusCode).toBe(422)
    expect(kyc.json().error).toMatchObject({ type: 'KycWithdrawalException', code: 'kyc_required', error_data: { threshold: { amount: '10000.00', currency: 'MXN' } } })
    // Below the threshold an unverified account may withdraw.
    expect((await withdrawEs('150')).json().data.withdrawal.status).toBe('success')
    expect(await balance('demo-es@example.com')).toBe('850.00')

    const login = 'demo-2fa@example.com'
    const settings = (await get(login, 'cashier/getwithdrawsettings')).json().data
    expect(settings).toMatchObject({
      requires_confirmed_contact: true,
      is_verified: true,
      buttons: { confirm_contact: { show: true, link: '/confirmation' }, kyc: { show: true, link: '/profile/verification' } },
    })
    const ew = settings.methods.find((m: { sysname: string }) => m.sysname === 'ewallet')
    const refused = await post(login, 'cashier/makewithdrawal', {
      method_id: String(ew.id), method: 'ewallet', amount: '20', currency: 'USD', requisites: '{"wallet_email":"a@example.com"}', idempotency_key: newKey(),
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error).toMatchObject({ type: 'UserNeedConfirmContactException', code: 'confirm_contact_required', error_data: { contact_type: 'email' } })
    expect(await balance(login)).toBe('1000.00')
  })

  it('withdrawal rules: confirm contact, KYC lifted by the operator, the per-request maximum, caps per rolling period', async () => {
    const login = `wd-rules-${backend}-${Math.random().toString(36).slice(2, 8)}@example.com`
    const reg = await post(null, 'auth/register', { login, email: login, password: 'Orig1nal-Pass', currency: 'USD' })
    expect(reg.statusCode, reg.body).toBe(200)
    const t0 = new Date(Math.floor(Date.now() / 1000) * 1000)
    database.clock.now = t0
    try {
      const funded = (await deposit(login, '3000')).json().data.transaction_id as string
      await pay(login, funded, { outcome: 'success' })
      expect(await balance(login)).toBe('3000.00')
      const operator = (call: string, form: Record<string, string>) => post(null, `operator/${call}`, form, { authorization: `Bearer ${OPERATOR_TOKEN}` })

      const settings = (await get(login, 'cashier/getwithdrawsettings')).json().data
      expect(settings).toMatchObject({
        is_verified: false,
        requires_confirmed_contact: true,
        kyc_threshold: { amount: '500.00', currency: 'USD' },
        period_limit: { period_days: 1, limit: { amount: '2000.00', currency: 'USD' }, available: { amount: '2000.00', currency: 'USD' } },
      })
      // The e-wallet allows 2000 at a time; the site's per-request maximum is lower and is what the form is told.
      const ewallet = settings.methods.find((m: { sysname: string }) => m.sysname === 'ewallet')
      expect(ewallet.limits).toEqual([{ currency: 'USD', min: '5.00', max: '1000.00' }])
      const withdraw = (amount: string) =>
        post(login, 'cashier/makewithdrawal', { method_id: String(ewallet.id), method: 'ewallet', amount, currency: 'USD', requisites: '{"wallet_email":"ada@example.com"}', idempotency_key: newKey() })

      const unconfirmed = await withdraw('50')
      expect(unconfirmed.json().error).toMatchObject({ type: 'UserNeedConfirmContactException', code: 'confirm_contact_required' })
      expect((await operator('confirmPlayerEmail', { login })).json().data).toMatchObject({ login, is_verified: false, email_confirmed_at: t0.toISOString() })
      expect((await post(null, 'operator/setPlayerVerification', { login, verified: '1' })).statusCode).toBe(403)

      // Registered without a birth date: a payout goes to a named adult, so the details come first,
      // and nothing is reserved. The US list shows no name fields, so only the birth date is asked.
      const noDetails = await withdraw('50')
      expect(noDetails.statusCode).toBe(422)
      expect(noDetails.json().error).toMatchObject({ type: 'UserNeedProfileDataException', code: 'profile_data_required', error_data: { operation: 'withdrawal', fields: ['birth_date'] } })
      expect(await balance(login)).toBe('3000.00')
      const tooYoung = await post(login, 'account/saveProfileInfo', { birth_date: formatDateDMY({ year: t0.getUTCFullYear() - 17, month: 1, day: 1 }) })
      expect(tooYoung.json().error).toMatchObject({ invalid_parameters: { birth_date: ['date'] } })
      expect((await withdraw('50')).json().error).toMatchObject({ code: 'profile_data_required' })
      expect((await post(login, 'account/saveProfileInfo', { birth_date: '01.01.1990' })).json().data).toBe(1)

      const kyc = await withdraw('600')
      expect(kyc.statusCode).toBe(422)
      expect(kyc.json().error).toMatchObject({ type: 'KycWithdrawalException', code: 'kyc_required', error_data: { threshold: { amount: '500.00' } } })
      expect((await operator('setPlayerVerification', { login, verified: '1' })).json().data).toMatchObject({ is_verified: true })
      expect((await get(login, 'cashier/getwithdrawsettings')).json().data).toMatchObject({ is_verified: true, requires_confirmed_contact: false })
      expect((await operator('setPlayerVerification', { login: 'nobody@example.com', verified: '1' })).json().error.code).toBe('unknown_player')

      const tooBig = await withdraw('1001')
      expect(tooBig.statusCode).toBe(422)
      expect(tooBig.json().error).toMatchObject({ type: 'WithdrawalLimitsExceededException', code: 'withdrawal_limit_exceeded', error_data: { max: { amount: '1000.00', currency: 'USD' } } })

      const first = (await withdraw('900')).json().data
      expect(first).toMatchObject({ withdrawal: { status: 'pending' }, balance: { amount: '2100.00' } })
      database.clock.now = new Date(t0.getTime() + 3_600_000)
      players.forget(login) // an hour later the idle session has expired
      expect((await withdraw('900')).json().data).toMatchObject({ withdrawal: { status: 'pending' }, balance: { amount: '1200.00' } })
      // 1800 of the day's 2000 is taken: 300 more is refused, with what is left and when the first leaves the window.
      const over = await withdraw('300')
      expect(over.statusCode).toBe(422)
      expect(over.json().error).toMatchObject({
        type: 'WithdrawalLimitsPeriodExceededException',
        code: 'withdrawal_period_exceeded',
        error_data: { period_days: 1, available_amount: { amount: '200.00', currency: 'USD' }, reset_at: new Date(t0.getTime() + 86_400_000).toISOString() },
      })
      expect(await balance(login)).toBe('1200.00')
      expect((await get(login, 'cashier/getwithdrawsettings')).json().data.period_limit).toMatchObject({ period_days: 1, available: { amount: '200.00' } })
      // A cancelled withdrawal gives its share of the cap back.
      await post(login, 'cashier/cancelwithdrawal', { id: first.withdrawal.id })
      expect((await withdraw('300')).json().data).toMatchObject({ withdrawal: { status: 'pending' }, balance: { amount: '1800.00' } })

      // A day later the daily window is empty again; the week still counts 1200 of its 5000.
      database.clock.now = new Date(t0.getTime() + 26 * 3_600_000)
      players.forget(login)
      expect((await get(login, 'cashier/getwithdrawsettings')).json().data.period_limit).toMatchObject({ period_days: 1, available: { amount: '2000.00' } })
      expect((await withdraw('1000')).json().data).toMatchObject({ withdrawal: { status: 'pending' }, balance: { amount: '800.00' } })
    } finally {
      database.clock.now = null
      players.forget(login)
    }
  })

  it('deposit limits: a rolling window over settled deposits and those in progress, lowering at once, raising after 24 h', async () => {
    // MXN; card bounds 200 to 100000. A new player: the demo players' seeded deposits would count in the window.
    const login = await registerApiPlayer(app, { prefix: 'limits-', currency: 'USD', countryCode: 'US', ip: '10.49.2.2' })
    expect((await post(login, 'account/setCurrency', { currency: 'MXN' })).statusCode).toBe(200)
    const t0 = new Date()
    database.clock.now = t0
    try {
      const set = (period: string, limit_amount?: string) => post(login, 'account/setDepositLimit', limit_amount ? { period, limit_amount } : { period })
      expect((await set('1', '1000')).json().data).toMatchObject({ period: 1, limit_amount: { amount: '1000.00', currency: 'MXN' }, available_amount: { amount: '1000.00' }, scheduled: null })

      const first = (await deposit(login, '800')).json().data.transaction_id as string
      await pay(login, first, { outcome: 'success' })
      const refused = await deposit(login, '300')
      expect(refused.statusCode).toBe(422)
      expect(refused.json().error).toMatchObject({ type: 'BillingDepositLimitExceededException', code: 'deposit_limit_exceeded', error_data: { available_amount: { amount: '200.00', currency: 'MXN' } } })
      expect(refused.json().error.error_data.expired_at).toBe(new Date(t0.getTime() + 86_400_000).toISOString())
      expect((await deposit(login, '200')).statusCode).toBe(200)

      // The 200 in progress counts too. Lowering applies at once.
      expect((await set('1', '900')).json().data).toMatchObject({ limit_amount: { amount: '900.00' }, available_amount: { amount: '0.00' } })
      // Raising waits 24 h; until then the lower limit applies.
      const raised = (await set('1', '5000')).json().data
      expect(raised).toMatchObject({ period: 1, limit_amount: { amount: '900.00' }, scheduled: { period: 1, limit_amount: { amount: '5000.00' } } })
      expect(raised.scheduled.effective_at).toBe(new Date(t0.getTime() + 86_400_000).toISOString())
      expect((await deposit(login, '300')).json().error.error_data).toMatchObject({ available_amount: { amount: '0.00' }, period: 1 })

      database.clock.now = new Date(t0.getTime() + 25 * 3_600_000)
      players.forget(login) // a day later the old session has expired
      const later = (await get(login, 'account/getDepositLimit')).json().data
      expect(later).toMatchObject({ period: 1, limit_amount: { amount: '5000.00' }, available_amount: { amount: '5000.00' }, scheduled: null })
      expect((await deposit(login, '300')).json().data.status).toBe('redirect')

      // Removing is a raise too.
      expect((await set('none')).json().data).toMatchObject({ period: 1, scheduled: { period: 'none', limit_amount: null } })
      const wrong = await post(login, 'account/setDepositLimit', { period: '3', limit_amount: '10' })
      expect(wrong.statusCode).toBe(400)
    } finally {
      database.clock.now = null
      players.forget(login)
    }
  })

  it('history pages and filters by type, status and dates', async () => {
    const login = 'demo@example.com'
    const all = (await get(login, 'cashier/gethistory', { count: '2' })).json().data
    expect(all.items).toHaveLength(2)
    expect(all.total).toBeGreaterThan(4)
    const page2 = (await get(login, 'cashier/gethistory', { count: '2', offset: '2' })).json().data
    expect(page2.items[0].id).not.toBe(all.items[0].id)
    const ok = (await get(login, 'cashier/gethistory', { type: 'deposit', status: 'success' })).json().data
    expect(ok.items.every((i: { type: string; status: string }) => i.type === 'deposit' && i.status === 'success')).toBe(true)
    // Three settled by the tests above, and the seed's.
    expect(ok.total).toBe(3 + SEED_PLAYERS.find((p) => p.login === login)!.deposits.length)
    const past = (await get(login, 'cashier/gethistory', { date_to: '2020-01-01' })).json().data
    expect(past).toMatchObject({ items: [], total: 0 })
    const bad = await get(login, 'cashier/gethistory', { date_from: '2025-02-01', date_to: '2025-01-01' })
    expect(bad.json().error.code).toBe('invalid_date_range')
  })

  it(`history keeps at least ${HISTORY_MIN_MONTHS} months: a deposit older than that is listed and found by its dates`, async () => {
    const login = 'demo-2fa@example.com'
    const past = new Date()
    past.setUTCMonth(past.getUTCMonth() - (HISTORY_MIN_MONTHS + 1))
    database.clock.now = past
    let id: string
    try {
      id = (await deposit(login, '30')).json().data.transaction_id as string
      expect((await pay(login, id, { outcome: 'success' })).headers.location).toBe(`/cashier/paysuccess/${id}`)
    } finally {
      database.clock.now = null
      players.forget(login)
    }
    const all = (await get(login, 'cashier/gethistory', { type: 'deposit' })).json().data
    expect(all.items.map((i: { id: string }) => i.id)).toContain(id)
    const day = past.toISOString().slice(0, 10)
    const then = (await get(login, 'cashier/gethistory', { date_from: day, date_to: day })).json().data
    expect(then).toMatchObject({ total: 1, items: [{ id, type: 'deposit', status: 'success', created_at: past.toISOString() }] })
  })
})
