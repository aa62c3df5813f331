import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../../db/schema'
import type { TestDatabase } from '../../../test/harness'
import { assertLedgerInvariant } from '../invariant'
import { batchStats, credit, debit, rollback, type WalletResult } from '../seamless'
import { fundedPlayer, mainAndBonus, openMoneyDatabase, openPool, walletOptions } from './fixtures'

/**
 * Batches are per process. Three Kysely instances with pools of their own stand for three server
 * processes: each batches its own requests, and only the database's row locks and unique keys
 * keep them from applying one request twice.
 */
describe('batched wallet calls from several processes on PostgreSQL', { timeout: 180_000 }, () => {
  let database: TestDatabase
  let processes: Kysely<DB>[]

  beforeAll(async () => {
    database = await openMoneyDatabase()
    processes = [0, 1, 2].map(() => openPool(database, 4).db)
  })
  afterAll(async () => {
    await Promise.all((processes ?? []).map((db) => db.destroy()))
    await database?.close()
  })

  it('applies every request once when all processes receive all of them, and answers every copy alike', async () => {
    const p = await fundedPlayer(database, 'procs', { main: 20_000n })
    const options = walletOptions(database)
    const before = { ...batchStats }
    const requests = Array.from({ length: 60 }, (_, i) => {
      if (i % 5 === 4) return (db: Kysely<DB>) => rollback(db, { provider: 'procs', transactionId: `rb${i}`, playerId: p.id, currency: 'USD', referenceTransactionId: `d${i - 1}` }, options)
      if (i % 3 === 2) return (db: Kysely<DB>) => credit(db, { provider: 'procs', transactionId: `c${i}`, playerId: p.id, currency: 'USD', amount: '0.75' }, options)
      return (db: Kysely<DB>) => debit(db, { provider: 'procs', transactionId: `d${i}`, playerId: p.id, currency: 'USD', amount: '2.00', sessionId: p.sessionId }, options)
    })
    // Every process gets every request, in a different order each.
    const copies: Promise<WalletResult>[][] = requests.map(() => [])
    processes.forEach((db, k) => {
      const order = requests.map((_, i) => i)
      if (k === 1) order.reverse()
      if (k === 2) order.sort((a, b) => (a % 7) - (b % 7) || a - b)
      for (const i of order) copies[i]!.push(requests[i]!(db))
    })
    const answers = await Promise.all(copies.map((c) => Promise.all(c)))
    for (const copiesOfOne of answers) {
      expect(copiesOfOne.filter((r) => !r.replayed)).toHaveLength(1)
      for (const r of copiesOfOne) expect(r.answer).toEqual(copiesOfOne[0]!.answer)
    }
    // Batching did happen: fewer batches than requests.
    expect(batchStats.batches - before.batches).toBeLessThan(batchStats.requests - before.requests)

    const rows = await database.db.selectFrom('wallet_transactions').select(['type', 'moved']).where('provider', '=', 'procs').execute()
    expect(rows).toHaveLength(60)
    const moved = rows.reduce((sum, r) => sum + r.moved, 0n)
    expect(await mainAndBonus(database.db, p.id)).toBe(20_000n + moved)
    await assertLedgerInvariant(database.db)
  })

  it('stores a transaction id once when two players\' batches in two processes race for it', async () => {
    const players = await Promise.all([0, 1, 2].map((i) => fundedPlayer(database, `race${i}`, { main: 1_000n })))
    const options = walletOptions(database)
    for (let round = 0; round < 10; round++) {
      const id = `shared-${round}`
      const results = await Promise.allSettled(
        players.map((p, k) => debit(processes[k]!, { provider: 'race', transactionId: id, playerId: p.id, currency: 'USD', amount: '1.00', sessionId: p.sessionId }, options)),
      )
      // One player's request is stored; the others are refused as the same id with another body.
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      for (const r of results) if (r.status === 'rejected') expect((r.reason as { code?: string }).code).toBe('idempotency_conflict')
    }
    const total = (await Promise.all(players.map((p) => mainAndBonus(database.db, p.id)))).reduce((a, b) => a + b, 0n)
    expect(total).toBe(3_000n - 10n * 100n)
    await assertLedgerInvariant(database.db)
  })
})
