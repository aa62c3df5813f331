import { describe, expect, it } from 'vitest'
import { DEFAULT_FAVICONS, faviconLinks, parseFavicon } from './favicons'

describe('favicon set', () => {
  it('reads sizes, type and rel from the file name', () => {
    expect(parseFavicon('/favicon-32x32.png')).toEqual({ rel: 'icon', href: '/favicon-32x32.png', type: 'image/png', sizes: '32x32' })
    expect(parseFavicon('/apple-touch-icon-180x180.png')).toEqual({ rel: 'apple-touch-icon', href: '/apple-touch-icon-180x180.png', type: 'image/png', sizes: '180x180' })
    expect(parseFavicon('/favicon.svg')).toEqual({ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml', sizes: 'any' })
    expect(parseFavicon('/favicon.ico')).toEqual({ rel: 'icon', href: '/favicon.ico', type: 'image/x-icon' })
    expect(parseFavicon('/icons/android-chrome-v2-192x192.png')?.sizes).toBe('192x192')
    expect(parseFavicon('/mstile-310x150.png')?.sizes).toBe('310x150')
  })

  it.each(['/favicon.txt', 'javascript:alert(1)//x.png', '/x" onload="a.png', '//evil.example/f.png', '/../secret.png', 'http://plain.example/f.png', '/favicon-0x0.png'])('drops %s', (file) => {
    expect(parseFavicon(file)).toBeNull()
  })

  it('puts the vector first, then the largest sizes, once each', () => {
    const links = faviconLinks(['/favicon-16x16.png', '/apple-touch-icon-180x180.png', '/favicon-32x32.png', '/favicon.svg', '/favicon-16x16.png', '/notes.txt'])
    expect(links.map((l) => l.href)).toEqual(['/favicon.svg', '/favicon-32x32.png', '/favicon-16x16.png', '/apple-touch-icon-180x180.png'])
  })

  it('the default set is all readable', () => {
    expect(faviconLinks(DEFAULT_FAVICONS)).toHaveLength(DEFAULT_FAVICONS.length)
  })
})
