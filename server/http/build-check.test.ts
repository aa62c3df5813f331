import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildInfoOf } from '../build-manifest'
import { buildTestApp, TEST_TMPDIR, useTestApp } from '../test/harness'
import { TEST_BUILD_ID_COOKIE } from './build-check'

// A built client with the service worker's files (scripts/vite-service-worker.ts writes them).
const clientDir = mkdtempSync(join(TEST_TMPDIR, 'casino-client-sw-'))
const files: Record<string, string> = {
  'assets/entries/app-1a2b3c4d.js': 'export {}\n',
  'assets/static/index-9f8e7d6c.css': 'a{}\n',
  'assets/entries/app-1a2b3c4d.js.br': 'compressed',
  'sw.js': "self.addEventListener('fetch', () => {})\n",
  'offline/en.html': '<!doctype html><title>Offline</title>\n',
  'offline.js': 'void 0\n',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
}
for (const [name, body] of Object.entries(files)) {
  mkdirSync(join(clientDir, name, '..'), { recursive: true })
  writeFileSync(join(clientDir, name), body)
}
afterAll(() => rmSync(clientDir, { recursive: true, force: true }))

describe('the build check and the service worker files (SPEC §4, §7)', () => {
  const t = useTestApp('pglite', { app: { clientDir } })
  let e2eApp: FastifyInstance
  beforeAll(async () => {
    e2eApp = await buildTestApp({ ...t.database, config: { ...t.database.config, e2eTestOverrides: true } }, { clientDir })
    await e2eApp.ready()
  })
  afterAll(() => e2eApp?.close())

  it('names the build by its hashed assets, leaving out compressed copies', () => {
    const build = buildInfoOf(clientDir)!
    expect(build.assets).toEqual(['/assets/entries/app-1a2b3c4d.js', '/assets/static/index-9f8e7d6c.css'])
    expect(build.buildId).toMatch(/^[0-9a-f]{16}$/)
    expect(buildInfoOf(join(clientDir, 'missing'))).toBeNull()
  })

  it('reports the build id, never cached; a cookie changes nothing without E2E_TEST_OVERRIDES', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/build-manifest.json', headers: { cookie: `${TEST_BUILD_ID_COOKIE}=next` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json()).toEqual({ buildId: buildInfoOf(clientDir)!.buildId })
  })

  it('lets an e2e context report another build by cookie, and ignores a malformed one', async () => {
    const other = await e2eApp.inject({ method: 'GET', url: '/build-manifest.json', headers: { cookie: `${TEST_BUILD_ID_COOKIE}=next-build` } })
    expect(other.json()).toEqual({ buildId: 'next-build' })
    const bad = await e2eApp.inject({ method: 'GET', url: '/build-manifest.json', headers: { cookie: `${TEST_BUILD_ID_COOKIE}=%3Cscript%3E` } })
    expect(bad.json()).toEqual({ buildId: buildInfoOf(clientDir)!.buildId })
  })

  it('revalidates sw.js and the offline page on every use; other top-level files keep the short cache', async () => {
    for (const url of ['/sw.js', '/offline/en.html', '/offline.js']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
    expect((await t.app.inject({ method: 'GET', url: '/sw.js' })).headers['content-type']).toMatch(/javascript/)
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toMatch(/^public, max-age=\d+$/)
  })

  it("lets only our own scripts become workers (CSP worker-src 'self')", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/build-manifest.json' })
    expect(res.headers['content-security-policy']).toContain("worker-src 'self'")
  })
})
