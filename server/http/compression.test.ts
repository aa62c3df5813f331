import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../test/harness'
import { COMPRESS_THRESHOLD_BYTES } from './compression'

const BIG_HTML = `<!doctype html><html><body>${'<p>Welcome to the casino.</p>'.repeat(200)}</body></html>`
const PNG = Buffer.alloc(4096, 7)

// The websocket (/ws) is upgraded on the HTTP server before Fastify routes anything, so no
// compression hook ever sees it: server/realtime/balance-socket.test.ts covers it unchanged.
describe('compression of dynamic answers', () => {
  const t = useTestApp('pglite', {
  beforeReady: (app) => {
    app.get('/test/page', (_request, reply) => reply.type('text/html; charset=utf-8').send(BIG_HTML))
    // The SSR catch-all's shape: one handler for GET and HEAD.
    app.route({ method: ['GET', 'HEAD'], url: '/test/catch-all', handler: (_request, reply) => reply.type('text/html; charset=utf-8').send(BIG_HTML) })
    app.get('/test/picture', (_request, reply) => reply.type('image/png').send(PNG))
    app.get('/test/empty', (_request, reply) => reply.code(204).send())
  },
  })
  const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } })
  const varies = (vary: unknown) => String(vary ?? '').toLowerCase().split(/,\s*/).includes('accept-encoding')

  it('sends JSON above the threshold as brotli when the browser takes it, and says it varies', async () => {
    const plain = await get('/nfx/i18n/messages/en')
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES)
    const res = await get('/nfx/i18n/messages/en', 'gzip, deflate, br, zstd')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(String(res.headers.vary).match(/accept-encoding/gi)).toHaveLength(1)
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json())
  })

  it('falls back to gzip, and follows q-values over its own preference', async () => {
    const gzipOnly = await get('/test/page', 'gzip')
    expect(gzipOnly.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzipOnly.rawPayload).toString()).toBe(BIG_HTML)
    expect((await get('/test/page', 'br;q=0.2, gzip;q=0.9')).headers['content-encoding']).toBe('gzip')
    expect((await get('/test/page', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip')
    expect((await get('/test/page', 'gzip;q=0.5, br')).headers['content-encoding']).toBe('br')
  })

  it('sends the plain body without Accept-Encoding, with identity, or with nothing it can make, still saying it varies', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'compress, x-unknown']) {
      const res = await get('/test/page', acceptEncoding)
      expect(res.statusCode, String(acceptEncoding)).toBe(200)
      expect(res.headers['content-encoding'], String(acceptEncoding)).toBeUndefined()
      expect(res.body).toBe(BIG_HTML)
      expect(varies(res.headers.vary), String(acceptEncoding)).toBe(true)
    }
    const json = await get('/nfx/i18n/messages/en')
    expect(json.headers['content-encoding']).toBeUndefined()
    expect(String(json.headers.vary).match(/accept-encoding/gi)).toHaveLength(1)
    // Below the threshold nothing varies.
    expect(varies((await get('/nfx/i18n/locales')).headers.vary)).toBe(false)
  })

  it('leaves small answers, already-compressed types, HEAD and 204 uncompressed', async () => {
    const small = await get('/nfx/i18n/locales', 'br, gzip')
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES)
    expect(small.headers['content-encoding']).toBeUndefined()
    const picture = await get('/test/picture', 'br, gzip')
    expect(picture.headers['content-encoding']).toBeUndefined()
    expect(picture.rawPayload.equals(PNG)).toBe(true)
    for (const url of ['/test/page', '/test/catch-all']) {
      const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br, gzip' } })
      expect(head.statusCode, url).toBe(200)
      expect(head.headers['content-encoding'], url).toBeUndefined()
    }
    const empty = await get('/test/empty', 'br, gzip')
    expect(empty.statusCode).toBe(204)
    expect(empty.headers['content-encoding']).toBeUndefined()
    expect(empty.rawPayload.length).toBe(0)
  })
})
