import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import pino from 'pino'
import { buildApp } from './app'
import { ConfigError, loadConfig, type Config } from './config'
import { openDatabase, redactUrl, type Database } from './db/database'
import { DataDirLockedError } from './db/lock'
import { migrateToLatest } from './db/migrate'
import { seedIfEmpty } from './seed/seed'
import { listenMessage } from './listen-message'
import { openBalanceNotifier } from './domain/wallet/notifier'
import { paymentProvider } from './domain/payments/configured'
import { payoutRetriesJob } from './payout-retries'
import { JobRunner } from './jobs/runner'
import { inProcessLocks, pgJobLocks } from './jobs/locks'
import type { Lifecycle } from './http/readiness'
import { shutdownGracefully } from './shutdown'
import { retryStalledPayouts } from './domain/payments/withdrawals'
import { openSettingsCache } from './domain/settings/cache'
import { openLiveBus } from './realtime/bus'

/**
 * Starts the server: settings, database (migrated, seeded when empty), the app, and SSR when
 * server/ssr.ts is there. `--dev` is passed through to SSR (Vite middleware instead of the build).
 */

type RegisterSsr = (app: FastifyInstance, options: { config: Config; dev: boolean; publicUrl: string; appEnv: string }) => Promise<void>

const here = dirname(fileURLToPath(import.meta.url))

/** server/ssr.ts is the lead's; the server starts without it (API only) until it exists. */
async function loadSsr(): Promise<RegisterSsr | null> {
  for (const file of ['ssr.ts', 'ssr.js', 'ssr.mjs']) {
    const path = join(here, file)
    if (!existsSync(path)) continue
    const mod = (await import(pathToFileURL(path).href)) as { registerSsr?: RegisterSsr }
    if (typeof mod.registerSsr !== 'function') throw new Error(`${path} does not export registerSsr`)
    return mod.registerSsr
  }
  return null
}

export interface StartOptions {
  dev: boolean
  /** False serves the API without pages (no build needed): the multi-instance test starts it so. */
  pages: boolean
}

export async function main({ dev, pages }: StartOptions): Promise<void> {
  let config: Config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
  // Writes from SSR's in-process API client name PUBLIC_URL as their origin; without one set,
  // the site's own address on this port stands in for it.
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`
  config = { ...config, publicUrl }

  const logger = pino({
    level: config.logLevel ?? (dev ? 'debug' : 'info'),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  })

  let database: Database
  try {
    database = await openDatabase(config, (err) => logger.warn({ err: err.message }, 'database: an idle connection failed (PostgreSQL restarted?); the pool opens a new one'))
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      logger.fatal(err.message)
      process.exit(1)
    }
    throw err
  }
  logger.info(
    database.kind === 'pglite'
      ? { dataDir: config.dataDir }
      : { database: redactUrl(config.databaseUrl ?? '') },
    `database: ${database.kind}`,
  )

  let app: FastifyInstance | undefined
  // One instance of the site runs each background job: the one holding its advisory lock.
  const jobs = new JobRunner(
    config.databaseUrl
      ? pgJobLocks({ connectionString: config.databaseUrl, schema: config.databaseSchema, onError: (err) => logger.warn({ err }, 'job locks: connection dropped') })
      : inProcessLocks(),
    logger,
  )
  const lifecycle: Lifecycle = { shuttingDown: false }
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    logger.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down')
    // The grace period bounds the requests; this bounds the rest (a job run or a pool that hangs).
    const force = setTimeout(() => {
      logger.error('shutdown did not finish in time: exiting anyway')
      process.exit(1)
    }, config.shutdownGraceMs + 5_000)
    force.unref()
    try {
      await shutdownGracefully({ app, jobs, lifecycle, graceMs: config.shutdownGraceMs, log: logger })
    } finally {
      await database.close()
      process.exit(0)
    }
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))

  try {
    const applied = await migrateToLatest(database.db)
    if (applied.length) logger.info({ migrations: applied }, 'database migrated')
    if (await seedIfEmpty(database.db, config)) logger.info('empty database: demo data seeded')

    const registerSsr = pages ? await loadSsr() : null
    if (!registerSsr) logger.warn(pages ? 'server/ssr.ts not found: serving the API only' : 'serving the API only')
    const ssrConfig = config
    app = await buildApp({
      config,
      db: database.db,
      logger,
      validateResponses: dev,
      lifecycle,
      jobs,
      // Redis that is down does not stop the start: the bus keeps trying, and /readyz says degraded.
      live: await openLiveBus(config, logger),
      notifier: await openBalanceNotifier(database, config, (err) => logger.error({ err }, 'balance notifier')),
      settings: await openSettingsCache(database, config, (err) => logger.warn({ err }, 'settings listener: changes are seen within two seconds meanwhile')),
      ssr: registerSsr
        ? (instance) => registerSsr(instance, { config: ssrConfig, dev, publicUrl, appEnv: ssrConfig.appEnv })
        : undefined,
    })
    // Our own platform pays out; with API_BASE_URL the operator's platform does.
    const provider = config.apiBaseUrl ? null : paymentProvider(config)
    if (provider) jobs.register(payoutRetriesJob(() => retryStalledPayouts(database.db, provider, new Date()), logger))
    await app.listen({ port: config.port, host: config.host })
    jobs.start()
    logger.info(listenMessage({ host: config.host, port: config.port, publicUrl, appEnv: config.appEnv, dev }))
  } catch (err) {
    logger.fatal({ err }, 'failed to start')
    await jobs.stop().catch(() => {})
    await app?.close().catch(() => {})
    await database.close().catch(() => {})
    process.exit(1)
  }
}

// Started as a script (not imported by server/test/instance-child.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main({ dev: process.argv.includes('--dev'), pages: true })
