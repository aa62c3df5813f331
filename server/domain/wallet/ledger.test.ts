import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS, openTestDatabase, type TestDatabase } from '../../test/harness'
import { ensureWallet, IdempotencyConflictError, InsufficientFundsError, postEntry } from './ledger'

describe.each(BACKENDS)('ledger on %s', (backend) => {
  let database: TestDatabase
  let walletId: bigint
  beforeAll(async () => {
    database = await openTestDatabase(backend)
    const player = await database.db.selectFrom('accounts').select('id').where('login', '=', 'demo@example.com').executeTakeFirstOrThrow()
    walletId = await ensureWallet(database.db, player.id, 'USD', 'main')
  })
  afterAll(() => database?.close())

  const balance = async () =>
    (await database.db.selectFrom('wallets').select('balance').where('id', '=', walletId).executeTakeFirstOrThrow()).balance

  it('moves money once per idempotency key', async () => {
    const before = await balance()
    const post = () =>
      database.db.transaction().execute((trx) => postEntry(trx, { walletId, amount: -150n, kind: 'bet', idempotencyKey: 'test:bet:1' }))
    const first = await post()
    const again = await post()
    expect(first.created).toBe(true)
    expect(again.created).toBe(false)
    expect(again.entry.id).toBe(first.entry.id)
    expect(first.entry.balance_after).toBe(before - 150n)
    expect(await balance()).toBe(before - 150n)
  })

  it('refuses a key reused for a different movement', async () => {
    await expect(
      database.db.transaction().execute((trx) => postEntry(trx, { walletId, amount: -999n, kind: 'bet', idempotencyKey: 'test:bet:1' })),
    ).rejects.toBeInstanceOf(IdempotencyConflictError)
  })

  it('never lets a balance go below zero, and leaves it untouched when refused', async () => {
    const before = await balance()
    await expect(
      database.db.transaction().execute((trx) => postEntry(trx, { walletId, amount: -(before + 1n), kind: 'bet', idempotencyKey: 'test:bet:2' })),
    ).rejects.toBeInstanceOf(InsufficientFundsError)
    expect(await balance()).toBe(before)
  })

  it('keeps balance = sum of entries under concurrent debits', async () => {
    const before = await balance()
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        database.db.transaction().execute((trx) => postEntry(trx, { walletId, amount: -1n, kind: 'bet', idempotencyKey: `test:conc:${i % 30}` })),
      ),
    )
    // 30 distinct keys: 30 debits, whatever the interleaving; repeats either replay or lose a race and fail cleanly.
    expect(results.filter((r) => r.status === 'fulfilled' && r.value.created)).toHaveLength(30)
    expect(await balance()).toBe(before - 30n)
    const sum = await database.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<string>('amount').as('sum'))
      .where('wallet_id', '=', walletId)
      .executeTakeFirstOrThrow()
    expect(BigInt(sum.sum)).toBe(await balance())
  })
})
