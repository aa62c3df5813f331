// The pure rules of the social-login flow (SPEC §4 'Social login', §7), kept out of the chart.
import { safeRedirectTarget } from '../../../shared/redirect'
import { afterLoginTarget } from '../login/login.rules'
import type { SocialAuthErrorCode, SocialLoginMessageId, SocialService, TypeAuth } from './social-login.types'

/** SPEC §7: /oauth/init with service, redirect_url and type_auth. */
export function socialInitUrl(service: string, returnTo: string, typeAuth: TypeAuth): string {
  const query = new URLSearchParams({ service, redirect_url: returnTo, type_auth: typeAuth })
  return `/oauth/init?${query.toString()}`
}

/** Which alert a failure code shows. */
export function socialMessageFor(code: SocialAuthErrorCode | null): SocialLoginMessageId {
  switch (code) {
    case 'access_denied':
      return 'cancelled'
    case 'account_blocked':
      return 'blocked'
    case 'provider_unavailable':
      return 'unavailable'
    case 'too_many_requests':
      return 'tooManyRequests'
    default:
      return 'failed'
  }
}

export function isOfferedService(services: readonly SocialService[], id: string): boolean {
  return services.some((s) => s.id === id)
}

/** SPEC §4 'Social login': the storage key the backUrl query value is kept under. */
export const SOCIAL_AUTH_STORAGE_KEY = 'social-auth'

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Keeps the page's backUrl query value (SPEC §4); a page without one clears an old one. */
export function rememberBackUrl(storage: KeyValueStorage | null, search: string): void {
  if (!storage) return
  const backUrl = new URLSearchParams(search).get('backUrl')
  if (backUrl) storage.setItem(SOCIAL_AUTH_STORAGE_KEY, backUrl)
  else storage.removeItem(SOCIAL_AUTH_STORAGE_KEY)
}

/** Reads the kept backUrl once: it is removed whatever it was. */
export function takeBackUrl(storage: KeyValueStorage | null): string | null {
  if (!storage) return null
  const value = storage.getItem(SOCIAL_AUTH_STORAGE_KEY)
  storage.removeItem(SOCIAL_AUTH_STORAGE_KEY)
  return value
}

/**
 * Where to go after a social login or its completion: the kept backUrl when the shared redirect
 * rule allows it (same origin, or REDIRECT_ALLOWLIST), else the page of the player's locale.
 */
export function afterSocialLoginTarget(backUrl: string | null, location: { origin: string; pathname: string; search: string }, allowlist: readonly string[], locale: string): string {
  return safeRedirectTarget(backUrl, { origin: location.origin, allowedOrigins: allowlist }) ?? afterLoginTarget(location, locale)
}
