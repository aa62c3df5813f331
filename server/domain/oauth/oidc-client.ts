import * as oidc from 'openid-client'
import { OAuthError } from './errors'
import type { IdTokenClaims } from './jwt'

/**
 * The relying-party side of OpenID Connect (Core 1.0, authorization-code flow, RFC 7636 PKCE),
 * through openid-client (docs/decisions/006-well-kept-libraries.md): the provider's discovery
 * document, the authorization URL, the code exchange and every check of the ID token, its
 * signature against the provider's JWKS included. Discovery is cached for an hour per client;
 * openid-client keeps the JWKS and fetches it again for a key it does not know (providers rotate).
 * What stays ours: which reasons a failure is reported with, and the clock (`now`), so that tests
 * can move time.
 */

export interface OidcProviderSettings {
  /** Our id for it: the `service` of /oauth/init. */
  id: string
  name: string
  issuer: string
  discoveryUrl: string
  clientId: string
  clientSecret: string | null
  scopes: string
  /** The fetch to reach it with: the global one, or an in-process one for the development provider. */
  fetch: typeof globalThis.fetch
}

const CACHE_MS = 3_600_000
const TIMEOUT_SEC = 10
/** Clock skew allowed on exp and iat, seconds. */
const LEEWAY_SEC = 60

/** openid-client's codes for an ID token that failed a check (claims, signature, key, algorithm). */
const ID_TOKEN_CODES = new Set(['OAUTH_JWT_CLAIM_COMPARISON_FAILED', 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED', 'OAUTH_KEY_SELECTION_FAILED', 'OAUTH_UNSUPPORTED_OPERATION'])
/** Codes for a provider that could not be reached or answered nonsense. */
const UNAVAILABLE_CODES = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_JSON', 'OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_PARSE_ERROR'])

/** openid-client calls fetch with a subset of RequestInit (its body type is only wider on paper). */
const customFetch = (fetcher: typeof globalThis.fetch): oidc.CustomFetch => (url, options) => fetcher(url, options as RequestInit)

function describe(err: unknown): string {
  const e = err as { message?: string; cause?: { message?: string } }
  const cause = e?.cause && typeof e.cause === 'object' && typeof e.cause.message === 'string' ? `: ${e.cause.message}` : ''
  return `${String(e?.message ?? err)}${cause}`.slice(0, 300)
}

/** Maps what openid-client threw during a code exchange to a failure reason. */
function exchangeFailure(err: unknown): OAuthError {
  if (err instanceof OAuthError) return err
  // The token endpoint answered an OAuth error: wrong verifier, replayed or expired code, bad client.
  if (err instanceof oidc.ResponseBodyError) return new OAuthError('token_exchange_failed', err.error)
  if (err instanceof oidc.WWWAuthenticateChallengeError) return new OAuthError('token_exchange_failed', 'client authentication failed')
  const code = (err as { code?: unknown })?.code
  if (typeof code === 'string') {
    if (ID_TOKEN_CODES.has(code)) return new OAuthError('invalid_id_token', describe(err))
    if (UNAVAILABLE_CODES.has(code)) return new OAuthError('provider_unavailable', describe(err))
    // The one check openid-client reports as a bare "invalid response": a token answer without an ID token.
    if (code === 'OAUTH_INVALID_RESPONSE' && /id_token/.test(describe(err))) return new OAuthError('token_exchange_failed', 'no id_token in the answer')
    if (code === 'OAUTH_INVALID_RESPONSE') return new OAuthError('invalid_id_token', describe(err))
  }
  // Network failures (fetch's TypeError) and anything unforeseen.
  return new OAuthError('provider_unavailable', describe(err))
}

export class OidcClient {
  private metadataCache: { at: number; value: Promise<oidc.ServerMetadata> } | null = null
  /** The provider's keys as openid-client last fetched them, carried from one exchange to the next. */
  private jwksCache: oidc.ExportedJWKSCache | undefined

  constructor(readonly settings: OidcProviderSettings) {}

  private get insecure(): boolean {
    // config.ts allows http only for a loopback issuer outside production (and the dev provider).
    return new URL(this.settings.discoveryUrl).protocol === 'http:'
  }

  private serverMetadata(now: Date): Promise<oidc.ServerMetadata> {
    if (!this.metadataCache || now.getTime() - this.metadataCache.at > CACHE_MS) {
      const value = this.discover()
      this.metadataCache = { at: now.getTime(), value }
      value.catch(() => (this.metadataCache = null))
    }
    return this.metadataCache.value
  }

  private async discover(): Promise<oidc.ServerMetadata> {
    let config: oidc.Configuration
    try {
      config = await oidc.discovery(new URL(this.settings.discoveryUrl), this.settings.clientId, undefined, undefined, {
        [oidc.customFetch]: customFetch(this.settings.fetch),
        execute: this.insecure ? [oidc.allowInsecureRequests] : [],
        timeout: TIMEOUT_SEC,
      })
    } catch (err) {
      throw new OAuthError('provider_unavailable', `discovery: ${describe(err)}`)
    }
    const metadata = config.serverMetadata()
    // OpenID Connect Discovery §4.3: the document must name the issuer we expect. openid-client
    // leaves this to us when given the document's own URL (DISCOVERY_URL may differ from the issuer).
    if (metadata.issuer !== this.settings.issuer) throw new OAuthError('provider_unavailable', `discovery issuer ${metadata.issuer} is not ${this.settings.issuer}`)
    if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
      throw new OAuthError('provider_unavailable', 'discovery lacks an authorization, token or JWKS endpoint')
    }
    return metadata
  }

  /** openid-client's view of this provider at `now`: our clock becomes its clock skew. */
  private async configuration(now: Date): Promise<oidc.Configuration> {
    const metadata = await this.serverMetadata(now)
    const { clientId, clientSecret } = this.settings
    const config = new oidc.Configuration(
      metadata,
      clientId,
      {
        // Only RS256 ID tokens: never `none`, never an HMAC keyed with something public.
        id_token_signed_response_alg: 'RS256',
        [oidc.clockSkew]: Math.round((now.getTime() - Date.now()) / 1000),
        [oidc.clockTolerance]: LEEWAY_SEC,
      },
      clientSecret !== null ? oidc.ClientSecretBasic(clientSecret) : oidc.None(),
    )
    config[oidc.customFetch] = customFetch(this.settings.fetch)
    config.timeout = TIMEOUT_SEC
    if (this.insecure) oidc.allowInsecureRequests(config)
    // ID tokens from the token endpoint are checked against the JWKS too, not trusted for the TLS.
    oidc.enableNonRepudiationChecks(config)
    if (this.jwksCache) oidc.setJwksCache(config, this.jwksCache)
    return config
  }

  /** Where to send the browser: the authorization endpoint with state, nonce and the S256 challenge. */
  async authorizationUrl(input: { state: string; nonce: string; codeChallenge: string; redirectUri: string; now: Date }): Promise<string> {
    const config = await this.configuration(input.now)
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: input.redirectUri,
      scope: this.settings.scopes,
      state: input.state,
      nonce: input.nonce,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
    }).href
  }

  /** Trades the code for tokens at the token endpoint and returns the verified ID token's claims. */
  async exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string; nonce: string; now: Date }): Promise<IdTokenClaims> {
    const config = await this.configuration(input.now)
    // The callback's state was checked and consumed before (flow.ts), so only the code is handed on.
    const callback = new URL(input.redirectUri)
    callback.search = new URLSearchParams({ code: input.code }).toString()
    let claims: IdTokenClaims
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: input.codeVerifier,
        expectedNonce: input.nonce,
        expectedState: oidc.skipStateCheck,
        idTokenExpected: true,
      })
      const idTokenClaims = tokens.claims()
      if (!idTokenClaims) throw new OAuthError('token_exchange_failed', 'no id_token in the answer')
      claims = idTokenClaims as unknown as IdTokenClaims
    } catch (err) {
      throw exchangeFailure(err)
    } finally {
      this.jwksCache = oidc.getJwksCache(config) ?? this.jwksCache
    }
    // Checks openid-client does not make for the code flow.
    const nowSec = Math.floor(input.now.getTime() / 1000)
    if (claims.iat - LEEWAY_SEC > nowSec) throw new OAuthError('invalid_id_token', 'issued in the future')
    if (claims.sub === '' || claims.sub.length > 255) throw new OAuthError('invalid_id_token', 'no subject')
    return claims
  }
}
