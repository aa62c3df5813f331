import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { parseConfig } from './config'
import { writeSetting } from './domain/settings/settings'
import { createSession } from './domain/session/sessions'
import { SESSION_COOKIE } from './http/session'
import { PGLITE_ONLY, useTestApp } from './test/harness'
import { registerSsr } from './ssr'

const PUBLIC_URL = 'http://localhost:3000'

/**
 * Stands for Vike's renderPage: a page naming its URL, cookie, nonce and how many renders came
 * before, so a test can tell a fresh render from a stored one.
 */
function fakeRenderer() {
  let renders = 0
  const renderPage = async (ctx: { urlOriginal: string; headersOriginal: Record<string, string | undefined>; cspNonce: string }) => {
    renders++
    const status = ctx.urlOriginal.startsWith('/missing') ? 404 : 200
    const headers: [string, string][] = ctx.urlOriginal.startsWith('/sets-cookie') ? [['set-cookie', 'seen=1; Path=/']] : []
    const body = `<!doctype html><script nonce="${ctx.cspNonce}">render ${renders} of ${ctx.urlOriginal} for ${ctx.headersOriginal.cookie ?? ''}</script>`
    return { httpResponse: { statusCode: status, headers, body }, ssrOutcome: { kind: 'html', status } }
  }
  return { renderPage, count: () => renders }
}

const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1]
const cspNonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1]

describe('the visitors\' HTML cache', () => {
  const renderer = fakeRenderer()
  const t = useTestApp(PGLITE_ONLY[0]!, {
    app: {
      ssr: (app: FastifyInstance) =>
        registerSsr(app, { publicUrl: PUBLIC_URL, appEnv: 'demo', dev: false, htmlCacheSeconds: 30, renderPage: renderer.renderPage as never }),
    },
  })
  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} })

  it('serves a visitor a stored page, each response with its own nonce in the page and in the CSP', async () => {
    const first = await get('/welcome')
    const before = renderer.count()
    const second = await get('/welcome')
    expect(renderer.count()).toBe(before)
    expect(second.body.replace(/nonce="[^"]+"/, '')).toBe(first.body.replace(/nonce="[^"]+"/, ''))
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200)
      expect(nonceOf(res.body)).toBe(cspNonceOf(res.headers['content-security-policy']))
      expect(nonceOf(res.body)).toMatch(/^[A-Za-z0-9+/=]{20,}$/)
    }
    expect(nonceOf(first.body)).not.toBe(nonceOf(second.body))
  })

  it("never serves nor stores a player's page", async () => {
    await get('/lobby')
    const player = await t.database.db.selectFrom('accounts').select('id').where('login', '=', 'demo@example.com').executeTakeFirstOrThrow()
    const { token } = await createSession(t.database.db, { playerId: player.id, now: new Date(), policy: t.database.config.session })
    const cookie = `${SESSION_COOKIE}=${token}`
    const before = renderer.count()
    const mine = await get('/lobby', cookie)
    await get('/lobby', cookie)
    expect(renderer.count()).toBe(before + 2)
    expect(mine.body).toContain(`for ${cookie}`)
    // And the visitor after the player still gets the visitor's page.
    expect((await get('/lobby')).body).not.toContain(token)
  })

  it('keeps a page per locale, theme, consent choice and query', async () => {
    await get('/promotions')
    const before = renderer.count()
    const variants: [string, string?][] = [
      ['/de/promotions'],
      ['/promotions', 'locale=de'],
      ['/promotions', 'theme=light'],
      ['/promotions', 'cookie_consent=all'],
      ['/promotions?tab=2'],
    ]
    for (const [url, cookie] of variants) await get(url, cookie)
    expect(renderer.count()).toBe(before + variants.length)
    for (const [url, cookie] of variants) await get(url, cookie)
    expect(renderer.count()).toBe(before + variants.length)
  })

  it('stores no 404 and no page that sets a cookie', async () => {
    const before = renderer.count()
    expect((await get('/missing-page')).statusCode).toBe(404)
    await get('/missing-page')
    await get('/sets-cookie')
    await get('/sets-cookie')
    expect(renderer.count()).toBe(before + 4)
  })

  it('is cleared by a settings change', async () => {
    await get('/sports')
    const before = renderer.count()
    await get('/sports')
    expect(renderer.count()).toBe(before)
    await writeSetting(t.database.db, 'is_seon_enabled', true)
    // The test app's cache has no listener: its expiry (two seconds) finds the change.
    await vi.waitFor(async () => {
      await get('/sports')
      expect(renderer.count()).toBeGreaterThan(before)
    }, { timeout: 3_000, interval: 100 })
    await writeSetting(t.database.db, 'is_seon_enabled', false)
  })
})

describe('HTML_CACHE=0', () => {
  const renderer = fakeRenderer()
  const t = useTestApp(PGLITE_ONLY[0]!, {
    app: { ssr: (app: FastifyInstance) => registerSsr(app, { publicUrl: PUBLIC_URL, appEnv: 'demo', dev: false, htmlCacheSeconds: 0, renderPage: renderer.renderPage as never }) },
  })

  it('renders every request', async () => {
    await t.app.inject('/welcome')
    await t.app.inject('/welcome')
    expect(renderer.count()).toBe(2)
  })

  it('is read from the environment: seconds, 0 for off, three by default', () => {
    expect(parseConfig({}).htmlCacheSeconds).toBe(3)
    expect(parseConfig({ HTML_CACHE: '0' }).htmlCacheSeconds).toBe(0)
    expect(parseConfig({ HTML_CACHE: '10' }).htmlCacheSeconds).toBe(10)
    expect(() => parseConfig({ HTML_CACHE: 'off' })).toThrow(/HTML_CACHE/)
  })
})

describe('the visitors\' HTML cache and the content folder', () => {
  // A copy of the shipped content: the app checks every section at start.
  const contentDir = mkdtempSync(join(tmpdir(), 'casino-content-'))
  cpSync(resolve('content'), contentDir, { recursive: true })
  afterAll(() => rmSync(contentDir, { recursive: true, force: true }))
  const renderer = fakeRenderer()
  const t = useTestApp(PGLITE_ONLY[0]!, {
    config: { contentDir },
    app: { ssr: (app: FastifyInstance) => registerSsr(app, { publicUrl: PUBLIC_URL, appEnv: 'demo', dev: false, htmlCacheSeconds: 30, renderPage: renderer.renderPage as never }) },
  })

  it("is cleared when an operator edits a content page", async () => {
    await t.app.inject('/about')
    await t.app.inject('/about')
    expect(renderer.count()).toBe(1)
    writeFileSync(join(contentDir, 'en', 'pages', 'about.json'), JSON.stringify({ title: 'About', body: ['New text'] }))
    await vi.waitFor(async () => {
      await t.app.inject('/about')
      expect(renderer.count()).toBeGreaterThan(1)
    }, { timeout: 3_000, interval: 100 })
  })
})
