import { describe, expect, it } from 'vitest'
import { CURRENCY_EXPONENTS } from '../../src/shared/money'
import { formatMoney } from '../../src/shared/format'
import { createSession } from '../domain/session/sessions'
import { SESSION_COOKIE } from '../http/session'
import { PGLITE_ONLY, useTestApp } from '../test/harness'

describe.each(PGLITE_ONLY)('account balance and currency calls on %s', (backend) => {
  const t = useTestApp(backend)


  async function cookie(login: string): Promise<string> {
    const player = await t.database.db.selectFrom('accounts').select('id').where('login', '=', login).executeTakeFirstOrThrow()
    const { token } = await createSession(t.database.db, { playerId: player.id, now: t.database.clock.now ?? new Date(), policy: t.database.config.session })
    return `${SESSION_COOKIE}=${token}`
  }
  const get = (call: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/account/${call}`, headers })
  const post = (call: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/account/${call}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(body).toString(),
    })

  it('getBalance answers the four balances of a player in their currency', async () => {
    const res = await get('getBalance', { cookie: await cookie('demo-es@example.com') })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({
      balance_main: { amount: '1000.00', currency: 'MXN' },
      balance_bonus: { amount: '25.00', currency: 'MXN' },
      balance_betting_bonus: { amount: '10.00', currency: 'MXN' },
      balance_fun: { amount: '5000.00', currency: 'MXN' },
    })
  })

  it('getBalance refuses a visitor', async () => {
    const res = await get('getBalance')
    expect(res.statusCode).toBe(401)
    expect(res.json().error).toMatchObject({ type: 'AuthorizationException', code: 'not_logged_in' })
  })

  it('getcurrencyrates lists the available currencies with exponent and rate against USD', async () => {
    const res = await get('getcurrencyrates')
    expect(res.statusCode).toBe(200)
    const { base, rates } = res.json().data as { base: string; rates: { currency: string; exponent: number; rate: string }[] }
    expect(base).toBe('USD')
    expect(rates.map((r) => r.currency).sort()).toEqual(['BRL', 'BTC', 'EUR', 'JPY', 'MXN', 'USD'])
    expect(rates.find((r) => r.currency === 'USD')).toEqual({ currency: 'USD', exponent: 2, rate: '1' })
    expect(rates.find((r) => r.currency === 'EUR')!.rate).toBe('0.92')
    // The t.database and the shared table agree on every exponent, so the browser shows what the server keeps.
    for (const r of rates) expect(CURRENCY_EXPONENTS[r.currency as keyof typeof CURRENCY_EXPONENTS]).toBe(r.exponent)
  })

  it('amounts are shown with the currency\'s minor units', async () => {
    const { rates } = (await get('getcurrencyrates')).json().data as { rates: { currency: string; exponent: number }[] }
    for (const { currency, exponent } of rates) {
      const shown = formatMoney(exponent ? `1.${'0'.repeat(exponent - 1)}1` : '1', currency, 'en')
      const digits = shown.replace(/[^\d.]/g, '').split('.')[1] ?? ''
      expect(digits.length, `${currency} shows ${shown}`).toBe(exponent)
    }
  })

  it('setCurrency switches the player\'s currency, keeping the old balances in their own wallets', async () => {
    const headers = { cookie: await cookie('demo-de@example.com') }
    const res = await post('setCurrency', { currency: 'JPY' }, headers)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({
      balance_main: { amount: '0', currency: 'JPY' },
      balance_bonus: { amount: '0', currency: 'JPY' },
      balance_betting_bonus: { amount: '0', currency: 'JPY' },
      balance_fun: { amount: '0', currency: 'JPY' },
    })
    const info = (await get('getInfo', headers)).json().data
    expect(info.balance_main).toEqual({ amount: '0', currency: 'JPY' })
    const back = await post('setCurrency', { currency: 'EUR' }, headers)
    expect(back.json().data.balance_main).toEqual({ amount: '1000.00', currency: 'EUR' })
  })

  it('setCurrency refuses an unavailable currency with a field error, and a visitor', async () => {
    const res = await post('setCurrency', { currency: 'GBP' }, { cookie: await cookie('demo-pt@example.com') })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { currency: ['unavailable'] } })
    expect((await post('setCurrency', { currency: 'EUR' })).statusCode).toBe(401)
  })

  it('setCurrency refuses while a deposit limit binds the current currency, until its removal has cooled off', async () => {
    const t0 = new Date()
    t.database.clock.now = t0
    try {
      const headers = { cookie: await cookie('demo@example.com') }
      expect((await post('setDepositLimit', { period: '7', limit_amount: '100' }, headers)).statusCode).toBe(200)
      const refused = await post('setCurrency', { currency: 'EUR' }, headers)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error).toMatchObject({ type: 'InvalidRequestException', code: 'currency_locked_by_deposit_limit' })
      expect((await get('getInfo', headers)).json().data.balance_main.currency).toBe('USD')
      // Asking for the currency the player already has changes nothing and is never refused.
      expect((await post('setCurrency', { currency: 'USD' }, headers)).json().data.balance_main.currency).toBe('USD')
      // Removing the limit is a raise: it waits out the cooling-off, and so does the switch.
      expect((await post('setDepositLimit', { period: 'none' }, headers)).json().data.scheduled).toMatchObject({ period: 'none' })
      expect((await post('setCurrency', { currency: 'EUR' }, headers)).json().error.code).toBe('currency_locked_by_deposit_limit')
      t.database.clock.now = new Date(t0.getTime() + 25 * 3_600_000)
      const later = { cookie: await cookie('demo@example.com') }
      const switched = await post('setCurrency', { currency: 'EUR' }, later)
      expect(switched.statusCode).toBe(200)
      expect(switched.json().data.balance_main.currency).toBe('EUR')
      expect((await post('setCurrency', { currency: 'USD' }, later)).statusCode).toBe(200)
    } finally {
      t.database.clock.now = null
    }
  })

  it('setCurrency refuses while a withdrawal is pending or approved, and allows it once paid out', async () => {
    const headers = { cookie: await cookie('demo-es@example.com') }
    const player = await t.database.db.selectFrom('accounts').select('id').where('login', '=', 'demo-es@example.com').executeTakeFirstOrThrow()
    const method = await t.database.db.selectFrom('payment_methods').select('id').orderBy('id').executeTakeFirstOrThrow()
    await t.database.db
      .insertInto('payment_transactions')
      .values({ id: 'ptx_open_withdrawal', player_id: player.id, type: 'withdrawal', status: 'approved', method_id: method.id, provider: 'sandbox', currency: 'MXN', amount: 20000n, idempotency_key: 'open-withdrawal', request_hash: '0'.repeat(64) })
      .execute()
    const refused = await post('setCurrency', { currency: 'USD' }, headers)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toMatchObject({ type: 'InvalidRequestException', code: 'currency_locked_by_pending_withdrawal' })
    await t.database.db.updateTable('payment_transactions').set({ status: 'success' }).where('id', '=', 'ptx_open_withdrawal').execute()
    expect((await post('setCurrency', { currency: 'USD' }, headers)).json().data.balance_main.currency).toBe('USD')
    expect((await post('setCurrency', { currency: 'MXN' }, headers)).json().data.balance_main).toEqual({ amount: '1000.00', currency: 'MXN' })
  })
})
