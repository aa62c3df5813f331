import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS, openTestDatabase, type TestDatabase } from '../../test/harness'
import { createSession } from '../session/sessions'
import { playerBalances } from './balances'
import { assertLedgerInvariant } from './invariant'
import { ensureWallet, postEntry } from './ledger'
import { lossLimitsState, playHour, setLossLimit } from './loss-limits'
import { credit, debit, rollback, type WalletOptions } from './seamless'

// Loss limits held by the wallet itself (docs/payments.md#loss-limits): a stake from the main
// balance that could take the net loss over a window past a limit is declined, stored and
// replayed as any declined stake; wins, refunds and rollbacks lower the net loss; bonus money and
// play money are not counted.

const HOUR = 3_600_000
const DAY = 24 * HOUR

describe.each(BACKENDS)('loss limits in the seamless wallet on %s', (backend) => {
  let database: TestDatabase
  let seq = 0
  const provider = 'lossgames'
  const tx = (label: string) => `${label}-${++seq}`

  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterEach(async () => {
    database.clock.now = null
    await assertLedgerInvariant(database.db)
  })
  afterAll(() => database?.close())

  const now = () => database.clock.now ?? new Date()
  const options = (): WalletOptions => ({ now: now(), sessionPolicy: database.config.session })

  async function newPlayer(balances: { main: bigint; bonus?: bigint } = { main: 100_00n }) {
    const login = `loss-${backend}-${++seq}@example.com`
    const { id } = await database.db.insertInto('accounts').values({ login, email: login, password_hash: 'x', locale: 'en', currency: 'USD' }).returning('id').executeTakeFirstOrThrow()
    await database.db.transaction().execute(async (trx) => {
      for (const kind of ['main', 'bonus', 'fun'] as const) {
        const walletId = await ensureWallet(trx, id, 'USD', kind)
        const amount = kind === 'fun' ? 1000_00n : (balances[kind] ?? 0n)
        if (amount) await postEntry(trx, { walletId, amount, kind: 'adjustment', idempotencyKey: `test:${login}:${kind}`, ref: null })
      }
    })
    const { session } = await createSession(database.db, { playerId: id, now: now(), policy: database.config.session })
    return { id, sessionId: session.id }
  }
  type Player = Awaited<ReturnType<typeof newPlayer>>
  /** Logged in again after the clock moved on: a stake needs a live session. */
  const relogged = async (p: Player): Promise<Player> => ({ id: p.id, sessionId: (await createSession(database.db, { playerId: p.id, now: now(), policy: database.config.session })).session.id })

  const bet = (p: Player, amount: string, transactionId = tx('bet'), extra: Partial<Parameters<typeof debit>[1]> = {}) =>
    debit(database.db, { provider, transactionId, playerId: p.id, currency: 'USD', amount, sessionId: p.sessionId, ...extra }, options())
  const pay = (p: Player, amount: string, extra: Partial<Parameters<typeof credit>[1]> = {}) =>
    credit(database.db, { provider, transactionId: tx('win'), playerId: p.id, currency: 'USD', amount, ...extra }, options())
  const limit = (p: Player, period: 1 | 7 | 14 | 30, amount: bigint) => setLossLimit(database.db, p.id, { period, limitAmount: amount }, now())
  const main = async (p: Player) => (await playerBalances(database.db, p.id))!.minor.main

  it('declines the stake that could pass the limit, stores the refusal and replays it', async () => {
    const p = await newPlayer()
    await limit(p, 1, 20_00n)
    expect((await bet(p, '15.00')).answer.status).toBe('ok')
    const refused = await bet(p, '6.00', 'over-the-limit')
    expect(refused.answer).toMatchObject({ status: 'declined', errorCode: 'loss_limit_exceeded', lossLimit: { available: '5.00', periodDays: 1 } })
    expect(refused.answer.parts).toEqual({})
    expect(await main(p)).toBe(85_00n)
    // The same request again is the same answer, even after the limit would let it through.
    await pay(p, '10.00')
    const again = await bet(p, '6.00', 'over-the-limit')
    expect(again.replayed).toBe(true)
    expect(again.answer.status).toBe('declined')
    // A win paid back lowers the net loss: 15 - 10 = 5 of 20, so 15 more may be staked.
    expect((await bet(p, '15.00')).answer.status).toBe('ok')
    expect((await bet(p, '0.01')).answer).toMatchObject({ status: 'declined', errorCode: 'loss_limit_exceeded', lossLimit: { available: '0.00' } })
    const state = await lossLimitsState(database.db, p.id, now())
    expect(state.binding).toMatchObject({ periodDays: 1, amount: 20_00n, used: 20_00n, available: 0n })
  })

  it('the lowest of several limits binds, each over its own window, and an hour leaves the window a period after it ends', async () => {
    const t0 = new Date(Math.floor(Date.now() / HOUR) * HOUR + 10 * 60_000)
    database.clock.now = t0
    let p = await newPlayer()
    await limit(p, 1, 30_00n)
    await limit(p, 7, 50_00n)
    expect((await bet(p, '30.00')).answer.status).toBe('ok')
    expect((await bet(p, '1.00')).answer).toMatchObject({ errorCode: 'loss_limit_exceeded', lossLimit: { periodDays: 1, available: '0.00' } })
    // A day later the stake's hour is still partly in the window (never shorter than asked) ...
    database.clock.now = new Date(t0.getTime() + DAY)
    p = await relogged(p)
    expect((await bet(p, '1.00')).answer.errorCode).toBe('loss_limit_exceeded')
    // ... and once its hour has left, the daily limit frees; the weekly one still counts the 30.
    database.clock.now = new Date(playHour(t0).getTime() + HOUR + DAY + 1)
    p = await relogged(p)
    expect((await bet(p, '21.00')).answer).toMatchObject({ errorCode: 'loss_limit_exceeded', lossLimit: { periodDays: 7, available: '20.00' } })
    expect((await bet(p, '20.00')).answer.status).toBe('ok')
    const state = await lossLimitsState(database.db, p.id, now())
    expect(state.limits.map((l) => [l.periodDays, l.used, l.available])).toEqual([
      [1, 20_00n, 10_00n],
      [7, 50_00n, 0n],
    ])
    // The weekly window frees when the first hour it counts leaves it.
    expect(state.binding!.expiresAt.toISOString()).toBe(new Date(playHour(t0).getTime() + HOUR + 7 * DAY).toISOString())
  })

  it('counts real money from the main balance only: bonus money and play money stake freely', async () => {
    const p = await newPlayer({ main: 10_00n, bonus: 50_00n })
    await limit(p, 1, 5_00n)
    // The stake order takes main first: 10 from main would pass the limit of 5.
    expect((await bet(p, '12.00')).answer.errorCode).toBe('loss_limit_exceeded')
    expect((await bet(p, '5.00')).answer.status).toBe('ok')
    // Main is at 5 and the limit spent: a stake from the bonus balance alone is no loss of the player's money.
    expect((await bet(p, '20.00', tx('bonus'), { from: ['bonus'] })).answer.status).toBe('ok')
    expect((await bet(p, '100.00', tx('fun'), { mode: 'fun' })).answer.status).toBe('ok')
    // A deposit or a bonus paid into main is not play paying back.
    await pay(p, '50.00', { kind: 'deposit' })
    await pay(p, '50.00', { kind: 'bonus' })
    expect((await bet(p, '1.00')).answer.errorCode).toBe('loss_limit_exceeded')
  })

  it('a rollback gives the stake back to the limit too', async () => {
    const p = await newPlayer()
    await limit(p, 1, 10_00n)
    const stake = tx('stake')
    expect((await bet(p, '10.00', stake)).answer.status).toBe('ok')
    expect((await bet(p, '1.00')).answer.errorCode).toBe('loss_limit_exceeded')
    await rollback(database.db, { provider, transactionId: tx('rb'), playerId: p.id, currency: 'USD', referenceTransactionId: stake }, options())
    expect((await bet(p, '10.00')).answer.status).toBe('ok')
    expect(await main(p)).toBe(90_00n)
  })

  it('a lower limit holds at once; a higher one, or a removal, only after 24 hours', async () => {
    const t0 = new Date()
    database.clock.now = t0
    let p = await newPlayer()
    await limit(p, 1, 10_00n)
    expect((await bet(p, '8.00')).answer.status).toBe('ok')
    await limit(p, 1, 5_00n)
    expect((await bet(p, '1.00')).answer.errorCode).toBe('loss_limit_exceeded')
    const raised = await limit(p, 1, 100_00n)
    expect(raised.binding).toMatchObject({ amount: 5_00n, scheduled: { amount: 100_00n } })
    expect((await bet(p, '1.00')).answer.errorCode).toBe('loss_limit_exceeded')
    database.clock.now = new Date(t0.getTime() + DAY + 1000)
    p = await relogged(p)
    // The raise is due; the 8 staked yesterday left the window with its hour or is still counted, never more.
    expect((await bet(p, '50.00')).answer.status).toBe('ok')
  })

  it('stakes sent together in one batch never pass the limit together', async () => {
    const p = await newPlayer()
    await limit(p, 1, 10_00n)
    const answers = await Promise.all(Array.from({ length: 12 }, () => bet(p, '1.00')))
    expect(answers.filter((r) => r.answer.status === 'ok')).toHaveLength(10)
    expect(answers.filter((r) => r.answer.errorCode === 'loss_limit_exceeded')).toHaveLength(2)
    expect(await main(p)).toBe(90_00n)
  })
})
