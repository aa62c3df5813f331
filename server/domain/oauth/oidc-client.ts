import { OAuthError } from './errors'
import { verifyIdToken, type IdTokenClaims, type Jwks } from './jwt'

/**
 * The relying-party side of OpenID Connect (Core 1.0, authorization-code flow, RFC 7636 PKCE): the
 * provider's discovery document and JWKS, the authorization URL, and the code exchange. Discovery
 * and keys are cached for an hour per client; a token signed by a key we do not have yet makes the
 * JWKS be fetched again once (providers rotate keys).
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

export interface Discovery {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  jwks_uri: string
}

const CACHE_MS = 3_600_000
const TIMEOUT_MS = 10_000

async function getJson(fetcher: typeof fetch, url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  let response: Response
  try {
    response = await fetcher(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json', ...init?.headers } })
  } catch (err) {
    throw new OAuthError('provider_unavailable', `${url}: ${(err as Error).message}`)
  }
  const text = await response.text()
  try {
    return { status: response.status, body: JSON.parse(text) as unknown }
  } catch {
    throw new OAuthError('provider_unavailable', `${url} answered ${response.status} with no JSON`)
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

export class OidcClient {
  private discoveryCache: { at: number; value: Promise<Discovery> } | null = null
  private jwksCache: { at: number; value: Promise<Jwks> } | null = null

  constructor(readonly settings: OidcProviderSettings) {}

  discovery(now: Date): Promise<Discovery> {
    if (!this.discoveryCache || now.getTime() - this.discoveryCache.at > CACHE_MS) {
      const value = this.fetchDiscovery()
      this.discoveryCache = { at: now.getTime(), value }
      value.catch(() => (this.discoveryCache = null))
    }
    return this.discoveryCache.value
  }

  private async fetchDiscovery(): Promise<Discovery> {
    const { status, body } = await getJson(this.settings.fetch, this.settings.discoveryUrl)
    if (status !== 200 || !isRecord(body)) throw new OAuthError('provider_unavailable', `discovery answered ${status}`)
    const fields = ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const
    for (const f of fields) if (typeof body[f] !== 'string') throw new OAuthError('provider_unavailable', `discovery has no ${f}`)
    // OpenID Connect Discovery §4.3: the document must name the issuer we expect.
    if (body.issuer !== this.settings.issuer) throw new OAuthError('provider_unavailable', `discovery issuer ${String(body.issuer)} is not ${this.settings.issuer}`)
    return body as unknown as Discovery
  }

  private jwks(now: Date, fresh = false): Promise<Jwks> {
    if (fresh || !this.jwksCache || now.getTime() - this.jwksCache.at > CACHE_MS) {
      const value = this.discovery(now).then(async (d) => {
        const { status, body } = await getJson(this.settings.fetch, d.jwks_uri)
        if (status !== 200 || !isRecord(body) || !Array.isArray(body.keys)) throw new OAuthError('provider_unavailable', `JWKS answered ${status}`)
        return body as unknown as Jwks
      })
      this.jwksCache = { at: now.getTime(), value }
      value.catch(() => (this.jwksCache = null))
    }
    return this.jwksCache.value
  }

  /** Where to send the browser: the authorization endpoint with state, nonce and the S256 challenge. */
  async authorizationUrl(input: { state: string; nonce: string; codeChallenge: string; redirectUri: string; now: Date }): Promise<string> {
    const { authorization_endpoint } = await this.discovery(input.now)
    const url = new URL(authorization_endpoint)
    url.searchParams.set('response_type', 'code')
    url.searchParams.set('client_id', this.settings.clientId)
    url.searchParams.set('redirect_uri', input.redirectUri)
    url.searchParams.set('scope', this.settings.scopes)
    url.searchParams.set('state', input.state)
    url.searchParams.set('nonce', input.nonce)
    url.searchParams.set('code_challenge', input.codeChallenge)
    url.searchParams.set('code_challenge_method', 'S256')
    return url.toString()
  }

  /** Trades the code for tokens at the token endpoint and returns the verified ID token's claims. */
  async exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string; nonce: string; now: Date }): Promise<IdTokenClaims> {
    const { token_endpoint } = await this.discovery(input.now)
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
      client_id: this.settings.clientId,
    })
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
    if (this.settings.clientSecret !== null) {
      // client_secret_basic (RFC 6749 §2.3.1): both parts form-encoded before base64.
      const user = encodeURIComponent(this.settings.clientId)
      const pass = encodeURIComponent(this.settings.clientSecret)
      headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`
    }
    const { status, body } = await getJson(this.settings.fetch, token_endpoint, { method: 'POST', headers, body: form.toString() })
    if (status !== 200 || !isRecord(body)) {
      const error = isRecord(body) && typeof body.error === 'string' ? body.error : `status ${status}`
      throw new OAuthError('token_exchange_failed', error)
    }
    if (typeof body.id_token !== 'string') throw new OAuthError('token_exchange_failed', 'no id_token in the answer')
    const options = { issuer: this.settings.issuer, audience: this.settings.clientId, nonce: input.nonce, now: input.now }
    try {
      return verifyIdToken(body.id_token, await this.jwks(input.now), options)
    } catch (err) {
      // A key we have not seen: the provider may have rotated; look once more.
      if (err instanceof OAuthError && err.detail.startsWith('no signing key')) {
        return verifyIdToken(body.id_token, await this.jwks(input.now, true), options)
      }
      throw err
    }
  }
}
