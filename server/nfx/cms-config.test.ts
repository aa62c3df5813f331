import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { assert } from 'superstruct'
import { afterAll, describe, expect, it } from 'vitest'
import { CmsConfigSchema, type CmsConfig } from '../../src/services/api/contract/content'
import type { SsrRequestContext } from '../../src/shared/ssr-context'
import { registerSsr } from '../ssr'
import { buildTestApp, PGLITE_ONLY, useTestApp } from '../test/harness'

const OPERATOR_TOKEN = 'content-test-operator-token-0123456789abcdef'
const dirs: string[] = []
function contentCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'casino-cms-'))
  cpSync(resolve('content'), dir, { recursive: true })
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function setBannerTitle(dir: string, title: string) {
  const file = join(dir, 'en', 'banners.json')
  const value = JSON.parse(readFileSync(file, 'utf8'))
  value.banners[0].title = title
  writeFileSync(file, JSON.stringify(value))
}

/** Stands for Vike's renderPage: renders the first banner's title from the content config SSR gets. */
function bannerRenderer() {
  let renders = 0
  const renderPage = async (ctx: { ssr: SsrRequestContext }) => {
    renders++
    const config = (await ctx.ssr.cmsConfig!('en')) as CmsConfig
    const body = `<!doctype html><h1>${config.banners.banners[0]!.title}</h1>`
    return { httpResponse: { statusCode: 200, headers: [], body }, ssrOutcome: { kind: 'html', status: 200 } }
  }
  return { renderPage, count: () => renders }
}

describe('GET /nfx/cms-config/{locale}', () => {
  const t = useTestApp(PGLITE_ONLY[0]!)

  it('answers the public sections of each locale, as the contract describes them', async () => {
    for (const locale of ['en', 'es', 'pt', 'de']) {
      const res = await t.app.inject({ url: `/nfx/cms-config/${locale}`, headers: { host: 'casino.example' } })
      expect(res.statusCode, locale).toBe(200)
      const body = res.json()
      assert(body, CmsConfigSchema)
      expect(body.locale).toBe(locale)
      // Server-only sections stay on the server.
      expect(body).not.toHaveProperty('customCode')
    }
  })

  it('answers an unknown locale with a 404 error body', async () => {
    for (const url of ['/nfx/cms-config/fr', '/nfx/cms-config/__proto__', '/nfx/cms-config/' + 'x'.repeat(300)]) {
      const res = await t.app.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json().error.type).toBe('MethodNotFoundException')
    }
  })
})

describe('content at start', () => {
  const t = useTestApp(PGLITE_ONLY[0]!)

  it('a broken file stops the app from starting, naming the file and the field', async () => {
    const dir = contentCopy()
    const file = join(dir, 'es', 'loyalty.json')
    const value = JSON.parse(readFileSync(file, 'utf8'))
    value.notification.durationSeconds = 0
    writeFileSync(file, JSON.stringify(value))
    await expect(buildTestApp({ ...t.database, config: { ...t.database.config, contentDir: dir } })).rejects.toThrow(
      `${file}: notification.durationSeconds:`,
    )
  })
})

describe('the operator reload (CONTENT_WATCH off, as in production)', () => {
  const dir = contentCopy()
  const renderer = bannerRenderer()
  const t = useTestApp(PGLITE_ONLY[0]!, {
    config: { contentDir: dir, contentWatch: false, operatorToken: OPERATOR_TOKEN },
    app: { ssr: (app: FastifyInstance) => registerSsr(app, { publicUrl: 'http://localhost:3000', appEnv: 'production', dev: false, htmlCacheSeconds: 30, renderPage: renderer.renderPage as never }) },
  })
  const reload = () => t.app.inject({ method: 'POST', url: '/api/operator/reloadContent', headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })
  const home = async () => (await t.app.inject('/')).body

  it('needs the operator token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/operator/reloadContent' })
    expect(res.statusCode).toBe(403)
  })

  it('shows an edit only after the reload, which also clears the cached pages', async () => {
    const before = await home()
    expect(await home()).toBe(before)
    setBannerTitle(dir, 'Edited by the operator')
    expect(await home()).toBe(before)
    expect((await t.app.inject('/nfx/cms-config/en')).json().banners.banners[0].title).not.toBe('Edited by the operator')

    const res = await reload()
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ origin: dir, locales: ['en', 'es', 'pt', 'de'] })
    expect(await home()).toContain('<h1>Edited by the operator</h1>')
    expect((await t.app.inject('/nfx/cms-config/en')).json().banners.banners[0].title).toBe('Edited by the operator')
  })

  it('a reload that finds a broken file answers the problem and keeps the last good content', async () => {
    setBannerTitle(dir, 'Never shown')
    const file = join(dir, 'de', 'chat.json')
    writeFileSync(file, JSON.stringify({ kind: 'telepathy', consentCategory: 'analytics', lazyLoadMs: 1000, config: {} }))
    const res = await reload()
    expect(res.statusCode).toBe(400)
    const error = res.json().error
    expect(error).toMatchObject({ type: 'InvalidRequestException', code: 'content_invalid' })
    expect(error.message).toContain(`${file}: kind:`)
    expect(error.error_data.problems).toEqual([expect.objectContaining({ file, field: 'kind' })])
    expect(await home()).toContain('<h1>Edited by the operator</h1>')
    expect((await t.app.inject('/nfx/cms-config/de')).statusCode).toBe(200)
  })
})
