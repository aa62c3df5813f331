import { jsonLdScriptText } from './json-ld'
import type { PageSeo } from './page-seo'

// The head elements a page's SEO owns (src/renderer/head.ts writes them on the server).
const OWNED_META = 'meta[name="description"], meta[name="robots"], meta[property^="og:"], meta[property^="article:"], meta[name^="twitter:"]'

/**
 * After a client-side move, the head says what the server would have said for the new address:
 * title, description, canonical and alternate-language links, robots, OpenGraph and Twitter cards
 * and JSON-LD. Everything else in the head (styles, icons, manifest) stays as it is.
 */
export function applyPageSeo(doc: Document, seo: PageSeo): void {
  const head = doc.head
  doc.title = seo.title
  let canonical = head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  if (!canonical) {
    canonical = doc.createElement('link')
    canonical.rel = 'canonical'
    head.appendChild(canonical)
  }
  canonical.href = seo.canonical
  for (const old of head.querySelectorAll('link[rel="alternate"][hreflang]')) old.remove()
  let after: Element = canonical
  for (const alternate of seo.alternates) {
    const link = doc.createElement('link')
    link.rel = 'alternate'
    link.hreflang = alternate.hreflang
    link.href = alternate.href
    after.after(link)
    after = link
  }
  for (const old of head.querySelectorAll(OWNED_META)) old.remove()
  const meta = [...seo.meta, ...(seo.robots ? [{ attr: 'name' as const, key: 'robots', content: seo.robots }] : [])]
  for (const { attr, key, content } of meta) {
    const tag = doc.createElement('meta')
    tag.setAttribute(attr, key)
    tag.content = content
    after.after(tag)
    after = tag
  }
  // Data blocks, never run: replaced as text, each keeping the nonce the page gave the first.
  const scripts = head.querySelectorAll<HTMLScriptElement>('script[type="application/ld+json"]')
  const nonce = scripts[0]?.nonce ?? ''
  for (const old of scripts) old.remove()
  for (const doc_ of seo.jsonLd) {
    const script = doc.createElement('script')
    script.type = 'application/ld+json'
    if (nonce) script.nonce = nonce
    script.textContent = jsonLdScriptText(doc_)
    head.appendChild(script)
  }
}
