// The analytics service's shapes, shared by the service and the adapters it loads later.
import type { AnalyticsSettings } from '../../shared/analytics-settings'
import type { ConsentCategory } from '../../shared/consent'

export interface AnalyticsEvent {
  event: string
  [key: string]: string | number | boolean | null | undefined
}

export type AnalyticsHost = { dataLayer?: unknown[]; fbq?: FbqQueue; _fbq?: FbqQueue; gtag?: (...args: unknown[]) => void; ym?: YmQueue }

/** The Meta pixel's queue function, as its own snippet defines it before the script arrives. */
export interface FbqQueue {
  (...args: unknown[]): void
  queue: unknown[][]
  loaded: boolean
  version: string
  push: FbqQueue
  callMethod?: (...args: unknown[]) => void
}

/** Yandex Metrika's queue function (`ym.a` the calls, `ym.l` the start), as its snippet defines it. */
export interface YmQueue {
  (...args: unknown[]): void
  a: unknown[][]
  l: number
}

/** One analytics tool: its consent category, its script, and how it hears the site's calls. */
export interface AnalyticsAdapter {
  readonly name: string
  readonly category: ConsentCategory
  /** Its script for these settings; null when the operator has not configured the tool. */
  script(settings: AnalyticsSettings): string | null
  /** Runs once, before its script loads: the queue the script will drain. */
  prepare(host: AnalyticsHost, settings: AnalyticsSettings): void
  track?(host: AnalyticsHost, event: AnalyticsEvent, settings: AnalyticsSettings): void
  identify?(host: AnalyticsHost, userId: number, settings: AnalyticsSettings): void
  /** The player logged out: the tool forgets the id it was given. */
  anonymize?(host: AnalyticsHost, settings: AnalyticsSettings): void
}
