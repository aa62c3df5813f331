import { describe, expect, it } from 'vitest'
import { isBech32BitcoinAddress } from '../../src/shared/validation/crypto-address'
import { sandboxSecret, signSandboxWebhook, SANDBOX_SIGNATURE_HEADER } from '../domain/payments/sandbox/provider'
import { loginPlayers, registerApiPlayer } from '../test/api-player'
import { BACKENDS, useTestApp } from '../test/harness'

// The sandbox provider's outcomes beyond success/pending/fail/cancel (a new window, a hand-off to
// the phone), each method end to end (e-wallet, bank transfer, bitcoin for a fiat player, card),
// fees, and deposit offers with campaign_offer_id.


describe.each(BACKENDS)('cashier methods and outcomes on %s', (backend) => {
  const t = useTestApp(backend)


  const players = loginPlayers(t, 'mkey')
  const { cookie, get, post, newKey } = players
  const balance = async (login: string) => (await get(login, 'account/getBalance')).json().data.balance_main.amount as string
  const currencyOf = async (login: string) => (await get(login, 'account/getBalance')).json().data.balance_main.currency as string
  async function methodOf(login: string, sysname: string) {
    const data = (await get(login, 'cashier/getdepositinfo')).json().data
    return (data.methods as { id: number; sysname: string; limits: { currency: string; min: string; max: string }[]; fee: unknown; saved_requisites: { value: string }[] }[]).find((m) => m.sysname === sysname)!
  }
  async function deposit(login: string, sysname: string, amount: string, requisites: Record<string, string>, offer = '-1') {
    return players.deposit(login, amount, { method: sysname, requisites, currency: await currencyOf(login), offer })
  }
  const transaction = async (login: string, id: string) => (await get(login, 'cashier/gettransaction', { id })).json().data
  const entries = async (id: string) =>
    t.database.db.selectFrom('ledger_entries').select(['amount', 'kind']).where('ref', '=', `ptx:${id}`).orderBy('id').execute()
  function webhook(body: Record<string, unknown>, secret = sandboxSecret(t.database.config)) {
    const raw = JSON.stringify(body)
    return t.app.inject({
      method: 'POST',
      url: '/sandbox/webhook',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(secret, raw, new Date()) },
      payload: raw,
    })
  }
  /** The phone page's code from a hand-off link. */
  const codeOf = (link: string) => new URL(link, 'http://x').searchParams.get('code')!

  it('e-wallet: the wallet e-mail is checked, the wallet opens in a new window, the 1.5 % fee is taken and shown', async () => {
    const login = 'demo@example.com'
    const before = Number(await balance(login))
    const bad = await deposit(login, 'ewallet', '100', { wallet_email: 'not-an-email' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatchObject({ code: 'invalid_requisites', invalid_parameters: { wallet_email: ['email'] } })
    const tooBig = await deposit(login, 'ewallet', '2001', { wallet_email: 'player@wallet.example' })
    expect(tooBig.json().error).toMatchObject({ code: 'amount_out_of_bounds', error_data: { max: { amount: '2000.00', currency: 'USD' } } })

    const started = (await deposit(login, 'ewallet', '100', { wallet_email: 'player@wallet.example' })).json().data
    expect(started).toMatchObject({ status: 'newwindow', redirect_url: `/sandbox/pay/${started.transaction_id}?window=1`, mobile: null })
    const id = started.transaction_id as string
    expect(await transaction(login, id)).toMatchObject({ status: 'pending', redirect_url: `/sandbox/pay/${id}?window=1`, requisite: 'p***@wallet.example' })

    const page = await t.app.inject({ method: 'GET', url: `/sandbox/pay/${id}?window=1`, headers: { cookie: await cookie(login) } })
    expect(page.body).toContain('name="window" value="1"')
    expect(page.body).toContain('1.50 USD')
    expect(page.body).toContain('98.50 USD')
    // In its own window the page ends by saying so; the cashier's window follows the transaction.
    const done = await post(login, `/sandbox/pay/${id}`, { outcome: 'success', window: '1' })
    expect(done.statusCode).toBe(200)
    expect(done.body).toContain('data-testid="sandbox-window-done" data-status="success"')

    expect(await transaction(login, id)).toMatchObject({ status: 'success', amount: { amount: '100.00' }, fee: { amount: '1.50', currency: 'USD' }, redirect_url: null })
    expect(await entries(id)).toEqual([
      { amount: 10000n, kind: 'deposit' },
      { amount: -150n, kind: 'payment_fee' },
    ])
    expect(Number(await balance(login))).toBeCloseTo(before + 98.5, 2)
  })

  it('bank transfer: the IBAN is checked (country length, mod 97), min per currency, the fixed fee', async () => {
    const login = 'demo-es@example.com' // MXN: bounds and fee are 20 times the USD ones
    expect(await currencyOf(login)).toBe('MXN')
    const before = Number(await balance(login))
    for (const iban of ['DE89 3704 0044 0532 0130 01', 'DE89 3704 0044 0532 0130 00 0', 'XX89 3704 0044 0532 0130 00']) {
      const res = await deposit(login, 'banktransfer', '500', { iban })
      expect(res.json().error, iban).toMatchObject({ code: 'invalid_requisites', invalid_parameters: { iban: ['iban'] } })
    }
    const small = await deposit(login, 'banktransfer', '399', { iban: 'DE89 3704 0044 0532 0130 00' })
    expect(small.json().error).toMatchObject({ code: 'amount_out_of_bounds', error_data: { min: { amount: '400.00', currency: 'MXN' } } })
    const started = (await deposit(login, 'banktransfer', '500', { iban: 'de89370400440532013000' })).json().data
    expect(started.status).toBe('redirect')
    const id = started.transaction_id as string
    expect((await transaction(login, id)).requisite).toBe('DE89 ···· 3000')
    expect((await post(login, `/sandbox/pay/${id}`, { outcome: 'success' })).headers.location).toBe(`/cashier/paysuccess/${id}`)
    expect(await transaction(login, id)).toMatchObject({ status: 'success', fee: { amount: '20.00', currency: 'MXN' } })
    expect(Number(await balance(login))).toBeCloseTo(before + 480, 2)
  })

  it('bitcoin for a fiat player: the amount in euros, the coin amount at the rate and an address, settled from the phone page by the signed webhook', async () => {
    const login = 'demo-de@example.com'
    expect(await currencyOf(login)).toBe('EUR')
    const before = Number(await balance(login))
    const method = await methodOf(login, 'bitcoin')
    expect(method.limits).toEqual([{ currency: 'EUR', min: '20.00', max: '5000.00' }])
    const started = (await deposit(login, 'bitcoin', '100', {})).json().data
    expect(started.status).toBe('mobile')
    const id = started.transaction_id as string
    // 100 EUR / 0.92 EUR per USD × 0.0000155 BTC per USD = 0.00168478… BTC, rounded up to the satoshi.
    expect(started.mobile.pay_amount).toEqual({ amount: '0.00168479', currency: 'BTC' })
    expect(isBech32BitcoinAddress(started.mobile.address)).toBe(true)
    expect(started.mobile.instructions).toContain(started.mobile.address)
    expect(started.mobile.deep_link).toContain(`/sandbox/phone/${id}?code=`)
    // The page keeps the hand-off: paymobile shows it after a reload too.
    expect((await transaction(login, id)).mobile).toEqual(started.mobile)

    // The phone page has no session; the one-time code is its proof.
    const phone = new URL(started.mobile.deep_link, 'http://x')
    const url = `${phone.pathname}${phone.search}`
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/phone/${id}?code=${'A'.repeat(24)}` })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/phone/${id}` })).statusCode).toBe(404)
    const shown = await t.app.inject({ method: 'GET', url })
    expect(shown.statusCode).toBe(200)
    expect(shown.body).toContain('0.00168479 BTC')
    expect(await balance(login)).toBe(before.toFixed(2))
    const wrongCode = await post(null, `/sandbox/phone/${id}`, { code: 'B'.repeat(24), decision: 'confirm' })
    expect(wrongCode.statusCode).toBe(404)
    const confirmed = await post(null, `/sandbox/phone/${id}`, { code: codeOf(started.mobile.deep_link), decision: 'confirm' })
    expect(confirmed.body).toContain('data-testid="sandbox-phone-done" data-status="success"')
    expect(await transaction(login, id)).toMatchObject({ status: 'success', mobile: null })
    expect(Number(await balance(login))).toBeCloseTo(before + 100, 2)
    // Confirming again moves nothing.
    await post(null, `/sandbox/phone/${id}`, { code: codeOf(started.mobile.deep_link), decision: 'confirm' })
    expect(await entries(id)).toEqual([{ amount: 10000n, kind: 'deposit' }])
  })

  it('the hosted page\'s new-window and mobile outcomes: paynewwindow follows the payment; the phone declines', async () => {
    const login = 'demo-pt@example.com'
    const before = await balance(login)
    const first = (await deposit(login, 'card', '100', { card_number: 'new' })).json().data.transaction_id as string
    const toWindow = await post(login, `/sandbox/pay/${first}`, { outcome: 'newwindow' })
    expect(toWindow.headers.location).toBe(`/cashier/paynewwindow/${first}`)
    expect((await transaction(login, first)).status).toBe('pending')
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/pay/${first}`, headers: { cookie: await cookie(login) } })
    expect(page.body).toContain(`data-window="/sandbox/pay/${first}?window=1"`)
    await post(login, `/sandbox/pay/${first}`, { outcome: 'cancel', window: '1' })
    expect((await transaction(login, first)).status).toBe('cancelled')

    const second = (await deposit(login, 'card', '100', { card_number: 'new' })).json().data.transaction_id as string
    const toPhone = await post(login, `/sandbox/pay/${second}`, { outcome: 'mobile' })
    expect(toPhone.headers.location).toBe(`/cashier/paymobile/${second}`)
    const handed = await transaction(login, second)
    expect(handed).toMatchObject({ status: 'pending', mobile: { address: null, pay_amount: null } })
    expect(handed.mobile.deep_link).toContain(`/sandbox/phone/${second}?code=`)
    // Another player's session does not open the hand-off; only the code does.
    expect((await get('demo@example.com', 'cashier/gettransaction', { id: second })).statusCode).toBe(404)
    const declined = await post(null, `/sandbox/phone/${second}`, { code: codeOf(handed.mobile.deep_link), decision: 'decline' })
    expect(declined.body).toContain('data-status="failed"')
    expect(await transaction(login, second)).toMatchObject({ status: 'failed', failure_code: 'declined' })
    expect(await balance(login)).toBe(before)
  })

  it('webhooks on a handed-off payment: forged refused, a replay applies once, a late notice cannot undo', async () => {
    const login = 'demo@example.com'
    const before = Number(await balance(login))
    const id = (await deposit(login, 'bitcoin', '50', {})).json().data.transaction_id as string
    const event = { event_id: 'evt_mobile_0001', transaction_id: id, status: 'success' }
    const forged = await webhook(event, 'f'.repeat(64))
    expect(forged.statusCode).toBe(401)
    expect((await transaction(login, id)).status).toBe('pending')
    const results = await Promise.all([webhook(event), webhook(event), webhook(event)])
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200])
    expect(results.filter((r) => r.json().data.duplicate === false)).toHaveLength(1)
    const late = await webhook({ ...event, event_id: 'evt_mobile_0002', status: 'failed' })
    expect(late.json().data).toMatchObject({ changed: false, status: 'success' })
    expect(await entries(id)).toEqual([{ amount: 5000n, kind: 'deposit' }])
    expect(Number(await balance(login))).toBeCloseTo(before + 50, 2)
  })

  it('deposit offers: the player\'s verdict, exclude_methods and minimums enforced, campaign_offer_id kept', async () => {
    // A player before a first deposit (the demo players have theirs from the seed).
    const login = await registerApiPlayer(t.app, { prefix: 'offers-', currency: 'USD', countryCode: 'US', ip: '10.49.1.1' })
    type Offer = { id: number; trigger: { user_satisfies_params: boolean; params: { exclude_methods: string[]; min_amount?: { amount: string }[] } }; description: { title: string } }
    const offers = async (who: string | null, locale = 'en') => (await get(who, 'cashier/getdepositoffers', { locale })).json().data.offers as Offer[]
    const first = await offers(login)
    const welcome = first.find((o) => o.trigger.params.exclude_methods.includes('bitcoin'))!
    const reload = first.find((o) => o !== welcome && o.trigger.params.min_amount)!
    expect(welcome.trigger.user_satisfies_params).toBe(true)
    expect(reload.trigger.user_satisfies_params).toBe(false)
    expect((await offers(null)).every((o) => o.trigger.user_satisfies_params)).toBe(true)
    expect((await offers(login, 'de'))[0]!.description.title).not.toBe(first[0]!.description.title)

    const excluded = await deposit(login, 'bitcoin', '50', {}, String(welcome.id))
    expect(excluded.json().error).toMatchObject({ code: 'offer_not_applicable', invalid_parameters: { campaign_offer_id: ['invalid'] } })
    const below = await deposit(login, 'card', '15', { card_number: 'new' }, String(welcome.id))
    expect(below.json().error.code).toBe('offer_not_applicable')
    const notYet = await deposit(login, 'card', '50', { card_number: 'new' }, String(reload.id))
    expect(notYet.json().error.code).toBe('offer_not_applicable')
    expect((await deposit(login, 'card', '50', { card_number: 'new' }, '999999')).json().error.code).toBe('offer_not_applicable')

    const ok = (await deposit(login, 'card', '50', { card_number: 'new' }, String(welcome.id))).json().data
    expect((await transaction(login, ok.transaction_id)).campaign_offer_id).toBe(welcome.id)
    await post(login, `/sandbox/pay/${ok.transaction_id}`, { outcome: 'success' })
    const after = await offers(login)
    expect(after.find((o) => o.id === welcome.id)!.trigger.user_satisfies_params).toBe(false)
    expect(after.find((o) => o.id === reload.id)!.trigger.user_satisfies_params).toBe(true)
    expect((await deposit(login, 'card', '50', { card_number: 'new' }, String(welcome.id))).json().error.code).toBe('offer_not_applicable')
  })

  it('withdrawals: a bitcoin address is checked; an e-wallet payout keeps the fee', async () => {
    const login = 'demo@example.com'
    const withdraw = (address: string) => players.withdraw(login, '25', { method: 'bitcoin', requisites: { wallet_address: address } })
    for (const bad of ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'not-an-address', '0x52908400098527886E0F7030069857D2E4169EE7']) {
      expect((await withdraw(bad)).json().error, bad).toMatchObject({ code: 'invalid_requisites', invalid_parameters: { wallet_address: ['cryptoAddress'] } })
    }
    const ok = await withdraw('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')
    expect(ok.statusCode).toBe(200)
    expect(ok.json().data.withdrawal).toMatchObject({ amount: { amount: '25.00', currency: 'USD' }, requisite: 'bc1qw5…f3t4' })
  })
})
