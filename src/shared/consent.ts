// The cookie-consent choice, shared by the server (SSR reads the cookie, so a visitor who chose
// sees no banner flash; the no-JavaScript form sets it) and the browser (the banner writes it).
import { safeRedirectTarget } from './redirect'

/** Necessary is always on; the others are the visitor's to grant. */
export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'marketing'] as const
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number]
export const OPTIONAL_CONSENT_CATEGORIES = ['analytics', 'marketing'] as const
export type OptionalConsentCategory = (typeof OPTIONAL_CONSENT_CATEGORIES)[number]

/** What the visitor granted. */
export interface ConsentChoice {
  readonly analytics: boolean
  readonly marketing: boolean
}

export const CONSENT_ALL: ConsentChoice = Object.freeze({ analytics: true, marketing: true })
export const CONSENT_NECESSARY_ONLY: ConsentChoice = Object.freeze({ analytics: false, marketing: false })

export function isConsentCategory(value: unknown): value is ConsentCategory {
  return typeof value === 'string' && (CONSENT_CATEGORIES as readonly string[]).includes(value)
}

/** The cookie's value: the granted categories joined by '.', necessary first ('necessary.analytics'). */
export function encodeConsent(choice: ConsentChoice): string {
  return CONSENT_CATEGORIES.filter((category) => category === 'necessary' || choice[category]).join('.')
}

/**
 * The choice a cookie holds, or null when there is none or it cannot be read (a cookie is user
 * input): null means "not asked yet", so the banner shows and nothing optional loads.
 */
export function parseConsent(value: string | null | undefined): ConsentChoice | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return null
  const parts = value.split('.')
  if (parts[0] !== 'necessary' || !parts.every(isConsentCategory) || new Set(parts).size !== parts.length) return null
  return { analytics: parts.includes('analytics'), marketing: parts.includes('marketing') }
}

/** Whether a script of `category` may run under `choice` (no choice: only necessary ones). */
export function isGranted(choice: ConsentChoice | null, category: ConsentCategory): boolean {
  if (category === 'necessary') return true
  return choice?.[category] ?? false
}

/** The no-JavaScript banner posts here (server/http/preferences.ts), as the theme switch does. */
export const CONSENT_SWITCH_PATH = '/preferences/consent'

/** The banner form's buttons: `choice=all|necessary|custom` (custom reads the analytics and marketing boxes). */
export const CONSENT_FORM_CHOICES = ['all', 'necessary', 'custom'] as const
export type ConsentFormChoice = (typeof CONSENT_FORM_CHOICES)[number]

/** The choice a posted banner form means; null for a form that is not one of ours. */
export function consentFromForm(body: Readonly<Record<string, unknown>>): ConsentChoice | null {
  switch (body.choice) {
    case 'all':
      return CONSENT_ALL
    case 'necessary':
      return CONSENT_NECESSARY_ONLY
    case 'custom':
      return { analytics: isOn(body.analytics), marketing: isOn(body.marketing) }
    default:
      return null
  }
}

const isOn = (value: unknown) => value === 'on' || value === '1' || value === 'true'

/** Where the form goes back to: a same-origin path, else home. */
export function consentBackTarget(back: unknown): string {
  return (typeof back === 'string' ? safeRedirectTarget(back) : null) ?? '/'
}
