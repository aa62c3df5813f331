import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { migrations } from '../db/migrations/index'
import type { DB } from '../db/schema'
import { pingRedis } from '../redis/ping'
import type { LiveBus } from '../realtime/bus'

/**
 * /readyz: whether this instance should be sent traffic (a load balancer's readiness check), as
 * opposed to /healthz, which says only that the process is alive. Ready when the database answers,
 * every migration of this build is applied and the instance is not shutting down; with REDIS_URL,
 * Redis that does not answer PING makes it `degraded` (still 200). Each check is bounded, so a hung
 * database still gets an answer.
 */

/** Shared with server/main.ts: shutting down turns /readyz to 503 before the listener closes. */
export interface Lifecycle {
  shuttingDown: boolean
}

const CHECK_MS = 2_000

export interface ReadinessOptions {
  db: Kysely<DB>
  redisUrl: string | null
  /** The live bus: its link to Redis is part of what the redis check reports. */
  live?: LiveBus
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

/**
 * Checks whose failure leaves the instance able to serve: every instance shares the one Redis, so
 * failing readiness on it would take the whole site out of the load balancer. Live events stay on
 * each instance meanwhile; the answer stays 200 and says `degraded`, naming why.
 */
const DEGRADING = new Set(['redis'])

export function registerReadiness(app: FastifyInstance, { db, redisUrl, live, lifecycle }: ReadinessOptions): void {
  // Applied migrations stay applied: once all were found, later checks need not ask again.
  let migrated = false
  let lastDegraded: string | null = null
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
    ...(redisUrl
      ? {
          redis: async () => {
            const ping = await pingRedis(redisUrl, CHECK_MS)
            if (ping) return `${ping}: live events reach this instance only`
            const link = live?.state()
            // Redis answers, and the bus's own connections are still on their way back.
            return link && link.transport === 'redis' && !link.connected ? `answers PING, live-event link ${link.reason ?? 'reconnecting'}` : null
          },
        }
      : {}),
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
    const degraded: string[] = []
    names.forEach((name, i) => {
      const why = results[i]
      report[name] = why ?? 'ok'
      if (why) (DEGRADING.has(name) ? degraded : notReady).push(name)
    })
    if (!notReady.length) {
      if (!degraded.length) {
        lastDegraded = null
        return { status: 'ready', checks: report }
      }
      // Once per change of why, not at every poll of the load balancer.
      const why = JSON.stringify(report)
      if (why !== lastDegraded) app.log.warn({ checks: report }, 'ready, degraded')
      lastDegraded = why
      return { status: 'degraded', degraded, checks: report }
    }
    // An instance going away is not a fault; anything else an operator should read about.
    if (notReady.some((name) => name !== 'accepting')) app.log.warn({ checks: report }, 'not ready')
    return reply.code(503).send({ status: 'not_ready', notReady, checks: report })
  })
}
