// `npm run bench:wallet`: seamless-wallet operations per second on PostgreSQL under contention.
// N workers loop stake / win pairs for a fixed time, first all on one account (every request
// queues on that player's row locks), then spread over many. Prints figures, asserts nothing but
// the ledger invariant at the end (a fast wrong wallet is not a result).
import { sql } from 'kysely'
import { openDatabase } from '../server/db/database'
import { migrateToLatest } from '../server/db/migrate'
import { createSession } from '../server/domain/session/sessions'
import { assertLedgerInvariant } from '../server/domain/wallet/invariant'
import { ensureWallet, postEntry } from '../server/domain/wallet/ledger'
import { credit, debit, type WalletOptions } from '../server/domain/wallet/seamless'
import { seedIfEmpty } from '../server/seed/seed'
import { makeTestConfig } from '../server/test/config'

const URL_ = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const WORKERS = Number(process.env.BENCH_WORKERS ?? 16)
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100)
const schema = `bench_wallet_${process.pid}`

const config = makeTestConfig({ databaseUrl: URL_, databaseSchema: schema })
const database = await openDatabase(config).catch((err: Error) => {
  console.error(`bench:wallet needs PostgreSQL (BENCH_DATABASE_URL): ${err.message}`)
  process.exit(1)
})
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

async function run(label: string, players: Awaited<ReturnType<typeof player>>[]) {
  const until = Date.now() + SECONDS * 1000
  const times: number[] = []
  let errors = 0
  let n = 0
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
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
  const pct = (q: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1) : 'n/a')
  const perSecond = (times.length / SECONDS).toFixed(0)
  console.log(`${label.padEnd(22)} ${perSecond.padStart(6)} ops/s   p50 ${pct(0.5)} ms   p95 ${pct(0.95)} ms   p99 ${pct(0.99)} ms   errors ${errors}`)
}

try {
  await migrateToLatest(db)
  await seedIfEmpty(db, config)
  const players = []
  for (let i = 0; i < ACCOUNTS; i++) players.push(await player(i))
  console.log(`bench:wallet on PostgreSQL, ${WORKERS} workers, pool of 10 connections, ${SECONDS} s each, debit/credit of 1.00 alternating`)
  await run('one hot account', players.slice(0, 1))
  await run(`${ACCOUNTS} accounts`, players)
  await assertLedgerInvariant(db)
} finally {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db).catch(() => {})
  await database.close()
}
