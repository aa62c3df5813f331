// The third-party tools the site may load, as the operator configures them (SPEC §3 'Other':
// analytics ids; §7: the fingerprint script's host). Both sides read it: the browser loads the
// tools, the server's CSP allows exactly their hosts (server/http/security.ts).
import type { ConsentCategory } from './consent'

export interface AnalyticsSettings {
  /** Google Tag Manager container id (GTM-XXXX); null: no tag manager. */
  readonly gtmId: string | null
  /** Where gtm.js is served from (an origin); a server-side container may live elsewhere. */
  readonly gtmHost: string
  /** Meta pixel id (a marketing tool); null: off. */
  readonly metaPixelId: string | null
  readonly metaPixelHost: string
  /** Google Analytics 4 measurement id (G-XXXX); null: off. Its gtag.js is served by gtmHost's company from ga4Host. */
  readonly ga4Id: string | null
  readonly ga4Host: string
  /** Yandex Metrika counter id (digits); null: off. */
  readonly yandexMetrikaId: string | null
  readonly yandexMetrikaHost: string
  /** SPEC §3 'General info' is_seon_enabled: the device-fingerprint script runs. */
  readonly fingerprintEnabled: boolean
  /** The origin the fingerprint (seon) script is loaded from. */
  readonly fingerprintHost: string
}

export const DEFAULT_GTM_HOST = 'https://www.googletagmanager.com'
export const DEFAULT_META_PIXEL_HOST = 'https://connect.facebook.net'
export const DEFAULT_FINGERPRINT_HOST = 'https://cdn.seondf.com'
export const DEFAULT_GA4_HOST = 'https://www.googletagmanager.com'
export const DEFAULT_YANDEX_METRIKA_HOST = 'https://mc.yandex.ru'
/** Where each tool's own script sends its hits, beside the host it loads from (CSP connect-src and img-src). */
const GA4_BEACONS = ['https://*.google-analytics.com', 'https://*.analytics.google.com']
const YANDEX_METRIKA_BEACONS = ['https://mc.yandex.com']

export const NO_ANALYTICS: AnalyticsSettings = Object.freeze({
  gtmId: null,
  gtmHost: DEFAULT_GTM_HOST,
  metaPixelId: null,
  metaPixelHost: DEFAULT_META_PIXEL_HOST,
  ga4Id: null,
  ga4Host: DEFAULT_GA4_HOST,
  yandexMetrikaId: null,
  yandexMetrikaHost: DEFAULT_YANDEX_METRIKA_HOST,
  fingerprintEnabled: false,
  fingerprintHost: DEFAULT_FINGERPRINT_HOST,
})

/** The consent category each tool needs. The fingerprint measures the visitor's device: analytics. */
export const TOOL_CATEGORY = { gtm: 'analytics', ga4: 'analytics', yandexMetrika: 'analytics', metaPixel: 'marketing', fingerprint: 'analytics' } as const satisfies Record<string, ConsentCategory>

/** The categories of the analytics tools the operator has switched on (the fingerprint aside). */
export function configuredToolCategories(settings: AnalyticsSettings): ConsentCategory[] {
  const categories: (ConsentCategory | null)[] = [
    settings.gtmId ? TOOL_CATEGORY.gtm : null,
    settings.ga4Id ? TOOL_CATEGORY.ga4 : null,
    settings.yandexMetrikaId ? TOOL_CATEGORY.yandexMetrika : null,
    settings.metaPixelId ? TOOL_CATEGORY.metaPixel : null,
  ]
  return categories.filter((category): category is ConsentCategory => category !== null)
}

/** An origin (scheme and host, https, or http for loopback in tests); null for anything else. */
export function toolOrigin(value: string): string | null {
  try {
    const url = new URL(value)
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost'
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return null
    return url.origin
  } catch {
    return null
  }
}

/** The origins of the tools that are on: what the CSP allows for scripts and their calls. */
export function enabledToolOrigins(settings: AnalyticsSettings): string[] {
  const origins = [
    settings.gtmId ? settings.gtmHost : null,
    settings.metaPixelId ? settings.metaPixelHost : null,
    settings.ga4Id ? settings.ga4Host : null,
    settings.yandexMetrikaId ? settings.yandexMetrikaHost : null,
    settings.fingerprintEnabled ? settings.fingerprintHost : null,
  ]
    .map((host) => (host ? toolOrigin(host) : null))
    .filter((origin): origin is string => origin !== null)
  // Fixed wildcard sources (not origins a setting could turn into an attacker's host).
  const beacons = [...(settings.ga4Id ? GA4_BEACONS : []), ...(settings.yandexMetrikaId ? YANDEX_METRIKA_BEACONS : [])]
  return [...new Set([...origins, ...beacons])]
}

/** The fingerprint script's address on its host. */
export function fingerprintScriptUrl(settings: AnalyticsSettings): string {
  return `${settings.fingerprintHost.replace(/\/$/, '')}/js/v5/agent.js`
}

export function gtmScriptUrl(settings: AnalyticsSettings): string | null {
  return settings.gtmId ? `${settings.gtmHost.replace(/\/$/, '')}/gtm.js?id=${encodeURIComponent(settings.gtmId)}` : null
}

export function metaPixelScriptUrl(settings: AnalyticsSettings): string | null {
  return settings.metaPixelId ? `${settings.metaPixelHost.replace(/\/$/, '')}/en_US/fbevents.js` : null
}

export function ga4ScriptUrl(settings: AnalyticsSettings): string | null {
  return settings.ga4Id ? `${settings.ga4Host.replace(/\/$/, '')}/gtag/js?id=${encodeURIComponent(settings.ga4Id)}` : null
}

export function yandexMetrikaScriptUrl(settings: AnalyticsSettings): string | null {
  return settings.yandexMetrikaId ? `${settings.yandexMetrikaHost.replace(/\/$/, '')}/metrika/tag.js` : null
}
