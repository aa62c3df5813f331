/**
 * Marketing analytics (SPEC §4 'Marketing analytics', §3 analytics settings). One service, one set
 * of calls for the whole site; every event goes to the page's `dataLayer` (the queue the tag
 * manager reads, first among the tools) and to each configured tool's adapter that the visitor's
 * consent allows. A tool's script loads through the script loader only once its category is
 * granted (tag manager, GA4, Yandex Metrika: analytics; pixels: marketing). The adapters
 * themselves (./adapters.ts) load with the first tool that starts. On login or registration the
 * visitor is identified with the user id; on logout made anonymous.
 */
import { configuredToolCategories, type AnalyticsSettings } from '../../shared/analytics-settings'
import type { ConsentChoice } from '../../shared/consent'
import { isGranted } from '../../shared/consent'
import { pageScripts, type ScriptLoader } from './script-loader'
import type { AnalyticsAdapter, AnalyticsEvent, AnalyticsHost } from './analytics.types'

export type { AnalyticsAdapter, AnalyticsEvent, AnalyticsHost } from './analytics.types'

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

/** The adapters, or how to load them (the default: their own chunk, fetched when a tool starts). */
export type AdapterSource = readonly AnalyticsAdapter[] | (() => Promise<readonly AnalyticsAdapter[]>)

const loadAdapters: AdapterSource = () => import('./adapters').then((m) => m.DEFAULT_ADAPTERS)

export function createAnalytics(
  host: AnalyticsHost | undefined = typeof window === 'undefined' ? undefined : (window as AnalyticsHost),
  { loader, adapters = loadAdapters }: { loader?: ScriptLoader; adapters?: AdapterSource } = {},
): Analytics {
  let choice: ConsentChoice | null = null
  let settings: AnalyticsSettings | null = null
  let known: readonly AnalyticsAdapter[] = typeof adapters === 'function' ? [] : adapters
  let loading: Promise<void> | null = null
  const started = new Set<string>()
  const active = () => known.filter((adapter) => started.has(adapter.name) && isGranted(choice, adapter.category))
  const push = (entry: Record<string, unknown>) => {
    if (!host) return
    // The page's own queue: no network until a tool, which needs consent, reads it.
    host.dataLayer ??= []
    host.dataLayer.push(entry)
  }
  const identify = (userId: number) => {
    push({ event: 'identify', user_id: userId })
    if (host && settings) for (const adapter of active()) adapter.identify?.(host, userId, settings)
  }
  const anonymize = () => {
    push({ event: 'anonymize', user_id: null })
    if (host && settings) for (const adapter of active()) adapter.anonymize?.(host, settings)
  }
  const track = (event: AnalyticsEvent) => {
    push({ ...event })
    if (host && settings) for (const adapter of active()) adapter.track?.(host, event, settings)
  }
  const startGranted = () => {
    if (!host || !loader || !settings) return
    for (const adapter of known) {
      const src = adapter.script(settings)
      if (!src || started.has(adapter.name) || !isGranted(choice, adapter.category)) continue
      started.add(adapter.name)
      adapter.prepare(host, settings)
      loader.load({ id: adapter.name, category: adapter.category, src }).catch((error: unknown) => console.warn('analytics:', error))
    }
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
    setConsent: (next, nextSettings) => {
      choice = next
      settings = nextSettings
      loader?.setConsent(next)
      if (!host || !loader) return
      // No tool configured, or none the choice allows: the adapters are not even downloaded.
      if (!configuredToolCategories(nextSettings).some((category) => isGranted(next, category))) return
      if (typeof adapters === 'function' && known.length === 0) {
        loading ??= adapters().then(
          (list) => {
            known = list
            startGranted()
          },
          (error: unknown) => {
            loading = null
            console.warn('analytics: the tools could not load', error)
          },
        )
        return
      }
      startGranted()
    },
  }
}

let page: Analytics | null = null

/**
 * The page's analytics: one per browser page, so the tools the consent started hear every flow's
 * events. On the server (no page) a fresh one that only keeps nothing.
 */
export function pageAnalytics(): Analytics {
  if (typeof window === 'undefined') return createAnalytics(undefined)
  page ??= createAnalytics(window as AnalyticsHost, { loader: pageScripts() })
  return page
}
