import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../config'
import { LOCALES } from '../../../src/shared/locales'
import { cmsBackend } from './cms-backend'
import { contentSections } from './sections'
import { bannersSection } from './sections'
import { ContentLoadError, createContentStore } from './source'

/**
 * A small content API of SPEC §7's shape (POST /auth/local, then reads with the JWT), holding the
 * shipped content as its entries. Tokens expire when the test says so.
 */
function fakeContentApi() {
  const entries = new Map<string, unknown>()
  const root = resolve('content')
  for (const section of contentSections) {
    if (section.scope === 'site') entries.set(`/content/${section.name}`, JSON.parse(readFileSync(join(root, section.file), 'utf8')))
    else for (const locale of LOCALES) entries.set(`/content/${locale}/${section.name}`, JSON.parse(readFileSync(join(root, locale, section.file), 'utf8')))
  }
  for (const locale of LOCALES) {
    const dir = join(root, locale, 'pages')
    entries.set(`/content/${locale}/pages`, readdirSync(dir).map((f) => ({ slug: f.replace(/\.json$/, ''), ...JSON.parse(readFileSync(join(dir, f), 'utf8')) })))
  }
  const valid = new Set<string>()
  let signIns = 0
  const app = Fastify()
  app.post<{ Body: { identifier?: string; password?: string } }>('/auth/local', async (request, reply) => {
    if (request.body?.identifier !== 'content-bot' || request.body?.password !== 'secret-pass') return reply.code(400).send({ error: { message: 'Invalid identifier or password' } })
    const jwt = `jwt-${++signIns}`
    valid.add(jwt)
    return { jwt, user: { id: 1, username: 'content-bot' } }
  })
  app.get('/users/me', async (request, reply) => (valid.has(bearer(request.headers.authorization)) ? { id: 1 } : reply.code(401).send({})))
  app.get('/content', async (request, reply) => (valid.has(bearer(request.headers.authorization)) ? { data: { locales: [...LOCALES] } } : reply.code(401).send({})))
  app.get('/content/*', async (request, reply) => {
    if (!valid.has(bearer(request.headers.authorization))) return reply.code(401).send({ error: 'expired' })
    const path = request.url.split('?')[0]!
    return entries.has(path) ? { data: entries.get(path) } : reply.code(404).send({ error: 'not found' })
  })
  return { app, entries, expireTokens: () => valid.clear(), signIns: () => signIns }
}
const bearer = (header: string | undefined) => /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? ''

describe('the content API backend', () => {
  const fake = fakeContentApi()
  let url = ''
  beforeAll(async () => {
    url = await fake.app.listen({ port: 3311, host: '127.0.0.1' })
  })
  afterAll(() => fake.app.close())
  const api = () => ({ url, identifier: 'content-bot', password: 'secret-pass' })

  it('signs in, loads and checks every section and page, and reloads on demand, signing in again when the token expires', async () => {
    const store = createContentStore(cmsBackend(api()), { watch: false })
    const summary = await store.load()
    expect(summary.origin).toBe(url)
    expect(summary.pages).toBeGreaterThanOrEqual(16)
    expect((await store.publicConfig('es', 'x')).banners.banners.length).toBeGreaterThan(0)
    expect(await store.page('de', 'about')).toMatchObject({ slug: 'about' })

    const banners = structuredClone(fake.entries.get('/content/pt/banners')) as { banners: { title: string }[] }
    banners.banners[0]!.title = 'Do CMS'
    fake.entries.set('/content/pt/banners', banners)
    fake.expireTokens()
    const before = fake.signIns()
    await store.reload()
    expect(fake.signIns()).toBe(before + 1)
    expect((await store.section(bannersSection, 'pt')).banners[0]!.title).toBe('Do CMS')
  })

  it('names the entry and field of a broken entry, and keeps the last good content', async () => {
    const store = createContentStore(cmsBackend(api()), { watch: false })
    await store.load()
    const good = fake.entries.get('/content/en/analytics')
    fake.entries.set('/content/en/analytics', { gtm: 'not-a-gtm-id', ga4: null, yandexMetrika: null, facebookPixel: null })
    try {
      const error = (await store.reload().catch((e: unknown) => e)) as ContentLoadError
      expect(error).toBeInstanceOf(ContentLoadError)
      expect(error.problems.map((p) => [p.file, p.field])).toEqual([[`${url}/content/en/analytics`, 'gtm']])
      expect((await store.publicConfig('en', 'x')).analytics).toEqual(good)
    } finally {
      fake.entries.set('/content/en/analytics', good)
    }
  })

  it('refuses wrong credentials with a message naming the settings', async () => {
    const store = createContentStore(cmsBackend({ ...api(), password: 'wrong' }), { watch: false })
    await expect(store.load()).rejects.toThrow(/sign-in refused \(HTTP 400\): check CONTENT_API_IDENTIFIER and CONTENT_API_PASSWORD/)
  })

  it('is configured by CONTENT_API_URL and its credentials', () => {
    expect(parseConfig({ CONTENT_API_URL: 'https://cms.example/', CONTENT_API_IDENTIFIER: 'bot', CONTENT_API_PASSWORD: 'pw' }).contentApi).toEqual({ url: 'https://cms.example', identifier: 'bot', password: 'pw' })
    expect(parseConfig({}).contentApi).toBeNull()
    expect(() => parseConfig({ CONTENT_API_URL: 'https://cms.example' })).toThrow(/CONTENT_API_IDENTIFIER/)
  })
})
