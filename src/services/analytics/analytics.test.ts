import { describe, expect, it, vi } from 'vitest'
import { NO_ANALYTICS } from '../../shared/analytics-settings'
import { DEFAULT_ADAPTERS } from './adapters'
import { createAnalytics, type AnalyticsHost } from './analytics'
import { createScriptLoader } from './script-loader'

describe('analytics', () => {
  it('queues events, identity and anonymity on the dataLayer in order', () => {
    const host: { dataLayer?: unknown[] } = {}
    const analytics = createAnalytics(host)
    analytics.identify(42)
    analytics.track({ event: 'login', method: 'password' })
    analytics.anonymize()
    expect(host.dataLayer).toEqual([{ event: 'identify', user_id: 42 }, { event: 'login', method: 'password' }, { event: 'anonymize', user_id: null }])
  })
  it('identifies on login and registration, and makes the visitor anonymous on logout (SPEC §4)', () => {
    const host: { dataLayer?: unknown[] } = {}
    const analytics = createAnalytics(host)
    analytics.playerIn(7, 'registration')
    analytics.playerOut('inactivity')
    analytics.playerIn(7, 'login')
    expect(host.dataLayer).toEqual([
      { event: 'identify', user_id: 7 },
      { event: 'registration' },
      { event: 'logout', reason: 'inactivity' },
      { event: 'anonymize', user_id: null },
      { event: 'identify', user_id: 7 },
      { event: 'login' },
    ])
  })
  it('does nothing where there is no page (server rendering)', () => {
    expect(() => createAnalytics(undefined).track({ event: 'x' })).not.toThrow()
  })

  describe('tools started by consent', () => {
    const settings = { ...NO_ANALYTICS, gtmId: 'GTM-TEST01', ga4Id: 'G-TEST0001', yandexMetrikaId: '12345678', metaPixelId: '1234567890' }
    function pageWith(host: AnalyticsHost) {
      const loaded: string[] = []
      const loader = createScriptLoader({ document: { createElement: () => ({ dataset: {} }) as never, head: { appendChild: () => undefined } as never, querySelector: () => null } })
      const spy: typeof loader = { ...loader, load: (entry) => (loaded.push(entry.id), Promise.resolve()) }
      let loads = 0
      const analytics = createAnalytics(host, {
        loader: spy,
        adapters: async () => {
          loads += 1
          return DEFAULT_ADAPTERS
        },
      })
      return { analytics, loaded, loads: () => loads }
    }

    it('loads nothing, not even the adapters, before a choice that grants a configured tool', async () => {
      const host: AnalyticsHost = {}
      const page = pageWith(host)
      page.analytics.setConsent(null, settings)
      page.analytics.setConsent({ analytics: false, marketing: false }, settings)
      page.analytics.setConsent({ analytics: true, marketing: true }, NO_ANALYTICS)
      await Promise.resolve()
      expect(page.loads()).toBe(0)
      expect(page.loaded).toEqual([])
      expect(host.gtag).toBeUndefined()
    })

    it('starts GA4 and Yandex Metrika under analytics consent and tells them events and the player', async () => {
      const host: AnalyticsHost = {}
      const page = pageWith(host)
      page.analytics.setConsent({ analytics: true, marketing: false }, settings)
      await vi.waitFor(() => expect(page.loaded).toEqual(['gtm', 'ga4', 'yandexMetrika']))
      expect(page.loads()).toBe(1)
      page.analytics.playerIn(7, 'login')
      const gtagCalls = (host.dataLayer ?? []).filter((entry) => !Array.isArray(entry) && typeof entry === 'object' && entry !== null && 'length' in entry).map((args) => Array.from(args as ArrayLike<unknown>))
      expect(gtagCalls.map((call) => call[0])).toEqual(['js', 'config', 'set', 'event'])
      expect(gtagCalls[1]).toEqual(['config', 'G-TEST0001'])
      expect(gtagCalls[2]).toEqual(['set', { user_id: '7' }])
      expect(gtagCalls[3]).toEqual(['event', 'login', {}])
      expect(host.ym?.a).toEqual([
        [12345678, 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true }],
        [12345678, 'userParams', { UserID: 7 }],
        [12345678, 'reachGoal', 'login', {}],
      ])
      page.analytics.playerOut('player')
      const afterLogout = (host.dataLayer ?? []).filter((entry) => typeof entry === 'object' && entry !== null && 'length' in entry).map((args) => Array.from(args as ArrayLike<unknown>))
      expect(afterLogout.slice(-2)).toEqual([['event', 'logout', { reason: 'player' }], ['set', { user_id: null }]])
      expect(host.ym?.a.at(-1)).toEqual([12345678, 'reachGoal', 'logout', { reason: 'player' }])
      // Marketing was refused: no pixel, no queue for it.
      expect(host.fbq).toBeUndefined()
      page.analytics.setConsent({ analytics: true, marketing: true }, settings)
      expect(page.loaded).toEqual(['gtm', 'ga4', 'yandexMetrika', 'metaPixel'])
      expect(page.loads()).toBe(1)
    })
  })
})
