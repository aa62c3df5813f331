import { createHmac, generateKeyPairSync } from 'node:crypto'
import { calculatePKCECodeChallenge, randomPKCECodeVerifier } from 'openid-client'
import { describe, expect, it } from 'vitest'
import { OAuthError } from './errors'
import { signRs256 } from './jwt'
import { OidcClient } from './oidc-client'
import { isValidVerifier, s256Challenge, verifierMatches } from './pkce'

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const other = generateKeyPairSync('rsa', { modulusLength: 2048 })

const ISSUER = 'https://id.test'
const NOW = new Date('2026-03-01T12:00:00Z')
const nowSec = Math.floor(NOW.getTime() / 1000)
const good = { iss: ISSUER, sub: 'u-1', aud: 'client-1', iat: nowSec - 10, exp: nowSec + 300, nonce: 'n-1', email: 'ada@id.test' }

interface TokenRequest {
  authorization: string | null
  form: URLSearchParams
}

/**
 * A provider in a fetch function: discovery, JWKS (key k1) and a token endpoint that answers
 * `idToken`, or `tokenError` with a 400. What the client sent to the token endpoint is kept.
 */
function fakeProvider(answer: { idToken?: string | null; tokenError?: string; discoveryIssuer?: string }) {
  const requests: TokenRequest[] = []
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    switch (url.pathname) {
      case '/.well-known/openid-configuration':
        return json({
          issuer: answer.discoveryIssuer ?? ISSUER,
          authorization_endpoint: `${ISSUER}/authorize`,
          token_endpoint: `${ISSUER}/token`,
          jwks_uri: `${ISSUER}/jwks`,
          id_token_signing_alg_values_supported: ['RS256'],
        })
      case '/jwks':
        return json({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }] })
      case '/token': {
        requests.push({ authorization: new Headers(init?.headers).get('authorization'), form: new URLSearchParams(String(init?.body)) })
        if (answer.tokenError) return json({ error: answer.tokenError }, 400)
        return json({ access_token: 'at-1', token_type: 'Bearer', expires_in: 300, ...(answer.idToken ? { id_token: answer.idToken } : {}) })
      }
    }
    return new Response('not found', { status: 404 })
  }) as typeof globalThis.fetch
  return { fetch, requests }
}

function client(fetch: typeof globalThis.fetch, clientSecret: string | null = null) {
  return new OidcClient({
    id: 'test',
    name: 'Test',
    issuer: ISSUER,
    discoveryUrl: `${ISSUER}/.well-known/openid-configuration`,
    clientId: 'client-1',
    clientSecret,
    scopes: 'openid email',
    fetch,
  })
}

const exchangeInput = { code: 'code-1', codeVerifier: 'v'.repeat(43), redirectUri: 'https://casino.test/oauth/callback', nonce: 'n-1', now: NOW }

/** Runs the code exchange against a provider answering `idToken`: 'accepted', or the failure reason and detail. */
async function outcome(idToken: string | Promise<string>, now = NOW): Promise<string> {
  try {
    await client(fakeProvider({ idToken: await idToken }).fetch).exchangeCode({ ...exchangeInput, now })
    return 'accepted'
  } catch (err) {
    if (err instanceof OAuthError) return `${err.reason}: ${err.detail}`
    throw err
  }
}

const sign = (change: Record<string, unknown>, key = privateKey, kid = 'k1') => signRs256({ ...good, ...change }, key, kid)

describe('the relying party (openid-client) checks the ID token as OpenID Connect Core §3.1.3.7 says', () => {
  it('accepts a token signed by the JWKS key for us, with our nonce, in time', async () => {
    const provider = fakeProvider({ idToken: await sign({}) })
    const claims = await client(provider.fetch).exchangeCode(exchangeInput)
    expect(claims).toMatchObject({ sub: 'u-1', email: 'ada@id.test' })
    // The code, the PKCE verifier and the redirect URI went to the token endpoint; a public client names itself.
    const [request] = provider.requests
    expect(Object.fromEntries(request!.form)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'code-1',
      code_verifier: exchangeInput.codeVerifier,
      redirect_uri: exchangeInput.redirectUri,
      client_id: 'client-1',
    })
    expect(request!.authorization).toBeNull()
  })

  it('refuses a wrong issuer, audience, nonce, and an expired or future token', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ iss: 'https://evil.test' }, /"iss"/],
      [{ aud: 'someone-else' }, /"aud"/],
      // Several audiences: the authorized party must be named, and be us.
      [{ aud: ['client-1', 'client-2'] }, /untrusted audiences/],
      [{ aud: ['client-1', 'client-2'], azp: 'client-2' }, /"azp"/],
      [{ nonce: 'n-2' }, /"nonce"/],
      [{ nonce: undefined }, /"nonce"/],
      [{ exp: nowSec - 61 }, /"exp"/],
      [{ iat: nowSec + 120 }, /future/],
      [{ sub: '' }, /subject/],
    ]
    for (const [change, expected] of cases) {
      const result = await outcome(sign(change))
      expect(result, JSON.stringify(change)).toMatch(/^invalid_id_token: /)
      expect(result, JSON.stringify(change)).toMatch(expected)
    }
    // Clock skew within a minute is forgiven.
    expect(await outcome(sign({ exp: nowSec - 30 }))).toBe('accepted')
    expect(await outcome(sign({ aud: ['client-1', 'x'], azp: 'client-1' }))).toBe('accepted')
    // Our clock, not the machine's, is the one the token is checked against.
    expect(await outcome(sign({}), new Date(NOW.getTime() + 3_600_000))).toMatch(/^invalid_id_token: .*"exp"/)
  })

  it('refuses a signature by another key, a tampered payload, alg none and HS256', async () => {
    expect(await outcome(sign({}, other.privateKey))).toMatch(/^invalid_id_token: .*signature/)
    expect(await outcome(sign({}, privateKey, 'k9'))).toMatch(/^invalid_id_token: .*key/)
    const [h, , s] = (await sign({})).split('.')
    const forged = Buffer.from(JSON.stringify({ ...good, sub: 'admin' })).toString('base64url')
    expect(await outcome(`${h}.${forged}.${s}`)).toMatch(/^invalid_id_token: .*signature/)
    const body = Buffer.from(JSON.stringify(good)).toString('base64url')
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`
    expect(await outcome(none)).toMatch(/^invalid_id_token: .*"alg"/)
    // The classic confusion: an HMAC keyed with the public key's bytes.
    const hsHead = Buffer.from('{"alg":"HS256","kid":"k1"}').toString('base64url')
    const mac = createHmac('sha256', publicKey.export({ format: 'pem', type: 'spki' })).update(`${hsHead}.${body}`).digest('base64url')
    expect(await outcome(`${hsHead}.${body}.${mac}`)).toMatch(/^invalid_id_token: .*"alg"/)
    expect(await outcome('not-a-token')).toMatch(/^invalid_id_token: /)
  })

  it('reports a refused code, an answer without an ID token, and a provider that names another issuer', async () => {
    const refused = client(fakeProvider({ tokenError: 'invalid_grant' }).fetch).exchangeCode(exchangeInput)
    await expect(refused).rejects.toMatchObject({ reason: 'token_exchange_failed', detail: 'invalid_grant' })
    const noIdToken = client(fakeProvider({ idToken: null }).fetch).exchangeCode(exchangeInput)
    await expect(noIdToken).rejects.toMatchObject({ reason: 'token_exchange_failed' })
    const mixedUp = client(fakeProvider({ idToken: await sign({}), discoveryIssuer: 'https://evil.test' }).fetch)
    await expect(mixedUp.exchangeCode(exchangeInput)).rejects.toMatchObject({ reason: 'provider_unavailable', detail: expect.stringMatching(/issuer/) })
    await expect(mixedUp.authorizationUrl({ state: 's', nonce: 'n', codeChallenge: 'c'.repeat(43), redirectUri: exchangeInput.redirectUri, now: NOW })).rejects.toMatchObject({
      reason: 'provider_unavailable',
    })
    const down = client((async () => Promise.reject(new TypeError('fetch failed'))) as typeof globalThis.fetch)
    await expect(down.exchangeCode(exchangeInput)).rejects.toMatchObject({ reason: 'provider_unavailable' })
  })

  it('authenticates a confidential client with client_secret_basic, both parts form-encoded', async () => {
    const provider = fakeProvider({ idToken: await sign({}) })
    await client(provider.fetch, 'sec ret:/+').exchangeCode(exchangeInput)
    const basic = /^Basic (.+)$/.exec(provider.requests[0]!.authorization ?? '')![1]!
    const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':').map((part) => decodeURIComponent(part.replace(/\+/g, ' ')))
    expect([id, secret]).toEqual(['client-1', 'sec ret:/+'])
  })

  it('sends the browser to the authorization endpoint with state, nonce and the S256 challenge', async () => {
    const url = new URL(
      await client(fakeProvider({}).fetch).authorizationUrl({ state: 'st-1', nonce: 'n-1', codeChallenge: 'c'.repeat(43), redirectUri: exchangeInput.redirectUri, now: NOW }),
    )
    expect(url.origin + url.pathname).toBe(`${ISSUER}/authorize`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: exchangeInput.redirectUri,
      scope: 'openid email',
      state: 'st-1',
      nonce: 'n-1',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
    })
  })
})

describe('PKCE S256 (RFC 7636)', () => {
  it('the provider side matches the verifier the relying party made a challenge from, and nothing else', async () => {
    const verifier = randomPKCECodeVerifier()
    const challenge = await calculatePKCECodeChallenge(verifier)
    expect(isValidVerifier(verifier)).toBe(true)
    // BASE64URL(SHA256(ASCII(verifier))), 43 characters, no padding.
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(s256Challenge(verifier)).toBe(challenge)
    expect(verifierMatches(verifier, challenge)).toBe(true)
    expect(verifierMatches(randomPKCECodeVerifier(), challenge)).toBe(false)
    expect(verifierMatches('short', s256Challenge('short'))).toBe(false)
    expect(verifierMatches(undefined, challenge)).toBe(false)
  })
})
