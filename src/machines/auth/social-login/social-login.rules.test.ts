import { describe, expect, it } from 'vitest'
import { parseSocialAuthMessage } from './social-login.actors'
import { afterSocialLoginTarget, rememberBackUrl, SOCIAL_AUTH_STORAGE_KEY, takeBackUrl } from './social-login.rules'

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

const here = { origin: 'https://casino.test', pathname: '/es/gamehall', search: '?show_popup_auth=1' }

describe('backUrl under the social-auth key (SPEC §4 Social login)', () => {
  it('keeps the query value, reads it once', () => {
    const storage = memoryStorage()
    rememberBackUrl(storage, '?backUrl=%2Fpromotions&x=1')
    expect(storage.map.get(SOCIAL_AUTH_STORAGE_KEY)).toBe('/promotions')
    expect(takeBackUrl(storage)).toBe('/promotions')
    expect(takeBackUrl(storage)).toBeNull()
    // A page without one forgets an old one.
    rememberBackUrl(storage, '?backUrl=%2Fa')
    rememberBackUrl(storage, '')
    expect(takeBackUrl(storage)).toBeNull()
    expect(takeBackUrl(null)).toBeNull()
  })

  it('follows it only when the shared redirect rule allows, else goes to the locale home', () => {
    expect(afterSocialLoginTarget('/promotions', here, [], 'es')).toBe('/promotions')
    expect(afterSocialLoginTarget('https://casino.test/cashier', here, [], 'es')).toBe('/cashier')
    expect(afterSocialLoginTarget('https://partner.test/back', here, ['https://partner.test'], 'es')).toBe('https://partner.test/back')
    expect(afterSocialLoginTarget('https://evil.test/', here, ['https://partner.test'], 'de')).toBe('/de/gamehall')
    expect(afterSocialLoginTarget('//evil.test', here, [], 'en')).toBe('/gamehall')
    expect(afterSocialLoginTarget(null, here, [], 'es')).toBe('/es/gamehall')
  })
})

describe("the callback page's message", () => {
  it('is read only in its own shape', () => {
    expect(parseSocialAuthMessage({ type: 'social-auth', status: 'success', created: true, type_auth: 'login' })).toEqual({ ok: true, created: true })
    expect(parseSocialAuthMessage({ type: 'social-auth', status: 'error', code: 'access_denied' })).toEqual({ ok: false, code: 'access_denied' })
    expect(parseSocialAuthMessage({ type: 'social-auth', status: 'error', code: '<script>' })).toEqual({ ok: false, code: 'invalid_state' })
    for (const other of [null, 'social-auth', { type: 'other', status: 'success' }, { type: 'social-auth', status: 'maybe' }]) {
      expect(parseSocialAuthMessage(other)).toBeNull()
    }
  })
})
