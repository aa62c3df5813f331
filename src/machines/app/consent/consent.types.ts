// The cookie-consent flow's data (SPEC §3 'Other' analytics settings, §7 /hit and the
// fingerprint script, §9 fingerprint hit 3000 ms).
import type { AnalyticsSettings } from '../../../shared/analytics-settings'
import type { ConsentChoice } from '../../../shared/consent'

export type { AnalyticsSettings, ConsentChoice }

/** The machine's tags; here so that the banner's selectors do not load the machine. */
export const CONSENT_TAGS = { asking: 'consent.asking' } as const

export interface ConsentInput {
  /** The choice the request's consent cookie holds; null: not asked yet (the banner shows). */
  readonly choice: ConsentChoice | null
  /** The operator's tools: which exist, where they load from. */
  readonly settings: AnalyticsSettings
}

export interface ConsentContext {
  readonly choice: ConsentChoice | null
  readonly settings: AnalyticsSettings
  /** The fingerprint's session once it has one; null while off, refused, loading or failed. */
  readonly seonSession: string | null
}

/** What the fingerprint loader resolves with: a session, or a failure as a value (SPEC §8: no session). */
export type FingerprintResult = { readonly ok: true; readonly session: string } | { readonly ok: false }

export interface FingerprintInput {
  readonly settings: AnalyticsSettings
}

export interface HitInput {
  readonly seonSession: string | null
}

export type ConsentEvent =
  /** The banner's 'Accept all'. */
  | { type: 'consent.acceptAll' }
  /** The banner's 'Only necessary'. */
  | { type: 'consent.rejectAll' }
  /** The banner's 'Save my choices' with its two switches. */
  | { type: 'consent.save'; analytics: boolean; marketing: boolean }
  /** The footer's 'Cookie settings': the banner again, with the current choice. */
  | { type: 'consent.open' }
  /** Closing a reopened banner without changing anything (Escape, 'Close'). */
  | { type: 'consent.dismiss' }
  /** The browser took over the page: scripts, the fingerprint and the visit may start (never on the server). */
  | { type: 'app.hydrated' }
