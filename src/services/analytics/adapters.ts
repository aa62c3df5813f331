/**
 * The analytics tools the site knows (SPEC §3 'Other' analytics ids), each as an adapter: its
 * consent category, its script, the queue its own snippet would set up before the script arrives,
 * and how it hears the site's events and the player's id. Loaded with the first tool the
 * visitor's consent starts, never with the page.
 */
import { ga4ScriptUrl, gtmScriptUrl, metaPixelScriptUrl, TOOL_CATEGORY, yandexMetrikaScriptUrl } from '../../shared/analytics-settings'
import type { AnalyticsAdapter, FbqQueue, YmQueue } from './analytics.types'

/** Tag manager: the dataLayer carries everything; it only needs its start marker and script. */
export const tagManagerAdapter: AnalyticsAdapter = {
  name: 'gtm',
  category: TOOL_CATEGORY.gtm,
  script: gtmScriptUrl,
  prepare: (host) => {
    host.dataLayer ??= []
    host.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  },
}

/** Google Analytics 4 through gtag.js: gtag's calls travel on the same dataLayer, as its snippet does. */
export const ga4Adapter: AnalyticsAdapter = {
  name: 'ga4',
  category: TOOL_CATEGORY.ga4,
  script: ga4ScriptUrl,
  prepare: (host, settings) => {
    host.dataLayer ??= []
    const layer = host.dataLayer
    // gtag.js reads Arguments objects off the dataLayer, not arrays: the snippet's own shape.
    host.gtag ??= function gtag() {
      // eslint-disable-next-line prefer-rest-params
      layer.push(arguments)
    }
    host.gtag('js', new Date())
    host.gtag('config', settings.ga4Id)
  },
  track: (host, { event, ...data }) => host.gtag?.('event', event, data),
  identify: (host, userId) => host.gtag?.('set', { user_id: String(userId) }),
  anonymize: (host) => host.gtag?.('set', { user_id: null }),
}

/** Yandex Metrika: its ym queue, init with the counter id, goals for the site's events. */
export const yandexMetrikaAdapter: AnalyticsAdapter = {
  name: 'yandexMetrika',
  category: TOOL_CATEGORY.yandexMetrika,
  script: yandexMetrikaScriptUrl,
  prepare: (host, settings) => {
    if (!host.ym) {
      const ym = function (...args: unknown[]) {
        ym.a.push(args)
      } as YmQueue
      ym.a = []
      ym.l = Date.now()
      host.ym = ym
    }
    host.ym(Number(settings.yandexMetrikaId), 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true })
  },
  track: (host, { event, ...data }, settings) => host.ym?.(Number(settings.yandexMetrikaId), 'reachGoal', event, data),
  identify: (host, userId, settings) => host.ym?.(Number(settings.yandexMetrikaId), 'userParams', { UserID: userId }),
}

/** Meta pixel (marketing): its fbq queue, init with the id, a page view, then the site's events. */
export const metaPixelAdapter: AnalyticsAdapter = {
  name: 'metaPixel',
  category: TOOL_CATEGORY.metaPixel,
  script: metaPixelScriptUrl,
  prepare: (host, settings) => {
    if (!host.fbq) {
      const fbq = function (...args: unknown[]) {
        if (fbq.callMethod) fbq.callMethod(...args)
        else fbq.queue.push(args)
      } as FbqQueue
      fbq.queue = []
      fbq.loaded = true
      fbq.version = '2.0'
      fbq.push = fbq
      host.fbq = fbq
      host._fbq ??= fbq
    }
    host.fbq('init', settings.metaPixelId)
    host.fbq('track', 'PageView')
  },
  track: (host, { event, ...data }) => host.fbq?.('trackCustom', event, data),
  identify: (host, userId) => host.fbq?.('trackCustom', 'identify', { user_id: userId }),
}

export const DEFAULT_ADAPTERS: readonly AnalyticsAdapter[] = [tagManagerAdapter, ga4Adapter, yandexMetrikaAdapter, metaPixelAdapter]
