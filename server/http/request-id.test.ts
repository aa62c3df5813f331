import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { Writable } from 'node:stream'
import pino from 'pino'
import { buildTestApp, openTestDatabase, type TestDatabase } from '../test/harness'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('request ids', () => {
  let database: TestDatabase
  let direct: FastifyInstance
  let proxied: FastifyInstance
  const lines: Record<string, unknown>[] = []

  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
        done()
      },
    })
    direct = await buildTestApp(database, { logger: pino({ level: 'info' }, sink) })
    proxied = await buildTestApp({ ...database, config: { ...database.config, trustProxy: 1 } })
  })
  afterAll(async () => {
    await direct?.close()
    await proxied?.close()
    await database?.close()
  })

  it('are random UUIDs, unique across instances, sent back and written in the request log line', async () => {
    const a = await direct.inject('/healthz')
    const b = await proxied.inject('/healthz')
    expect(a.headers['x-request-id']).toMatch(UUID)
    expect(b.headers['x-request-id']).toMatch(UUID)
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id'])
    expect(lines.find((l) => l.msg === 'request' && l.url === '/healthz')).toMatchObject({ reqId: a.headers['x-request-id'], status: 200 })
  })

  it("keep a trusted proxy's X-Request-Id, and ignore one sent straight to the server or malformed", async () => {
    const id = 'f3b1c2d4e5a60718293a4b5c6d7e8f90'
    expect((await proxied.inject({ url: '/healthz', headers: { 'x-request-id': id } })).headers['x-request-id']).toBe(id)
    expect((await direct.inject({ url: '/healthz', headers: { 'x-request-id': id } })).headers['x-request-id']).toMatch(UUID)
    expect((await proxied.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\u0007' } })).headers['x-request-id']).toMatch(UUID)
  })
})
