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
