import { join } from 'node:path'
import fastifyCookie from '@fastify/cookie'
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { Config } from './config'
import type { DB } from './db/schema'
import { registerApi } from './api/index'
import { sendError } from './api/registrar'
import { registerDevIdp } from './http/dev-idp'
import { registerDevMailbox } from './http/dev-mailbox'
import { registerSandboxCards } from './http/sandbox-cards'
import { registerSandboxPay } from './http/sandbox-pay'
import { registerSandboxKyc } from './http/sandbox-kyc'
import { registerSecurityHeaders } from './http/security'
import { analyticsSettings, chatVendorOrigins } from './http/analytics-tools'
import { enabledToolOrigins } from '../src/shared/analytics-settings'
import { registerMaintenance } from './http/maintenance'
import { registerOAuth } from './http/oauth'
import { registerPreferences } from './http/preferences'
import { registerHit } from './http/hit'
import { registerUpstreamApi } from './http/upstream'
import { registerSessions } from './http/session'
import { registerStatic } from './http/static'
import { registerImageProxy } from './http/images'
import { registerIconRoutes } from './http/icons'
import { registerBuildCheck } from './http/build-check'
import { buildInfoOf } from './build-manifest'
import { registerOneClickUnsubscribe } from './http/unsubscribe'
import { registerI18nRoutes } from './nfx/i18n'
import { registerSeoRoutes } from './http/seo'
import type { BalanceNotifier } from './domain/wallet/notifier'
import { registerCompression } from './http/compression'
import { SettingsMemo, type SettingsCache } from './domain/settings/cache'
import { registerBalanceSocket } from './realtime/balance-socket'
import { contentSource, type ContentSource } from './domain/content/source'
import { registerCmsConfig } from './nfx/cms-config'
import { registerManifest } from './http/manifest'
import { registerReadiness, type Lifecycle } from './http/readiness'
import { requestIdGenerator } from './http/request-id'
import { JobRunner } from './jobs/runner'
import { inProcessLocks } from './jobs/locks'
import { MemoryBus, type LiveBus } from './realtime/bus'
import { followContentReloads } from './domain/content/reload'

export interface BuildAppOptions {
  config: Config
  db: Kysely<DB>
  /** Registers server-side rendering (server/ssr.ts); runs last because it adds the catch-all route. */
  ssr?: (app: FastifyInstance) => Promise<void> | void
  /** A pino logger to use, pino options, or false for none (the default in tests). */
  logger?: FastifyBaseLogger | FastifyServerOptions['logger']
  /** The built client to serve; defaults to dist/client under the working directory. */
  clientDir?: string
  /** The site's own images (public/ under the working directory): a source of the /_ipx proxy. */
  publicDir?: string
  /**
   * Check API answers against their contract schemas and fail loudly on a mismatch (a server bug).
   * Tests and `--dev` turn it on; off by default so a demo visitor never meets such a 500.
   */
  validateResponses?: boolean
  /**
   * Committed balance changes (server/domain/wallet/notifier.ts), pushed to the players' /ws
   * sockets; the app closes it on close. Without one the socket still serves balances on connect.
   */
  notifier?: BalanceNotifier
  /**
   * The settings table in memory (server/domain/settings/cache.ts); the app closes it on close.
   * Without one the app keeps a copy that expires after two seconds.
   */
  settings?: SettingsCache
  /** The content store (server/domain/content/source.ts); by default the configured one (CONTENT_DIR or CONTENT_API_URL). */
  content?: ContentSource
  /** Set to shutting down by server/main.ts on SIGTERM (or by app.close()): /readyz answers 503 from then on. */
  lifecycle?: Lifecycle
  /**
   * The background jobs' runner (server/jobs/runner.ts) that the app's areas register their jobs
   * with; main.ts starts and stops it. Without one the app keeps its own, started only when it
   * listens, so an app that tests drive with inject runs no jobs behind their backs.
   */
  jobs?: JobRunner
  /**
   * Live events between instances (server/realtime/bus.ts): Redis pub/sub from main.ts when
   * REDIS_URL is set; in-process by default. The app closes it on close.
   */
  live?: LiveBus
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The settings rows, cached in memory and refreshed on every change (server/domain/settings/cache.ts). */
    settings: SettingsCache
    /** Where an area registers its background jobs: each runs on one instance (server/jobs/runner.ts). */
    jobs: JobRunner
    /** The operator's content, checked at start and kept in memory (server/domain/content/source.ts). */
    content: ContentSource
    /** Live events to and from every instance (server/realtime/bus.ts). */
    live: LiveBus
  }
}

function isLoggerInstance(value: unknown): value is FastifyBaseLogger {
  return typeof value === 'object' && value !== null && typeof (value as FastifyBaseLogger).child === 'function'
}

/** The Fastify app with every plugin; main.ts starts it, tests drive it with `app.inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options
  // Broken content stops the start here, naming the file and field (ContentLoadError), before any port opens.
  const content = options.content ?? contentSource(config)
  const loaded = await content.load()
  const trustProxy =
    typeof config.trustProxy === 'number'
      ? (_addr: string, hop: number) => hop < (config.trustProxy as number)
      : config.trustProxy
  const app = Fastify({
    ...(isLoggerInstance(options.logger) ? { loggerInstance: options.logger } : { logger: options.logger ?? false }),
    trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    // Form bodies are small; nothing the API takes comes near this.
    bodyLimit: 1_048_576,
    // Long page paths reach the SSR, which answers them with a page (404, or 414 past 2048 characters).
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 4096 },
    // Fastify's own two lines a request run its serializers on every request; one line of ours below.
    logController: new LogController({ disableRequestLogging: true }),
  }) as unknown as FastifyInstance

  // The id of this request in our logs (reqId), for the player's support ticket or the proxy's log.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  // One line per request, built only when the level writes it.
  app.addHook('onResponse', async (request, reply) => {
    if (!(request.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info')) return
    request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request')
  })

  app.decorate('db', db)
  app.decorate('config', config)
  app.decorate('validateResponses', options.validateResponses ?? false)
  const settings = options.settings ?? new SettingsMemo(db)
  app.decorate('settings', settings)
  app.addHook('onClose', async () => settings.close())
  if (options.jobs) app.decorate('jobs', options.jobs)
  else {
    const jobs = new JobRunner(inProcessLocks(), app.log)
    app.decorate('jobs', jobs)
    app.addHook('onListen', async () => jobs.start())
    app.addHook('onClose', async () => jobs.stop())
  }
  app.decorate('content', content)
  // A watched edit that broke a file: the site keeps the last good content and the operator reads why here.
  // Rich text served cleaned (HTML stripped): the operator reads which file and field in the log.
  if (loaded.warnings.length) app.log.warn({ warnings: loaded.warnings }, 'content served with changes')
  const offProblem = content.onProblem((err) => app.log.error({ problems: err.problems.map((p) => p.message) }, 'content change not applied: the last good content stays'))
  app.addHook('onClose', async () => {
    offProblem()
  })
  const live = options.live ?? new MemoryBus((err) => app.log.error({ err }, 'live bus: a subscriber failed'))
  app.decorate('live', live)
  const offReload = followContentReloads(app)
  app.addHook('onClose', async () => {
    offReload()
    await live.close()
  })

  // JSON error bodies for anything thrown in a route; the SSR plugin sets its own for pages.
  app.setErrorHandler((err, request, reply) => sendError(err, request, reply))
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: { type: 'MethodNotFoundException', message: 'Not found', code: 'not_found' } }),
  )

  await app.register(fastifyCookie, { secret: config.sessionSecret ?? undefined })
  // Before any route: the plugin hooks each route as it is added.
  await registerCompression(app)
  registerSecurityHeaders(app, config, async (request) => {
    const [tools, chat] = await Promise.all([analyticsSettings(app, request), chatVendorOrigins(app, request)])
    return [...new Set([...enabledToolOrigins(tools), ...chat])]
  })
  // Forwarding to another platform (API_BASE_URL) leaves sessions and maintenance to it: our
  // session cookie handling would otherwise clobber the platform's own.
  if (!config.apiBaseUrl) {
    registerSessions(app, { db, config, settings })
    registerMaintenance(app, { settings })
  }

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    try {
      await sql`select 1`.execute(db)
      return { status: 'ok' }
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable')
      return reply.code(503).send({ status: 'unavailable' })
    }
  })
  registerReadiness(app, { db, redisUrl: config.redisUrl, live, lifecycle: options.lifecycle ?? { shuttingDown: false } })

  // Either our own platform API, or a forwarder to the operator's (API_BASE_URL).
  if (config.apiBaseUrl) await registerUpstreamApi(app, config.apiBaseUrl)
  else {
    // The social-login window and the development identity provider belong to our own platform.
    registerOAuth(app)
    registerDevIdp(app)
    registerApi(app)
    registerOneClickUnsubscribe(app)
    registerBalanceSocket(app, options.notifier ?? null)
    registerSandboxPay(app)
    registerSandboxCards(app)
    registerSandboxKyc(app)
  }
  registerI18nRoutes(app)
  registerSeoRoutes(app, { publicUrl: config.publicUrl ?? `http://localhost:${config.port}`, withDatabase: !config.apiBaseUrl })
  registerCmsConfig(app)
  registerManifest(app)
  registerPreferences(app)
  registerHit(app)
  registerDevMailbox(app)
  // Our own storage: the site's files, then what the operator uploads to DATA_DIR/media.
  const imageRoots = [options.publicDir ?? join(process.cwd(), 'public'), join(config.dataDir, 'media')]
  registerImageProxy(app, { roots: imageRoots, allowlist: config.imageAllowlist })
  registerIconRoutes(app, { roots: imageRoots, allowlist: config.imageAllowlist })
  const clientDir = options.clientDir ?? join(process.cwd(), 'dist', 'client')
  registerBuildCheck(app, { buildId: buildInfoOf(clientDir)?.buildId ?? null, config })
  await registerStatic(app, clientDir)

  if (options.ssr) await options.ssr(app)
  return app
}
