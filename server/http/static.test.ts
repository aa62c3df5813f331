import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { precompressDir } from '../../scripts/vite-precompress'
import { TEST_TMPDIR, useTestApp } from '../test/harness'
import { ASSETS_CACHE_CONTROL, isHashedAssetName, STATIC_MAX_AGE_SEC } from './static'

// A built client as Vite leaves it: hashed assets in subfolders, copied public files at the top.
const clientDir = mkdtempSync(join(TEST_TMPDIR, 'casino-client-'))
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}]\n`
const STYLE = `.a{color:red}\n`.repeat(300)
const MANIFEST = JSON.stringify({ name: 'Casino', icons: Array.from({ length: 40 }, (_, i) => ({ src: `/i${i}.png`, sizes: '192x192' })) })
const PNG = Buffer.alloc(4096, 7)
const files: Record<string, string | Buffer> = {
  'assets/chunks/chunk-Bd3shASB.js': SCRIPT,
  'assets/static/src_ui_index-e71a6530.DZoKMzDK.css': STYLE,
  'assets/copied.js': SCRIPT,
  'assets/images/logo-9f8e7d6c5b.png': PNG,
  'site.webmanifest': MANIFEST,
}
for (const [name, body] of Object.entries(files)) {
  mkdirSync(join(clientDir, name, '..'), { recursive: true })
  writeFileSync(join(clientDir, name), body)
}
afterAll(() => rmSync(clientDir, { recursive: true, force: true }))

describe('built assets, precompressed', () => {
  const t = useTestApp('pglite', {
    app: { clientDir },
    beforeBuild: async () => {
      await precompressDir(clientDir)
    },
  })
  const get = (url: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...extra } })
  const varies = (vary: unknown) => String(vary ?? '').toLowerCase().split(/,\s*/).includes('accept-encoding')

  const script = '/assets/chunks/chunk-Bd3shASB.js'

  it('streams the brotli copy made at build time, typed as the original and cached for a year', async () => {
    const res = await get(script, 'gzip, deflate, br')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/)
    expect(varies(res.headers.vary)).toBe(true)
    expect(res.headers['cache-control']).toBe(ASSETS_CACHE_CONTROL)
    expect(res.headers.etag).toBeTruthy()
    expect(res.headers['last-modified']).toBeTruthy()
    expect(res.rawPayload.equals(readFileSync(join(clientDir, 'assets/chunks/chunk-Bd3shASB.js.br')))).toBe(true)
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT)
  })

  it('sends the gzip copy to a browser without brotli, and the plain file without Accept-Encoding', async () => {
    const css = '/assets/static/src_ui_index-e71a6530.DZoKMzDK.css'
    const gz = await get(css, 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers['content-type']).toMatch(/^text\/css/)
    expect(gunzipSync(gz.rawPayload).toString()).toBe(STYLE)
    const plain = await get(css)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(STYLE)
    expect(varies(plain.headers.vary)).toBe(true)
    expect(plain.headers['cache-control']).toBe(ASSETS_CACHE_CONTROL)
    // Each encoding is its own representation, so caches must not mix their validators.
    expect(plain.headers.etag).not.toBe(gz.headers.etag)
  })

  it('answers a revalidation with 304 and no body', async () => {
    const first = await get(script, 'br')
    const again = await get(script, 'br', { 'if-none-match': String(first.headers.etag) })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
  })

  it('gives a file without a hash in its name, and the top-level files, a short cache', async () => {
    const copied = await get('/assets/copied.js', 'br')
    expect(copied.headers['content-encoding']).toBe('br')
    expect(copied.headers['cache-control']).toBe(`public, max-age=${STATIC_MAX_AGE_SEC}`)
    const manifest = await get('/site.webmanifest', 'br')
    expect(manifest.statusCode).toBe(200)
    expect(manifest.headers['content-encoding']).toBe('br')
    expect(manifest.headers['cache-control']).toBe(`public, max-age=${STATIC_MAX_AGE_SEC}`)
    expect(JSON.parse(brotliDecompressSync(manifest.rawPayload).toString())).toEqual(JSON.parse(MANIFEST))
    expect((await get('/site.webmanifest.br')).statusCode).toBe(404)
  })

  it('answers any other address under /assets/ with the plain 404: a missing chunk, a copy by its own name, a case alias, a dot file', async () => {
    for (const url of ['/assets/chunks/chunk-Missing1.js', '/assets/chunks/chunk-Bd3shASB.js.br', '/assets/chunks/CHUNK-Bd3shASB.js', '/assets/.env']) {
      const res = await get(url, 'br')
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toMatch(/^application\/json/)
      expect(res.json().error.code, url).toBe('not_found')
    }
    expect((await t.app.inject({ method: 'HEAD', url: script })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'HEAD', url: '/assets/nothing.js' })).statusCode).toBe(404)
  })

  it('sends images as they are', async () => {
    const res = await get('/assets/images/logo-9f8e7d6c5b.png', 'br, gzip')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.rawPayload.equals(PNG)).toBe(true)
  })
})

describe('the build step', () => {
  it('writes copies only for text formats, and knows hashed names', () => {
    expect(readFileSync(join(clientDir, 'site.webmanifest.gz')).length).toBeGreaterThan(0)
    expect(() => readFileSync(join(clientDir, 'assets/images/logo-9f8e7d6c5b.png.br'))).toThrow()
    expect(isHashedAssetName('/x/assets/chunks/chunk-Bd3shASB.js.br')).toBe(true)
    expect(isHashedAssetName('/x/assets/static/src_ui_index-e71a6530.DZoKMzDK.css')).toBe(true)
    expect(isHashedAssetName('/x/assets/copied.js')).toBe(false)
  })
})
