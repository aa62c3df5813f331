import { readFileSync } from 'node:fs'
import { join, normalize, sep } from 'node:path'
import type { StaticParts } from './http/stored-page'

/** Above this a stylesheet costs more in every page than the request it saves. */
export const INLINE_STYLE_MAX_BYTES = 128 * 1024

const STYLESHEET_LINK = /<link rel="stylesheet"(?: type="text\/css")? href="(\/assets\/[^"?#]+\.css)"\s*\/?>\s*/g

/**
 * The first paint waits for every stylesheet in the head. The site has one (Panda's), about
 * 10 KB once compressed, so the page carries it in a `<style>` instead of a link the browser
 * must fetch after the HTML: one round trip less before any text shows. It goes at the end of
 * the head, so `<meta charset>` stays within the first 1024 bytes. A stylesheet that is missing
 * or too large keeps its link. With `statics`, the page gets the stylesheet's token instead of its
 * text, and the stored page swaps in its bytes, compressed once (server/http/stored-page.ts).
 * The link stays, disabled, so that the client's loader knows the rules are already there.
 */
export function createStyleInliner(clientDir: string, maxBytes = INLINE_STYLE_MAX_BYTES, statics?: StaticParts): (html: string, nonce: string) => string {
  const root = normalize(clientDir)
  // Built files never change under their hashed name, so each is read once.
  const cache = new Map<string, string | null>()
  const read = (href: string): string | null => {
    if (cache.has(href)) return cache.get(href)!
    const path = normalize(join(root, href))
    let css: string | null = null
    if (path.startsWith(root + sep)) {
      try {
        const text = readFileSync(path, 'utf8')
        // A stylesheet can hold "</style" in a string; inside <style> that would end the element.
        if (Buffer.byteLength(text) <= maxBytes) css = text.replace(/<\/style/gi, '<\\/style')
      } catch {
        css = null
      }
    }
    cache.set(href, css)
    return css
  }

  return (html, nonce) => {
    const headEnd = html.indexOf('</head>')
    if (headEnd < 0) return html
    const inlined: string[] = []
    const head = html.slice(0, headEnd).replace(STYLESHEET_LINK, (link, href: string) => {
      const css = read(href)
      if (css === null) return link
      inlined.push(css)
      // Vite's preload helper adds a stylesheet link for the page chunk's CSS unless one with that
      // href is in the document; a disabled link is one, and is never fetched. Without it the
      // browser downloaded the same rules again after the paint and recalculated every style.
      return `<link rel="stylesheet" href="${href}" disabled />\n    `
    })
    if (!inlined.length) return html
    const css = inlined.join('\n')
    const style = `<style nonce="${nonce}">${statics ? statics.token(css) : css}</style>\n  `
    return head + style + html.slice(headEnd)
  }
}
