import { array, nullable, object, optional, record, refine, size, string, type Infer } from 'superstruct'
import type { SeoSettings } from '../../../src/services/api/contract/content'
import { SITE_NAME } from '../../../src/shared/brand'
import { LOCALES, type Locale } from '../../../src/shared/locales'
import type { ContentReport } from './pages'
import { ContentError, type ContentSection } from './section'
import { contentSource } from './source'

const disallowLine = refine(size(string(), 1, 512), 'disallow', (v) => /^\/[^\s]*$/.test(v) || 'must be a path pattern such as /cashier or /*?sort=')

const LocaleSeo = object({
  description: size(string(), 1, 320),
  /** Route name (src/routes/routes.tsx) → its description in this locale. */
  pages: optional(record(string(), size(string(), 1, 320))),
})

/**
 * SPEC §3 'SEO data' and §9 robots: content/seo.json, one file for the site. The robots Disallow
 * lines are locale-free paths: robots.txt repeats them under every locale prefix, and the pages
 * they match carry noindex, follow.
 */
const SeoFile = object({
  robots: object({ disallow: array(disallowLine) }),
  openGraph: optional(object({ image: optional(nullable(string())) })),
  organization: optional(object({ logo: optional(nullable(string())), sameAs: optional(array(string())) })),
  locales: refine(record(string(), LocaleSeo), 'locales', (v) => {
    const missing = LOCALES.filter((l) => !v[l])
    return missing.length === 0 || `needs every locale; missing ${missing.join(', ')}`
  }),
})
export type SeoFile = Infer<typeof SeoFile>

export const seoSection: ContentSection<SeoFile> = {
  name: 'seo',
  scope: 'site',
  file: 'seo.json',
  struct: SeoFile,
  public: false,
}

/** What a page gets when seo.json is broken: the site still renders, indexed as before. */
const FALLBACK: SeoFile = { robots: { disallow: [] }, locales: Object.fromEntries(LOCALES.map((l) => [l, { description: SITE_NAME }])) }

export async function readSeoFile(config: { contentDir: string }, report?: ContentReport): Promise<SeoFile> {
  try {
    return await contentSource(config).section(seoSection, 'en')
  } catch (error) {
    if (!(error instanceof ContentError)) throw error
    report?.(error, 'error')
    return FALLBACK
  }
}

export async function readSeoSettings(config: { contentDir: string }, locale: Locale, report?: ContentReport): Promise<SeoSettings> {
  const file = await readSeoFile(config, report)
  const own = file.locales[locale] ?? FALLBACK.locales[locale]!
  return {
    description: own.description,
    pages: Object.entries(own.pages ?? {}).map(([route, description]) => ({ route, description })),
    openGraph: { image: file.openGraph?.image ?? null, siteName: SITE_NAME },
    organization: { name: SITE_NAME, logo: file.organization?.logo ?? null, sameAs: file.organization?.sameAs ?? [] },
    disallow: file.robots.disallow,
  }
}
