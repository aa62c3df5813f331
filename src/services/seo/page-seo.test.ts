import { describe, expect, it } from 'vitest'
import type { ContentPage, SeoSettings } from '../api/contract/content'
import { pageSeo, type PageSeoInput } from './page-seo'
import { validateJsonLd } from './schema-types'

const SETTINGS: SeoSettings = {
  description: 'Default words',
  pages: [{ route: 'gamehall', description: 'All the games' }],
  openGraph: { image: '/og.png', siteName: 'Royal Ace' },
  organization: { name: 'Royal Ace', logo: '/logo.svg', sameAs: [] },
  disallow: ['/cashier', '/*?redirectUrl='],
}
const PAGE: ContentPage = {
  slug: 'guide',
  title: 'Erste Schritte',
  description: 'Wie es geht',
  body: [],
  faq: [{ question: 'Warum?', answer: [{ text: 'Darum ' }, { text: 'so', bold: true }] }],
  breadcrumbs: [
    { name: 'Support', path: '/support' },
    { name: 'Erste Schritte', path: '/guide' },
  ],
  article: { published: '2026-11-01', modified: null, author: 'Team' },
  locales: ['de', 'es'],
}
const base: PageSeoInput = { publicUrl: 'https://casino.test/', path: '/gamehall', search: '', locale: 'es', routeName: 'gamehall', title: 'Juegos', status: 200, noindex: false, settings: SETTINGS, page: null, homeName: 'Inicio' }
const meta = (seo: ReturnType<typeof pageSeo>, key: string) => seo.meta.filter((m) => m.key === key).map((m) => m.content)

describe('the head of a page', () => {
  it('gives title, description per route, canonical, alternates with x-default, OpenGraph and Twitter', () => {
    const seo = pageSeo(base)
    expect(seo.title).toBe('Juegos · Royal Ace')
    expect(seo.description).toBe('All the games')
    expect(seo.canonical).toBe('https://casino.test/es/gamehall')
    expect(seo.alternates).toEqual([
      { hreflang: 'en', href: 'https://casino.test/gamehall' },
      { hreflang: 'es', href: 'https://casino.test/es/gamehall' },
      { hreflang: 'pt', href: 'https://casino.test/pt/gamehall' },
      { hreflang: 'de', href: 'https://casino.test/de/gamehall' },
      { hreflang: 'x-default', href: 'https://casino.test/gamehall' },
    ])
    expect(seo.robots).toBeNull()
    expect(meta(seo, 'og:locale')).toEqual(['es_ES'])
    expect(meta(seo, 'og:image')).toEqual(['https://casino.test/og.png'])
    expect(meta(seo, 'twitter:card')).toEqual(['summary_large_image'])
    expect(pageSeo({ ...base, routeName: 'winners' }).description).toBe('Default words')
  })

  it('marks disallowed paths, route noindex and errors with noindex, follow', () => {
    expect(pageSeo({ ...base, path: '/cashier/deposit' }).robots).toBe('noindex, follow')
    expect(pageSeo({ ...base, path: '/', search: '?redirectUrl=%2Fprofile' }).robots).toBe('noindex, follow')
    expect(pageSeo({ ...base, noindex: true }).robots).toBe('noindex, follow')
    expect(pageSeo({ ...base, status: 404 }).robots).toBe('noindex, follow')
    expect(pageSeo({ ...base, status: 404 }).jsonLd).toEqual([])
  })

  it('a content page: its own words, alternates only where it exists, breadcrumbs, FAQ and article JSON-LD that validate', () => {
    const seo = pageSeo({ ...base, locale: 'de', path: '/guide', routeName: 'slug', title: PAGE.title, page: PAGE, homeName: 'Startseite' })
    expect(seo.description).toBe('Wie es geht')
    expect(seo.alternates.map((a) => a.hreflang)).toEqual(['es', 'de', 'x-default'])
    expect(seo.alternates.at(-1)!.href).toBe('https://casino.test/es/guide')
    expect(meta(seo, 'og:type')).toEqual(['article'])
    expect(seo.jsonLd.map((d) => d['@type'])).toEqual(['BreadcrumbList', 'FAQPage', 'Article'])
    const crumbs = seo.jsonLd[0]!.itemListElement as { name: string; item: string }[]
    expect(crumbs.map((c) => [c.name, c.item])).toEqual([
      ['Startseite', 'https://casino.test/de'],
      ['Support', 'https://casino.test/de/support'],
      ['Erste Schritte', 'https://casino.test/de/guide'],
    ])
    expect((seo.jsonLd[1]!.mainEntity as { acceptedAnswer: { text: string } }[])[0]!.acceptedAnswer.text).toBe('Darum so')
    for (const doc of seo.jsonLd) expect(validateJsonLd(doc).filter((p) => p.level === 'error' || p.path === '')).toEqual([])
  })

  it('the home page carries the Organization', () => {
    const seo = pageSeo({ ...base, path: '/', routeName: 'index' })
    expect(seo.jsonLd.map((d) => d['@type'])).toEqual(['Organization'])
    expect(validateJsonLd(seo.jsonLd[0]).filter((p) => p.level === 'error')).toEqual([])
  })
})
