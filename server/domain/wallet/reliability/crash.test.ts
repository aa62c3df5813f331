import { fileURLToPath } from 'node:url'
import { killChildWhenPaused } from '../../../test/kill-child'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestDatabase } from '../../../test/harness'
import { assertLedgerInvariant } from '../invariant'
import { credit } from '../seamless'
import { fundedPlayer, mainAndBonus, openMoneyDatabase, walletOptions } from './fixtures'

const child = fileURLToPath(new URL('./crash-child.ts', import.meta.url))

const killMidSettlement = (args: string[]) => killChildWhenPaused(child, args)

describe('a server killed in the middle of a deposit settlement', { timeout: 120_000 }, () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await openMoneyDatabase()
  })
  afterAll(() => database?.close())

  it.each(['first-write', 'all-writes'])('leaves no half-written money when killed after %s, and the retried deposit applies once', async (stage) => {
    const p = await fundedPlayer(database, `crash-${stage}`, { main: 1_000n })
    const transactionId = `deposit-${stage}`
    await killMidSettlement([database.config.databaseUrl!, database.config.databaseSchema!, String(p.id), transactionId, stage])

    // The "restarted" server: a fresh connection sees only committed state.
    expect(await mainAndBonus(database.db, p.id)).toBe(1_000n)
    expect(await database.db.selectFrom('wallet_transactions').select('id').where('transaction_id', '=', transactionId).execute()).toHaveLength(0)
    await assertLedgerInvariant(database.db)

    // The payment provider retries its webhook; the deposit lands once however often it comes.
    const request = { provider: 'cashier', transactionId, playerId: p.id, currency: 'USD', amount: '250.00', kind: 'deposit' as const }
    const first = await credit(database.db, request, walletOptions(database))
    const again = await credit(database.db, request, walletOptions(database))
    expect(first.replayed).toBe(false)
    expect(again).toEqual({ answer: first.answer, replayed: true })
    expect(await mainAndBonus(database.db, p.id)).toBe(26_000n)
    await assertLedgerInvariant(database.db)
  })
})
