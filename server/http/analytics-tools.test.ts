import { describe, expect, it } from 'vitest'
import { enabledToolOrigins } from '../../src/shared/analytics-settings'
import { analyticsSettingsFrom } from './analytics-tools'
import { contentSecurityPolicy } from './security'

describe('the analytics tools and the CSP', () => {
  it('allow exactly the hosts of the tools that are on, with the nonce still required', () => {
    const settings = analyticsSettingsFrom({
      analytic: { gtm: 'GTM-AB12CD', meta_pixel: null },
      is_seon_enabled: true,
      fingerprint_host: 'https://fp.example.net',
    })
    expect(enabledToolOrigins(settings)).toEqual(['https://www.googletagmanager.com', 'https://fp.example.net'])
    const csp = contentSecurityPolicy('n0nce', [], enabledToolOrigins(settings))
    expect(csp).toContain("script-src 'self' 'nonce-n0nce' https://www.googletagmanager.com https://fp.example.net;")
    expect(csp).not.toContain('facebook')
    // Scripts never run inline without the nonce.
    expect(csp.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline')
    expect(contentSecurityPolicy('n', [])).toContain("script-src 'self' 'nonce-n';")
  })

  it('turn a tool off for a malformed id or a host that is not an https origin', () => {
    const warnings: string[] = []
    const settings = analyticsSettingsFrom(
      { analytic: { gtm: "GTM-1'; script-src *", meta_pixel: '123456789', meta_pixel_host: 'http://evil.example' }, is_seon_enabled: true, fingerprint_host: 'javascript:alert(1)' },
      (m) => void warnings.push(m),
    )
    expect(settings.gtmId).toBeNull()
    expect(settings.metaPixelId).toBeNull()
    expect(settings.fingerprintEnabled).toBe(false)
    expect(enabledToolOrigins(settings)).toEqual([])
    expect(warnings).toHaveLength(3)
    expect(analyticsSettingsFrom({}).gtmId).toBeNull()
  })

  it('allow GA4 and Yandex Metrika with their beacon hosts, and refuse their malformed ids and hosts', () => {
    const settings = analyticsSettingsFrom({ analytic: { ga4: 'G-AB12CD34', yandex_metrika: '98765432' } })
    expect(settings.ga4Id).toBe('G-AB12CD34')
    expect(settings.yandexMetrikaId).toBe('98765432')
    expect(enabledToolOrigins(settings)).toEqual([
      'https://www.googletagmanager.com',
      'https://mc.yandex.ru',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://mc.yandex.com',
    ])
    const csp = contentSecurityPolicy('n', [], enabledToolOrigins(settings))
    expect(csp).toContain("connect-src 'self' ws: wss: https://www.googletagmanager.com https://mc.yandex.ru https://*.google-analytics.com")
    const warnings: string[] = []
    const bad = analyticsSettingsFrom({ analytic: { ga4: 'UA-1234-1', yandex_metrika: '12ab', ga4_host: 'https://ok.example', yandex_metrika_host: 'ftp://x' } }, (m) => void warnings.push(m))
    expect([bad.ga4Id, bad.yandexMetrikaId]).toEqual([null, null])
    expect(enabledToolOrigins(bad)).toEqual([])
    // The bad GA4 id, and Metrika's host (its id is not even read then).
    expect(warnings).toHaveLength(2)
  })
})
