/** Parses a Cookie header leniently: garbage pairs are skipped, never thrown on. */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  if (!header) return out
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq <= 0) continue
    const name = part.slice(0, eq).trim()
    const raw = part.slice(eq + 1).trim()
    if (!name || name in out) continue
    try {
      out[name] = decodeURIComponent(raw)
    } catch {
      out[name] = raw
    }
  }
  return out
}

export const THEME_COOKIE = 'theme'
export const LOCALE_COOKIE = 'locale'
/** The cookie banner's choice (src/shared/consent.ts), a year, readable by the page's script. */
export const CONSENT_COOKIE = 'consent'
