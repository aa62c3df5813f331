import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, openTestDatabase, type TestDatabase } from '../test/harness'

/** A stand-in for another platform API, on a loopback port. */
async function startPlatform() {
  const platform = Fastify()
  platform.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) => done(null, body))
  platform.all('/api/*', async (request, reply) => {
    reply.header('set-cookie', ['sid=upstream; Path=/; HttpOnly', 'other=1; Path=/'])
    return {
      data: {
        method: request.method,
        url: request.url,
        cookie: request.headers.cookie ?? null,
        body: request.body ?? null,
        forwardedFor: request.headers['x-forwarded-for'] ?? null,
      },
    }
  })
  await platform.listen({ port: 0, host: '127.0.0.1' })
  const address = platform.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return { platform, url: `http://127.0.0.1:${address.port}` }
}

describe('API_BASE_URL forwarding', () => {
  let database: TestDatabase
  let app: FastifyInstance
  let platform: FastifyInstance

  beforeAll(async () => {
    const started = await startPlatform()
    platform = started.platform
    database = await openTestDatabase('pglite', { apiBaseUrl: started.url })
    app = await buildTestApp(database)
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await platform?.close()
    await database?.close()
  })

  it('forwards reads with query and cookie, and hands every Set-Cookie back', async () => {
    const res = await app.inject({ url: '/api/account/getInfo?locale=es&v=1', headers: { cookie: 'sid=abc' } })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ method: 'GET', url: '/api/account/getInfo?locale=es&v=1', cookie: 'sid=abc' })
    expect(res.headers['set-cookie']).toEqual(['sid=upstream; Path=/; HttpOnly', 'other=1; Path=/'])
  })

  it('forwards form bodies of writes untouched, and calls our own server does not have', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sportsbook/placeBet',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'stake=10&odds=2.5',
    })
    expect(res.json().data).toMatchObject({ method: 'POST', body: 'stake=10&odds=2.5' })
    expect(res.json().data.forwardedFor).toContain('127.0.0.1')
  })

  it('answers ApplicationUnavailable when the platform is down', async () => {
    await platform.close()
    const res = await app.inject('/api/account/getInfo')
    expect(res.statusCode).toBe(503)
    expect(res.json().error.type).toBe('ApplicationUnavailableException')
  })
})
