import type { Kysely } from 'kysely'
import { LOCALES, localizePath, type Locale } from '../../../src/shared/locales'
import { PUBLIC_PAGE_PATHS } from '../../../src/shared/public-pages'
import { isDisallowed } from '../../../src/shared/robots'
import { SEO_URL_TEMPLATES } from '../../../src/shared/seo-url-templates'
import type { DB } from '../../db/schema'

/** One address of a locale's sitemap: a locale-free path, and when it last changed if known. */
export interface SitemapEntry {
  path: string
  lastmod?: Date
}

/**
 * Where the sitemap's addresses come from. The builder takes a list of sources, so a new kind of
 * page (games, tournaments) joins the sitemap by adding a source here, nothing else.
 */
export interface SitemapSource {
  name: string
  entries(locale: Locale): Promise<SitemapEntry[]>
}

export function staticPagesSource(): SitemapSource {
  return { name: 'pages', entries: async () => PUBLIC_PAGE_PATHS.map((path) => ({ path })) }
}

/** The content pages the locale has, from the content store (files or a headless CMS). */
export function contentPagesSource(slugs: (locale: Locale) => Promise<readonly string[]>): SitemapSource {
  return { name: 'content', entries: async (locale) => (await slugs(locale)).map((slug) => ({ path: `/${slug}` })) }
}

/** The promotions of the content system (banners.json) in the locale, at the promotions URL template. */
export function contentPromotionsSource(promotions: (locale: Locale) => Promise<readonly { id: string }[]>): SitemapSource {
  return {
    name: 'content-promotions',
    entries: async (locale) => (await promotions(locale)).map((p) => ({ path: SEO_URL_TEMPLATES.promotions.replace('{id}', encodeURIComponent(p.id)) })),
  }
}

/** Active campaigns, at the promotions URL template (SPEC §2.1 /promotions/{id}). */
export function promotionsSource(db: Kysely<DB>): SitemapSource {
  return {
    name: 'promotions',
    entries: async () => {
      const rows = await db.selectFrom('campaigns').select(['sysname', 'created_at']).where('is_active', '=', true).orderBy('sysname').execute()
      return rows.map((r) => ({ path: SEO_URL_TEMPLATES.promotions.replace('{id}', encodeURIComponent(r.sysname)), lastmod: new Date(r.created_at as unknown as string) }))
    },
  }
}

const xml = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

export function sitemapPath(locale: Locale): string {
  return `/sitemap-${locale}.xml`
}

/** sitemap.xml: the index, one sitemap per locale. */
export function sitemapIndexXml(publicUrl: string, lastmod: Date): string {
  const origin = publicUrl.replace(/\/$/, '')
  const items = LOCALES.map((l) => `  <sitemap><loc>${xml(origin + sitemapPath(l))}</loc><lastmod>${lastmod.toISOString()}</lastmod></sitemap>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`
}

/**
 * One locale's sitemap: every source's addresses in that locale, with their alternates in the
 * locales that have the same path, minus whatever robots Disallow lines exclude.
 */
export async function localeSitemapXml(publicUrl: string, locale: Locale, sources: readonly SitemapSource[], disallow: readonly string[]): Promise<string> {
  const origin = publicUrl.replace(/\/$/, '')
  const perLocale = new Map<Locale, SitemapEntry[]>()
  await Promise.all(LOCALES.map(async (l) => perLocale.set(l, (await Promise.all(sources.map((s) => s.entries(l)))).flat())))
  const has = (l: Locale, path: string) => perLocale.get(l)!.some((e) => e.path === path)
  const seen = new Set<string>()
  const urls: string[] = []
  for (const entry of perLocale.get(locale)!) {
    if (seen.has(entry.path) || isDisallowed(entry.path, disallow)) continue
    seen.add(entry.path)
    const alternates = LOCALES.filter((l) => has(l, entry.path)).map(
      (l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${xml(origin + localizePath(entry.path, l))}"/>`,
    )
    urls.push(
      [
        '  <url>',
        `    <loc>${xml(origin + localizePath(entry.path, locale))}</loc>`,
        ...(entry.lastmod && !Number.isNaN(entry.lastmod.getTime()) ? [`    <lastmod>${entry.lastmod.toISOString()}</lastmod>`] : []),
        ...alternates,
        '  </url>',
      ].join('\n'),
    )
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}
