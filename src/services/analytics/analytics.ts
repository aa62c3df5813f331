/**
 * Marketing analytics (SPEC §4 'Marketing analytics', §3 analytics settings). One service, one set
 * of calls for the whole site; every event goes to the page's `dataLayer` (the queue the tag
 * manager reads, first among the tools) and to each configured tool's adapter that the visitor's
 * consent allows. A tool's script loads through the script loader only once its category is
 * granted (the tag manager: analytics; pixels: marketing). On login or registration the visitor
 * is identified with the user id; on logout made anonymous.
 */
import { gtmScriptUrl, metaPixelScriptUrl, TOOL_CATEGORY, type AnalyticsSettings } from '../../shared/analytics-settings'
import type { ConsentCategory, ConsentChoice } from '../../shared/consent'
import { isGranted } from '../../shared/consent'
import type { ScriptLoader } from './script-loader'

export interface AnalyticsEvent {
  event: string
  [key: string]: string | number | boolean | null | undefined
}

export interface Analytics {
  track(event: AnalyticsEvent): void
  identify(userId: number): void
  anonymize(): void
  /**
   * SPEC §4: a player logged in or registered: identified with the user id, then the event.
   * Login and registration flows call this, so the two never differ in what they send.
   */
  playerIn(userId: number, event: 'login' | 'registration'): void
  /** SPEC §4: the player logged out (any reason): the event, then the visitor is anonymous. */
  playerOut(reason: string): void
  /** The visitor's choice and the operator's tools: starts the tools the choice allows. */
  setConsent(choice: ConsentChoice | null, settings: AnalyticsSettings): void
}

export type AnalyticsHost = { dataLayer?: unknown[]; fbq?: FbqQueue; _fbq?: FbqQueue }

/** The Meta pixel's queue function, as its own snippet defines it before the script arrives. */
interface FbqQueue {
  (...args: unknown[]): void
  queue: unknown[][]
  loaded: boolean
  version: string
  push: FbqQueue
  callMethod?: (...args: unknown[]) => void
}

/** One analytics tool: its consent category, its script, and how it hears the site's calls. */
export interface AnalyticsAdapter {
  readonly name: string
  readonly category: ConsentCategory
  /** Its script for these settings; null when the operator has not configured the tool. */
  script(settings: AnalyticsSettings): string | null
  /** Runs once, before its script loads: the queue the script will drain. */
  prepare(host: AnalyticsHost, settings: AnalyticsSettings): void
  track?(host: AnalyticsHost, event: AnalyticsEvent): void
  identify?(host: AnalyticsHost, userId: number): void
}

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

export const DEFAULT_ADAPTERS: readonly AnalyticsAdapter[] = [tagManagerAdapter, metaPixelAdapter]

export function createAnalytics(
  host: AnalyticsHost | undefined = typeof window === 'undefined' ? undefined : (window as AnalyticsHost),
  { loader, adapters = DEFAULT_ADAPTERS }: { loader?: ScriptLoader; adapters?: readonly AnalyticsAdapter[] } = {},
): Analytics {
  let choice: ConsentChoice | null = null
  const started = new Set<string>()
  const active = () => adapters.filter((adapter) => started.has(adapter.name) && isGranted(choice, adapter.category))
  const push = (entry: Record<string, unknown>) => {
    if (!host) return
    // The page's own queue: no network until the tag manager, which needs consent, reads it.
    host.dataLayer ??= []
    host.dataLayer.push(entry)
  }
  const identify = (userId: number) => {
    push({ event: 'identify', user_id: userId })
    if (host) for (const adapter of active()) adapter.identify?.(host, userId)
  }
  const anonymize = () => push({ event: 'anonymize', user_id: null })
  const track = (event: AnalyticsEvent) => {
    push({ ...event })
    if (host) for (const adapter of active()) adapter.track?.(host, event)
  }
  return {
    track,
    identify,
    anonymize,
    playerIn: (userId, event) => {
      identify(userId)
      track({ event })
    },
    playerOut: (reason) => {
      track({ event: 'logout', reason })
      anonymize()
    },
    setConsent: (next, settings) => {
      choice = next
      loader?.setConsent(next)
      if (!host || !loader) return
      for (const adapter of adapters) {
        const src = adapter.script(settings)
        if (!src || started.has(adapter.name) || !isGranted(choice, adapter.category)) continue
        started.add(adapter.name)
        adapter.prepare(host, settings)
        loader.load({ id: adapter.name, category: adapter.category, src }).catch((error: unknown) => console.warn('analytics:', error))
      }
    },
  }
}
