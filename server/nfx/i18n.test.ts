import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, openTestDatabase, type TestDatabase } from '../test/harness'

describe('/nfx/i18n', () => {
  let database: TestDatabase
  let app: FastifyInstance
  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    app = await buildTestApp(database)
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('lists the locales and the default', async () => {
    const res = await app.inject({ method: 'GET', url: '/nfx/i18n/locales' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ locales: ['en', 'es', 'pt', 'de'], defaultLocale: 'en' })
  })

  it('answers the compiled messages of each locale as an object', async () => {
    for (const locale of ['en', 'es', 'pt', 'de']) {
      const res = await app.inject({ method: 'GET', url: `/nfx/i18n/messages/${locale}` })
      expect(res.statusCode, locale).toBe(200)
      const body = res.json()
      expect(typeof body).toBe('object')
      expect(Array.isArray(body)).toBe(false)
    }
  })

  it('answers an unknown locale with a 404 error body', async () => {
    for (const url of ['/nfx/i18n/messages/xx', '/nfx/i18n/messages/__proto__', '/nfx/i18n/nothing']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json().error.type, url).toBe('MethodNotFoundException')
    }
  })
})
