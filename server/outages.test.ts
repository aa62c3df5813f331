import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { signWalletBody, walletProviderSecret } from './api/wallet'
import { buildApp } from './app'
import { parseConfig } from './config'
import { openDatabase } from './db/database'
import { migrateToLatest } from './db/migrate'
import { seedIfEmpty } from './seed/seed'
import { openSettingsCache, SETTINGS_TTL_MS } from './domain/settings/cache'
import { DEMO_PASSWORD } from './seed/data'
import { registerSsr } from './ssr'
import type { SsrRequestContext } from '../src/shared/ssr-context'
import { TEST_TMPDIR } from './test/harness'
import { ready, readyz, startInstance, stopAll, until, type Instance } from './test/instance-process'
import { startOwnPostgres, type OwnPostgres } from './test/own-postgres'
import { freePort } from './test/free-port'

/**
 * The server when what it stands on goes away: PostgreSQL crashing and coming back under a stream
 * of money moves, and the instance itself stopped (SIGTERM) in the middle of them. Every request
 * answers 200 or a clear 503, the process survives, and once each refused request is sent again
 * with its idempotency key every credit is in the books exactly once.
 */

const SECRET = 'outages-test-secret-outages-test-secret-0123'

interface Outcome {
  id: string
  status: number | 'no answer'
  body?: { error?: { type: string; code: string } }
  retryAfter?: string | null
}

describe('outages under a stream of money moves', { timeout: 180_000 }, () => {
  let postgres: OwnPostgres
  let dataDir: string
  const instances: Instance[] = []

  const start = async () => {
    const instance = startInstance(await freePort(), {
      APP_ENV: 'demo',
      DATABASE_URL: postgres.url,
      SESSION_SECRET: SECRET,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_SECONDS: '5',
    })
    instances.push(instance)
    await ready(instance)
    return instance
  }

  beforeAll(async () => {
    postgres = await startOwnPostgres()
    dataDir = mkdtempSync(join(TEST_TMPDIR, 'casino-outages-'))
  })
  afterAll(async () => {
    await stopAll(instances)
    postgres?.destroy()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    try {
      return (await client.query<T>(text, values)).rows
    } finally {
      await client.end()
    }
  }
  const demo = async () =>
    (
      await query<{ id: string; balance: string }>(
        `select a.id::text as id, w.balance::text as balance from accounts a join wallets w on w.player_id = a.id
         where a.login = 'demo@example.com' and w.currency = 'USD' and w.kind = 'main'`,
      )
    )[0]!

  async function credit(instance: Instance, playerId: string, id: string): Promise<Outcome> {
    const payload = JSON.stringify({ transaction_id: id, player_id: playerId, currency: 'USD', amount: '1.00' })
    try {
      const res = await fetch(`http://127.0.0.1:${instance.port}/platform/wallet/acmegames/credit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signWalletBody(walletProviderSecret({ sessionSecret: SECRET }, 'acmegames'), payload) },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      })
      return { id, status: res.status, body: (await res.json().catch(() => ({}))) as Outcome['body'], retryAfter: res.headers.get('retry-after') }
    } catch {
      return { id, status: 'no answer' }
    }
  }

  /** Sends the refused ones again, same ids, until each is answered 200. */
  async function settle(instance: Instance, playerId: string, outcomes: Outcome[]): Promise<void> {
    for (const outcome of outcomes.filter((o) => o.status !== 200)) {
      await until(`credit ${outcome.id} to go through`, instance, async () => (await credit(instance, playerId, outcome.id)).status === 200, 30_000)
    }
  }

  async function booked(ids: string[]): Promise<number> {
    const rows = await query<{ n: string }>(`select count(*)::text as n from wallet_transactions where provider = 'acmegames' and transaction_id = any($1)`, [ids])
    return Number(rows[0]!.n)
  }

  it('PostgreSQL crashing mid-stream: 200 or 503 with Retry-After, the process lives, /readyz follows, and every credit lands once', async () => {
    const instance = await start()
    const player = await demo()
    const ids = Array.from({ length: 60 }, (_, i) => `pg-crash-${i}`)
    const outcomes: Outcome[] = []
    let sent = 0
    const stream = (async () => {
      while (sent < ids.length) {
        const wave = ids.slice(sent, sent + 4)
        sent += wave.length
        outcomes.push(...(await Promise.all(wave.map((id) => credit(instance, player.id, id)))))
      }
    })()
    await until('the first credits', instance, async () => outcomes.length >= 12, 30_000)
    postgres.crash()
    try {
      await until('/readyz to say the database is gone', instance, async () => (await readyz(instance))?.status === 503, 30_000)
      expect((await readyz(instance))!.body.checks.database).not.toBe('ok')
      // Requests while it is down are refused clearly.
      const whileDown = await credit(instance, player.id, 'pg-crash-while-down')
      ids.push(whileDown.id)
      outcomes.push(whileDown)
    } finally {
      postgres.start()
    }
    await stream
    await ready(instance)

    expect(instance.proc.exitCode).toBeNull()
    const statuses = new Set(outcomes.map((o) => o.status))
    expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([])
    const refused = outcomes.filter((o) => o.status === 503)
    expect(refused.length).toBeGreaterThan(0)
    for (const o of refused) {
      expect(o.body?.error).toMatchObject({ type: 'ApplicationUnavailableException', code: 'database_unavailable' })
      expect(o.retryAfter).toBe('5')
    }
    expect(instance.logs.some((l) => l.msg === 'unexpected error')).toBe(false)

    await settle(instance, player.id, outcomes)
    expect(await booked(ids)).toBe(ids.length)
    expect(BigInt((await demo()).balance)).toBe(BigInt(player.balance) + 100n * BigInt(ids.length))
  })

  it('SIGTERM mid-stream: requests in flight finish, later ones are refused, and sent again to another instance each lands once', async () => {
    const first = instances.find((i) => i.proc.exitCode === null) ?? (await start())
    const player = await demo()
    // The stream goes on until the shutdown refuses one (a busy machine may take a while to act on
    // the signal), at most 400 credits; every id it sent must be booked once in the end.
    const ids: string[] = []
    const outcomes: Outcome[] = []
    const stream = (async () => {
      for (let batch = 0; batch < 100 && !outcomes.some((o) => o.status !== 200); batch++) {
        const sending = Array.from({ length: 4 }, (_, i) => `sigterm-${batch * 4 + i}`)
        ids.push(...sending)
        outcomes.push(...(await Promise.all(sending.map((id) => credit(first, player.id, id)))))
      }
    })()
    await until('the first credits', first, async () => outcomes.length >= 8, 30_000)
    first.proc.kill('SIGTERM')
    await stream
    expect(await first.exited).toBe(0)
    // Each was answered in full or not at all: no 5xx but the shutdown's own 503.
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503 && o.status !== 'no answer')).toEqual([])
    expect(outcomes.some((o) => o.status !== 200)).toBe(true)

    const second = await start()
    await settle(second, player.id, outcomes)
    expect(await booked(ids)).toBe(ids.length)
    expect(BigInt((await demo()).balance)).toBe(BigInt(player.balance) + 100n * BigInt(ids.length))
  })

  it('pages while PostgreSQL is down: a visitor still gets the page, a player the unavailable page from the account call, never a JSON body', async () => {
    const config = parseConfig({ DATABASE_URL: postgres.url, SESSION_SECRET: SECRET, DATA_DIR: dataDir, APP_ENV: 'demo', PUBLIC_URL: 'http://127.0.0.1' })
    const database = await openDatabase(config)
    // As server/main.ts does (both do nothing when the tests above already did it).
    await migrateToLatest(database.db)
    await seedIfEmpty(database.db, config)
    const settings = await openSettingsCache(database, config)
    // Stands for Vike's renderPage: a page asks for the account, and shows the unavailable page when the API says 503.
    const renderPage = async (ctx: { ssr: SsrRequestContext; headersOriginal: Record<string, string | undefined> }) => {
      // As the site's API client does on the server: the page's cookie goes with the call.
      const cookie = ctx.headersOriginal.cookie
      const account = await ctx.ssr.apiFetch('/api/account/getInfo', { headers: cookie ? { cookie } : {} })
      const status = account.status === 503 ? 503 : 200
      const body = `<!doctype html><h1>${status === 503 ? 'unavailable' : 'page'}</h1>`
      return { httpResponse: { statusCode: status, headers: [], body }, ssrOutcome: { kind: 'html', status } }
    }
    const app = await buildApp({
      config,
      db: database.db,
      settings,
      ssr: (instance) => registerSsr(instance, { publicUrl: 'http://127.0.0.1', appEnv: 'demo', dev: false, htmlCacheSeconds: 0, renderPage: renderPage as never }),
    })
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1' },
        payload: new URLSearchParams({ login: 'demo@example.com', password: DEMO_PASSWORD }).toString(),
      })
      expect(login.statusCode, login.body).toBe(200)
      const cookie = login.headers['set-cookie']!.toString().split(';')[0]!
      expect((await app.inject({ url: '/', headers: { cookie } })).body).toContain('<h1>page</h1>')

      postgres.crash()
      try {
        // Past the settings' two seconds: they are served from the last read now.
        await new Promise((resolve) => setTimeout(resolve, SETTINGS_TTL_MS + 200))
        const visitor = await app.inject({ url: '/gamehall' })
        expect(visitor.statusCode).toBe(200)
        expect(visitor.headers['content-type']).toMatch(/^text\/html/)
        const player = await app.inject({ url: '/gamehall', headers: { cookie } })
        expect(player.statusCode).toBe(503)
        expect(player.headers['content-type']).toMatch(/^text\/html/)
        expect(player.body).toContain('<h1>unavailable</h1>')
        const api = await app.inject({ url: '/api/account/getInfo', headers: { cookie } })
        expect(api.statusCode).toBe(503)
        expect(api.json().error).toMatchObject({ type: 'ApplicationUnavailableException', code: 'database_unavailable' })
      } finally {
        postgres.start()
      }
      await vi.waitFor(async () => expect((await app.inject({ url: '/', headers: { cookie } })).body).toContain('<h1>page</h1>'), { timeout: 30_000, interval: 200 })
    } finally {
      await app.close()
      await database.close()
    }
  })
})
