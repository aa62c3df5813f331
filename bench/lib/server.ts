import { spawn, type ChildProcess } from 'node:child_process'
import Fastify from 'fastify'

export interface Running {
  base: string
  stop(): Promise<void>
}

export async function waitForOk(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before answering ${url}`)
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(5000) })).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`server did not answer at ${url} within ${timeoutMs} ms`)
}

/**
 * The built site as `npm start` runs it (server/main.ts over dist/), on loopback. With no
 * databaseUrl it opens PGlite in dataDir; with one, PostgreSQL in the given schema.
 */
export async function startSite(options: { port: number; dataDir: string; databaseUrl?: string; schema?: string; env?: NodeJS.ProcessEnv }): Promise<Running> {
  const base = `http://127.0.0.1:${options.port}`
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', DATA_DIR: options.dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn', ...options.env }
  delete env.DATABASE_URL
  delete env.DATABASE_SCHEMA
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl
  if (options.schema) env.DATABASE_SCHEMA = options.schema
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(timer)
  }
  try {
    // A fresh PGlite data dir takes up to 10 s to initialise on a quiet machine, several times that on a busy one.
    await waitForOk(`${base}/healthz`, 180_000, child)
  } catch (err) {
    await stop()
    throw err
  }
  return { base, stop }
}

/** The reference every throughput figure is divided by: Fastify answering `{ok:true}`, nothing else. */
export async function startBare(port: number): Promise<Running> {
  const app = Fastify({ logger: false })
  app.get('/', async () => ({ ok: true }))
  await app.listen({ port, host: '127.0.0.1' })
  return { base: `http://127.0.0.1:${port}`, stop: () => app.close() }
}

/**
 * Logs the seeded demo player in through the API (as the e2e journeys do) and returns the
 * `name=value` pair of its session cookie.
 */
export async function logInDemoPlayer(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login: 'demo@example.com', password: 'demo1234' }),
    signal: AbortSignal.timeout(30_000),
  })
  if (res.status !== 200) throw new Error(`demo login answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!)
  if (!cookies.length) throw new Error('demo login set no cookie')
  return cookies.join('; ')
}
