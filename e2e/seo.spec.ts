import type { Page } from '@playwright/test'
import { validateJsonLd } from '../src/services/seo/schema-types'
import { LOCALES } from '../src/shared/locales'
import { expect, gotoHydrated, seriousA11yViolations, test } from './fixtures'

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents()
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>)
}

test.describe('SEO', () => {
  for (const [prefix, locale, title, faq] of [
    ['', 'en', 'Getting started', 'Frequently asked questions'],
    ['/de', 'de', 'Erste Schritte', 'Häufig gestellte Fragen'],
  ] as const) {
    test(`a content page in ${locale} with breadcrumbs, FAQ and JSON-LD valid against the schema.org table`, async ({ page, errors, baseURL }) => {
      await gotoHydrated(page, `${prefix}/getting-started`)
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      const crumbs = page.getByRole('navigation', { name: locale === 'de' ? 'Brotkrumennavigation' : 'Breadcrumb' })
      await expect(crumbs.getByRole('listitem')).toHaveCount(3)
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText(title)
      await expect(page.getByRole('heading', { level: 2, name: faq })).toBeVisible()
      // The operator's marks became elements, never markup text.
      await expect(page.getByTestId('content-page').locator('strong').first()).toBeVisible()
      await expect(page.getByTestId('content-page')).not.toContainText('**')

      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${prefix}/getting-started`)
      const alternates = await page.locator('link[rel="alternate"]').evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]))
      expect(alternates).toEqual([...LOCALES.map((l) => [l, `${baseURL}${l === 'en' ? '' : `/${l}`}/getting-started`]), ['x-default', `${baseURL}/getting-started`]])
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/)
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title)
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', /summary/)
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0)

      const docs = await jsonLd(page)
      expect(docs.map((d) => d['@type'])).toEqual(['BreadcrumbList', 'FAQPage', 'Article'])
      for (const doc of docs) expect(validateJsonLd(doc).filter((p) => p.level === 'error' || p.path === ''), String(doc['@type'])).toEqual([])
      expect(await seriousA11yViolations(page)).toEqual([])
      expect(errors).toEqual([])
    })
  }

  test('after a client-side move the head is the one the server writes for that address', async ({ page }) => {
    const head = () =>
      page.evaluate(() => ({
        title: document.title,
        links: [...document.head.querySelectorAll('link[rel="canonical"], link[rel="alternate"]')].map((l) => `${l.getAttribute('rel')} ${l.getAttribute('hreflang') ?? ''} ${l.getAttribute('href')}`),
        meta: [...document.head.querySelectorAll('meta[name="description"], meta[name="robots"], meta[property^="og:"], meta[name^="twitter:"]')].map((m) => `${m.getAttribute('name') ?? m.getAttribute('property')}=${m.getAttribute('content')}`),
        jsonLd: [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '{}')['@type']),
      }))
    await gotoHydrated(page, '/es')
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
    for (const [link, path] of [
      [page.getByRole('contentinfo').getByRole('link', { name: 'Sobre nosotros' }), '/es/about'],
      [page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Casino' }), '/es/gamehall'],
    ] as const) {
      await link.click()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`))
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'a client-side move').toBe(true)
      const moved = await head()
      await gotoHydrated(page, path)
      expect(moved, path).toEqual(await head())
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
    }
  })

  test('the home page carries the Organization', async ({ page }) => {
    await gotoHydrated(page, '/es')
    const docs = await jsonLd(page)
    expect(docs.map((d) => d['@type'])).toEqual(['Organization'])
    expect(validateJsonLd(docs[0]).filter((p) => p.level === 'error')).toEqual([])
  })

  test('a CMS redirect keeps the locale, the query and the hash', async ({ page, baseURL }) => {
    await page.goto('/es/about-us?utm_source=mail&x=1#team')
    await expect(page).toHaveURL(`${baseURL}/es/about?utm_source=mail&x=1#team`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quiénes somos')
  })

  test('a path under a robots Disallow line gets noindex, follow; robots.txt lists the lines per locale', async ({ page, request }) => {
    await page.goto('/?redirectUrl=%2Fprofile')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow')
    await page.goto('/')
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
    const robots = await (await request.get('/robots.txt')).text()
    for (const line of ['Disallow: /cashier', 'Disallow: /es/cashier', 'Disallow: /de/profile', 'Sitemap: ']) expect(robots).toContain(line)
  })

  test('the sitemap index names a sitemap per locale, each listing the pages of that locale', async ({ request, baseURL }) => {
    const index = await (await request.get('/sitemap.xml')).text()
    const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    expect(maps).toEqual(LOCALES.map((l) => `${baseURL}/sitemap-${l}.xml`))
    for (const locale of LOCALES) {
      const res = await request.get(new URL(maps[LOCALES.indexOf(locale)]!).pathname)
      expect(res.headers()['content-type']).toContain('xml')
      const xml = await res.text()
      const prefix = locale === 'en' ? '' : `/${locale}`
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
      const href = (path: string) => `${baseURL}${path === '/' ? prefix || '/' : prefix + path}`
      for (const path of ['/', '/gamehall', '/getting-started', '/terms', '/promotions']) expect(locs, `${locale} ${path}`).toContain(href(path))
      expect(locs.some((l) => l.includes('/cashier') || l.includes('/profile'))).toBe(false)
      expect(xml).toContain(`hreflang="de" href="${baseURL}/de/getting-started"`)
    }
  })

  test('a crawler gets the status of an error and no error page; a player gets the page', async ({ request }) => {
    const bot = await request.get('/no-such-page-here', { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } })
    expect(bot.status()).toBe(404)
    expect(await bot.text()).toBe('')
    const player = await request.get('/no-such-page-here')
    expect(player.status()).toBe(404)
    expect(await player.text()).toContain('<h1')
  })
})
