import { jsonLdScriptText } from '../services/seo/json-ld'
import type { PageSeo } from '../services/seo/page-seo'
import { DEFAULT_FAVICONS, faviconLinks } from '../shared/favicons'
import { THEME_COLORS } from '../shared/brand'
import { DEFAULT_LOCALE, type Locale } from '../shared/locales'

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The page's SEO (src/services/seo/page-seo.ts: canonical and alternate links, description,
 * robots, OpenGraph, Twitter, JSON-LD), the manifest link, and preloads for modules that
 * hydration waits on but no script tag names (the locale's catalog).
 */
export function headTags({
  seo,
  nonce,
  modulePreloads = [],
  favicons = DEFAULT_FAVICONS,
  locale = DEFAULT_LOCALE,
  theme = 'dark',
}: {
  seo: PageSeo
  nonce?: string
  modulePreloads?: readonly string[]
  /** The favicon files (SPEC §9: sizes read from their names), from the content's web settings. */
  favicons?: readonly string[]
  /** The page's locale and theme: the installed app takes its name and colours. */
  locale?: Locale
  theme?: string
}): string {
  const tags = [
    ...modulePreloads.map((href) => `<link rel="modulepreload" href="${escapeAttr(href)}" />`),
    `<link rel="canonical" href="${escapeAttr(seo.canonical)}" />`,
    ...seo.alternates.map((a) => `<link rel="alternate" hreflang="${escapeAttr(a.hreflang)}" href="${escapeAttr(a.href)}" />`),
    ...seo.meta.map((m) => `<meta ${m.attr}="${escapeAttr(m.key)}" content="${escapeAttr(m.content)}" />`),
    `<link rel="manifest" href="${escapeAttr(manifestHref(locale, theme))}" />`,
    ...faviconLinks(favicons).map(
      (l) => `<link rel="${l.rel}" href="${escapeAttr(l.href)}"${l.type ? ` type="${l.type}"` : ''}${l.sizes ? ` sizes="${l.sizes}"` : ''} />`,
    ),
    `<meta name="theme-color" content="${theme === 'light' ? THEME_COLORS.light.theme : THEME_COLORS.dark.theme}" />`,
  ]
  if (seo.robots) tags.push(`<meta name="robots" content="${escapeAttr(seo.robots)}" />`)
  for (const doc of seo.jsonLd) tags.push(`<script type="application/ld+json"${nonce ? ` nonce="${escapeAttr(nonce)}"` : ''}>${jsonLdScriptText(doc)}</script>`)
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
