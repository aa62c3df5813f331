// The pure rules of the social-login flow (SPEC §4 'Social login', §7), kept out of the chart.
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
