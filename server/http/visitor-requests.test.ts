import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it, vi } from 'vitest'
import { buildTestApp, PGLITE_ONLY, useTestApp } from '../test/harness'

describe.each(PGLITE_ONLY)("a visitor's requests on %s", (backend) => {
  const t = useTestApp(backend, {
    beforeReady: (app) => {
      app.get('/__visitor-page', async () => ({ ok: true }))
    },
  })

  it('make no database round trip once the settings are in memory', async () => {
    await t.app.inject('/api/metadata/getgeneralinfo?locale=en')
    const executor = t.database.db.getExecutor()
    const queries = vi.spyOn(executor, 'executeQuery')
    try {
      for (const url of ['/__visitor-page', '/api/metadata/getgeneralinfo?locale=en', '/api/session/touch?locale=en']) {
        const res = await t.app.inject({ method: url.includes('touch') ? 'POST' : 'GET', url, headers: { cookie: 'theme=light; locale=de' } })
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
      }
      expect(queries).not.toHaveBeenCalled()
      // A session cookie is looked up.
      await t.app.inject({ url: '/__visitor-page', headers: { cookie: 'sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } })
      expect(queries).toHaveBeenCalled()
    } finally {
      queries.mockRestore()
    }
  })

  it('are logged in one line each at info, and not at all above it', async () => {
    for (const level of ['info', 'warn'] as const) {
      const lines: Record<string, unknown>[] = []
      const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) })
      const app = await buildTestApp(t.database, { logger: pino({ level }, stream) })
      try {
        await app.inject('/healthz')
        await app.inject('/api/metadata/getgeneralinfo?locale=en')
      } finally {
        await app.close()
      }
      const requests = lines.filter((l) => l.msg === 'request')
      expect(requests).toHaveLength(level === 'info' ? 2 : 0)
      expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toHaveLength(0)
      if (level === 'info') expect(requests[1]).toMatchObject({ method: 'GET', url: '/api/metadata/getgeneralinfo?locale=en', status: 200 })
    }
  })
})
