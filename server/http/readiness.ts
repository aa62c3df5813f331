import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { migrations } from '../db/migrations/index'
import type { DB } from '../db/schema'
import { pingRedis } from '../redis/ping'

/**
 * /readyz: whether this instance should be sent traffic (a load balancer's readiness check), as
 * opposed to /healthz, which says only that the process is alive. Ready when the database answers,
 * every migration of this build is applied, Redis answers PING (when REDIS_URL is set) and the
 * instance is not shutting down. Each check is bounded, so a hung database still gets an answer.
 */

/** Shared with server/main.ts: shutting down turns /readyz to 503 before the listener closes. */
export interface Lifecycle {
  shuttingDown: boolean
}

const CHECK_MS = 2_000

export interface ReadinessOptions {
  db: Kysely<DB>
  redisUrl: string | null
  lifecycle: Lifecycle
}

type Check = () => Promise<string | null>

const within = (check: Check, ms: number): Promise<string | null> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(`no answer within ${ms} ms`), ms)
    check()
      .then(resolve, (err: unknown) => resolve(`failed (${(err as { code?: string }).code ?? (err as Error).message})`))
      .finally(() => clearTimeout(timer))
  })

export function registerReadiness(app: FastifyInstance, { db, redisUrl, lifecycle }: ReadinessOptions): void {
  // Applied migrations stay applied: once all were found, later checks need not ask again.
  let migrated = false
  const checks: Record<string, Check> = {
    accepting: async () => (lifecycle.shuttingDown ? 'shutting down' : null),
    database: async () => {
      await sql`select 1`.execute(db)
      return null
    },
    migrations: async () => {
      if (migrated) return null
      // Kysely's bookkeeping table, in the schema on the search path (server/db/migrate.ts).
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db).catch((err: { code?: string }) => {
        if (err.code === '42P01') return { rows: [] }
        throw err
      })
      const applied = new Set(rows.map((r) => r.name))
      const missing = Object.keys(migrations).filter((name) => !applied.has(name))
      if (missing.length) return `${missing.length} not applied yet (first: ${missing[0]})`
      migrated = true
      return null
    },
    ...(redisUrl ? { redis: () => pingRedis(redisUrl, CHECK_MS) } : {}),
  }

  app.addHook('preClose', async () => {
    lifecycle.shuttingDown = true
  })

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    const names = Object.keys(checks)
    const results = await Promise.all(names.map((name) => within(checks[name]!, CHECK_MS)))
    const report: Record<string, string> = {}
    const notReady: string[] = []
    names.forEach((name, i) => {
      const why = results[i]
      report[name] = why ?? 'ok'
      if (why) notReady.push(name)
    })
    if (!notReady.length) return { status: 'ready', checks: report }
    // An instance going away is not a fault; anything else an operator should read about.
    if (notReady.some((name) => name !== 'accepting')) app.log.warn({ checks: report }, 'not ready')
    return reply.code(503).send({ status: 'not_ready', notReady, checks: report })
  })
}
