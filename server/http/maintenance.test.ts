import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { writeSetting } from '../domain/settings/settings'
import { PGLITE_ONLY, buildTestApp, openTestDatabase, type TestDatabase } from '../test/harness'

describe.each(PGLITE_ONLY)('maintenance switch on %s', (backend) => {
  let database: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    app = await buildTestApp(database)
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('closes the API with 503 ApplicationUnavailable while metadata still answers, and reopens', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      expect((await app.inject('/api/account/getInfo')).statusCode).toBe(200)
      await writeSetting(database.db, 'domain_state', 'maintenance')
      vi.setSystemTime(Date.now() + 3_000)
      const closed = await app.inject('/api/account/getInfo')
      expect(closed.statusCode).toBe(503)
      expect(closed.headers['retry-after']).toBe('120')
      expect(closed.json()).toMatchObject({ error: { type: 'ApplicationUnavailableException', code: 'maintenance' } })
      const info = await app.inject('/api/metadata/getgeneralinfo')
      expect(info.statusCode).toBe(200)
      expect(info.json().data.domain_state).toBe('maintenance')
      await writeSetting(database.db, 'domain_state', 'active')
      vi.setSystemTime(Date.now() + 3_000)
      expect((await app.inject('/api/account/getInfo')).statusCode).toBe(200)
    } finally {
      vi.useRealTimers()
    }
  })
})
