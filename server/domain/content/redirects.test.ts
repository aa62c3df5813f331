import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSection } from './section'
import { RedirectTable, redirectsSection, resolveRedirect, type RedirectRule } from './redirects'
import type { ContentError } from './section'

const RULES: RedirectRule[] = [
  { from: '/about-us', to: '/about' },
  { from: '/promo/*', to: '/promotions/*', status: 302 },
  { from: '/old/*/page/*', to: '/new/*/*' },
  { from: '/rules', to: '/terms?section=rules#age' },
  { from: '/partners', to: 'https://partners.example/join?src=site' },
  { from: '/chain-a', to: '/chain-b' },
  { from: '/chain-b', to: '/about' },
  { from: '/self', to: 'https://casino.test/about' },
]
const opts = { publicUrl: 'https://casino.test' }

describe('the CMS redirect table', () => {
  it('matches exact paths and wildcards, keeps the locale, the query and the rule’s hash', () => {
    expect(resolveRedirect(RULES, '/about-us', opts)).toEqual({ location: '/about', status: 301, external: false })
    expect(resolveRedirect(RULES, '/about-us/', opts)?.location).toBe('/about')
    expect(resolveRedirect(RULES, '/es/about-us?utm=x&a=1', opts)).toEqual({ location: '/es/about?utm=x&a=1', status: 301, external: false })
    expect(resolveRedirect(RULES, '/de/promo/summer/2026?x=1', opts)).toEqual({ location: '/de/promotions/summer/2026?x=1', status: 302, external: false })
    expect(resolveRedirect(RULES, '/old/a/page/b', opts)?.location).toBe('/new/a/b')
    expect(resolveRedirect(RULES, '/rules?section=mine&y=2', opts)?.location).toBe('/terms?section=rules&y=2#age')
    expect(resolveRedirect(RULES, '/about', opts)).toBeNull()
    expect(resolveRedirect(RULES, '/promo', opts)).toBeNull()
  })

  it('sends other sites to a full address, marked external; the site’s own origin stays a path', () => {
    expect(resolveRedirect(RULES, '/pt/partners?ref=7', opts)).toEqual({ location: 'https://partners.example/join?src=site&ref=7', status: 301, external: true })
    expect(resolveRedirect(RULES, '/es/self', opts)).toEqual({ location: '/es/about', status: 301, external: false })
  })

  it('collapses chains into one redirect', () => {
    expect(resolveRedirect(RULES, '/chain-a', opts)?.location).toBe('/about')
  })

  it('refuses a table with a loop, naming the rule, and never follows one at request time', () => {
    const loop = [
      { from: '/a', to: '/b' },
      { from: '/b', to: '/es/a' },
    ]
    const [error] = RedirectTable.validate(loop)
    expect(error?.message).toMatch(/redirect 0 \(\/a\) forms a loop: \/a → \/b → \/a/)
    const [wild] = RedirectTable.validate([{ from: '/x/*', to: '/x/*' }])
    expect(wild?.message).toMatch(/loop/)
    const reported: ContentError[] = []
    expect(resolveRedirect(loop, '/a', { report: (e) => reported.push(e) })).toBeNull()
    expect(reported[0]?.message).toMatch(/loop/)
  })

  it('refuses targets and sources that are not paths or http(s) addresses', () => {
    for (const bad of [
      [{ from: 'about', to: '/x' }],
      [{ from: '/a?x=1', to: '/x' }],
      [{ from: '/a', to: 'javascript:alert(1)' }],
      [{ from: '/a', to: '//evil.example' }],
      [{ from: '/a', to: '/\\evil.example' }],
      [{ from: '/a', to: '/x', status: 307 }],
    ]) {
      expect(RedirectTable.validate(bad)[0], JSON.stringify(bad)).toBeTruthy()
    }
  })

  it('a hostile request path never produces a redirect off the site', () => {
    const rules: RedirectRule[] = [{ from: '/go/*', to: '/*' }]
    for (const path of ['/go//evil.example', '/go/\\evil.example', '/go/%2F%2Fevil.example', '/go/..//evil.example']) {
      const target = resolveRedirect(rules, path, opts)
      if (target) expect(new URL(target.location, 'https://casino.test').origin, path).toBe('https://casino.test')
    }
  })

  it('a broken redirects file names the file; the shipped one is valid', async () => {
    const root = mkdtempSync(join(tmpdir(), 'redirects-'))
    writeFileSync(join(root, 'redirects.json'), JSON.stringify([{ from: '/a', to: '/b' }, { from: '/b', to: '/a' }]))
    await expect(readSection(root, redirectsSection, 'en')).rejects.toThrow(`${join(root, 'redirects.json')}: redirect 0 (/a) forms a loop`)
    const shipped = await readSection(resolve('content'), redirectsSection, 'en')
    expect(resolveRedirect(shipped, '/es/about-us?x=1#top', opts)?.location).toBe('/es/about?x=1')
  })
})
