import { jsonLdScriptText } from '../services/seo/json-ld'
import type { PageSeo } from '../services/seo/page-seo'
import { DEFAULT_FAVICONS, faviconLinks } from '../shared/favicons'

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
}: {
  seo: PageSeo
  nonce?: string
  modulePreloads?: readonly string[]
  /** The favicon files (SPEC §9: sizes read from their names), from the content's web settings. */
  favicons?: readonly string[]
}): string {
  const tags = [
    ...modulePreloads.map((href) => `<link rel="modulepreload" href="${escapeAttr(href)}" />`),
    `<link rel="canonical" href="${escapeAttr(seo.canonical)}" />`,
    ...seo.alternates.map((a) => `<link rel="alternate" hreflang="${escapeAttr(a.hreflang)}" href="${escapeAttr(a.href)}" />`),
    ...seo.meta.map((m) => `<meta ${m.attr}="${escapeAttr(m.key)}" content="${escapeAttr(m.content)}" />`),
    `<link rel="manifest" href="/site.webmanifest" />`,
    ...faviconLinks(favicons).map(
      (l) => `<link rel="${l.rel}" href="${escapeAttr(l.href)}"${l.type ? ` type="${l.type}"` : ''}${l.sizes ? ` sizes="${l.sizes}"` : ''} />`,
    ),
    `<meta name="theme-color" content="#0f1218" />`,
  ]
  if (seo.robots) tags.push(`<meta name="robots" content="${escapeAttr(seo.robots)}" />`)
  for (const doc of seo.jsonLd) tags.push(`<script type="application/ld+json"${nonce ? ` nonce="${escapeAttr(nonce)}"` : ''}>${jsonLdScriptText(doc)}</script>`)
  return tags.join('\n    ')
}
