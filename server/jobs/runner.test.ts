import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openTestDatabase, type TestDatabase } from '../test/harness'
import { jobLockKey, pgJobLocks } from './locks'
import { JobRunner, type Job } from './runner'

/**
 * Background jobs on several instances (ARCHITECTURE §5, scale-out): each runner has its own
 * connection, as each server process would, on the PostgreSQL test server.
 */

const EVERY_MS = 300
/** A takeover comes at the other runner's next tick: within one interval, plus scheduling slack on a busy machine. */
const TAKEOVER_MS = EVERY_MS + 200
const child = fileURLToPath(new URL('./job-holder-child.ts', import.meta.url))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const quiet = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() })

describe('the job runner on PostgreSQL', { timeout: 60_000 }, () => {
  let database: TestDatabase
  let admin: pg.Client
  const runners: JobRunner[] = []
  const children: ChildProcess[] = []

  beforeAll(async () => {
    database = await openTestDatabase('postgres')
    admin = new pg.Client({ connectionString: database.config.databaseUrl! })
    await admin.connect()
  })
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()))
    for (const c of children.splice(0)) c.kill('SIGKILL')
  })
  afterAll(async () => {
    await admin?.end()
    await database?.close()
  })

  const runner = (name: string, log = quiet()) => {
    const r = new JobRunner(pgJobLocks({ connectionString: database.config.databaseUrl!, schema: database.config.databaseSchema }), log, name)
    runners.push(r)
    return r
  }

  /** A runner of its own job for each name, all started at once. */
  const started = (job: (instance: string) => Job, ...names: [string, string]): [JobRunner, JobRunner] => {
    const start = (name: string) => {
      const r = runner(name)
      r.register(job(name))
      r.start()
      return r
    }
    return [start(names[0]), start(names[1])]
  }

  /** The backends holding the advisory lock of `job` in the test schema. */
  const lockHolders = async (job: string): Promise<number[]> => {
    const key = BigInt.asUintN(64, jobLockKey(database.config.databaseSchema!, job))
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())
         and classid = $1 and objid = $2 and objsubid = 1`,
      [Number(key >> 32n), Number(key & 0xffffffffn)],
    )
    return rows.map((r) => r.pid)
  }

  /** A job that records which runner ran it and fails the test if two runs ever overlap. */
  const recorder = (name: string, runMs = 20) => {
    const runs: string[] = []
    let running = 0
    let overlapped = false
    const job = (instance: string): Job => ({
      name,
      everyMs: EVERY_MS,
      run: async () => {
        running++
        if (running > 1) overlapped = true
        runs.push(instance)
        await sleep(runMs)
        running--
      },
    })
    return { runs, job, overlapped: () => overlapped }
  }

  const waitFor = async (what: string, check: () => boolean | Promise<boolean>, withinMs: number) => {
    const until = Date.now() + withinMs
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`not within ${withinMs} ms: ${what}`)
      await sleep(10)
    }
  }

  it('runs a job on one runner only while both ask every interval', async () => {
    const { runs, job, overlapped } = recorder('only-one')
    const [a, b] = started(job, 'a', 'b')
    await sleep(EVERY_MS * 6)
    const ran = new Set(runs)
    expect(ran.size).toBe(1)
    expect(runs.length).toBeGreaterThanOrEqual(4)
    const [holder, other] = ran.has('a') ? [a, b] : [b, a]
    expect(holder.held()).toEqual(['only-one'])
    expect(other.held()).toEqual([])
    expect(await lockHolders('only-one')).toHaveLength(1)
    expect(overlapped()).toBe(false)
  })

  it('lets the other runner take over within about one interval when the holder stops, and stopping releases the lock', async () => {
    const { runs, job } = recorder('stop-takeover')
    const a = runner('a')
    a.register(job('a'))
    a.start()
    await waitFor('a holds the lock', () => a.held().length === 1, 2_000)
    const b = runner('b')
    b.register(job('b'))
    b.start()
    await sleep(EVERY_MS * 2)
    expect(b.held()).toEqual([])
    const aSession = await lockHolders('stop-takeover')
    expect(aSession).toHaveLength(1)
    await a.stop()
    // b may already hold it again; a's session must not.
    expect(await lockHolders('stop-takeover')).not.toContain(aSession[0])
    const stoppedAt = Date.now()
    await waitFor('b takes over', () => runs.at(-1) === 'b', EVERY_MS * 2)
    expect(Date.now() - stoppedAt).toBeLessThanOrEqual(TAKEOVER_MS)
  })

  it('frees the lock when the holder connection is terminated (pg_terminate_backend), and one runner holds it again within an interval', async () => {
    const { runs, job, overlapped } = recorder('terminated')
    const aLog = quiet()
    const a = runner('a', aLog)
    const b = runner('b')
    a.register(job('a'))
    a.start()
    await waitFor('a holds the lock', () => a.held().length === 1, 2_000)
    b.register(job('b'))
    b.start()
    // Between two runs: a run already going when its session dies cannot be called back, and may
    // overlap the new holder's first run (jobs are idempotent sweeps for that reason).
    await sleep(EVERY_MS / 2)
    const [pid] = await lockHolders('terminated')
    expect(pid).toBeDefined()
    await admin.query('select pg_terminate_backend($1)', [pid])
    const killedAt = Date.now()
    const before = runs.length
    // The killed session's lock is gone at once; whichever runner asks first holds it next.
    await waitFor('a new session holds the lock', async () => {
      const holders = await lockHolders('terminated')
      return holders.length === 1 && holders[0] !== pid
    }, EVERY_MS * 2)
    expect(Date.now() - killedAt).toBeLessThanOrEqual(TAKEOVER_MS)
    await waitFor('the job runs again', () => runs.length > before, EVERY_MS * 2)
    await sleep(EVERY_MS * 2)
    expect(a.held().length + b.held().length).toBe(1)
    expect(await lockHolders('terminated')).toHaveLength(1)
    if (b.held().length) expect(aLog.warn).toHaveBeenCalledWith(expect.objectContaining({ job: 'terminated', instance: 'a' }), 'job lock lost (its connection dropped)')
    expect(overlapped()).toBe(false)
  })

  it('takes over from a holder process killed with SIGKILL within about one interval', async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, database.config.databaseUrl!, database.config.databaseSchema!, 'killed', String(EVERY_MS)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(proc)
    let out = ''
    let err = ''
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()))
    proc.stderr!.on('data', (d: Buffer) => (err += d.toString()))
    await waitFor('the child holds the lock', () => out.includes('HOLDING'), 30_000).catch((e: Error) => {
      throw new Error(`${e.message}; child stderr: ${err}`)
    })
    const { runs, job } = recorder('killed')
    const b = runner('b')
    b.register(job('b'))
    b.start()
    await sleep(EVERY_MS * 3)
    expect(runs).toEqual([])
    const exited = new Promise((resolve) => proc.once('exit', (_code, signal) => resolve(signal)))
    proc.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    const killedAt = Date.now()
    await waitFor('b takes over', () => runs.length > 0, 5_000)
    // PostgreSQL notices the closed socket at once; b asks on its next tick.
    expect(Date.now() - killedAt).toBeLessThanOrEqual(TAKEOVER_MS)
    expect(b.held()).toEqual(['killed'])
  })

  it('never overlaps a run of one job with itself, even when a run outlasts the interval', async () => {
    const { runs, job, overlapped } = recorder('slow', EVERY_MS * 2.5)
    started(job, 'a', 'b')
    await sleep(EVERY_MS * 8)
    expect(runs.length).toBeGreaterThanOrEqual(2)
    expect(overlapped()).toBe(false)
  })

  it('keys the lock by schema, so the same job in two schemas runs in both', () => {
    expect(jobLockKey('app', 'payout-retries')).not.toBe(jobLockKey('other', 'payout-retries'))
    expect(jobLockKey('app', 'payout-retries')).toBe(jobLockKey('app', 'payout-retries'))
  })

  it('retries taking the lock after the database refused the connection', async () => {
    const log = quiet()
    const r = new JobRunner(pgJobLocks({ connectionString: 'postgres://postgres@127.0.0.1:1/none', schema: null }), log, 'nowhere')
    runners.push(r)
    const run = vi.fn(async () => {})
    r.register({ name: 'unreachable', everyMs: EVERY_MS, run })
    r.start()
    await waitFor('two failed attempts', () => log.warn.mock.calls.length >= 2, EVERY_MS * 4)
    expect(run).not.toHaveBeenCalled()
    expect(r.held()).toEqual([])
  })
})
