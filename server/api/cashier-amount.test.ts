import { describe, expect, it } from 'vitest'
import { apiPlayers, paymentCounts, type ApiPlayer } from '../test/api-player'
import { useTestApp } from '../test/harness'

// Deposit and withdrawal amounts are whole (SPEC §5 'Sum'), read in the request's locale by the
// parser the forms use (src/shared/whole-amount.ts): a decimal in any notation is a typed 400
// naming the rule, and nothing is stored; "10,5" in es is never 105, "1.000" in en never 1.

describe('cashier amounts are whole, in the request locale', () => {
  const t = useTestApp('pglite')
  const cashier = apiPlayers(t, 47, 'whole-')
  const { newPlayer, get } = cashier

  const counts = () => paymentCounts(t.database.db)
  const deposit = (player: ApiPlayer, amount: string, locale: string) => cashier.deposit(player, amount, { locale })
  // The German demo player: EUR with a balance of 1000.
  const demoDe = async (): Promise<ApiPlayer> =>
    ({ id: (await t.database.db.selectFrom('accounts').select('id').where('login', '=', 'demo-de@example.com').executeTakeFirstOrThrow()).id })
  const withdraw = (player: ApiPlayer, amount: string, locale: string) => cashier.withdraw(player, amount, { currency: 'EUR', locale })

  const REFUSED: [amount: string, locale: string, reason: string][] = [
    ['10.5', 'en', 'decimal'],
    ['10.50', 'en', 'decimal'],
    ['10,5', 'es', 'decimal'],
    ['10,5', 'pt', 'decimal'],
    ['10,5', 'de', 'decimal'],
    ['10,5', 'en', 'grouping'],
    ['1e3', 'en', 'notation'],
    ['1E3', 'es', 'notation'],
    ['1,000', 'es', 'decimal'],
    ['1.000', 'en', 'decimal'],
    ['１００', 'en', 'characters'],
    ['<script>', 'en', 'characters'],
    ['0100', 'en', 'leadingZero'],
  ]

  it('a deposit of no whole amount is a typed 400 naming the rule, and nothing is stored', async () => {
    const player = await newPlayer()
    const before = await counts()
    for (const [amount, locale, reason] of REFUSED) {
      const res = await deposit(player, amount, locale)
      expect(res.statusCode, `${amount} ${locale}`).toBe(400)
      expect(res.json().error, `${amount} ${locale}`).toMatchObject({
        type: 'InvalidParameterException',
        code: 'amount_not_whole',
        invalid_parameters: { amount: ['wholeAmount'] },
        error_data: { reason },
      })
    }
    expect(await counts()).toEqual(before)
  })

  it('a deposit grouped as its locale groups is that many units: "1.000" in es and "1,000" in en are a thousand', async () => {
    const player = await newPlayer()
    for (const [amount, locale] of [['1.000', 'es'], ['1,000', 'en'], [' 1000 ', 'de']] as const) {
      const res = await deposit(player, amount, locale)
      expect(res.statusCode, res.body).toBe(200)
      const id = res.json().data.transaction_id as string
      const tx = (await get(player, `cashier/gettransaction?id=${encodeURIComponent(id)}`)).json().data
      expect(tx.amount, `${amount} ${locale}`).toEqual({ amount: '1000.00', currency: 'USD' })
    }
  })

  it('a withdrawal of no whole amount is a typed 400 naming the rule, and nothing is reserved', async () => {
    const player = await demoDe()
    const balance = async () => (await get(player, 'account/getBalance')).json().data.balance_main
    const was = await balance()
    const before = await counts()
    for (const [amount, locale, reason] of REFUSED) {
      const res = await withdraw(player, amount, locale)
      expect(res.statusCode, `${amount} ${locale}`).toBe(400)
      expect(res.json().error, `${amount} ${locale}`).toMatchObject({ code: 'amount_not_whole', invalid_parameters: { amount: ['wholeAmount'] }, error_data: { reason } })
    }
    expect(await counts()).toEqual(before)
    expect(await balance()).toEqual(was)
    // "1.000" in de is a thousand, reserved whole; never a withdrawal of 1.
    expect(was).toEqual({ amount: '1000.00', currency: 'EUR' })
    const thousand = await withdraw(player, '1.000', 'de')
    expect(thousand.statusCode, thousand.body).toBe(200)
    expect(thousand.json().data.withdrawal.amount).toEqual({ amount: '1000.00', currency: 'EUR' })
    expect(await balance()).toEqual({ amount: '0.00', currency: 'EUR' })
  })
})
