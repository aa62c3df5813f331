import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, openTestDatabase, type TestDatabase } from '../test/harness'
import { inProcessLocks } from './locks'
import { JobRunner } from './runner'

describe("the app's background jobs", () => {
  let database: TestDatabase
  let app: FastifyInstance
  const runner = new JobRunner(inProcessLocks(), { info: vi.fn(), warn: vi.fn(), error: vi.fn() }, 'test:1')

  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    app = await buildTestApp(database, { jobs: runner })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await runner.stop()
    await database?.close()
  })
  afterEach(() => vi.useRealTimers())

  it('are registered with the runner, so each runs on one instance', () => {
    expect(runner.names().sort()).toEqual(['auth-cleanup', 'contact-confirmation-cleanup', 'crash-loop', 'game-history-exports', 'game-popularity', 'game-rounds-recovery', 'oauth-state-cleanup', 'push-payment-notices', 'sportsbook-feed', 'sportsbook-settlement', 'support-chat-mail'])
    expect(app.jobs).toBe(runner)
  })

  it('a clean-up that can wait first runs one interval after start', async () => {
    vi.useFakeTimers()
    const own = new JobRunner(inProcessLocks(), { info: vi.fn(), warn: vi.fn(), error: vi.fn() }, 'test:2')
    const run = vi.fn(async () => {})
    own.register({ name: 'later', everyMs: 1_000, runOnStart: false, run })
    own.start()
    await vi.advanceTimersByTimeAsync(999)
    expect(run).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(1)
    await own.stop()
  })
})
