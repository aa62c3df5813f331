// `npm run bench:sportsbook`: the sportsbook on PostgreSQL. Placements per second with 200
// concurrent bettors, as a ratio to the wallet's debit rate measured in the same run with the
// same workers (a placement is a debit plus the price checks and the bet's rows), every bet
// accounted for against the ledger; then the delay from an odds change to 500 socket clients
// following the event's topic. Prints figures; asserts only that the books balance.
import { realpathSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { sql } from 'kysely'
import WebSocket from 'ws'
import { buildApp } from '../server/app'
import { openDatabase } from '../server/db/database'
import { migrateToLatest } from '../server/db/migrate'
import { buildBoard } from '../server/domain/sportsbook/board'
import { applyFeedUpdates } from '../server/domain/sportsbook/feed'
import { placeBet } from '../server/domain/sportsbook/placement'
import { syncLeagues, upsertEvents, writeBoard } from '../server/domain/sportsbook/store'
import { createSession } from '../server/domain/session/sessions'
import { assertLedgerInvariant } from '../server/domain/wallet/invariant'
import { ensureWallet, postEntry } from '../server/domain/wallet/ledger'
import { debit, type WalletOptions } from '../server/domain/wallet/seamless'
import { seedIfEmpty } from '../server/seed/seed'
import { makeTestConfig } from '../server/test/config'
import { quantile } from './lib/stats'
import { walletDatabaseUrl } from './wallet'

export interface SportsbookFigures {
  debitsPerSec: number
  placementsPerSec: number
  /** placements / debits */
  ratio: number
  placementP50: number | null
  placementP99: number | null
  placementErrors: number
  /** Bets stored equal placements answered, and the ledger balances. */
  accounted: boolean
  sockets: number
  changes: number
  delayP50: number | null
  delayP95: number | null
  delayMax: number | null
  missed: number
}

export interface SportsbookSettings {
  databaseUrl: string
  seconds: number
  bettors: number
  sockets: number
  log?: (line: string) => void
}

export async function measureSportsbook(settings: SportsbookSettings): Promise<SportsbookFigures> {
  const { seconds, bettors } = settings
  const log = settings.log ?? (() => {})
  const schema = `bench_sportsbook_${process.pid}`
  const config = makeTestConfig({ databaseUrl: settings.databaseUrl, databaseSchema: schema, sportsbookFeed: 'off' })
  const database = await openDatabase(config)
  const { db } = database
  const options = (): WalletOptions => ({ now: new Date(), sessionPolicy: config.session })

  try {
    await migrateToLatest(db)
    await seedIfEmpty(db, config)
    log(`sportsbook on PostgreSQL: ${bettors} bettors, ${seconds} s per phase`)
    const players: Array<{ id: bigint; sessionId: string }> = []
    for (let i = 0; i < bettors; i++) {
      const login = `sbbench${i}@example.com`
      const { id } = await db.insertInto('accounts').values({ login, email: login, password_hash: 'x', locale: 'en', currency: 'USD' }).returning('id').executeTakeFirstOrThrow()
      await db.transaction().execute(async (trx) => {
        const walletId = await ensureWallet(trx, id, 'USD', 'main')
        await postEntry(trx, { walletId, amount: 1_000_000_00n, kind: 'adjustment', idempotencyKey: `sbbench:${i}` })
      })
      const { session } = await createSession(db, { playerId: id, now: new Date(), policy: config.session })
      players.push({ id, sessionId: session.id })
    }
    await syncLeagues(db, [{ id: 'bench', sport: 'football', country: 'GB', names: { en: 'Bench' }, position: 0 }])
    const ids = await upsertEvents(
      db,
      Array.from({ length: 20 }, (_, i) => ({ feedId: `bench:${i}`, leagueId: 'bench', sport: 'football', home: { id: `h${i}`, names: { en: `Home ${i}` } }, away: { id: `a${i}`, names: { en: `Away ${i}` } }, startsAt: new Date(Date.now() + 3_600_000) })),
    )
    const board = buildBoard({ sport: 'football', rates: { home: 1.5, away: 1.1 } }, { sport: 'football', minute: 0, score: { home: 0, away: 0 } }, 0.05)
    for (const eventId of ids.values()) await writeBoard(db, { eventId, status: 'scheduled', live: null, suspended: false, markets: board })
    const outcomes = await db.selectFrom('sb_outcomes').select(['id', 'price']).where('price', 'is not', null).execute()

    // The wallet's debit rate, the same workers on the same accounts.
    let n = 0
    let debits = 0
    const debitUntil = Date.now() + seconds * 1000
    await Promise.all(
      players.map(async (p) => {
        while (Date.now() < debitUntil) {
          const i = n++
          try {
            await debit(db, { provider: 'bench', transactionId: `d${i}`, playerId: p.id, currency: 'USD', amount: '1.00', sessionId: p.sessionId, from: ['main'] }, options())
            debits++
          } catch {
            // counted as not done
          }
        }
      }),
    )
    const debitsPerSec = debits / seconds
    log(`wallet debits: ${debitsPerSec.toFixed(0)}/s`)

    const times: number[] = []
    let errors = 0
    const placeUntil = Date.now() + seconds * 1000
    await Promise.all(
      players.map(async (p, w) => {
        let k = 0
        while (Date.now() < placeUntil) {
          const o = outcomes[(w * 7 + k * 13) % outcomes.length]!
          const started = performance.now()
          try {
            await placeBet(
              db,
              { playerId: p.id, sessionId: p.sessionId, key: `b${w}x${k++}`, kind: 'single', stakePerLine: 100n, policy: 'accept_any', selections: [{ outcomeId: String(o.id), price: o.price! }], locale: 'en', now: new Date() },
              options,
              { minStake: '0.10', maxStake: '5000', maxPayout: '100000', maxEventStake: '1000000', maxOpenStake: '10000000' },
            )
            times.push(performance.now() - started)
          } catch (err) {
            errors++
            if (errors === 1) console.error(err)
          }
        }
      }),
    )
    times.sort((a, b) => a - b)
    const placementsPerSec = times.length / seconds
    const stored = await db.selectFrom('sb_bets').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    await assertLedgerInvariant(db)
    const accounted = Number(stored.n) === times.length
    log(`placements: ${placementsPerSec.toFixed(0)}/s, ${stored.n} bets stored for ${times.length} answered`)

    // Odds changes to sockets: the app on a port, N clients on one event's topic.
    const app = await buildApp({ config, db, clientDir: '/nonexistent-client-build' })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as AddressInfo).port
    const eventId = [...ids.values()][0]!
    const topic = `sb.event.${eventId}`
    const arrivals = new Map<number, number[]>()
    const clients: WebSocket[] = []
    try {
      await Promise.all(
        Array.from({ length: settings.sockets }, async () => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { origin: `http://127.0.0.1:${port}` } })
          clients.push(ws)
          await new Promise<void>((resolve, reject) => {
            ws.once('error', reject)
            ws.on('message', (data) => {
              const message = JSON.parse(String(data)) as { type: string; data?: { version: number } }
              if (message.type === 'subscribed') resolve()
              if (message.type === 'event' && message.data) {
                const list = arrivals.get(message.data.version) ?? []
                list.push(performance.now())
                arrivals.set(message.data.version, list)
              }
            })
            ws.once('open', () => ws.send(JSON.stringify({ type: 'subscribe', topic })))
          })
        }),
      )
      const changes = 20
      const sentAt = new Map<number, number>()
      for (let c = 0; c < changes; c++) {
        const moved = board.map((m) => (m.key === 'match_result' ? { ...m, outcomes: m.outcomes.map((o) => ({ ...o, price: o.price === null ? null : o.price + (c % 2 === 0 ? 10 : -10) })) } : m))
        const started = performance.now()
        const version = (await db.selectFrom('sb_events').select('version').where('id', '=', eventId).executeTakeFirstOrThrow()).version + 1
        sentAt.set(version, started)
        await applyFeedUpdates(db, [{ type: 'board', feedId: 'bench:0', status: 'scheduled', live: null, suspended: false, markets: moved }], (t, d) => app.live.publish(t, d))
        await new Promise((r) => setTimeout(r, 250))
      }
      await new Promise((r) => setTimeout(r, 1000))
      const delays: number[] = []
      let missed = 0
      for (const [version, started] of sentAt) {
        const got = arrivals.get(version) ?? []
        missed += settings.sockets - got.length
        for (const at of got) delays.push(at - started)
      }
      delays.sort((a, b) => a - b)
      log(`odds change to ${settings.sockets} sockets: p50 ${quantile(delays, 0.5)?.toFixed(1)} ms, p95 ${quantile(delays, 0.95)?.toFixed(1)} ms`)
      return {
        debitsPerSec,
        placementsPerSec,
        ratio: placementsPerSec / debitsPerSec,
        placementP50: quantile(times, 0.5),
        placementP99: quantile(times, 0.99),
        placementErrors: errors,
        accounted,
        sockets: settings.sockets,
        changes,
        delayP50: quantile(delays, 0.5),
        delayP95: quantile(delays, 0.95),
        delayMax: delays.at(-1) ?? null,
        missed,
      }
    } finally {
      for (const ws of clients) ws.terminate()
      await app.close()
    }
  } finally {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db).catch(() => {})
    await database.close()
  }
}

export function sportsbookText(f: SportsbookFigures): string[] {
  const ms = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(1)} ms`)
  return [
    `placements ${f.placementsPerSec.toFixed(0)}/s · wallet debits ${f.debitsPerSec.toFixed(0)}/s · ratio ${(f.ratio * 100).toFixed(0)} % (goal ≥ 50 %) · p50 ${ms(f.placementP50)} · p99 ${ms(f.placementP99)} · ${f.placementErrors} errors · ${f.accounted ? 'every bet accounted for' : 'BETS AND ANSWERS DIFFER'}`,
    `odds change to ${f.sockets} sockets (${f.changes} changes): p50 ${ms(f.delayP50)} · p95 ${ms(f.delayP95)} (goal < 200 ms) · max ${ms(f.delayMax)} · ${f.missed} missed`,
  ]
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href
if (isMain) {
  try {
    const figures = await measureSportsbook({
      databaseUrl: walletDatabaseUrl(),
      seconds: Number(process.env.BENCH_SPORTSBOOK_SECONDS ?? 5),
      bettors: Number(process.env.BENCH_BETTORS ?? 200),
      sockets: Number(process.env.BENCH_SOCKETS ?? 500),
      log: console.error,
    })
    for (const line of sportsbookText(figures)) console.log(line)
  } catch (err) {
    console.error(`bench:sportsbook needs PostgreSQL (BENCH_DATABASE_URL): ${(err as Error).message}`)
    process.exitCode = 1
  }
}
