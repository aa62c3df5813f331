/**
 * The favicon set (SPEC §9 'Favicon sizes are parsed from file names'): an operator lists files
 * like `favicon-32x32.png` or `apple-touch-icon-180x180.png`, and each becomes a <link> whose
 * sizes, type and rel come from its name. Pure, so the head and its test read the same rules.
 */

export interface FaviconLink {
  rel: 'icon' | 'apple-touch-icon'
  href: string
  type?: string
  /** `32x32`, or `any` for a vector; absent when the name says nothing (favicon.ico). */
  sizes?: string
}

/** The files in public/ until the content's web settings name the operator's own. */
export const DEFAULT_FAVICONS: readonly string[] = ['/favicon.svg', '/favicon-32x32.png', '/favicon-16x16.png', '/apple-touch-icon-180x180.png']

const TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
}

/** `WxH` in the file name (the last one, so `icon-v2-32x32.png` reads 32x32); square or not, 1 to 4 digits each. */
const SIZE = /(?:^|[^\d])(\d{1,4})x(\d{1,4})(?=[^\d]*$)/i

/** One file's link, or null for a name that is no image (a stray `favicon.txt`) or an unsafe address. */
export function parseFavicon(file: string): FaviconLink | null {
  const href = file.trim()
  // Our own paths or https: nothing that could be a script URL or break out of the attribute.
  if (!/^(?:\/|https:\/\/)[\w./@:-]+$/.test(href) || href.startsWith('//') || href.includes('..')) return null
  const name = href.slice(href.lastIndexOf('/') + 1)
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase()
  const type = ext ? TYPES[ext] : undefined
  if (!type) return null
  const rel = /^apple-touch-icon/i.test(name) ? 'apple-touch-icon' : 'icon'
  const match = SIZE.exec(name)
  const sizes = match ? `${Number(match[1])}x${Number(match[2])}` : ext === 'svg' ? 'any' : undefined
  if (match && (Number(match[1]) === 0 || Number(match[2]) === 0)) return null
  return { rel, href, type, ...(sizes ? { sizes } : {}) }
}

/**
 * The links of a favicon list: unreadable names dropped, duplicates once, vectors first (a browser
 * that reads SVG takes it), then raster sizes from the largest down.
 */
export function faviconLinks(files: readonly string[]): FaviconLink[] {
  const seen = new Set<string>()
  const links: FaviconLink[] = []
  for (const file of files) {
    const link = parseFavicon(file)
    if (!link || seen.has(link.href)) continue
    seen.add(link.href)
    links.push(link)
  }
  const width = (l: FaviconLink) => (l.sizes === 'any' ? Infinity : l.sizes ? Number(l.sizes.split('x')[0]) : 0)
  return links.sort((a, b) => (a.rel === b.rel ? width(b) - width(a) : a.rel === 'icon' ? -1 : 1))
}
