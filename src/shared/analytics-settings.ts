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
  /** SPEC §3 'General info' is_seon_enabled: the device-fingerprint script runs. */
  readonly fingerprintEnabled: boolean
  /** The origin the fingerprint (seon) script is loaded from. */
  readonly fingerprintHost: string
}

export const DEFAULT_GTM_HOST = 'https://www.googletagmanager.com'
export const DEFAULT_META_PIXEL_HOST = 'https://connect.facebook.net'
export const DEFAULT_FINGERPRINT_HOST = 'https://cdn.seondf.com'

export const NO_ANALYTICS: AnalyticsSettings = Object.freeze({
  gtmId: null,
  gtmHost: DEFAULT_GTM_HOST,
  metaPixelId: null,
  metaPixelHost: DEFAULT_META_PIXEL_HOST,
  fingerprintEnabled: false,
  fingerprintHost: DEFAULT_FINGERPRINT_HOST,
})

/** The consent category each tool needs. The fingerprint measures the visitor's device: analytics. */
export const TOOL_CATEGORY = { gtm: 'analytics', metaPixel: 'marketing', fingerprint: 'analytics' } as const satisfies Record<string, ConsentCategory>

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
    settings.fingerprintEnabled ? settings.fingerprintHost : null,
  ]
    .map((host) => (host ? toolOrigin(host) : null))
    .filter((origin): origin is string => origin !== null)
  return [...new Set(origins)]
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
