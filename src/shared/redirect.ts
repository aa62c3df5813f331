/**
 * Redirect targets from the query or storage (redirectUrl, backUrl) are followed only when they
 * are same-origin paths or on a configured allowlist (ARCHITECTURE §5: no open redirects).
 * Returns a safe target or null.
 */
export function safeRedirectPath(target: string | null | undefined, allowedOrigins: readonly string[] = []): string | null {
  if (!target || target.length > 2048) return null
  // '//host' and '/\host' are protocol-relative to browsers: another origin.
  if (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')) return target
  try {
    const url = new URL(target)
    if (allowedOrigins.includes(url.origin)) return url.toString()
  } catch {
    return null
  }
  return null
}
