// @vitest-environment happy-dom
// The head the server writes (head.ts), then rewritten in the browser for the next address (apply-head.ts).
import { describe, expect, it } from 'vitest'
import { applyPageSeo } from '../services/seo/apply-head'
import { pageSeo, type PageSeoInput } from '../services/seo/page-seo'
import { headTags } from './head'

const settings = {
  description: 'Default description',
  pages: [{ route: 'gamehall', description: 'Slots, live casino and fast games.' }],
  openGraph: { image: '/icons/icon-512x512.png', siteName: 'Royal Ace' },
  organization: { name: 'Royal Ace', logo: null, sameAs: [] },
  disallow: ['/private/*'],
}
const input = (over: Partial<PageSeoInput>): PageSeoInput => ({
  publicUrl: 'https://casino.example',
  path: '/',
  search: '',
  locale: 'en',
  routeName: 'index',
  title: 'Casino and sports betting',
  status: 200,
  noindex: false,
  settings,
  page: null,
  homeName: 'Home',
  ...over,
})

/** A head as the server writes it, with what the SEO does not own around it. */
function serverHead(seoInput: PageSeoInput) {
  document.head.innerHTML = `<meta charset="utf-8"><title>x</title>${headTags({ seo: pageSeo(seoInput), nonce: 'N0nce' })}<style>body{}</style>`
}

const attr = (selector: string, name: string) => [...document.head.querySelectorAll(selector)].map((e) => e.getAttribute(name))

describe('the head after a client-side move', () => {
  it('says what the server would say for the new address, and leaves the rest of the head alone', () => {
    serverHead(input({}))
    const next = pageSeo(input({ path: '/gamehall', routeName: 'gamehall', title: 'Games' }))
    applyPageSeo(document, next)
    expect(document.title).toBe('Games · Royal Ace')
    expect(attr('link[rel=canonical]', 'href')).toEqual(['https://casino.example/gamehall'])
    expect(attr('link[rel=alternate]', 'href')).toEqual(next.alternates.map((a) => a.href))
    expect(attr('meta[name=description]', 'content')).toEqual(['Slots, live casino and fast games.'])
    expect(attr('meta[property="og:url"]', 'content')).toEqual(['https://casino.example/gamehall'])
    expect(attr('meta[property="og:locale:alternate"]', 'content')).toHaveLength(3)
    expect(document.head.querySelector('meta[name=robots]')).toBeNull()
    // The JSON-LD is the new page's, and keeps the page's nonce.
    const ld = [...document.head.querySelectorAll<HTMLScriptElement>('script[type="application/ld+json"]')]
    expect(ld.map((s) => s.textContent)).toEqual(next.jsonLd.map((d) => expect.stringContaining(`"@type":"${d['@type']}"`)))
    expect(ld.every((s) => s.getAttribute('nonce') === 'N0nce')).toBe(true)
    // Nothing else changed: one charset, one stylesheet, the manifest and icons still there.
    expect(document.head.querySelectorAll('meta[charset]')).toHaveLength(1)
    expect(document.head.querySelectorAll('style')).toHaveLength(1)
    expect(document.head.querySelector('link[rel=manifest]')).not.toBeNull()
  })

  it('marks a disallowed address noindex, follow, and takes the mark away on the next page', () => {
    serverHead(input({}))
    applyPageSeo(document, pageSeo(input({ path: '/private/x', routeName: null, title: 'Private' })))
    expect(attr('meta[name=robots]', 'content')).toEqual(['noindex, follow'])
    applyPageSeo(document, pageSeo(input({ path: '/betting', routeName: 'betting', title: 'Sports' })))
    expect(document.head.querySelector('meta[name=robots]')).toBeNull()
    expect(attr('meta[name=description]', 'content')).toEqual(['Default description'])
  })
})
