/**
 * Redirect targets from the query or storage (redirectUrl, backUrl, the social window's
 * redirect_url) are followed only when they are same-origin or on a configured allowlist
 * (ARCHITECTURE §5: no open redirects). One rule for every one of them, here.
 */

export interface RedirectPolicy {
  /** The site's own origin ('https://casino.example'): an absolute URL on it is a same-origin target. */
  readonly origin?: string | null
  /** Other origins the operator allows (REDIRECT_ALLOWLIST). */
  readonly allowedOrigins?: readonly string[]
}

const MAX_LENGTH = 2048

/** An origin no real target has: a path is resolved against it to see where a browser would go. */
const PROBE_ORIGIN = 'https://same-origin.invalid'

// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/**
 * A path a browser keeps on this site, and that stays so when some later hop decodes it and
 * resolves it again: no backslash (browsers read it as a slash), and no leading '//' once resolved
 * ('/..//evil.example' resolves to the path '//evil.example'), decoded ('/%5Cevil.example',
 * '/%2F/evil.example') or both ('/%2e%2e/%2fevil.example'), up to three rounds of decoding.
 */
function isSamePath(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return false
  let path = target
  let previous: string | null = null
  for (let round = 0; round < 4; round++) {
    let url: URL
    try {
      url = new URL(path, PROBE_ORIGIN)
    } catch {
      return false
    }
    if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return false
    let decoded: string
    try {
      decoded = decodeURIComponent(url.pathname)
    } catch {
      return false
    }
    if (decoded.includes('\\') || CONTROL.test(decoded)) return false
    // Settled: decoding gives what it gave last round (or nothing to decode).
    if (decoded === url.pathname || decoded === previous) return true
    previous = decoded
    path = decoded
  }
  // Still changing after three rounds of decoding: nothing a real link needs.
  return false
}

/**
 * The target to follow, or null. Same-origin targets come back as a path (`/es/cashier?x=1`), so a
 * caller can never be talked into another host; allowlisted ones as their full URL.
 *
 * Refused: other origins, protocol-relative `//host` and `/\host` (browsers read both as another
 * host), the same spelled with percent escapes (`/%5Chost`, `/%2F/host`), any control character or
 * whitespace (browsers strip tabs and newlines, turning `/\t/host` into `//host`), non-http schemes
 * such as `javascript:`, and anything over 2048 characters.
 */
export function safeRedirectTarget(target: string | null | undefined, policy: RedirectPolicy = {}): string | null {
  if (typeof target !== 'string' || target === '' || target.length > MAX_LENGTH) return null
  if (CONTROL_OR_SPACE.test(target)) return null
  if (target.startsWith('/')) return isSamePath(target) ? target : null
  let url: URL
  try {
    url = new URL(target)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password) return null
  if (policy.origin && url.origin === policy.origin) {
    const path = `${url.pathname}${url.search}${url.hash}`
    return isSamePath(path) ? path : null
  }
  if (policy.allowedOrigins?.includes(url.origin)) return url.toString()
  return null
}

/** The redirectUrl rule: same-origin paths, or an allowlisted origin. The same rule as safeRedirectTarget. */
export function safeRedirectPath(target: string | null | undefined, allowedOrigins: readonly string[] = []): string | null {
  return safeRedirectTarget(target, { allowedOrigins })
}
