import { createPublicKey, sign, verify, type JsonWebKey, type KeyObject } from 'node:crypto'
import { OAuthError } from './errors'

/**
 * Just enough JOSE for OpenID Connect ID tokens (RFC 7515, 7517, 7519), on node:crypto: RS256
 * signatures, verified against a JWKS by `kid`. Every other algorithm is refused, `none` and the
 * HMAC ones first of all (a token must never choose how it is checked).
 */

export interface Jwks {
  keys: (JsonWebKey & { kid?: string; alg?: string; use?: string })[]
}

export interface IdTokenClaims {
  iss: string
  sub: string
  aud: string | string[]
  exp: number
  iat: number
  nonce?: string
  azp?: string
  email?: string
  email_verified?: boolean
  name?: string
  [claim: string]: unknown
}

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url')

/** Signs `claims` with an RSA private key as a compact RS256 JWS. */
export function signRs256(claims: Record<string, unknown>, privateKey: KeyObject, kid: string): string {
  const header = b64(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }))
  const payload = b64(JSON.stringify(claims))
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), privateKey)
  return `${header}.${payload}.${signature.toString('base64url')}`
}

function decodePart(part: string, what: string): Record<string, unknown> {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // fall through
  }
  throw new OAuthError('invalid_id_token', `the ${what} is not a JSON object`)
}

export interface VerifyOptions {
  issuer: string
  /** Our client id: must be the audience (and the authorized party when there are several). */
  audience: string
  /** The nonce sent in the authorization request. */
  nonce: string
  now: Date
  /** Clock skew allowed on exp and iat, seconds. */
  leewaySec?: number
}

/**
 * Checks an ID token as OpenID Connect Core §3.1.3.7 says: signature by a key of the provider's
 * JWKS, issuer, audience (and azp), expiry, issued-at, nonce. Returns the claims or throws
 * OAuthError('invalid_id_token').
 */
export function verifyIdToken(token: string, jwks: Jwks, options: VerifyOptions): IdTokenClaims {
  const parts = token.split('.')
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) {
    throw new OAuthError('invalid_id_token', 'not a compact JWS')
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = decodePart(headerPart, 'header')
  if (header.alg !== 'RS256') throw new OAuthError('invalid_id_token', `algorithm ${String(header.alg)} is not accepted`)
  const candidates = jwks.keys.filter(
    (k) => k.kty === 'RSA' && (k.use === undefined || k.use === 'sig') && (k.alg === undefined || k.alg === 'RS256') && (header.kid === undefined || k.kid === header.kid),
  )
  if (candidates.length === 0) throw new OAuthError('invalid_id_token', `no signing key ${String(header.kid)} in the JWKS`)
  const data = Buffer.from(`${headerPart}.${payloadPart}`)
  const signature = Buffer.from(signaturePart, 'base64url')
  const signed = candidates.some((jwk) => {
    try {
      return verify('sha256', data, createPublicKey({ key: jwk, format: 'jwk' }), signature)
    } catch {
      return false
    }
  })
  if (!signed) throw new OAuthError('invalid_id_token', 'bad signature')

  const claims = decodePart(payloadPart, 'payload') as Partial<IdTokenClaims>
  const leeway = options.leewaySec ?? 60
  const nowSec = Math.floor(options.now.getTime() / 1000)
  if (claims.iss !== options.issuer) throw new OAuthError('invalid_id_token', `issuer ${String(claims.iss)} is not ${options.issuer}`)
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (!audiences.includes(options.audience)) throw new OAuthError('invalid_id_token', 'we are not its audience')
  if (audiences.length > 1 && claims.azp !== options.audience) throw new OAuthError('invalid_id_token', 'several audiences and azp is not us')
  if (typeof claims.exp !== 'number' || claims.exp + leeway <= nowSec) throw new OAuthError('invalid_id_token', 'expired')
  if (typeof claims.iat !== 'number' || claims.iat - leeway > nowSec) throw new OAuthError('invalid_id_token', 'issued in the future')
  if (claims.nonce !== options.nonce) throw new OAuthError('invalid_id_token', 'nonce does not match')
  if (typeof claims.sub !== 'string' || claims.sub === '' || claims.sub.length > 255) throw new OAuthError('invalid_id_token', 'no subject')
  return claims as IdTokenClaims
}
