import { describe, expect, it } from 'vitest'
import { isDisallowed, robotsTxt } from './robots'
import { seoUrl } from './seo-url-templates'

describe('robots rules', () => {
  it('match as robots.txt does: prefix, * and $', () => {
    const lines = ['/cashier', '/forms/', '/*?redirectUrl=', '/exact$']
    expect(isDisallowed('/cashier', lines)).toBe(true)
    expect(isDisallowed('/cashier/deposit', lines)).toBe(true)
    expect(isDisallowed('/forms/sign_in', lines)).toBe(true)
    expect(isDisallowed('/forms', lines)).toBe(false)
    expect(isDisallowed('/?redirectUrl=%2Fx', lines)).toBe(true)
    expect(isDisallowed('/exact', lines)).toBe(true)
    expect(isDisallowed('/exact/more', lines)).toBe(false)
    expect(isDisallowed('/about', lines)).toBe(false)
    expect(isDisallowed('/a.b', ['/a.b'])).toBe(true)
    expect(isDisallowed('/axb', ['/a.b'])).toBe(false)
  })

  it('robots.txt repeats each line under every locale and names the sitemap', () => {
    const txt = robotsTxt(['/cashier'], 'https://casino.test/')
    expect(txt.split('\n')).toEqual(['User-agent: *', 'Disallow: /cashier', 'Disallow: /es/cashier', 'Disallow: /pt/cashier', 'Disallow: /de/cashier', '', 'Sitemap: https://casino.test/sitemap.xml', ''])
    expect(robotsTxt([], 'https://casino.test')).toContain('Disallow:\n')
  })

  it('search-engine URL templates fill and encode their parameters in the locale', () => {
    expect(seoUrl('game', { sysname: 'lucky-7' }, 'en')).toBe('/game/lucky-7')
    expect(seoUrl('deposit', { sysname: 'card' }, 'de')).toBe('/de/cashier/deposit/card')
    expect(seoUrl('tournaments', { id: 12 }, 'es')).toBe('/es/tournaments/12')
    expect(seoUrl('offers', { id: 'a/b?c' }, 'pt')).toBe('/pt/offers/a%2Fb%3Fc')
    expect(seoUrl('jackpots', { id: 3 }, 'en')).toBe('/jackpots/3')
    expect(() => seoUrl('game', {}, 'en')).toThrow(/missing sysname/)
  })
})
