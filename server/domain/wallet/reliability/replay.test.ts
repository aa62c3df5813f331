import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../../db/schema'
import type { TestDatabase } from '../../../test/harness'
import { assertLedgerInvariant } from '../invariant'
import { credit, debit, rollback } from '../seamless'
import { fundedPlayer, mainAndBonus, openMoneyDatabase, openPool, walletOptions } from './fixtures'

describe('replayed wallet calls on PostgreSQL', { timeout: 120_000 }, () => {
  let database: TestDatabase
  let db: Kysely<DB>

  beforeAll(async () => {
    database = await openMoneyDatabase()
    ;({ db } = openPool(database, 10))
  })
  afterAll(async () => {
    await db?.destroy()
    await database?.close()
  })

  it('applies a debit and a credit once when each arrives 50 times at once, and answers every copy alike', async () => {
    const p = await fundedPlayer(database, 'replay', { main: 10_000n })
    const options = walletOptions(database)
    const stake = { provider: 'replay', transactionId: 'bet-1', playerId: p.id, currency: 'USD', amount: '7.25', sessionId: p.sessionId, roundId: 'r1' }
    const stakes = await Promise.all(Array.from({ length: 50 }, () => debit(db, stake, options)))
    expect(stakes.filter((r) => !r.replayed)).toHaveLength(1)
    for (const r of stakes) expect(r.answer).toEqual(stakes[0]!.answer)

    const win = { provider: 'replay', transactionId: 'win-1', playerId: p.id, currency: 'USD', amount: '20.00', roundId: 'r1' }
    const wins = await Promise.all(Array.from({ length: 50 }, () => credit(db, win, options)))
    expect(wins.filter((r) => !r.replayed)).toHaveLength(1)
    for (const r of wins) expect(r.answer).toEqual(wins[0]!.answer)

    expect(await mainAndBonus(db, p.id)).toBe(10_000n - 725n + 2_000n)
    expect(await db.selectFrom('ledger_entries').select('id').where('ref', 'in', [`wtx:${stakes[0]!.answer.walletTransactionId}`, `wtx:${wins[0]!.answer.walletTransactionId}`]).execute()).toHaveLength(2)
    await assertLedgerInvariant(db)
  })

  it('nets to zero whichever of a debit and its rollback wins the race, each sent several times', async () => {
    const p = await fundedPlayer(database, 'race', { main: 10_000n, bonus: 500n })
    const options = walletOptions(database)
    const start = await mainAndBonus(db, p.id)
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const stake = { provider: 'race', transactionId: `bet-${i}`, playerId: p.id, currency: 'USD', amount: '3.00', sessionId: p.sessionId }
        const undo = { provider: 'race', transactionId: `rb-${i}`, playerId: p.id, currency: 'USD', referenceTransactionId: `bet-${i}` }
        const calls = [() => debit(db, stake, options), () => rollback(db, undo, options), () => debit(db, stake, options), () => rollback(db, undo, options)]
        return Promise.all((i % 2 ? calls.reverse() : calls).map((c) => c()))
      }),
    )
    expect(await mainAndBonus(db, p.id)).toBe(start)
    const statuses = await db.selectFrom('wallet_transactions').select('status').where('provider', '=', 'race').where('type', '=', 'debit').execute()
    expect(statuses).toHaveLength(30)
    for (const s of statuses) expect(s.status).toBe('rolled_back')
    await assertLedgerInvariant(db)
  })

  it('refuses a replay with a changed amount even under concurrency, moving money once', async () => {
    const p = await fundedPlayer(database, 'tamper', { main: 10_000n })
    const options = walletOptions(database)
    const base = { provider: 'tamper', transactionId: 'bet-x', playerId: p.id, currency: 'USD', sessionId: p.sessionId }
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => debit(db, { ...base, amount: i % 2 ? '1.00' : '2.00' }, options)))
    const ok = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r) => r.status === 'rejected')
    expect(ok).toHaveLength(10)
    expect(refused).toHaveLength(10)
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'idempotency_conflict' })
    const taken = 10_000n - (await mainAndBonus(db, p.id))
    expect([100n, 200n]).toContain(taken)
    await assertLedgerInvariant(db)
  })
})
