import { describe, expect, it } from 'vitest'
import { addDecimals, toMinor } from '../../src/shared/money'
import { paymentStatus } from '../../src/shared/payment-status'
import { ensureWallet, postEntry } from '../domain/wallet/ledger'
import { createSession } from '../domain/session/sessions'
import { SESSION_COOKIE } from '../http/session'
import { BACKENDS, useTestApp } from '../test/harness'
import { SEED_PLAYERS } from './data'
import { DEMO_DEPOSIT_CARD, seedDemoDeposits } from './payments'
import { seedIfEmpty } from './seed'

interface Row {
  id: string
  type: string
  status: 'pending' | 'approved' | 'success' | 'failed' | 'cancelled'
  failure_code?: string | null
  amount: { amount: string; currency: string }
  method: { sysname: string; name: string } | null
}

// The demo players' balances are made of what their history lists: card deposits settled as a
// player's deposit is, and bonuses. A balance with no rows behind it ("1,035" and "No
// transactions") is what this guards against.
describe.each(BACKENDS)('the seed on %s', (backend) => {
  const t = useTestApp(backend)

  async function cookie(login: string) {
    const player = await t.database.db.selectFrom('accounts').select('id').where('login', '=', login).executeTakeFirstOrThrow()
    const { token } = await createSession(t.database.db, { playerId: player.id, now: new Date(), policy: t.database.config.session })
    return `${SESSION_COOKIE}=${token}`
  }
  async function get(login: string, path: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/${path}`, headers: { cookie: await cookie(login) } })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  async function ledgerSum(login: string) {
    const row = await t.database.db
      .selectFrom('ledger_entries as e')
      .innerJoin('wallets as w', 'w.id', 'e.wallet_id')
      .innerJoin('accounts as a', 'a.id', 'w.player_id')
      .where('a.login', '=', login)
      .where('w.kind', 'in', ['main', 'bonus', 'betting_bonus'])
      .select((eb) => eb.fn.sum<string>('e.amount').as('total'))
      .executeTakeFirstOrThrow()
    return BigInt(row.total ?? 0)
  }
  async function state(login: string) {
    const info = await get(login, 'account/getInfo')
    const balance = addDecimals([info.balance_main.amount, info.balance_bonus.amount, info.balance_betting_bonus.amount])
    const history = await get(login, 'cashier/gethistory?count=100')
    return { info, balance, history: history as { items: Row[]; total: number } }
  }

  it.each(SEED_PLAYERS.map((p) => [p.login, p] as const))('%s: the balance is the sum of the completed rows of the history and of the ledger', async (login, player) => {
    const { info, balance, history } = await state(login)
    const currency = info.balance_main.currency as string
    expect(currency).toBe(player.currency)
    const completed = history.items.filter((row) => paymentStatus(row) === 'completed')
    expect(completed.length).toBe(history.total)
    expect(toMinor(addDecimals(completed.map((row) => row.amount.amount)), currency)).toBe(toMinor(balance, currency))
    expect(await ledgerSum(login)).toBe(toMinor(balance, currency))
    // The main balance is the deposits, each a completed card deposit with its method.
    const deposits = history.items.filter((row) => row.type === 'deposit')
    expect(deposits.map((row) => row.amount.amount).sort()).toEqual([...player.deposits].sort())
    expect(deposits.every((row) => row.status === 'success' && row.method?.sysname === 'card')).toBe(true)
    expect(toMinor(addDecimals(deposits.map((row) => row.amount.amount)), currency)).toBe(toMinor(info.balance_main.amount, currency))
    // Each opens as a receipt: a real payment transaction, card and all.
    const receipt = await get(login, `cashier/gettransaction?id=${deposits[0]!.id}`)
    expect(receipt).toMatchObject({ type: 'deposit', status: 'success', requisite: DEMO_DEPOSIT_CARD, fee: { amount: '0.00' } })
    // The bonus balances are bonuses in the history too.
    const bonuses = history.items.filter((row) => row.type === 'bonus').map((row) => row.amount.amount)
    expect(bonuses.sort()).toEqual([player.balances.betting_bonus, player.balances.bonus].sort())
  })

  it('seeding again adds nothing: each deposit has its key', async () => {
    const before = await Promise.all(SEED_PLAYERS.map((p) => state(p.login)))
    const payments = await t.database.db.selectFrom('payment_transactions').select('id').execute()
    expect(await seedIfEmpty(t.database.db, t.database.config)).toBe(false)
    await seedDemoDeposits(t.database.db, SEED_PLAYERS)
    expect(await t.database.db.selectFrom('payment_transactions').select('id').execute()).toHaveLength(payments.length)
    const after = await Promise.all(SEED_PLAYERS.map((p) => state(p.login)))
    expect(after.map((s) => [s.balance, s.history.total])).toEqual(before.map((s) => [s.balance, s.history.total]))
  })

  it('a database seeded before, whose main balance was an opening adjustment, gets no deposits on top', async () => {
    const login = `legacy-${backend}@example.com`
    const { id } = await t.database.db
      .insertInto('accounts')
      .values({ login, email: login, password_hash: 'x', fakename: 'Legacy', locale: 'en', country_code: 'US', currency: 'USD', is_verified: true })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.database.db.transaction().execute(async (trx) => {
      const walletId = await ensureWallet(trx, id, 'USD', 'main')
      await postEntry(trx, { walletId, amount: 100000n, kind: 'adjustment', idempotencyKey: `seed:${login}:USD:main`, ref: 'opening balance' })
    })
    await seedDemoDeposits(t.database.db, [{ ...SEED_PLAYERS[0]!, login, email: login }])
    expect(await t.database.db.selectFrom('payment_transactions').select('id').where('player_id', '=', id).execute()).toEqual([])
    // Its opening balance is listed as what it is, so the history still explains the balance.
    const history = await get(login, 'cashier/gethistory')
    expect(history.items).toMatchObject([{ type: 'adjustment', status: 'success', amount: { amount: '1000.00', currency: 'USD' } }])
  })
})
