import { THEME_COLORS } from '../shared/brand'
import { DEFAULT_LOCALE, LOCALES, localizePath, type Locale } from '../shared/locales'

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
  theme = 'dark',
}: {
  publicUrl: string
  path: string
  locale: Locale
  noindex: boolean
  modulePreloads?: readonly string[]
  /** The page's theme: the installed app takes its colours. */
  theme?: string
}): string {
  const origin = publicUrl.replace(/\/$/, '')
  const href = (l: Locale) => escapeAttr(origin + localizePath(path, l))
  const tags = [
    ...modulePreloads.map((href) => `<link rel="modulepreload" href="${escapeAttr(href)}" />`),
    `<link rel="canonical" href="${href(locale)}" />`,
    ...LOCALES.map((l) => `<link rel="alternate" hreflang="${l}" href="${href(l)}" />`),
    `<link rel="alternate" hreflang="x-default" href="${href('en')}" />`,
    `<link rel="manifest" href="${escapeAttr(manifestHref(locale, theme))}" />`,
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml" />`,
    `<link rel="apple-touch-icon" href="/icons/apple-touch-icon-180x180.png" />`,
    `<meta name="theme-color" content="${theme === 'light' ? THEME_COLORS.light.theme : THEME_COLORS.dark.theme}" />`,
  ]
  if (noindex) tags.push(`<meta name="robots" content="noindex, follow" />`)
  return tags.join('\n    ')
}

/** The app manifest (server/http/manifest.ts) in the page's locale and theme; the defaults need no query. */
function manifestHref(locale: Locale, theme: string): string {
  const query = new URLSearchParams()
  if (locale !== DEFAULT_LOCALE) query.set('locale', locale)
  if (theme === 'light') query.set('theme', 'light')
  const search = query.toString()
  return `/manifest.webmanifest${search ? `?${search}` : ''}`
}
