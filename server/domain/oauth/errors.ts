/**
 * Why a social login failed. Each reason is a stable code (ARCHITECTURE §4): the callback page
 * hands it to the opener, which picks a translated message; none of them says more than the
 * player needs (a forged token and an expired one both read "could not sign you in").
 */
export type OAuthFailureReason =
  /** The provider named in /oauth/init is not configured. */
  | 'unknown_provider'
  /** state unknown, used, expired, or started in another browser. */
  | 'invalid_state'
  /** The player cancelled at the provider, or it answered an error. */
  | 'access_denied'
  /** The token endpoint refused the code (wrong verifier, replayed or expired code). */
  | 'token_exchange_failed'
  /** The ID token failed a check: signature, issuer, audience, nonce, expiry. */
  | 'invalid_id_token'
  /** Discovery, JWKS or the token endpoint could not be reached or answered nonsense. */
  | 'provider_unavailable'
  /** The account behind the identity is banned. */
  | 'account_blocked'

export class OAuthError extends Error {
  override name = 'OAuthError'
  constructor(
    readonly reason: OAuthFailureReason,
    /** For the log only; never shown to the player. */
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`)
  }
}
