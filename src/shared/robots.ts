import { LOCALES, localizePath } from './locales'

/**
 * SPEC §9: robots rules are read from Disallow lines, and the paths they match get noindex, follow.
 * A line matches as robots.txt does (RFC 9309): from the start of the path and query, `*` any run
 * of characters, a final `$` the end.
 */
export function robotsPattern(line: string): RegExp {
  const anchored = line.endsWith('$')
  const body = (anchored ? line.slice(0, -1) : line)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${body}${anchored ? '$' : ''}`)
}

/** Whether a locale-free path (with its query) falls under one of the Disallow lines. */
export function isDisallowed(pathAndQuery: string, disallow: readonly string[]): boolean {
  return disallow.some((line) => robotsPattern(line).test(pathAndQuery))
}

/** robots.txt: every Disallow line under each locale prefix (the operator writes them once, locale-free). */
export function robotsTxt(disallow: readonly string[], publicUrl: string): string {
  const lines = ['User-agent: *']
  const seen = new Set<string>()
  for (const line of disallow) {
    for (const locale of LOCALES) {
      const localized = line === '/' ? localizePath('/', locale) : localizePath(line, locale)
      if (!seen.has(localized)) {
        seen.add(localized)
        lines.push(`Disallow: ${localized}`)
      }
    }
  }
  if (!disallow.length) lines.push('Disallow:')
  lines.push('', `Sitemap: ${publicUrl.replace(/\/$/, '')}/sitemap.xml`, '')
  return lines.join('\n')
}
