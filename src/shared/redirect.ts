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

/**
 * The target to follow, or null. Same-origin targets come back as a path (`/es/cashier?x=1`), so a
 * caller can never be talked into another host; allowlisted ones as their full URL.
 *
 * Refused: other origins, protocol-relative `//host` and `/\host` (browsers read both as another
 * host), any control character or whitespace (browsers strip tabs and newlines, turning `/\t/host`
 * into `//host`), non-http schemes such as `javascript:`, and anything over 2048 characters.
 */
export function safeRedirectTarget(target: string | null | undefined, policy: RedirectPolicy = {}): string | null {
  if (typeof target !== 'string' || target === '' || target.length > MAX_LENGTH) return null
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(target)) return null
  if (target.startsWith('/')) {
    if (target.startsWith('//') || target.startsWith('/\\')) return null
    return target
  }
  let url: URL
  try {
    url = new URL(target)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password) return null
  if (policy.origin && url.origin === policy.origin) return `${url.pathname}${url.search}${url.hash}`
  if (policy.allowedOrigins?.includes(url.origin)) return url.toString()
  return null
}

/** The redirectUrl rule: same-origin paths, or an allowlisted origin. The same rule as safeRedirectTarget. */
export function safeRedirectPath(target: string | null | undefined, allowedOrigins: readonly string[] = []): string | null {
  return safeRedirectTarget(target, { allowedOrigins })
}
