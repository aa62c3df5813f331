import type { SeoContent, SeoDefaults } from '../../../src/services/api/contract/content'
import { DEFAULT_LOCALE, type Locale } from '../../../src/shared/locales'

/**
 * The SEO defaults of one domain and locale: the host's entry (port ignored), else the "*" entry;
 * a locale the domain has no texts for takes the default locale's. Robots Disallow lines are site-wide.
 */
export function seoDefaults(seo: SeoContent, host: string, locale: Locale): SeoDefaults {
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
