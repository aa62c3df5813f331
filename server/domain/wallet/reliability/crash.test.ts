import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DATABASE_URL, type TestDatabase } from '../../../test/harness'
import { assertLedgerInvariant } from '../invariant'
import { credit } from '../seamless'
import { fundedPlayer, mainAndBonus, openMoneyDatabase, walletOptions } from './fixtures'

const child = fileURLToPath(new URL('./crash-child.ts', import.meta.url))

/** Starts the child, waits for PAUSED, kills it with SIGKILL, and waits for it to be gone. */
async function killMidSettlement(args: string[]): Promise<void> {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? code)))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child never paused: ${stderr}`)), 30_000)
    proc.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('PAUSED')) {
        clearTimeout(timer)
        resolve()
      }
    })
    proc.once('exit', () => reject(new Error(`child exited before pausing: ${stderr}`)))
  })
  proc.kill('SIGKILL')
  expect(await exited).toBe('SIGKILL')
}

describe('a server killed in the middle of a deposit settlement', { timeout: 120_000 }, () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await openMoneyDatabase()
  })
  afterAll(() => database?.close())

  it.each(['first-write', 'all-writes'])('leaves no half-written money when killed after %s, and the retried deposit applies once', async (stage) => {
    const p = await fundedPlayer(database, `crash-${stage}`, { main: 1_000n })
    const transactionId = `deposit-${stage}`
    await killMidSettlement([TEST_DATABASE_URL, database.config.databaseSchema!, String(p.id), transactionId, stage])

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
