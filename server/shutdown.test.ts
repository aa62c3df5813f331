import { request as httpRequest } from 'node:http'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import type { Lifecycle } from './http/readiness'
import { jobLockKey, pgJobLocks } from './jobs/locks'
import { JobRunner } from './jobs/runner'
import { CLOSE_GOING_AWAY } from './realtime/balance-socket'
import { shutdownGracefully } from './shutdown'
import { buildTestApp, openTestDatabase, type TestDatabase } from './test/harness'

/** A GET on a connection of its own: status and body, or the error that refused it. */
function get(port: number, path: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }))
    })
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }))
    req.end()
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const quiet = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() })

describe('a graceful shutdown (SIGTERM)', { timeout: 30_000 }, () => {
  let database: TestDatabase
  let admin: pg.Client

  beforeAll(async () => {
    database = await openTestDatabase('postgres')
    admin = new pg.Client({ connectionString: database.config.databaseUrl! })
    await admin.connect()
  })
  afterAll(async () => {
    await admin?.end()
    await database?.close()
  })

  const lockHeld = async (job: string): Promise<boolean> => {
    const key = BigInt.asUintN(64, jobLockKey(database.config.databaseSchema!, job))
    const { rowCount } = await admin.query(
      `select 1 from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())
         and classid = $1 and objid = $2 and objsubid = 1`,
      [Number(key >> 32n), Number(key & 0xffffffffn)],
    )
    return (rowCount ?? 0) > 0
  }

  /** The app listening on a free port, a /slow route that answers when told, and a job holding its lock. */
  async function instance(job: string) {
    const lifecycle: Lifecycle = { shuttingDown: false }
    let finish!: () => void
    const finished = new Promise<void>((resolve) => (finish = resolve))
    const started = vi.fn()
    const app: FastifyInstance = await buildTestApp(database, { lifecycle })
    app.get('/slow', async () => {
      started()
      await finished
      return { done: true }
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }
    const jobs = new JobRunner(pgJobLocks({ connectionString: database.config.databaseUrl!, schema: database.config.databaseSchema }), quiet(), 'shutdown-test')
    jobs.register({ name: job, everyMs: 200, run: async () => {} })
    jobs.start()
    await vi.waitFor(() => expect(jobs.held()).toEqual([job]), { timeout: 5_000 })
    return { app, port, jobs, lifecycle, finish, started }
  }

  it('lets a request in flight finish, refuses new ones, closes balance sockets with 1001 and releases the job locks', async () => {
    const { app, port, jobs, lifecycle, finish, started } = await instance('drain')
    expect(await lockHeld('drain')).toBe(true)
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { origin: `http://127.0.0.1:${port}` } })
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const socketClosed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))

    const inFlight = get(port, '/slow')
    await vi.waitFor(() => expect(started).toHaveBeenCalled())

    const log = quiet()
    const shutdown = shutdownGracefully({ app, jobs, lifecycle, graceMs: 5_000, log })
    expect(lifecycle.shuttingDown).toBe(true)
    expect(await socketClosed).toBe(CLOSE_GOING_AWAY)

    // A new request is refused (the listener is closed) or answered 503, never served.
    const late = await get(port, '/readyz')
    if ('status' in late) expect(late.status).toBe(503)
    else expect(late.error).toMatch(/ECONNREFUSED|ECONNRESET/)

    await sleep(100)
    finish()
    expect(await inFlight).toEqual({ status: 200, body: JSON.stringify({ done: true }) })
    expect(await shutdown).toBe(true)
    expect(await lockHeld('drain')).toBe(false)
    expect(await get(port, '/healthz')).toEqual({ error: 'ECONNREFUSED' })
  })

  it('cuts a request still running when the grace period ends, and still releases the job locks', async () => {
    const { app, port, jobs, lifecycle, finish, started } = await instance('cut')
    const inFlight = get(port, '/slow')
    await vi.waitFor(() => expect(started).toHaveBeenCalled())
    const log = quiet()
    const at = Date.now()
    expect(await shutdownGracefully({ app, jobs, lifecycle, graceMs: 300, log })).toBe(false)
    expect(Date.now() - at).toBeLessThan(3_000)
    expect(await inFlight).toMatchObject({ error: expect.stringMatching(/ECONNRESET|socket hang up/) })
    expect(log.warn).toHaveBeenCalledWith({ graceMs: 300 }, expect.stringContaining('cutting their connections'))
    expect(await lockHeld('cut')).toBe(false)
    finish()
  })
})
