import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * PKCE (RFC 7636) on the provider's side, for the development provider: the S256 method only (the
 * plain method would send the verifier itself through the browser). The relying party makes its
 * verifiers and challenges with openid-client (flow.ts).
 */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

/** RFC 7636 §4.1: 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]. */
export function isValidVerifier(verifier: unknown): verifier is string {
  return typeof verifier === 'string' && /^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)
}

/** Whether `verifier` is the one `challenge` was made from (constant time). */
export function verifierMatches(verifier: unknown, challenge: string): boolean {
  if (!isValidVerifier(verifier)) return false
  const a = Buffer.from(s256Challenge(verifier))
  const b = Buffer.from(challenge)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** A random token for state, nonce and codes: 32 bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}
