import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, openTestDatabase, type TestDatabase } from '../test/harness'
import type { Lifecycle } from './readiness'
import { freePort } from '../test/free-port'

describe('/readyz and /healthz', () => {
  let database: TestDatabase
  const apps: FastifyInstance[] = []

  beforeAll(async () => {
    database = await openTestDatabase('pglite')
  })
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()))
  })
  afterAll(() => database?.close())

  const app = async (options: { redisUrl?: string | null; lifecycle?: Lifecycle } = {}) => {
    const built = await buildTestApp({ ...database, config: { ...database.config, redisUrl: options.redisUrl ?? null } }, { lifecycle: options.lifecycle })
    apps.push(built)
    return built
  }

  it('is ready with the database up and migrated, and sets no session cookie', async () => {
    const res = await (await app()).inject('/readyz')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ready', checks: { accepting: 'ok', database: 'ok', migrations: 'ok' } })
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('asks Redis when REDIS_URL is set: ready when it answers PING', async () => {
    const res = await (await app({ redisUrl: 'redis://127.0.0.1:6379' })).inject('/readyz')
    expect(res.json()).toMatchObject({ status: 'ready', checks: { redis: 'ok' } })
    expect(res.statusCode).toBe(200)
  })

  it('stays 200 but says degraded, naming Redis, when Redis cannot be reached: the site serves without it', async () => {
    const port = await freePort()
    const built = await app({ redisUrl: `redis://127.0.0.1:${port}` })
    const res = await built.inject('/readyz')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      status: 'degraded',
      degraded: ['redis'],
      checks: { database: 'ok', redis: 'unreachable (ECONNREFUSED): live events reach this instance only' },
    })
    expect((await built.inject('/healthz')).statusCode).toBe(200)
  })

  it('says degraded, naming Redis, when it refuses our password', async () => {
    const res = await (await app({ redisUrl: 'redis://:wrong-password@127.0.0.1:6379' })).inject('/readyz')
    expect(res.statusCode).toBe(200)
    expect(res.json().degraded).toEqual(['redis'])
    expect(res.json().checks.redis).toMatch(/^refused: /)
  })

  it('answers 503 when a real check fails beside a degraded Redis, naming each', async () => {
    const port = await freePort()
    const lifecycle: Lifecycle = { shuttingDown: true }
    const res = await (await app({ redisUrl: `redis://127.0.0.1:${port}`, lifecycle })).inject('/readyz')
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ status: 'not_ready', notReady: ['accepting'], checks: { accepting: 'shutting down', redis: expect.stringMatching(/^unreachable/) } })
  })

  it('answers 503 from the moment the instance is shutting down, while /healthz still says alive', async () => {
    const lifecycle: Lifecycle = { shuttingDown: false }
    const built = await app({ lifecycle })
    expect((await built.inject('/readyz')).statusCode).toBe(200)
    lifecycle.shuttingDown = true
    const res = await built.inject('/readyz')
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ status: 'not_ready', notReady: ['accepting'], checks: { accepting: 'shutting down' } })
    expect((await built.inject('/healthz')).statusCode).toBe(200)
  })

  it('answers 503 naming the migrations while one of this build is not applied', async () => {
    const [last] = (await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(database.db)).rows
    await sql`delete from kysely_migration where name = ${last!.name}`.execute(database.db)
    try {
      const res = await (await app()).inject('/readyz')
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ notReady: ['migrations'], checks: { migrations: `1 not applied yet (first: ${last!.name})` } })
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last!.name}, ${new Date().toISOString()})`.execute(database.db)
    }
    expect((await (await app()).inject('/readyz')).statusCode).toBe(200)
  })
})
