// `npm run bench:wallet` (and the wallet rows of `npm run bench`): seamless-wallet operations per
// second on PostgreSQL under contention. N workers loop stake / win pairs for a fixed time, first
// all on one account (every request queues on that player's row locks), then spread over many,
// then over the same many with three loss limits each and a month of play by the hour to sum.
// Prints figures, asserts nothing but the ledger invariant at the end (a fast wrong wallet is not a result).
import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { sql } from 'kysely'
import { openDatabase } from '../server/db/database'
import { migrateToLatest } from '../server/db/migrate'
import { createSession } from '../server/domain/session/sessions'
import { assertLedgerInvariant } from '../server/domain/wallet/invariant'
import { ensureWallet, postEntry } from '../server/domain/wallet/ledger'
import { credit, debit, type WalletOptions } from '../server/domain/wallet/seamless'
import { seedIfEmpty } from '../server/seed/seed'
import { makeTestConfig } from '../server/test/config'
import { quantile } from './lib/stats'

export interface WalletFigures {
  label: string
  opsPerSec: number
  p50: number | null
  p99: number | null
  errors: number
}

export interface WalletSettings {
  databaseUrl: string
  seconds: number
  workers: number
  accounts: number
  log?: (line: string) => void
}

export async function measureWallet(settings: WalletSettings): Promise<{ hot: WalletFigures; spread: WalletFigures; limited: WalletFigures }> {
  const { seconds, workers, accounts } = settings
  const schema = `bench_wallet_${process.pid}`
  const config = makeTestConfig({ databaseUrl: settings.databaseUrl, databaseSchema: schema })
  const database = await openDatabase(config)
  const { db } = database
  const options: WalletOptions = { now: new Date(), sessionPolicy: config.session }

  async function player(i: number) {
    const login = `bench${i}@example.com`
    const { id } = await db.insertInto('accounts').values({ login, email: login, password_hash: 'x', locale: 'en', currency: 'USD' }).returning('id').executeTakeFirstOrThrow()
    await db.transaction().execute(async (trx) => {
      const walletId = await ensureWallet(trx, id, 'USD', 'main')
      await ensureWallet(trx, id, 'USD', 'bonus')
      await postEntry(trx, { walletId, amount: 1_000_000_00n, kind: 'adjustment', idempotencyKey: `bench:${i}` })
    })
    const { session } = await createSession(db, { playerId: id, now: new Date(), policy: config.session })
    return { id, sessionId: session.id }
  }

  async function run(label: string, players: Awaited<ReturnType<typeof player>>[]): Promise<WalletFigures> {
    const until = Date.now() + seconds * 1000
    const times: number[] = []
    let errors = 0
    let n = 0
    await Promise.all(
      Array.from({ length: workers }, async (_, w) => {
        while (Date.now() < until) {
          const i = n++
          const p = players[(w + i) % players.length]!
          const started = performance.now()
          try {
            if (i % 2 === 0) {
              await debit(db, { provider: 'bench', transactionId: `${label}-d${i}`, playerId: p.id, currency: 'USD', amount: '1.00', sessionId: p.sessionId }, options)
            } else {
              await credit(db, { provider: 'bench', transactionId: `${label}-c${i}`, playerId: p.id, currency: 'USD', amount: '1.00' }, options)
            }
            times.push(performance.now() - started)
          } catch (err) {
            errors++
            if (errors === 1) console.error(err)
          }
        }
      }),
    )
    times.sort((a, b) => a - b)
    return { label, opsPerSec: times.length / seconds, p50: quantile(times, 0.5), p99: quantile(times, 0.99), errors }
  }

  try {
    await migrateToLatest(db)
    await seedIfEmpty(db, config)
    const players = []
    for (let i = 0; i < accounts; i++) players.push(await player(i))
    settings.log?.(`wallet on PostgreSQL, ${workers} workers, pool of 10 connections, ${seconds} s each, debit/credit of 1.00 alternating`)
    const hot = await run('one hot account', players.slice(0, 1))
    const spread = await run(`${accounts} accounts`, players)
    // The worst a stake's loss check reads: limits of 1, 7 and 30 days over 720 hours of play each,
    // high enough that no stake is refused (a refusal would be cheaper than a stake).
    const since = Math.floor(Date.now() / 3_600_000) * 3_600_000
    for (const p of players) {
      await db
        .insertInto('loss_limits')
        .values(([1, 7, 30] as const).map((period_days) => ({ player_id: p.id, period_days, currency: 'USD', amount: 1_000_000_00n })))
        .execute()
      await db
        .insertInto('wallet_play_hours')
        .values(Array.from({ length: 720 }, (_, h) => ({ player_id: p.id, currency: 'USD', hour: new Date(since - (h + 1) * 3_600_000), staked: 500n, returned: 400n })))
        .execute()
    }
    const limited = await run(`${accounts} with loss limits`, players)
    await assertLedgerInvariant(db)
    return { hot, spread, limited }
  } finally {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db).catch(() => {})
    await database.close()
  }
}

export function walletDatabaseUrl(): string {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
}

export function walletText(f: WalletFigures): string {
  const ms = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(1)} ms`)
  return `${f.opsPerSec.toFixed(0)} ops/s · p50 ${ms(f.p50)} · p99 ${ms(f.p99)} · ${f.errors} errors`
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href
if (isMain) {
  try {
    const { hot, spread, limited } = await measureWallet({
      databaseUrl: walletDatabaseUrl(),
      seconds: Number(process.env.BENCH_WALLET_SECONDS ?? process.env.BENCH_SECONDS ?? 5),
      workers: Number(process.env.BENCH_WORKERS ?? 16),
      accounts: Number(process.env.BENCH_ACCOUNTS ?? 100),
      log: console.log,
    })
    for (const f of [hot, spread, limited]) console.log(`${f.label.padEnd(26)} ${walletText(f)}`)
  } catch (err) {
    console.error(`bench:wallet needs PostgreSQL (BENCH_DATABASE_URL): ${(err as Error).message}`)
    process.exitCode = 1
  }
}
