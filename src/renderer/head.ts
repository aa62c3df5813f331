import { DEFAULT_FAVICONS, faviconLinks } from '../shared/favicons'
import { LOCALES, localizePath, type Locale } from '../shared/locales'

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * Canonical and alternate-language links (SPEC §2.1), the manifest link and robots, and preloads
 * for modules that hydration waits on but no script tag names (the locale's catalog).
 */
export function headTags({
  publicUrl,
  path,
  locale,
  noindex,
  modulePreloads = [],
  favicons = DEFAULT_FAVICONS,
}: {
  publicUrl: string
  path: string
  locale: Locale
  noindex: boolean
  modulePreloads?: readonly string[]
  /** The favicon files (SPEC §9: sizes read from their names); the content's web settings will name them. */
  favicons?: readonly string[]
}): string {
  const origin = publicUrl.replace(/\/$/, '')
  const href = (l: Locale) => escapeAttr(origin + localizePath(path, l))
  const tags = [
    ...modulePreloads.map((href) => `<link rel="modulepreload" href="${escapeAttr(href)}" />`),
    `<link rel="canonical" href="${href(locale)}" />`,
    ...LOCALES.map((l) => `<link rel="alternate" hreflang="${l}" href="${href(l)}" />`),
    `<link rel="alternate" hreflang="x-default" href="${href('en')}" />`,
    `<link rel="manifest" href="/site.webmanifest" />`,
    ...faviconLinks(favicons).map(
      (l) => `<link rel="${l.rel}" href="${escapeAttr(l.href)}"${l.type ? ` type="${l.type}"` : ''}${l.sizes ? ` sizes="${l.sizes}"` : ''} />`,
    ),
    `<meta name="theme-color" content="#0f1218" />`,
  ]
  if (noindex) tags.push(`<meta name="robots" content="noindex, follow" />`)
  return tags.join('\n    ')
}
