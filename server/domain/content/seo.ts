import type { SeoContent, SeoDefaults, SeoSettings } from '../../../src/services/api/contract/content'
import { SITE_NAME } from '../../../src/shared/brand'
import { DEFAULT_LOCALE, type Locale } from '../../../src/shared/locales'

/**
 * The SEO defaults of one domain and locale: the host's entry (port ignored), else the "*" entry;
 * a locale the domain has no texts for takes the default locale's. Robots Disallow lines are site-wide.
 */
export function seoDefaults(seo: SeoContent, host: string, locale: Locale): Omit<SeoDefaults, 'page'> {
  const hostname = host.toLowerCase().replace(/:\d+$/, '')
  const domain = seo.domains[hostname] ?? seo.domains['*']
  const texts = domain?.locales[locale] ?? domain?.locales[DEFAULT_LOCALE]
  return {
    title: texts?.title ?? '',
    description: texts?.description ?? '',
    openGraph: domain?.openGraph ?? null,
    disallow: seo.robots.disallow,
  }
}

/**
 * What every page's head needs of the SEO settings (SPEC §3 'SEO data'), for one domain and locale:
 * the defaults above plus the per-route descriptions and the organisation.
 */
export function seoSettings(seo: SeoContent, host: string, locale: Locale): SeoSettings {
  const defaults = seoDefaults(seo, host, locale)
  const hostname = host.toLowerCase().replace(/:\d+$/, '')
  const domain = seo.domains[hostname] ?? seo.domains['*']
  const texts = domain?.locales[locale] ?? domain?.locales[DEFAULT_LOCALE]
  return {
    description: defaults.description || SITE_NAME,
    pages: Object.entries(texts?.pages ?? {}).map(([route, description]) => ({ route, description })),
    openGraph: { image: defaults.openGraph?.image ?? null, siteName: defaults.openGraph?.siteName ?? SITE_NAME },
    organization: { name: SITE_NAME, logo: domain?.organization?.logo ?? null, sameAs: domain?.organization?.sameAs ?? [] },
    disallow: defaults.disallow,
  }
}
