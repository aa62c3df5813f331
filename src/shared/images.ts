/**
 * Image addresses for the /_ipx proxy (SPEC §7 'images go through an /_ipx proxy with modifiers
 * f, fit, w, h, s, q, b') and the SPEC §9 image constants. Pure and shared: the Image component
 * builds its candidates with it and the server reads requests with the same rules, so an address
 * the client makes is always one the server takes.
 *
 * An address is `/_ipx/<modifiers>/<source>`: modifiers `key_value` joined by `&` (`_` means none),
 * the source a path in our own storage (`images/home-hero.svg`) or an http(s) URL on the allowlist.
 */

/** SPEC §9 'Screens': the widths image candidates are built from (layout uses the breakpoints). */
export const SCREENS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const

/** SPEC §9 breakpoints, by name: mobile to 767 px, tablet 768-991 ... desktop large from 1920. */
export const BREAKPOINT_NAMES = ['mobile', 'tablet', 'laptop', 'laptopLg', 'desktopSm', 'desktop', 'desktopMd', 'desktopLg'] as const

/** SPEC §9 image defaults. */
export const IMAGE_QUALITY = 95
export const IMAGE_FORMAT = 'webp'
export const IMAGE_DENSITIES = [1, 2] as const

/** SPEC §8: an image that fails is tried again at most once per breakpoint, then the fallback shows. */
export const IMAGE_RETRY_LIMIT = BREAKPOINT_NAMES.length

/** The widest candidate: the widest screen at the highest density. Larger requests are refused. */
export const IMAGE_MAX_DIMENSION = SCREENS['2xl'] * IMAGE_DENSITIES[IMAGE_DENSITIES.length - 1]!

/** Shown when an image cannot load; served as a plain file, never through the proxy it stands in for. */
export const FALLBACK_IMAGE = '/images/fallback.svg'

export const IPX_PREFIX = '/_ipx/'

export const IMAGE_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]
export const IMAGE_FITS = ['cover', 'contain', 'fill', 'inside', 'outside'] as const
export type ImageFit = (typeof IMAGE_FITS)[number]

/** The modifiers we take; ipx knows more (rotate, blur...), which nobody may ask us for. */
export interface ImageModifiers {
  f?: ImageFormat
  fit?: ImageFit
  w?: number
  h?: number
  /** Width and height at once (ipx's `s_WxH`). */
  s?: readonly [number, number]
  q?: number
  /** Background colour (hex without '#'), for `contain` and for transparent sources in jpeg. */
  b?: string
}

const ORDER = ['f', 'fit', 'w', 'h', 's', 'q', 'b'] as const

const DIMENSION = /^[1-9]\d{0,4}$/
const HEX = /^(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i

export type ModifiersResult = { ok: true; modifiers: ImageModifiers } | { ok: false; problem: string }

function dimension(name: string, text: string): number | string {
  if (!DIMENSION.test(text)) return `${name} must be a whole number of pixels (got "${text}")`
  const n = Number(text)
  return n > IMAGE_MAX_DIMENSION ? `${name} must be at most ${IMAGE_MAX_DIMENSION} pixels (got ${n})` : n
}

/** Reads `f_webp&w_640&q_95` (or `_` for none). Unknown keys, repeats and bad values are refused. */
export function parseModifiers(text: string): ModifiersResult {
  const modifiers: { -readonly [K in keyof ImageModifiers]: ImageModifiers[K] } = {}
  if (text === '_') return { ok: true, modifiers }
  if (text.length > 200) return { ok: false, problem: 'modifiers are too long' }
  const seen = new Set<string>()
  for (const part of text.split('&')) {
    const at = part.indexOf('_')
    const key = at < 0 ? part : part.slice(0, at)
    const value = at < 0 ? '' : part.slice(at + 1)
    if (!(ORDER as readonly string[]).includes(key)) return { ok: false, problem: `unknown modifier "${key.slice(0, 20)}"` }
    if (seen.has(key)) return { ok: false, problem: `modifier "${key}" is given twice` }
    seen.add(key)
    switch (key) {
      case 'f': {
        const f = value === 'jpg' ? 'jpeg' : value
        if (!(IMAGE_FORMATS as readonly string[]).includes(f)) return { ok: false, problem: `f must be one of ${IMAGE_FORMATS.join(', ')}` }
        modifiers.f = f as ImageFormat
        break
      }
      case 'fit':
        if (!(IMAGE_FITS as readonly string[]).includes(value)) return { ok: false, problem: `fit must be one of ${IMAGE_FITS.join(', ')}` }
        modifiers.fit = value as ImageFit
        break
      case 'w':
      case 'h': {
        const n = dimension(key, value)
        if (typeof n === 'string') return { ok: false, problem: n }
        modifiers[key] = n
        break
      }
      case 's': {
        const [w = '', h = '', ...rest] = value.split('x')
        if (rest.length) return { ok: false, problem: 's must be WIDTHxHEIGHT' }
        const width = dimension('s width', w)
        const height = dimension('s height', h)
        if (typeof width === 'string') return { ok: false, problem: width }
        if (typeof height === 'string') return { ok: false, problem: height }
        modifiers.s = [width, height]
        break
      }
      case 'q': {
        const q = /^\d{1,3}$/.test(value) ? Number(value) : NaN
        if (!(q >= 1 && q <= 100)) return { ok: false, problem: 'q must be a whole number from 1 to 100' }
        modifiers.q = q
        break
      }
      case 'b':
        if (!HEX.test(value)) return { ok: false, problem: 'b must be a hex colour without # (3, 4, 6 or 8 digits)' }
        modifiers.b = value.toLowerCase()
        break
    }
  }
  if (modifiers.s && (modifiers.w !== undefined || modifiers.h !== undefined)) return { ok: false, problem: 's cannot be combined with w or h' }
  return { ok: true, modifiers }
}

/** The modifiers as written in an address, in a fixed order so one image has one address. */
export function formatModifiers(modifiers: ImageModifiers): string {
  const parts: string[] = []
  for (const key of ORDER) {
    const value = modifiers[key]
    if (value === undefined) continue
    parts.push(`${key}_${key === 's' ? (value as readonly number[]).join('x') : String(value)}`)
  }
  return parts.length ? parts.join('&') : '_'
}

/** The SPEC §9 defaults (webp at quality 95) under whatever the caller asks. */
export function withImageDefaults(modifiers: ImageModifiers): ImageModifiers {
  return { f: IMAGE_FORMAT, q: IMAGE_QUALITY, ...modifiers }
}

/**
 * Whether `src` is one the proxy may take: a path in our storage (no traversal, no odd characters)
 * or an http(s) URL. Allowlisting the URL's origin is the server's job; this is the shape only.
 */
export function isProxyableSource(src: string): boolean {
  if (/^https?:\/\//i.test(src)) {
    try {
      const url = new URL(src)
      return !url.username && !url.password && src.length <= 2048
    } catch {
      return false
    }
  }
  const path = src.replace(/^\/+/, '')
  if (!path || path.length > 512) return false
  // Letters, digits and - _ . / only: no %, no backslash, no query, no control characters.
  if (!/^[\w./-]+$/.test(path)) return false
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.startsWith('.'))
}

/** The /_ipx address of `src`; null for sources the proxy does not take (data:, blob:, malformed). */
export function ipxUrl(src: string, modifiers: ImageModifiers): string | null {
  if (src.startsWith(IPX_PREFIX)) return src
  if (!isProxyableSource(src)) return null
  const source = /^https?:\/\//i.test(src) ? src : src.replace(/^\/+/, '')
  return `${IPX_PREFIX}${formatModifiers(withImageDefaults(modifiers))}/${source}`
}

/** Splits `/_ipx/<modifiers>/<source>` (the part after the prefix); null when there is no source. */
export function splitIpxPath(rest: string): { modifiers: string; source: string } | null {
  const slash = rest.indexOf('/')
  if (slash <= 0) return null
  const modifiers = rest.slice(0, slash)
  // A proxy or client that merged `https://` into `https:/` is read back as meant.
  const source = rest.slice(slash + 1).replace(/^(https?):\/+(?=[^/])/i, '$1://')
  return source ? { modifiers, source } : null
}

export interface ImageRequest {
  src: string
  /** Rendered width in CSS pixels: the 1x candidate, and with `height` the box that is reserved. */
  width: number
  height: number
  /**
   * The widest the image is laid out, in CSS pixels, when it is fluid (shrinks with the viewport):
   * candidates are then the SPEC §9 screens at each density, up to this width at the top density.
   * Without it the image has a fixed size and gets 1x and 2x candidates.
   */
  maxWidth?: number
  fit?: ImageFit
  format?: ImageFormat
  quality?: number
  background?: string
}

export interface ImageCandidates {
  src: string
  srcSet?: string
  sizes?: string
}

const heightFor = (request: ImageRequest, w: number) => Math.max(1, Math.round((w * request.height) / request.width))

/**
 * The src, srcset and sizes of an image. Sources the proxy does not take (data: URIs) are used as
 * they are; every other source gets candidates through /_ipx, with its box's aspect ratio kept.
 */
export function imageCandidates(request: ImageRequest, attempt = 0): ImageCandidates {
  const base: ImageModifiers = {
    fit: request.fit ?? 'cover',
    ...(request.format ? { f: request.format } : {}),
    ...(request.quality ? { q: request.quality } : {}),
    ...(request.background ? { b: request.background } : {}),
  }
  const at = (w: number) => {
    const width = Math.min(w, IMAGE_MAX_DIMENSION)
    const height = Math.min(heightFor(request, width), IMAGE_MAX_DIMENSION)
    const url = ipxUrl(request.src, { ...base, s: [width, height] })
    return url === null ? null : retryUrl(url, attempt)
  }
  const one = at(request.width)
  if (one === null) return { src: request.src }
  if (request.maxWidth === undefined) {
    const srcSet = IMAGE_DENSITIES.map((d) => `${at(request.width * d)} ${d}x`).join(', ')
    return { src: one, srcSet }
  }
  const top = request.maxWidth * IMAGE_DENSITIES[IMAGE_DENSITIES.length - 1]!
  const widths = new Set<number>()
  for (const density of IMAGE_DENSITIES) {
    for (const screen of Object.values(SCREENS)) {
      const w = screen * density
      if (w <= Math.min(top, IMAGE_MAX_DIMENSION)) widths.add(w)
    }
  }
  widths.add(Math.min(top, IMAGE_MAX_DIMENSION))
  const sorted = [...widths].sort((a, b) => a - b)
  return {
    src: at(Math.min(request.maxWidth, IMAGE_MAX_DIMENSION))!,
    srcSet: sorted.map((w) => `${at(w)} ${w}w`).join(', '),
    sizes: `(min-width: ${request.maxWidth}px) ${request.maxWidth}px, 100vw`,
  }
}

/**
 * What the image shows after its `attempt`-th failure (1-based): the same image again while retries
 * remain, then the fallback; a failing fallback gives up (null: show nothing, keep the box).
 */
export function afterImageError(attempt: number, showingFallback: boolean): 'retry' | 'fallback' | 'give-up' {
  if (showingFallback) return 'give-up'
  return attempt <= IMAGE_RETRY_LIMIT ? 'retry' : 'fallback'
}

/** A retry's address: the same candidate with a query the proxy ignores, so no cache hands back the failure. */
export function retryUrl(url: string, attempt: number): string {
  if (attempt === 0 || url.startsWith('data:')) return url
  const [path, query] = url.split('?')
  const kept = (query ?? '').split('&').filter((p) => p && !p.startsWith('retry='))
  return `${path}?${[...kept, `retry=${attempt}`].join('&')}`
}
