/**
 * What server/ssr.ts puts into Vike's pageContext for every request, and what the render hook
 * hands back. Vike passes both through untouched; Fastify owns the HTTP response.
 */
import type { AnalyticsSettings } from './analytics-settings'
import type { Locale } from './locales'

export interface SsrRequestContext {
  /** fetch that dispatches /api calls to our own Fastify app in-process, with the player's cookie. */
  apiFetch: typeof fetch
  publicUrl: string
  appEnv: string
  /**
   * The built addresses of the modules the browser needs for a locale before it can hydrate
   * (its message catalog), preloaded from the page's head. Absent in development.
   */
  localePreloads?: (locale: Locale) => readonly string[]
  /**
   * The built chunks of the page modules a request matched, and their message catalogs in the
   * locale, to preload likewise. Absent in development.
   */
  pagePreloads?: (modules: readonly string[], locale?: Locale) => readonly string[]
  /** The operator's analytics tools (server/http/analytics-tools.ts); absent: none. */
  analytics?: AnalyticsSettings
  /**
   * The public content config of a locale for this request (GET /nfx/cms-config/{locale} without the
   * HTTP hop): the contract's CmsConfig, typed loosely here because shared/ sits below the contract.
   * Absent: the renderer fetches it through apiFetch.
   */
  cmsConfig?: (locale: Locale) => Promise<unknown>
  /** The id of the build serving this page (server/build-manifest.ts); absent in development. */
  buildId?: string | null
}

export type SsrOutcome =
  /** locale: the page's, for what the server adds to it (custom code); absent on the bare error page. */
  | { kind: 'html'; status: number; locale?: Locale }
  | { kind: 'redirect'; status: 301 | 302; location: string }
  /** SPEC §2.5: a crawler's error is logged by the server and answered with its status and no page. */
  | { kind: 'crawler-error'; status: number; path: string }
