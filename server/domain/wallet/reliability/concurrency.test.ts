import type { Kysely } from 'kysely'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../../db/schema'
import type { TestDatabase } from '../../../test/harness'
import { assertLedgerInvariant } from '../invariant'
import { setLossLimit } from '../loss-limits'
import { credit, debit, type WalletResult } from '../seamless'
import { fundedPlayer, mainAndBonus, openMoneyDatabase, openPool, walletOptions } from './fixtures'

describe('wallet under contention on PostgreSQL', () => {
  let database: TestDatabase
  let db: Kysely<DB>
  let pool: pg.Pool

  beforeAll(async () => {
    database = await openMoneyDatabase()
    ;({ db, pool } = openPool(database, 12))
  })
  afterAll(async () => {
    await db?.destroy()
    await database?.close()
  })

  it('500 concurrent debits and credits on one account never overdraw, and the ledger sums to the balance', async () => {
    const player = await fundedPlayer(database, 'contention', { main: 5_000n, bonus: 1_000n })
    const start = await mainAndBonus(db, player.id)
    const options = walletOptions(database)
    // 350 stakes of 1.00 and 150 wins of 0.50, shuffled: 60.00 + 75.00 covers at most 135 stakes.
    const ops = Array.from({ length: 500 }, (_, i) => (i < 350 ? ('debit' as const) : ('credit' as const)))
    for (let i = ops.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1))
      ;[ops[i], ops[j]] = [ops[j]!, ops[i]!]
    }
    const results: WalletResult[] = await Promise.all(
      ops.map((op, i) =>
        op === 'debit'
          ? debit(db, { provider: 'contention', transactionId: `d${i}`, playerId: player.id, currency: 'USD', amount: '1.00', sessionId: player.sessionId }, options)
          : credit(db, { provider: 'contention', transactionId: `c${i}`, playerId: player.id, currency: 'USD', amount: '0.50' }, options),
      ),
    )
    expect(pool.totalCount).toBeGreaterThan(1)

    const stakes = results.filter((r, i) => ops[i] === 'debit' && r.answer.status === 'ok').length
    const declined = results.filter((r) => r.answer.status === 'declined').length
    expect(stakes + declined).toBe(350)
    expect(stakes).toBeGreaterThan(0)
    expect(stakes).toBeLessThanOrEqual(135)
    expect(results.filter((r) => r.replayed)).toHaveLength(0)

    const end = await mainAndBonus(db, player.id)
    expect(end).toBe(start - BigInt(stakes) * 100n + 150n * 50n)
    expect(end).toBeGreaterThanOrEqual(0n)

    // Every answered balance was a real state: none negative, and each stake's answer is what
    // some serial order of the requests would have produced.
    for (const r of results) expect(r.answer.balance.startsWith('-')).toBe(false)
    const entries = await db
      .selectFrom('ledger_entries')
      .innerJoin('wallets', 'wallets.id', 'ledger_entries.wallet_id')
      .select((eb) => [eb.fn.sum<string>('ledger_entries.amount').as('sum'), eb.fn.min('ledger_entries.balance_after').as('low')])
      .where('wallets.player_id', '=', player.id)
      .executeTakeFirstOrThrow()
    expect(BigInt(entries.sum)).toBe(end)
    expect(BigInt(entries.low as bigint)).toBeGreaterThanOrEqual(0n)
    await assertLedgerInvariant(db)
    // 500 requests queue on one player's row locks: seconds on an idle machine, far more on 2 busy cores.
  }, 180_000)

  it('keeps many accounts apart under concurrent traffic', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, (_, i) => fundedPlayer(database, `many${i}`, { main: 1_000n })))
    const options = walletOptions(database)
    await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const p = players[i % players.length]!
        return i % 4 === 3
          ? credit(db, { provider: 'many', transactionId: `c${i}`, playerId: p.id, currency: 'USD', amount: '1.00' }, options)
          : debit(db, { provider: 'many', transactionId: `d${i}`, playerId: p.id, currency: 'USD', amount: '1.00', sessionId: p.sessionId }, options)
      }),
    )
    // Each account: 15 stakes and 5 wins of 1.00 against 10.00 -> never below zero, exact totals.
    for (const p of players) {
      const end = await mainAndBonus(db, p.id)
      expect(end).toBeGreaterThanOrEqual(0n)
      const ok = await db
        .selectFrom('wallet_transactions')
        .select((eb) => eb.fn.sum<string>('moved').as('moved'))
        .where('player_id', '=', p.id)
        .executeTakeFirstOrThrow()
      expect(end).toBe(1_000n + BigInt(ok.moved))
    }
    await assertLedgerInvariant(db)
  }, 120_000)

  it('stakes racing on two pools (two processes) never pass a loss limit together', async () => {
    const player = await fundedPlayer(database, 'loss-race', { main: 100_00n })
    await setLossLimit(database.db, player.id, { period: 1, limitAmount: 25_00n }, new Date())
    const other = openPool(database, 6)
    try {
      const options = walletOptions(database)
      // 60 stakes of 1.00 over two pools of connections: each pool batches on its own, the wallet lock orders them.
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          debit(i % 2 ? db : other.db, { provider: 'loss-race', transactionId: `s${i}`, playerId: player.id, currency: 'USD', amount: '1.00', sessionId: player.sessionId }, options),
        ),
      )
      expect(results.filter((r) => r.answer.status === 'ok')).toHaveLength(25)
      expect(results.filter((r) => r.answer.errorCode === 'loss_limit_exceeded')).toHaveLength(35)
      expect(await mainAndBonus(db, player.id)).toBe(75_00n)
      const hours = await db.selectFrom('wallet_play_hours').select((eb) => eb.fn.sum<string>('staked').as('staked')).where('player_id', '=', player.id).executeTakeFirstOrThrow()
      expect(BigInt(hours.staked)).toBe(25_00n)
      await assertLedgerInvariant(db)
    } finally {
      await other.db.destroy()
    }
  }, 120_000)
})
