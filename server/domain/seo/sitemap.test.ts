import { describe, expect, it } from 'vitest'
import { localeSitemapXml, sitemapIndexXml, type SitemapSource } from './sitemap'

const source = (name: string, perLocale: Record<string, string[]>): SitemapSource => ({ name, entries: async (locale) => (perLocale[locale] ?? []).map((path) => ({ path })) })

describe('the sitemap', () => {
  it('is an index of one sitemap per locale', () => {
    const xml = sitemapIndexXml('https://casino.test/', new Date('2026-11-26T00:00:00Z'))
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(['en', 'es', 'pt', 'de'].map((l) => `https://casino.test/sitemap-${l}.xml`))
  })

  it('lists every source’s pages in the locale once, with alternates where they exist, minus disallowed paths', async () => {
    const sources = [source('pages', { en: ['/', '/gamehall', '/cashier'], es: ['/', '/gamehall', '/cashier'] }), source('games', { es: ['/game/a&b', '/gamehall'] })]
    const xml = await localeSitemapXml('https://casino.test', 'es', sources, ['/cashier'])
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(['https://casino.test/es', 'https://casino.test/es/gamehall', 'https://casino.test/es/game/a&amp;b'])
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://casino.test/gamehall"/>')
    expect(xml).not.toContain('hreflang="en" href="https://casino.test/game/a')
  })
})
