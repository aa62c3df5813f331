import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { jobLockKey } from './jobs/locks'
import { DEMO_PASSWORD } from './seed/data'
import { TEST_TMPDIR } from './test/harness'
import { clonePostgresTemplate, databaseUrl, dropPostgresClone, TEMPLATE_SCHEMA } from './test/postgres-template'

/**
 * Two server processes, as server/main.ts starts them, on two ports and one PostgreSQL database:
 * what a player sees must not depend on which instance answers, and a background job runs on one.
 */

const child = fileURLToPath(new URL('./test/instance-child.ts', import.meta.url))
const SECRET = 'two-instances-test-secret-two-instances-test'

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

interface Instance {
  port: number
  proc: ChildProcess
  /** Its JSON log lines, parsed. */
  logs: Record<string, unknown>[]
  exited: Promise<NodeJS.Signals | number | null>
}

describe('two server instances on one PostgreSQL', { timeout: 120_000 }, () => {
  let clone: string
  let dataDir: string
  const instances: Instance[] = []
  let publicUrl: string

  function start(port: number): Instance {
    const proc = spawn(process.execPath, ['--import', 'tsx', child], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        APP_ENV: 'demo',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl(clone),
        DATABASE_SCHEMA: TEMPLATE_SCHEMA,
        SESSION_SECRET: SECRET,
        PUBLIC_URL: publicUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        SHUTDOWN_GRACE_SECONDS: '2',
      },
    })
    const logs: Record<string, unknown>[] = []
    let pending = ''
    proc.stdout!.on('data', (d: Buffer) => {
      pending += d.toString()
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        try {
          logs.push(JSON.parse(line) as Record<string, unknown>)
        } catch {
          logs.push({ msg: line })
        }
      }
    })
    let stderr = ''
    proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? code)))
    void exited.then(() => {
      if (stderr) logs.push({ msg: `stderr: ${stderr}` })
    })
    return { port, proc, logs, exited }
  }

  async function ready(instance: Instance): Promise<void> {
    const until = Date.now() + 60_000
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${instance.port}/readyz`).catch(() => null)
      if (res?.status === 200) return
      if (instance.proc.exitCode !== null || Date.now() > until) {
        throw new Error(`instance on ${instance.port} never became ready: ${instance.logs.map((l) => JSON.stringify(l)).join('\n')}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  beforeAll(async () => {
    clone = await clonePostgresTemplate(inject('testRun'))
    dataDir = mkdtempSync(join(TEST_TMPDIR, 'casino-instances-'))
    const ports = [await freePort(), await freePort()]
    publicUrl = `http://127.0.0.1:${ports[0]}`
    for (const port of ports) instances.push(start(port))
    await Promise.all(instances.map(ready))
  })

  afterAll(async () => {
    for (const instance of instances) if (instance.proc.exitCode === null && instance.proc.signalCode === null) instance.proc.kill('SIGKILL')
    await Promise.all(instances.map((i) => i.exited))
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    if (clone) await dropPostgresClone(clone)
  })

  const origin = () => ({ origin: publicUrl })

  it('accepts on one instance a session made by a login on the other', async () => {
    const [a, b] = instances as [Instance, Instance]
    const login = await fetch(`http://127.0.0.1:${a.port}/api/auth/login?locale=en&v=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...origin() },
      body: new URLSearchParams({ login: 'demo@example.com', password: DEMO_PASSWORD }).toString(),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    expect(cookie).not.toBe('')

    const asPlayer = await fetch(`http://127.0.0.1:${b.port}/api/account/getInfo?locale=en&v=1`, { headers: { cookie, ...origin() } })
    expect(asPlayer.status).toBe(200)
    expect(await asPlayer.text()).toContain('demo@example.com')
    const asVisitor = await fetch(`http://127.0.0.1:${b.port}/api/account/getInfo?locale=en&v=1`, { headers: origin() })
    expect(await asVisitor.text()).not.toContain('demo@example.com')
  })

  it('runs the payout sweep on one instance only, and the log says which', () => {
    const taken = instances.map((i) => i.logs.filter((l) => l.job === 'payout-retries' && l.msg === 'job lock taken: this instance runs the job'))
    expect(taken.map((t) => t.length).sort()).toEqual([0, 1])
    const holder = instances[taken.findIndex((t) => t.length === 1)]!
    expect(taken.flat()[0]!.instance).toBe(`${holder.logs.find((l) => typeof l.hostname === 'string')!.hostname as string}:${holder.proc.pid}`)
  })

  it('on SIGTERM the holder exits cleanly and frees the job lock for the other instance', async () => {
    const taken = (i: Instance) => i.logs.some((l) => l.job === 'payout-retries' && l.msg === 'job lock taken: this instance runs the job')
    const holderIndex = instances.findIndex(taken)
    const holder = instances[holderIndex]!
    const other = instances[1 - holderIndex]!
    holder.proc.kill('SIGTERM')
    expect(await holder.exited).toBe(0)
    expect(holder.logs.some((l) => l.job === 'payout-retries' && l.msg === 'job lock released')).toBe(true)
    // Free now (the other instance asks at its next sweep tick, up to 30 s away; runner.test.ts times takeovers).
    const admin = new pg.Client({ connectionString: databaseUrl(clone) })
    await admin.connect()
    try {
      const key = jobLockKey(TEMPLATE_SCHEMA, 'payout-retries').toString()
      const { rows } = await admin.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [key])
      expect(rows[0]!.ok || taken(other)).toBe(true)
    } finally {
      await admin.end()
    }
    expect((await fetch(`http://127.0.0.1:${other.port}/readyz`)).status).toBe(200)
  })
})
