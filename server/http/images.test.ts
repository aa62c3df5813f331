import { createServer, request, type Server } from 'node:http'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_MAX_DIMENSION, imageCandidates } from '../../src/shared/images'
import { SPRITE_URL } from '../../src/shared/icon-sprite'
import { ImageCache, registerImageProxy } from './images'
import { registerIconRoutes } from './icons'
import { TEST_TMPDIR } from '../test/harness'

const hostileSvg = (origin: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" onload="alert(1)"><script>alert(2)</script><image href="${origin}/track.png" width="24" height="24"/><foreignObject><div>x</div></foreignObject><path d="M2 2h20v20H2z" fill="#c00"/></svg>`

let dir: string
let root: string
let media: string
let app: FastifyInstance
let upstream: Server
let origin: string
const hits: string[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(TEST_TMPDIR, 'images-'))
  root = join(dir, 'public')
  media = join(dir, 'media')
  mkdirSync(join(root, 'images'), { recursive: true })
  mkdirSync(media)
  const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#3366cc' } }).png().toBuffer()
  writeFileSync(join(root, 'images', 'photo.png'), png)
  writeFileSync(join(media, 'upload.png'), png)
  writeFileSync(join(root, 'images', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M2 2h20v20H2z" fill="#0a0"/></svg>')
  writeFileSync(join(root, 'images', 'fake.png'), 'just some text, not an image at all')
  writeFileSync(join(root, 'images', 'huge.png'), Buffer.alloc(300 * 1024, 1))
  writeFileSync(join(root, 'images', 'bomb.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="30000" height="30000"><rect width="30000" height="30000"/></svg>')
  writeFileSync(join(dir, 'secret.png'), png)
  symlinkSync(join(dir, 'secret.png'), join(root, 'images', 'link.png'))

  upstream = createServer((req, res) => {
    hits.push(req.url ?? '')
    const url = req.url ?? ''
    if (url.startsWith('/ok.png')) return res.writeHead(200, { 'content-type': 'image/png' }).end(png)
    if (url === '/hostile.svg') return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(hostileSvg(origin))
    if (url === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><script>x</script></html>')
    if (url === '/redirect.png') return res.writeHead(302, { location: 'http://127.0.0.1:1/x.png' }).end()
    if (url === '/slow.png') return void setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png), 2_000)
    if (url === '/endless.png') {
      // No content-length: the cap has to count bytes as they come.
      res.writeHead(200, { 'content-type': 'image/png' })
      const chunk = Buffer.alloc(64 * 1024, 7)
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(chunk)), 5)
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`

  app = Fastify()
  const options = { roots: [root, media], allowlist: [origin], maxBytes: 200 * 1024, timeoutMs: 500 }
  registerImageProxy(app, { ...options, cache: new ImageCache(4 * 1024 * 1024) })
  registerIconRoutes(app, { ...options })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  upstream?.closeAllConnections()
  await new Promise((resolve) => upstream?.close(resolve))
  rmSync(dir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })

describe('/_ipx', () => {
  it('serves webp at quality 95 by default, at the size asked, with long caching and an ETag', async () => {
    const res = await get('/_ipx/s_320x160/images/photo.png')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d{6,}/)
    const meta = await sharp(res.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 160])
    const again = await get('/_ipx/s_320x160/images/photo.png', { 'if-none-match': String(res.headers.etag) })
    expect(again.statusCode).toBe(304)
  })

  it('takes every SPEC §7 modifier', async () => {
    const res = await get('/_ipx/f_png&fit_contain&s_200x200&q_60&b_ffffff/images/photo.png')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    const meta = await sharp(res.rawPayload).metadata()
    expect([meta.width, meta.height]).toEqual([200, 200])
    const byWidth = await sharp((await get('/_ipx/w_100/images/photo.png')).rawPayload).metadata()
    expect([byWidth.width, byWidth.height]).toEqual([100, 50])
    const byHeight = await sharp((await get('/_ipx/h_100&f_jpeg/images/photo.png')).rawPayload).metadata()
    expect([byHeight.format, byHeight.width]).toEqual(['jpeg', 200])
  })

  it('serves every candidate the Image component asks for', async () => {
    const { srcSet } = imageCandidates({ src: '/images/photo.png', width: 400, height: 200 })
    for (const candidate of srcSet!.split(', ')) {
      const res = await get(candidate.split(' ')[0]!)
      expect(res.statusCode, candidate).toBe(200)
    }
  })

  it('draws an SVG at the size asked, not upscaled from its nominal 24 px', async () => {
    const meta = await sharp((await get('/_ipx/s_96x96/images/icon.svg')).rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 96, 96])
  })

  it('reads uploads from the media folder too', async () => {
    expect((await get('/_ipx/w_50/upload.png')).statusCode).toBe(200)
  })

  it.each([
    ['an absurd width', `/_ipx/w_${IMAGE_MAX_DIMENSION + 1}/images/photo.png`, 400],
    ['a giant size', '/_ipx/s_100000x100000/images/photo.png', 400],
    ['a zero width', '/_ipx/w_0/images/photo.png', 400],
    ['an unknown modifier', '/_ipx/rotate_90/images/photo.png', 400],
    ['no source', '/_ipx/w_10', 400],
    ['path traversal inside the source', '/_ipx/w_10/images/../../secret.png', 400],
    ['a dot file', '/_ipx/w_10/.env', 400],
    ['a link out of our storage', '/_ipx/w_10/images/link.png', 403],
    ['a host not on the allowlist', '/_ipx/w_10/http://127.0.0.2:9/a.png', 403],
    ['a missing file', '/_ipx/w_10/images/nope.png', 404],
    ['a non-image source', '/_ipx/w_10/images/fake.png', 422],
    ['a huge file', '/_ipx/w_10/images/huge.png', 413],
    ['a decompression bomb', '/_ipx/w_10/images/bomb.svg', 422],
  ])('refuses %s with a clear 4xx', async (_name, url, status) => {
    const res = await get(url)
    expect(res.statusCode).toBe(status)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json().error.code).toMatch(/^image_/)
  })

  it('refuses path traversal sent as it is, not normalised by a client', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as AddressInfo).port
    for (const path of ['/_ipx/w_10/../../secret.png', '/_ipx/w_10/images/%2e%2e/%2e%2e/secret.png', '/_ipx/w_10/images/..%2f..%2fsecret.png']) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.on('error', reject)
        req.end()
      })
      expect([400, 404], path).toContain(status)
    }
  })

  it('fetches allowlisted remote images once, then serves them from memory', async () => {
    const before = hits.filter((h) => h === '/ok.png').length
    const first = await get(`/_ipx/w_64/${origin}/ok.png`)
    const second = await get(`/_ipx/w_64/${origin}/ok.png`)
    expect([first.statusCode, second.statusCode]).toEqual([200, 200])
    expect(hits.filter((h) => h === '/ok.png').length - before).toBe(1)
    expect(second.headers.etag).toBe(first.headers.etag)
  })

  it.each([
    ['a page, not an image', '/page.html', 422],
    ['a redirect (that could leave the allowlist)', '/redirect.png', 404],
    ['a source slower than the timeout', '/slow.png', 404],
    ['a body that never ends', '/endless.png', 413],
    ['a missing remote file', '/gone.png', 404],
  ])('refuses %s from an allowlisted host', async (_name, path, status) => {
    const res = await get(`/_ipx/w_64/${origin}${path}`)
    expect(res.statusCode).toBe(status)
  })

  it('draws a hostile SVG without its script or its external image', async () => {
    writeFileSync(join(root, 'images', 'hostile.svg'), hostileSvg(origin))
    const res = await get('/_ipx/s_48x48/images/hostile.svg')
    expect(res.statusCode).toBe(200)
    expect(hits).not.toContain('/track.png')
  })

  it('never answers a 5xx, whatever the address', async () => {
    const junk = ['/_ipx/', '/_ipx/_/', '/_ipx/_/images/photo.png', '/_ipx/w_10/%00', '/_ipx/w_10/images/photo.png%00.svg', '/_ipx/w_10/C:\\x.png', '/_ipx/w_1e3/a.png', '/_ipx/q_50&&&/a.png', '/_ipx/w_10/javascript:alert(1)', '/_ipx/w_10/file:///etc/passwd', '/_ipx/w_10/https://']
    for (const url of junk) {
      const res = await get(url)
      expect(res.statusCode, url).toBeLessThan(500)
    }
  })
})

describe('ImageCache', () => {
  it('drops the least recently used entries past its byte bound', () => {
    const cache = new ImageCache(300)
    const entry = (n: number) => ({ data: Buffer.alloc(n), contentType: 'image/webp', etag: '"x"', maxAge: 1, version: 'v', expires: Infinity })
    cache.set('a', entry(100))
    cache.set('b', entry(100))
    cache.set('c', entry(100))
    cache.get('a')
    cache.set('d', entry(100))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.totalBytes).toBeLessThanOrEqual(300)
    cache.set('huge', entry(1000))
    expect(cache.get('huge')).toBeUndefined()
  })
})

describe('/_icons files', () => {
  it('serves the sprite under its content hash for a year', async () => {
    const res = await get(SPRITE_URL)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('image/svg+xml')
    expect(res.headers['cache-control']).toContain('immutable')
    expect(res.body).toContain('<symbol id="icon-casino"')
    const old = await get('/_icons/sprite-0000000.svg')
    expect(old.headers['cache-control']).toBe('public, max-age=600')
  })

  it('sanitises an external SVG icon before anyone inlines it', async () => {
    const res = await get(`/_icons/external?src=${encodeURIComponent(`${origin}/hostile.svg`)}`)
    expect(res.statusCode).toBe(200)
    for (const bad of ['script', 'onload', 'foreignObject', 'track.png', 'alert']) expect(res.body).not.toContain(bad)
    expect(res.body).toContain('<path d="M2 2h20v20H2z" fill="#c00"/>')
    expect(res.headers['content-security-policy']).toContain("default-src 'none'")
  })

  it.each([
    ['no source', '/_icons/external', 400],
    ['a host not on the allowlist', `/_icons/external?src=${encodeURIComponent('https://evil.example/x.svg')}`, 403],
    ['a page, not an SVG', '/_icons/external?src=ORIGIN%2Fpage.html', 422],
    ['path traversal', `/_icons/external?src=${encodeURIComponent('../../etc/passwd.svg')}`, 400],
    ['a raster file', '/_icons/external?src=images/photo.png', 400],
    ['two sources', '/_icons/external?src=a.svg&src=b.svg', 400],
  ])('refuses %s', async (_name, url, status) => {
    const res = await get(url.replace('ORIGIN', encodeURIComponent(origin)))
    expect(res.statusCode, res.body).toBe(status)
  })

  it('serves a local SVG icon sanitised', async () => {
    const res = await get('/_icons/external?src=images/hostile.svg')
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('script')
  })
})
