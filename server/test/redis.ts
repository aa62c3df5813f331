import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { pingRedis } from '../redis/ping'
import { freePort } from './free-port'

/** The Redis tests use: the machine's own (127.0.0.1:6379) unless TEST_REDIS_URL names another. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** Throws, saying what to do, when the test Redis does not answer. */
export async function requireRedis(url = TEST_REDIS_URL): Promise<void> {
  const why = await pingRedis(url, 3_000)
  if (why) throw new Error(`Redis not reachable at ${url} (${why}): start it (redis-server --daemonize yes --port 6379 --save "") or set TEST_REDIS_URL`)
}

/** Channels of one test only: pub/sub is shared by every database number of a Redis. */
export const testRedisPrefix = () => `test:${randomUUID().slice(0, 8)}:`

export interface OwnRedis {
  url: string
  /** Stops it (SIGKILL: a crash, not a polite shutdown). */
  kill(): Promise<void>
  /** Starts it again on the same port, empty. */
  start(): Promise<void>
}

/**
 * A Redis of the test's own on a free port, for tests that stop and restart it: the machine's
 * shared one must stay up for the rest of the suite. Needs redis-server on the PATH.
 */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let proc: ChildProcess | null = null
  const start = async () => {
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'], {
      stdio: 'ignore',
    })
    proc = child
    const failed = new Promise<never>((_, reject) =>
      child.once('error', (err: NodeJS.ErrnoException) =>
        reject(new Error(err.code === 'ENOENT' ? 'redis-server is not on the PATH: install Debian\'s redis-server to run this test' : err.message)),
      ),
    )
    const until = Date.now() + 10_000
    for (;;) {
      const why = await Promise.race([pingRedis(url, 500), failed])
      if (!why) return
      if (child.exitCode !== null || Date.now() > until) throw new Error(`own redis-server on ${port} did not start: ${why}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  const kill = async () => {
    const child = proc
    proc = null
    if (!child || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
  }
  await start()
  return { url, kill, start }
}
