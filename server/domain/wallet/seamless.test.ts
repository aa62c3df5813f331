import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS, openTestDatabase, type TestDatabase } from '../../test/harness'
import { createSession } from '../session/sessions'
import { writeSetting } from '../settings/settings'
import { playerBalances, setPlayerCurrency } from './balances'
import { WalletError, type WalletErrorCode } from './errors'
import { assertLedgerInvariant } from './invariant'
import { ensureWallet, postEntry } from './ledger'
import { batchStats, configureBatches, credit, debit, rollback, type WalletOptions } from './seamless'
import { STAKE_ORDER_SETTING } from './stake'
import { fundedPlayer, walletOptions } from './reliability/fixtures'

describe.each(BACKENDS)('seamless wallet on %s', (backend) => {
  let database: TestDatabase
  let seq = 0
  const provider = 'testgames'
  const tx = (label: string) => `${label}-${++seq}`

  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterEach(async () => {
    await writeSetting(database.db, STAKE_ORDER_SETTING, ['main', 'bonus'])
    database.clock.now = null
    await assertLedgerInvariant(database.db)
  })
  afterAll(() => database?.close())

  const options = (): WalletOptions => ({ now: database.clock.now ?? new Date(), sessionPolicy: database.config.session })

  /** A new player funded through the ledger, with a live session. */
  async function newPlayer(currency = 'USD', balances: Record<string, bigint> = { main: 10_000n, bonus: 2_500n }) {
    const login = `wallet-${backend}-${++seq}@example.com`
    const { id } = await database.db
      .insertInto('accounts')
      .values({ login, email: login, password_hash: 'x', locale: 'en', currency })
      .returning('id')
      .executeTakeFirstOrThrow()
    await database.db.transaction().execute(async (trx) => {
      for (const kind of ['main', 'bonus', 'betting_bonus', 'fun'] as const) {
        const walletId = await ensureWallet(trx, id, currency, kind)
        const amount = balances[kind] ?? 0n
        if (amount) await postEntry(trx, { walletId, amount, kind: 'adjustment', idempotencyKey: `test:${login}:${kind}`, ref: null })
      }
    })
    const { session } = await createSession(database.db, { playerId: id, now: options().now, policy: database.config.session })
    return { id, sessionId: session.id, currency }
  }
  type Player = Awaited<ReturnType<typeof newPlayer>>

  const bet = (p: Player, amount: string, transactionId = tx('bet'), extra: Partial<Parameters<typeof debit>[1]> = {}) =>
    debit(database.db, { provider, transactionId, playerId: p.id, currency: p.currency, amount, sessionId: p.sessionId, roundId: 'r1', ...extra }, options())
  const win = (p: Player, amount: string, transactionId = tx('win'), extra: Partial<Parameters<typeof credit>[1]> = {}) =>
    credit(database.db, { provider, transactionId, playerId: p.id, currency: p.currency, amount, roundId: 'r1', ...extra }, options())
  const undo = (p: Player, referenceTransactionId: string, transactionId = tx('rb')) =>
    rollback(database.db, { provider, transactionId, playerId: p.id, currency: p.currency, referenceTransactionId, roundId: 'r1' }, options())

  const balances = async (p: Player) => (await playerBalances(database.db, p.id))!.minor

  async function walletCode(promise: Promise<unknown>): Promise<{ code: WalletErrorCode; fields: Record<string, string[]> | null }> {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(WalletError)
    return { code: (err as WalletError).code, fields: (err as WalletError).fields }
  }

  describe('stakes and wins', () => {
    it('takes a stake from main, then bonus, and pays a win into main', async () => {
      const p = await newPlayer('USD', { main: 10_000n, bonus: 2_500n })
      const first = await bet(p, '80.00')
      expect(first.replayed).toBe(false)
      expect(first.answer).toMatchObject({ status: 'ok', currency: 'USD', parts: { main: '80.00' }, balance: '45.00' })
      const second = await bet(p, '30.50')
      expect(second.answer.parts).toEqual({ main: '20.00', bonus: '10.50' })
      expect(second.answer.balances).toMatchObject({ main: '0.00', bonus: '14.50' })
      const paid = await win(p, '12.34')
      expect(paid.answer).toMatchObject({ status: 'ok', parts: { main: '12.34' }, balance: '26.84' })
      expect(await balances(p)).toMatchObject({ main: 1_234n, bonus: 1_450n })
    })

    it('follows the stake-order setting: bonus first, or main only', async () => {
      const p = await newPlayer('USD', { main: 1_000n, bonus: 1_000n })
      await writeSetting(database.db, STAKE_ORDER_SETTING, ['bonus', 'main'])
      expect((await bet(p, '15.00')).answer.parts).toEqual({ bonus: '10.00', main: '5.00' })
      await writeSetting(database.db, STAKE_ORDER_SETTING, ['main'])
      const q = await newPlayer('USD', { main: 1_000n, bonus: 1_000n })
      const declined = await bet(q, '15.00')
      expect(declined.answer).toMatchObject({ status: 'declined', errorCode: 'insufficient_funds', balance: '10.00' })
    })

    it('accepts a zero win that closes a losing round, and refuses a zero stake', async () => {
      const p = await newPlayer()
      const closed = await win(p, '0')
      expect(closed.answer).toMatchObject({ status: 'ok', parts: {} })
      expect(await walletCode(bet(p, '0'))).toEqual({ code: 'invalid_amount', fields: { amount: ['zero'] } })
    })

    it('plays fun money from the fun balance only', async () => {
      const p = await newPlayer('USD', { main: 10_000n, fun: 500n })
      const staked = await bet(p, '5.00', tx('fun'), { mode: 'fun' })
      expect(staked.answer).toMatchObject({ status: 'ok', parts: { fun: '5.00' }, balance: '0.00' })
      expect((await bet(p, '0.01', tx('fun'), { mode: 'fun' })).answer.status).toBe('declined')
      expect((await win(p, '1.00', tx('funwin'), { mode: 'fun' })).answer.parts).toEqual({ fun: '1.00' })
      expect(await balances(p)).toMatchObject({ main: 10_000n, fun: 100n })
    })

    it('declines a stake larger than the balances, stores the answer and moves nothing', async () => {
      const p = await newPlayer('USD', { main: 100n, bonus: 0n })
      const id = tx('big')
      const declined = await bet(p, '1.01', id)
      expect(declined.answer).toMatchObject({ status: 'declined', errorCode: 'insufficient_funds', balance: '1.00' })
      await win(p, '100.00')
      // The retry gets the first answer even though the player could now afford it.
      const again = await bet(p, '1.01', id)
      expect(again).toEqual({ answer: declined.answer, replayed: true })
      expect((await balances(p)).main).toBe(10_100n)
    })
  })

  describe('idempotency', () => {
    it('answers a repeated request with the first answer and moves money once', async () => {
      const p = await newPlayer()
      const id = tx('bet')
      const first = await bet(p, '10.00', id)
      await bet(p, '1.00')
      const again = await bet(p, '10.00', id)
      expect(again.replayed).toBe(true)
      expect(again.answer).toEqual(first.answer)
      const winId = tx('win')
      const paid = await win(p, '3.00', winId)
      expect(await win(p, '3.00', winId)).toEqual({ answer: paid.answer, replayed: true })
      expect((await balances(p)).main).toBe(10_000n - 1_000n - 100n + 300n)
    })

    it('refuses the same transaction id with a different body', async () => {
      const p = await newPlayer()
      const id = tx('bet')
      await bet(p, '10.00', id)
      expect((await walletCode(bet(p, '10.01', id))).code).toBe('idempotency_conflict')
      expect((await walletCode(bet(p, '10.00', id, { roundId: 'other-round' }))).code).toBe('idempotency_conflict')
      expect((await walletCode(win(p, '10.00', id))).code).toBe('idempotency_conflict')
      const q = await newPlayer()
      expect((await walletCode(bet(q, '10.00', id))).code).toBe('idempotency_conflict')
      expect((await balances(p)).main).toBe(9_000n)
    })

    it('treats the same amount written differently as the same request', async () => {
      const p = await newPlayer()
      const id = tx('bet')
      const first = await bet(p, '10.5', id)
      expect((await bet(p, '10.50', id)).answer).toEqual(first.answer)
    })
  })

  describe('rollbacks', () => {
    it('gives back exactly what the stake took from each balance, once', async () => {
      const p = await newPlayer('USD', { main: 1_000n, bonus: 1_000n })
      const id = tx('bet')
      await bet(p, '15.00', id)
      const undone = await undo(p, id)
      expect(undone.answer).toMatchObject({ status: 'ok', parts: { main: '10.00', bonus: '5.00' }, balance: '20.00' })
      const other = await undo(p, id)
      expect(other.answer).toMatchObject({ status: 'ok', parts: {} })
      expect(await balances(p)).toMatchObject({ main: 1_000n, bonus: 1_000n })
      // The debit's own replay still answers as it first did.
      expect((await bet(p, '15.00', id)).answer.status).toBe('ok')
      expect(await balances(p)).toMatchObject({ main: 1_000n, bonus: 1_000n })
    })

    it('stores a rollback that comes before its debit; the debit then moves nothing and answers rolled back', async () => {
      const p = await newPlayer()
      const id = tx('late-bet')
      const rbId = tx('rb')
      const early = await undo(p, id, rbId)
      expect(early.answer).toMatchObject({ status: 'ok', parts: {} })
      const late = await bet(p, '50.00', id)
      expect(late.answer).toMatchObject({ status: 'rolled_back', parts: {}, balances: { main: '100.00' } })
      expect((await bet(p, '50.00', id)).answer).toEqual(late.answer)
      expect(await undo(p, id, rbId)).toEqual({ answer: early.answer, replayed: true })
      expect((await balances(p)).main).toBe(10_000n)
    })

    it('answers a rollback of a declined stake without moving money', async () => {
      const p = await newPlayer('USD', { main: 100n })
      const id = tx('bet')
      expect((await bet(p, '5.00', id)).answer.status).toBe('declined')
      expect((await undo(p, id)).answer).toMatchObject({ status: 'ok', parts: {} })
      expect((await balances(p)).main).toBe(100n)
    })

    it('refuses to roll back a win, or another player\'s stake', async () => {
      const p = await newPlayer()
      const winId = tx('win')
      await win(p, '5.00', winId)
      expect((await walletCode(undo(p, winId))).code).toBe('not_rollbackable')
      const betId = tx('bet')
      await bet(p, '5.00', betId)
      const q = await newPlayer()
      expect((await walletCode(undo(q, betId))).code).toBe('transaction_mismatch')
    })
  })

  describe('sessions', () => {
    it('needs a live session for a stake, but takes wins and rollbacks after it expired', async () => {
      const p = await newPlayer()
      const id = tx('bet')
      await bet(p, '10.00', id)
      database.clock.now = new Date(Date.now() + database.config.session.idleTimeoutMs + 1_000)
      expect((await walletCode(bet(p, '1.00'))).code).toBe('session_expired')
      expect((await win(p, '25.00')).answer.status).toBe('ok')
      expect((await undo(p, id)).answer.parts).toEqual({ main: '10.00' })
      expect((await balances(p)).main).toBe(12_500n)
    })

    it('refuses a stake without a session or with another player\'s', async () => {
      const p = await newPlayer()
      const q = await newPlayer()
      expect((await walletCode(bet(p, '1.00', tx('bet'), { sessionId: null }))).code).toBe('session_expired')
      expect((await walletCode(bet(p, '1.00', tx('bet'), { sessionId: q.sessionId }))).code).toBe('session_expired')
    })

    it('refuses a blocked player\'s stake but still pays them', async () => {
      const p = await newPlayer()
      await database.db.updateTable('accounts').set({ banned_at: new Date() }).where('id', '=', p.id).execute()
      expect((await walletCode(bet(p, '1.00'))).code).toBe('player_blocked')
      expect((await win(p, '1.00')).answer.status).toBe('ok')
    })
  })

  describe('amounts and currencies', () => {
    it.each([
      ['1.000,50', 'locale_formatted'],
      ['1,000.50', 'locale_formatted'],
      ['12.345', 'too_many_decimals'],
      ['-1', 'negative'],
      ['abc', 'not_a_number'],
      ['1e3', 'not_a_number'],
      ['', 'required'],
      ['99999999999999999999', 'too_large'],
    ])('refuses %j with amount: %s and moves nothing', async (amount, code) => {
      const p = await newPlayer()
      expect(await walletCode(bet(p, amount))).toEqual({ code: 'invalid_amount', fields: { amount: [code] } })
      expect(await walletCode(win(p, amount))).toEqual({ code: 'invalid_amount', fields: { amount: [code] } })
      expect((await balances(p)).main).toBe(10_000n)
    })

    it('keeps each currency in its own minor units', async () => {
      const yen = await newPlayer('JPY', { main: 5_000n })
      expect((await bet(yen, '1250')).answer).toMatchObject({ parts: { main: '1250' }, balance: '3750' })
      expect(await walletCode(bet(yen, '1.5'))).toEqual({ code: 'invalid_amount', fields: { amount: ['too_many_decimals'] } })
      const btc = await newPlayer('BTC', { main: 100_000_000n })
      expect((await bet(btc, '0.00000001')).answer).toMatchObject({ balance: '0.99999999' })
    })

    it('takes stakes only in the player\'s currency, and pays wins of older rounds into their own currency', async () => {
      const p = await newPlayer('EUR', { main: 10_000n })
      expect((await walletCode(bet({ ...p, currency: 'USD' }, '1.00'))).code).toBe('currency_mismatch')
      const roundInEur = tx('bet')
      await bet(p, '10.00', roundInEur)
      const switched = await setPlayerCurrency(database.db, p.id, 'JPY')
      expect(switched.currency.code).toBe('JPY')
      expect(switched.minor).toEqual({ main: 0n, bonus: 0n, betting_bonus: 0n, fun: 0n })
      expect((await win(p, '20.00', tx('win'))).answer).toMatchObject({ currency: 'EUR', balances: { main: '110.00' } })
      expect((await undo(p, roundInEur)).answer.balances.main).toBe('120.00')
      expect((await walletCode(bet(p, '1.00'))).code).toBe('currency_mismatch')
      expect((await playerBalances(database.db, p.id))!.currency.code).toBe('JPY')
    })

    it('refuses an unknown currency or player, and a currency the site does not offer', async () => {
      const p = await newPlayer()
      expect((await walletCode(bet({ ...p, currency: 'XXX' }, '1.00'))).code).toBe('unknown_currency')
      expect((await walletCode(win({ ...p, id: 987_654_321n }, '1.00'))).code).toBe('unknown_player')
      expect((await walletCode(setPlayerCurrency(database.db, p.id, 'GBP'))).fields).toEqual({ currency: ['unavailable'] })
    })

    it('refuses malformed ids before touching anything', async () => {
      const p = await newPlayer()
      expect(await walletCode(bet(p, '1.00', ''))).toMatchObject({ code: 'invalid_request', fields: { transactionId: ['invalid'] } })
      expect((await walletCode(debit(database.db, { provider: 'Bad Provider', transactionId: 'x', playerId: p.id, currency: 'USD', amount: '1', sessionId: p.sessionId }, options()))).code).toBe('invalid_request')
    })
  })

  it('never overdraws under concurrent stakes and wins on one player', async () => {
    const p = await newPlayer('USD', { main: 1_000n, bonus: 500n })
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 3 === 2 ? win(p, '0.50') : bet(p, '1.00'))),
    )
    const stakes = results.filter((r, i) => i % 3 !== 2 && r.answer.status === 'ok').length
    const declined = results.filter((r) => r.answer.status === 'declined').length
    // 15.00 to start and 10.00 of wins cover at most 25 of the 40 stakes.
    expect(stakes).toBeLessThanOrEqual(25)
    expect(stakes + declined).toBe(40)
    const b = await balances(p)
    expect(b.main! >= 0n && b.bonus! >= 0n).toBe(true)
    expect(b.main! + b.bonus!).toBe(1_500n - BigInt(stakes) * 100n + 20n * 50n)
  })
})

describe.each(BACKENDS)('seamless wallet batches on %s', (backend) => {
  let database: TestDatabase
  let seq = 0
  const provider = 'batchgames'
  const tx = (label: string) => `${label}-${++seq}`

  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterEach(async () => {
    await assertLedgerInvariant(database.db)
  })
  afterAll(() => database?.close())

  const options = () => walletOptions(database)
  const newPlayer = (main: bigint) => fundedPlayer(database, `batch-${backend}`, { main })
  type Player = Awaited<ReturnType<typeof newPlayer>>

  const bet = (p: Player, amount: string, transactionId = tx('bet'), sessionId: string | null = p.sessionId) =>
    debit(database.db, { provider, transactionId, playerId: p.id, currency: 'USD', amount, sessionId }, options())
  const win = (p: Player, amount: string, transactionId = tx('win')) =>
    credit(database.db, { provider, transactionId, playerId: p.id, currency: 'USD', amount }, options())
  const undo = (p: Player, referenceTransactionId: string, transactionId = tx('rb')) =>
    rollback(database.db, { provider, transactionId, playerId: p.id, currency: 'USD', referenceTransactionId }, options())

  /**
   * Sends `first` and, while it runs, the rest in one tick: the rest then wait for the player's
   * batch to finish and go together in the next one. Checks that they did.
   */
  async function inOneBatch<T extends unknown[]>(first: () => Promise<unknown>, rest: () => { [K in keyof T]: Promise<T[K]> }) {
    const before = { ...batchStats }
    const lead = first()
    const settled = Promise.allSettled(rest())
    await lead
    const results = await settled
    expect(batchStats.batches - before.batches).toBe(2)
    expect(batchStats.requests - before.requests).toBe(1 + results.length)
    return results
  }

  const value = <T>(r: PromiseSettledResult<T>): T => {
    if (r.status !== 'fulfilled') throw r.reason
    return r.value
  }
  const errorCode = (r: PromiseSettledResult<unknown>) => (r.status === 'rejected' ? (r.reason as WalletError).code : null)

  it('answers each request of a mixed batch on its own: a refusal or a decline fails only itself', async () => {
    const p = await newPlayer(10_000n)
    const taken = tx('bet')
    await bet(p, '1.00', taken)
    const [ok1, declined, noSession, conflict, paid, ok2] = await inOneBatch(
      () => win(p, '0.00'),
      () => [bet(p, '10.00'), bet(p, '500.00'), bet(p, '1.00', tx('bet'), null), bet(p, '2.00', taken), win(p, '5.00'), bet(p, '3.00')],
    )
    expect(value(ok1!)).toMatchObject({ replayed: false, answer: { status: 'ok', balance: '89.00' } })
    expect(value(declined!).answer).toMatchObject({ status: 'declined', errorCode: 'insufficient_funds', balance: '89.00' })
    expect(errorCode(noSession!)).toBe('session_expired')
    expect(errorCode(conflict!)).toBe('idempotency_conflict')
    expect(value(paid!).answer).toMatchObject({ status: 'ok', balance: '94.00' })
    expect(value(ok2!).answer).toMatchObject({ status: 'ok', balance: '91.00' })
    expect((await playerBalances(database.db, p.id))!.minor.main).toBe(9_100n)
  })

  it('answers a replay inside a batch with the first answer, and rolls back a stake of the same batch', async () => {
    const p = await newPlayer(10_000n)
    const id = tx('bet')
    const late = tx('late')
    const [first, again, other, undone, early, lateBet] = await inOneBatch(
      () => win(p, '0.00'),
      () => [bet(p, '10.00', id), bet(p, '10.00', id), bet(p, '10.01', id), undo(p, id), undo(p, late), bet(p, '7.00', late)],
    )
    expect(value(first!).replayed).toBe(false)
    expect(value(again!)).toEqual({ answer: value(first!).answer, replayed: true })
    expect(errorCode(other!)).toBe('idempotency_conflict')
    expect(value(undone!).answer).toMatchObject({ status: 'ok', parts: { main: '10.00' }, balance: '100.00' })
    expect(value(early!).answer).toMatchObject({ status: 'ok', parts: {} })
    expect(value(lateBet!).answer).toMatchObject({ status: 'rolled_back', parts: {} })
    // Stored as the batch answered: replays after it give the same answers.
    expect(await bet(p, '10.00', id)).toEqual({ answer: value(first!).answer, replayed: true })
    const stake = await database.db.selectFrom('wallet_transactions').select('status').where('transaction_id', '=', id).executeTakeFirstOrThrow()
    expect(stake.status).toBe('rolled_back')
    expect((await playerBalances(database.db, p.id))!.minor.main).toBe(10_000n)
  })

  it('applies a batch in arrival order: each answer carries the balance its request left', async () => {
    const p = await newPlayer(5_000n)
    const results = await inOneBatch(
      () => win(p, '0.00'),
      () => Array.from({ length: 12 }, (_, i) => (i % 4 === 3 ? win(p, '2.50') : bet(p, '1.00'))),
    )
    let expected = 5_000n
    results.forEach((r, i) => {
      expected += i % 4 === 3 ? 250n : -100n
      expect(value(r).answer.balances.main).toBe((Number(expected) / 100).toFixed(2))
    })
    const entries = await database.db
      .selectFrom('ledger_entries')
      .innerJoin('wallets', 'wallets.id', 'ledger_entries.wallet_id')
      .select(['ledger_entries.balance_after'])
      .where('wallets.player_id', '=', p.id)
      .where('wallets.kind', '=', 'main')
      .orderBy('ledger_entries.id')
      .execute()
    expect(entries.slice(1).map((e) => e.balance_after)).toEqual(
      results.map((_, i) => 5_000n + BigInt(results.slice(0, i + 1).reduce((sum, _r, j) => sum + (j % 4 === 3 ? 250 : -100), 0))),
    )
  })

  it('keeps each player\'s books apart in a batch of several players', async () => {
    const p = await newPlayer(1_000n)
    const q = await newPlayer(2_000n)
    // One batch at a time, so q's requests wait behind p's first one and join p's next batch.
    configureBatches(database.db, { maxConcurrent: 1 })
    const [pBet, qBet, pWin, qDeclined] = await inOneBatch(
      () => win(p, '0.00'),
      () => [bet(p, '4.00'), bet(q, '5.00'), win(p, '1.00'), bet(q, '100.00')],
    ).finally(() => configureBatches(database.db))
    expect(value(pBet!).answer.balance).toBe('6.00')
    expect(value(qBet!).answer.balance).toBe('15.00')
    expect(value(pWin!).answer.balance).toBe('7.00')
    expect(value(qDeclined!).answer).toMatchObject({ status: 'declined', balance: '15.00' })
    expect((await playerBalances(database.db, p.id))!.minor.main).toBe(700n)
    expect((await playerBalances(database.db, q.id))!.minor.main).toBe(1_500n)
  })
})
