import { describe, expect, it } from 'vitest'
import { CONSENT_ALL, CONSENT_NECESSARY_ONLY, consentFromForm, encodeConsent, isGranted, parseConsent } from './consent'

describe('the consent cookie', () => {
  it('round-trips every choice', () => {
    for (const analytics of [true, false]) {
      for (const marketing of [true, false]) expect(parseConsent(encodeConsent({ analytics, marketing }))).toEqual({ analytics, marketing })
    }
    expect(encodeConsent(CONSENT_NECESSARY_ONLY)).toBe('necessary')
    expect(encodeConsent(CONSENT_ALL)).toBe('necessary.analytics.marketing')
  })

  it('reads anything else as "not asked yet"', () => {
    for (const value of [undefined, null, '', 'analytics', 'necessary.ads', 'necessary.analytics.analytics', 'yes', 'necessary.'.repeat(20)]) {
      expect(parseConsent(value), String(value)).toBeNull()
    }
  })

  it('grants necessary always, the rest only when chosen', () => {
    expect(isGranted(null, 'necessary')).toBe(true)
    expect(isGranted(null, 'analytics')).toBe(false)
    expect(isGranted({ analytics: true, marketing: false }, 'marketing')).toBe(false)
    expect(consentFromForm({ choice: 'custom', marketing: 'on' })).toEqual({ analytics: false, marketing: true })
    expect(consentFromForm({ choice: 'maybe' })).toBeNull()
  })
})
