import type { ContentPage, SeoSettings } from '../api/contract/content'
import { SITE_NAME } from '../../shared/brand'
import { DEFAULT_LOCALE, LOCALES, localizePath, type Locale } from '../../shared/locales'
import { articleLd, breadcrumbListLd, faqPageLd, organizationLd, type JsonLd } from './json-ld'
import { isDisallowed } from '../../shared/robots'

/** OpenGraph spells locales as language_TERRITORY: the market each locale is written for. */
export const OG_LOCALES: Record<Locale, string> = { en: 'en_US', es: 'es_ES', pt: 'pt_BR', de: 'de_DE' }

export interface PageSeoInput {
  publicUrl: string
  /** Locale-free path, and the query as requested ('' or '?x=1'). */
  path: string
  search: string
  locale: Locale
  routeName: string | null
  /** The page's own title (translated route title, or the content page's). */
  title: string
  status: number
  /** The route says so (result pages, forms, ...). */
  noindex: boolean
  settings: SeoSettings | null
  /** The content page shown, on /{slug}. */
  page: ContentPage | null
  /** "Home" in the page's language, the first breadcrumb. */
  homeName: string
}

export interface PageSeo {
  title: string
  description: string
  canonical: string
  alternates: { hreflang: string; href: string }[]
  robots: string | null
  meta: { attr: 'name' | 'property'; key: string; content: string }[]
  jsonLd: JsonLd[]
}

const plainText = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * Everything a page's head says to search engines and social sites (SPEC §2.1, §3 'SEO data', §9):
 * title and description per page and locale, canonical and alternate-language links with
 * x-default, robots, OpenGraph and Twitter cards, and the page's JSON-LD.
 */
export function pageSeo(input: PageSeoInput): PageSeo {
  const origin = input.publicUrl.replace(/\/$/, '')
  const url = (path: string, locale: Locale = input.locale) => origin + localizePath(path, locale)
  const absolute = (src: string | null | undefined) => (src ? (src.startsWith('/') ? origin + src : src) : null)
  const { page, settings } = input
  const title = input.title ? `${input.title} · ${SITE_NAME}` : SITE_NAME
  const description = plainText(
    page?.description || settings?.pages.find((p) => p.route === input.routeName)?.description || settings?.description || SITE_NAME,
  )
  const locales = page?.locales.length ? LOCALES.filter((l) => page.locales.includes(l)) : [...LOCALES]
  const xDefault = locales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : locales[0]!
  const failed = input.status >= 400
  const noindex = input.noindex || failed || isDisallowed(input.path + input.search, settings?.disallow ?? [])
  const canonical = url(input.path)
  const image = absolute(settings?.openGraph.image)

  const meta: PageSeo['meta'] = [
    { attr: 'name', key: 'description', content: description },
    { attr: 'property', key: 'og:type', content: page?.article ? 'article' : 'website' },
    { attr: 'property', key: 'og:site_name', content: settings?.openGraph.siteName ?? SITE_NAME },
    { attr: 'property', key: 'og:title', content: input.title || SITE_NAME },
    { attr: 'property', key: 'og:description', content: description },
    { attr: 'property', key: 'og:url', content: canonical },
    { attr: 'property', key: 'og:locale', content: OG_LOCALES[input.locale] },
    ...locales.filter((l) => l !== input.locale).map((l) => ({ attr: 'property' as const, key: 'og:locale:alternate', content: OG_LOCALES[l] })),
    ...(image ? [{ attr: 'property' as const, key: 'og:image', content: image }] : []),
    ...(page?.article
      ? [
          { attr: 'property' as const, key: 'article:published_time', content: page.article.published },
          ...(page.article.modified ? [{ attr: 'property' as const, key: 'article:modified_time', content: page.article.modified }] : []),
        ]
      : []),
    { attr: 'name', key: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { attr: 'name', key: 'twitter:title', content: input.title || SITE_NAME },
    { attr: 'name', key: 'twitter:description', content: description },
    ...(image ? [{ attr: 'name' as const, key: 'twitter:image', content: image }] : []),
  ]

  const jsonLd: JsonLd[] = []
  if (!failed) {
    const org = { name: settings?.organization.name ?? SITE_NAME, url: origin + '/', logo: absolute(settings?.organization.logo), sameAs: settings?.organization.sameAs ?? [] }
    if (input.routeName === 'index') jsonLd.push(organizationLd(org))
    if (page) {
      jsonLd.push(breadcrumbListLd([{ name: input.homeName, url: url('/') }, ...page.breadcrumbs.map((b) => ({ name: b.name, url: url(b.path) }))]))
      if (page.faq.length) jsonLd.push(faqPageLd(page.faq.map((f) => ({ question: f.question, answer: f.answer.map((s) => s.text).join('') }))))
      if (page.article) {
        jsonLd.push(
          articleLd({
            headline: page.title,
            description,
            url: canonical,
            inLanguage: input.locale,
            datePublished: page.article.published,
            dateModified: page.article.modified,
            author: page.article.author,
            publisher: org,
            image,
          }),
        )
      }
    }
  }

  return {
    title,
    description,
    canonical,
    alternates: [...locales.map((l) => ({ hreflang: l, href: url(input.path, l) })), { hreflang: 'x-default', href: url(input.path, xDefault) }],
    robots: noindex ? 'noindex, follow' : null,
    meta,
    jsonLd,
  }
}
