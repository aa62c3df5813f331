import { generateKeyPairSync, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { OAuthError } from './errors'
import { signRs256, verifyIdToken, type Jwks } from './jwt'
import { isValidVerifier, newCodeVerifier, s256Challenge, verifierMatches } from './pkce'

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
const jwks: Jwks = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }] }

const NOW = new Date('2026-03-01T12:00:00Z')
const nowSec = Math.floor(NOW.getTime() / 1000)
const good = { iss: 'https://id.test', sub: 'u-1', aud: 'client-1', iat: nowSec - 10, exp: nowSec + 300, nonce: 'n-1', email: 'ada@id.test' }
const options = { issuer: 'https://id.test', audience: 'client-1', nonce: 'n-1', now: NOW }

function reason(run: () => unknown): string {
  try {
    run()
  } catch (err) {
    if (err instanceof OAuthError) return `${err.reason}: ${err.detail}`
    throw err
  }
  return 'accepted'
}

describe('ID token verification (OpenID Connect Core §3.1.3.7)', () => {
  it('accepts a token signed by the JWKS key for us, with our nonce, in time', () => {
    const claims = verifyIdToken(signRs256(good, privateKey, 'k1'), jwks, options)
    expect(claims).toMatchObject({ sub: 'u-1', email: 'ada@id.test' })
  })

  it('refuses a wrong issuer, audience, nonce, and an expired or future token', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ iss: 'https://evil.test' }, /issuer/],
      [{ aud: 'someone-else' }, /audience/],
      [{ aud: ['client-1', 'client-2'] }, /azp/],
      [{ nonce: 'n-2' }, /nonce/],
      [{ nonce: undefined }, /nonce/],
      [{ exp: nowSec - 61 }, /expired/],
      [{ iat: nowSec + 120 }, /future/],
      [{ sub: '' }, /subject/],
    ]
    for (const [change, expected] of cases) {
      expect(reason(() => verifyIdToken(signRs256({ ...good, ...change }, privateKey, 'k1'), jwks, options)), JSON.stringify(change)).toMatch(expected)
    }
    // Clock skew within a minute is forgiven.
    expect(reason(() => verifyIdToken(signRs256({ ...good, exp: nowSec - 30 }, privateKey, 'k1'), jwks, options))).toBe('accepted')
    expect(reason(() => verifyIdToken(signRs256({ ...good, aud: ['client-1', 'x'], azp: 'client-1' }, privateKey, 'k1'), jwks, options))).toBe('accepted')
  })

  it('refuses a signature by another key, a tampered payload, alg none and HS256', () => {
    expect(reason(() => verifyIdToken(signRs256(good, other.privateKey, 'k1'), jwks, options))).toMatch(/bad signature/)
    expect(reason(() => verifyIdToken(signRs256(good, privateKey, 'k9'), jwks, options))).toMatch(/no signing key/)
    const [h, , s] = signRs256(good, privateKey, 'k1').split('.')
    const forged = Buffer.from(JSON.stringify({ ...good, sub: 'admin' })).toString('base64url')
    expect(reason(() => verifyIdToken(`${h}.${forged}.${s}`, jwks, options))).toMatch(/bad signature/)
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(good)).toString('base64url')}.`
    expect(reason(() => verifyIdToken(none, jwks, options))).toMatch(/algorithm none/)
    // The classic confusion: an HMAC keyed with the public key's bytes.
    const hsHead = Buffer.from('{"alg":"HS256","kid":"k1"}').toString('base64url')
    const body = Buffer.from(JSON.stringify(good)).toString('base64url')
    const mac = createHmac('sha256', publicKey.export({ format: 'pem', type: 'spki' })).update(`${hsHead}.${body}`).digest('base64url')
    expect(reason(() => verifyIdToken(`${hsHead}.${body}.${mac}`, jwks, options))).toMatch(/algorithm HS256/)
    expect(reason(() => verifyIdToken('not-a-token', jwks, options))).toMatch(/compact JWS/)
  })
})

describe('PKCE S256 (RFC 7636)', () => {
  it('matches the verifier a challenge was made from, and nothing else', () => {
    const verifier = newCodeVerifier()
    expect(isValidVerifier(verifier)).toBe(true)
    // BASE64URL(SHA256(ASCII(verifier))), 43 characters, no padding.
    expect(s256Challenge(verifier)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(verifierMatches(verifier, s256Challenge(verifier))).toBe(true)
    expect(verifierMatches(newCodeVerifier(), s256Challenge(verifier))).toBe(false)
    expect(verifierMatches('short', s256Challenge('short'))).toBe(false)
    expect(verifierMatches(undefined, s256Challenge(verifier))).toBe(false)
  })
})
