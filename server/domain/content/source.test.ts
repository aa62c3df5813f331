import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { BALANCE_REFRESH_DEFAULTS } from '../../../src/shared/constants'
import { LOCALES } from '../../../src/shared/locales'
import { bannersSection, registrationSection, siteSection } from './sections'
import { ContentLoadError, createContentStore, fileBackend } from './source'

const dirs: string[] = []
/** A copy of the shipped content the test may break. */
function contentCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-store-'))
  cpSync(resolve('content'), dir, { recursive: true })
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const edit = (file: string, change: (value: Record<string, unknown>) => void) => {
  const value = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  change(value)
  writeFileSync(file, JSON.stringify(value))
}
const bannerTitle = (dir: string, locale: string, title: string) =>
  edit(join(dir, locale, 'banners.json'), (v) => {
    ;(v.banners as { title: string }[])[0]!.title = title
  })

describe('the content store', () => {
  it('loads and checks every section of every locale of the shipped content', async () => {
    const store = createContentStore(fileBackend(resolve('content')), { watch: false })
    const summary = await store.load()
    expect(summary.locales).toEqual([...LOCALES])
    expect(summary.sections).toEqual(expect.arrayContaining(['registration', 'site', 'banners', 'popups', 'loyalty', 'chat', 'webSetting', 'analytics', 'customCode', 'seo']))
    for (const locale of LOCALES) {
      const config = await store.publicConfig(locale, 'casino.example:3000')
      expect(config.locale).toBe(locale)
      // The demo content carries SPEC §9's balance refresh defaults.
      expect(config.site.functionalSettings.settingsForUpdBalance).toEqual(BALANCE_REFRESH_DEFAULTS)
      expect(config.seo.title, locale).toBeTruthy()
      expect(config.seo.disallow).toContain('/cashier')
      expect(config).not.toHaveProperty('customCode')
      expect(await store.page(locale, 'about')).toMatchObject({ slug: 'about' })
    }
    // Each locale has its own texts, never another language's.
    const titles = await Promise.all(LOCALES.map(async (l) => (await store.section(bannersSection, l)).banners[0]!.title))
    expect(new Set(titles).size).toBe(LOCALES.length)
  })

  it('refuses to load a broken file, naming the file and the field, and lists every problem', async () => {
    const dir = contentCopy()
    edit(join(dir, 'de', 'site.json'), (v) => {
      ;(v.features as Record<string, unknown>).twoFactor = 'yes'
    })
    writeFileSync(join(dir, 'es', 'popups.json'), '{"items": [')
    const error = await createContentStore(fileBackend(dir), { watch: false })
      .load()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ContentLoadError)
    const problems = (error as ContentLoadError).problems
    expect(problems.map((p) => [p.file, p.field])).toEqual([
      [join(dir, 'de', 'site.json'), 'features.twoFactor'],
      [join(dir, 'es', 'popups.json'), ''],
    ])
    expect((error as Error).message).toContain(`${join(dir, 'de', 'site.json')}: features.twoFactor:`)
    expect((error as Error).message).toContain('not valid JSON')
  })

  it('names a missing section file, a bad page and a folder that is not a locale', async () => {
    const dir = contentCopy()
    rmSync(join(dir, 'pt', 'chat.json'))
    writeFileSync(join(dir, 'en', 'pages', 'faq.json'), JSON.stringify({ title: 'FAQ', body: 'not a list' }))
    renameSync(join(dir, 'de'), join(dir, 'fr'))
    const error = (await createContentStore(fileBackend(dir), { watch: false })
      .load()
      .catch((e: unknown) => e)) as ContentLoadError
    const lines = error.problems.map((p) => p.message)
    expect(lines).toContain(`${join(dir, 'fr')}: "fr" is not a locale of the site (en, es, pt, de)`)
    expect(lines).toContain(`${join(dir, 'pt', 'chat.json')}: missing`)
    expect(lines).toContain(`${join(dir, 'de', 'site.json')}: missing`)
    expect(lines.find((l) => l.startsWith(join(dir, 'en', 'pages', 'faq.json')))).toContain(': body:')
  })

  it('without watching, serves what it loaded until reload(); a broken reload keeps the last good content', async () => {
    const dir = contentCopy()
    const store = createContentStore(fileBackend(dir), { watch: false })
    await store.load()
    let changes = 0
    store.onChange(() => changes++)
    bannerTitle(dir, 'en', 'Edited title')
    expect((await store.section(bannersSection, 'en')).banners[0]!.title).not.toBe('Edited title')

    await store.reload()
    expect((await store.section(bannersSection, 'en')).banners[0]!.title).toBe('Edited title')
    expect(changes).toBe(1)

    bannerTitle(dir, 'en', 'Second edit')
    edit(join(dir, 'es', 'registration.json'), (v) => {
      v.modes = 'form'
    })
    const error = (await store.reload().catch((e: unknown) => e)) as ContentLoadError
    expect(error).toBeInstanceOf(ContentLoadError)
    expect(error.problems[0]).toMatchObject({ file: join(dir, 'es', 'registration.json'), field: 'modes' })
    expect((await store.section(bannersSection, 'en')).banners[0]!.title).toBe('Edited title')
    expect((await store.section(registrationSection, 'es')).modes).toBeInstanceOf(Array)
    expect(changes).toBe(1)
  })

  it('watching, shows an edit as soon as the watcher tells and reports a broken one once while serving the last good', async () => {
    const dir = contentCopy()
    const backend = fileBackend(dir)
    let versions = 0
    const counted = { ...backend, version: () => (versions++, backend.version()) }
    const store = createContentStore(counted, { watch: true })
    await store.load()
    const problems: ContentLoadError[] = []
    store.onProblem((e) => problems.push(e))

    // Nothing changed: reads do not walk the folder (the watcher has not called).
    await store.section(siteSection, 'pt')
    const before = versions
    for (let i = 0; i < 20; i++) await store.section(siteSection, 'pt')
    expect(versions - before).toBeLessThanOrEqual(1)

    bannerTitle(dir, 'pt', 'Título novo')
    await vi.waitFor(async () => expect((await store.section(bannersSection, 'pt')).banners[0]!.title).toBe('Título novo'))

    edit(join(dir, 'pt', 'site.json'), (v) => {
      v.detailViewMode = 'Sideways'
    })
    await vi.waitFor(async () => {
      expect((await store.section(siteSection, 'pt')).detailViewMode).toBe('ContainerView')
      expect(problems).toHaveLength(1)
    })
    await store.section(siteSection, 'pt')
    expect(problems).toHaveLength(1)
    expect(problems[0]!.problems[0]).toMatchObject({ file: join(dir, 'pt', 'site.json'), field: 'detailViewMode' })

    edit(join(dir, 'pt', 'site.json'), (v) => {
      v.detailViewMode = 'ContainerScrollView'
    })
    await vi.waitFor(async () => expect((await store.section(siteSection, 'pt')).detailViewMode).toBe('ContainerScrollView'))
  })

  it('picks the SEO defaults of the request\'s domain, falling back to "*" and the default locale', async () => {
    const dir = contentCopy()
    edit(join(dir, 'seo.json'), (v) => {
      ;(v.domains as Record<string, unknown>)['es.casino.example'] = {
        locales: { es: { title: 'Casino España', description: 'Juega en España' } },
        openGraph: { siteName: 'Casino ES', type: 'website', image: '/favicon.svg' },
      }
    })
    const store = createContentStore(fileBackend(dir), { watch: false })
    await store.load()
    expect((await store.publicConfig('es', 'ES.casino.example:443')).seo).toMatchObject({ title: 'Casino España', openGraph: { siteName: 'Casino ES' } })
    expect((await store.publicConfig('de', 'es.casino.example')).seo.title).toBe('')
    expect((await store.publicConfig('de', 'other.example')).seo.title).toContain('Online-Casino')
  })
})
