import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { safeRedirectPath, safeRedirectTarget } from './redirect'

describe('safeRedirectPath', () => {
  it('follows same-origin paths', () => {
    expect(safeRedirectPath('/es/cashier/history?x=1')).toBe('/es/cashier/history?x=1')
  })
  it('refuses other origins, protocol-relative and script targets', () => {
    for (const t of ['https://evil.test/x', '//evil.test', '/\\evil.test', 'javascript:alert(1)', '', null, undefined, '/' + 'a'.repeat(3000)]) {
      expect(safeRedirectPath(t)).toBeNull()
    }
  })
  it('follows an allowlisted origin', () => {
    expect(safeRedirectPath('https://partner.test/back', ['https://partner.test'])).toBe('https://partner.test/back')
  })
})

describe('safeRedirectTarget (redirectUrl and backUrl alike)', () => {
  const policy = { origin: 'https://casino.test', allowedOrigins: ['https://partner.test'] }

  it('turns an absolute URL on the site itself into its path', () => {
    expect(safeRedirectTarget('https://casino.test/de/gamehall?category=slots#top', policy)).toBe('/de/gamehall?category=slots#top')
  })

  it('refuses look-alikes of the site and of allowlisted origins', () => {
    for (const t of [
      'https://casino.test.evil.test/',
      'http://casino.test/', // another scheme is another origin
      'https://casino.test@evil.test/',
      'https://user:pw@casino.test/',
      'https://partner.test.evil.test/',
      'https://partner.test:8443/',
    ]) {
      expect(safeRedirectTarget(t, policy), t).toBeNull()
    }
  })

  it('refuses paths that a browser would read as another host once it strips whitespace', () => {
    for (const t of ['/\t/evil.test', '/\n/evil.test', '/ /evil.test', '/\\/evil.test', '\t//evil.test', '/\u2028/evil.test']) {
      expect(safeRedirectTarget(t, policy), JSON.stringify(t)).toBeNull()
    }
  })

  it('refuses non-http schemes even on the allowlist', () => {
    for (const t of ['javascript:alert(1)//https://partner.test', 'data:text/html,x', 'vbscript:x', 'ftp://partner.test/']) {
      expect(safeRedirectTarget(t, policy)).toBeNull()
    }
  })

  it('without a policy, only same-origin paths pass', () => {
    expect(safeRedirectTarget('/profile')).toBe('/profile')
    expect(safeRedirectTarget('https://casino.test/profile')).toBeNull()
  })
})

describe('safeRedirectTarget against hosts hidden in a path', () => {
  const policy = { origin: 'https://casino.test', allowedOrigins: ['https://partner.test'] }

  it('refuses paths that lead to another host once a browser or a later hop decodes or resolves them', () => {
    for (const t of [
      '/\\evil.example',
      '/\\/evil.example',
      '///evil.example',
      '/%5Cevil.example',
      '/%5cevil.example',
      '/%2F/evil.example',
      '/%2f%2fevil.example',
      '/%252F%252Fevil.example',
      '/..//evil.example',
      '/./\/evil.example',
      '/a/..//evil.example',
      '/%2e%2e/%2fevil.example',
      '/cashier\\..\\..\\/evil.example',
      '/%09/evil.example',
      '/%0a/evil.example',
      'https://casino.test//evil.example',
      'https://casino.test/\\evil.example',
      'https://casino.test/%5Cevil.example',
    ]) {
      expect(safeRedirectTarget(t, policy), JSON.stringify(t)).toBeNull()
    }
  })

  it('still follows ordinary paths with escapes in them', () => {
    for (const t of ['/promotions/summer%20sale', '/gamehall?query=book%20of%2F&x=%5C', '/es/cashier/paysuccess/ptx_1-a', '/', '/#top']) {
      expect(safeRedirectTarget(t, policy), t).toBe(t)
    }
  })

  // Pieces attackers combine: slashes, backslashes and their escapes, dot segments, whitespace.
  const piece = fc.constantFrom('/', '\\', '%2F', '%2f', '%5C', '%5c', '%25', '.', '..', '%2e', '\t', '\n', ' ', 'evil.example', '@', ':', '?', '#', 'a', '%20', '%252F')
  const candidate = fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''))

  /** Where a browser on the site goes with `target` as Location, and after one more round of decoding. */
  function landings(target: string): URL[] {
    const stripped = target.replace(/[\t\n\r]/g, '')
    const first = new URL(stripped, 'https://casino.test/some/page')
    const out = [first]
    try {
      out.push(new URL(decodeURIComponent(first.pathname) + first.search, 'https://casino.test/some/page'))
    } catch {
      // Not decodable: no later hop can decode it either.
    }
    return out
  }

  it('whatever it follows keeps the browser on the site, with a single leading slash (property)', () => {
    fc.assert(
      fc.property(fc.oneof(candidate, candidate.map((c) => `/${c}`), candidate.map((c) => `https://casino.test/${c}`)), (target) => {
        const safe = safeRedirectTarget(target, policy)
        if (safe === null) return
        for (const url of landings(safe)) {
          expect(url.origin, JSON.stringify(target)).toBe('https://casino.test')
          expect(url.pathname.startsWith('//'), JSON.stringify(target)).toBe(false)
        }
      }),
      { numRuns: 2000 },
    )
  })
})
