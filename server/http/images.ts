import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { createIPX, type IPXStorage } from 'ipx'
import sharp from 'sharp'
import { formatModifiers, parseModifiers, splitIpxPath, withImageDefaults, type ImageModifiers } from '../../src/shared/images'
import { sanitizeSvg, SvgRejected } from '../../src/shared/svg-sanitize'
import { checkSource, ImageError, isRemote, localVersion, readSource, type ImageSourceOptions } from './image-sources'

/**
 * The /_ipx image proxy (SPEC §7, §9): `/_ipx/<modifiers>/<source>` resized and converted by ipx
 * (sharp), webp at quality 95 unless asked otherwise. Only the modifiers of shared/images.ts, only
 * sizes up to IMAGE_MAX_DIMENSION, only sources of image-sources.ts. Results are kept in a
 * memory cache bounded in bytes and sent with a long Cache-Control and an ETag. Every failure is a
 * 4xx with a JSON body naming it; the page's Image component then shows its fallback.
 */

export const IMAGE_SOURCE_MAX_BYTES = 10 * 1024 * 1024
export const IMAGE_FETCH_TIMEOUT_MS = 5_000
/** Decoded pixels a source may have: above this, sharp refuses instead of filling memory. */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000
const CACHE_MAX_BYTES = 64 * 1024 * 1024
const CACHE_MAX_ENTRY_BYTES = 8 * 1024 * 1024
/** How long a remote source's processed image is served from memory before it is fetched again. */
const REMOTE_CACHE_MS = 10 * 60_000

interface Processed {
  data: Buffer
  contentType: string
  etag: string
  maxAge: number
  version: string
  expires: number
}

/** Least recently used first out, bounded by total bytes. */
export class ImageCache {
  private readonly entries = new Map<string, Processed>()
  private bytes = 0
  constructor(readonly maxBytes = CACHE_MAX_BYTES) {}
  get(key: string): Processed | undefined {
    const hit = this.entries.get(key)
    if (hit) {
      this.entries.delete(key)
      this.entries.set(key, hit)
    }
    return hit
  }
  set(key: string, value: Processed): void {
    if (value.data.byteLength > Math.min(CACHE_MAX_ENTRY_BYTES, this.maxBytes)) return
    this.delete(key)
    this.entries.set(key, value)
    this.bytes += value.data.byteLength
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= entry.data.byteLength
    }
  }
  delete(key: string): void {
    const old = this.entries.get(key)
    if (!old) return
    this.entries.delete(key)
    this.bytes -= old.data.byteLength
  }
  get size() {
    return this.entries.size
  }
  get totalBytes() {
    return this.bytes
  }
}

/** Our modifiers as ipx takes them: every value a string (ipx throws on numbers). */
function ipxModifiers(modifiers: ImageModifiers, svg: boolean): Record<string, string> {
  const out: Record<string, string> = {}
  if (modifiers.f) out.f = modifiers.f
  if (modifiers.fit) out.fit = modifiers.fit
  if (modifiers.w !== undefined) out.w = String(modifiers.w)
  if (modifiers.h !== undefined) out.h = String(modifiers.h)
  if (modifiers.s) out.s = modifiers.s.join('x')
  if (modifiers.q !== undefined) out.q = String(modifiers.q)
  if (modifiers.b) out.b = modifiers.b
  // A vector is drawn at the size asked for, never upscaled from its nominal size.
  if (svg) out.enlarge = ''
  return out
}

/** The density that draws an SVG at least as wide and high as asked, within sharp's bounds. */
async function svgDensity(data: Buffer, modifiers: ImageModifiers): Promise<number> {
  const meta = await sharp(data, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS }).metadata()
  const width = modifiers.s?.[0] ?? modifiers.w
  const height = modifiers.s?.[1] ?? modifiers.h
  const scale = Math.max(width && meta.width ? width / meta.width : 1, height && meta.height ? height / meta.height : 1, 1)
  return Math.min(72 * Math.ceil(scale), 72 * 32)
}

async function process(source: string, modifiers: ImageModifiers, options: ImageSourceOptions): Promise<Omit<Processed, 'expires'>> {
  const file = await readSource(source, options)
  let data = file.data
  if (file.svg) {
    // An SVG is drawn by librsvg: it meets no script, but could reach for files and URLs.
    try {
      data = Buffer.from(sanitizeSvg(data.toString('utf8')))
    } catch (err) {
      if (err instanceof SvgRejected) throw new ImageError('image_not_an_image', `The SVG source was refused: ${err.reason}`)
      throw err
    }
  }
  const storage: IPXStorage = { name: 'read', getMeta: () => ({ maxAge: file.maxAge }), getData: () => data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer }
  try {
    const density = file.svg ? await svgDensity(data, modifiers) : undefined
    const ipx = createIPX({ storage, httpStorage: storage, svgo: false, sharpOptions: { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, ...(density ? { density } : {}) } })
    const result = await ipx(source, ipxModifiers(modifiers, file.svg)).process()
    const out = typeof result.data === 'string' ? Buffer.from(result.data) : result.data
    const etag = `"${createHash('sha256').update(out).digest('base64url').slice(0, 27)}"`
    return { data: out, contentType: `image/${result.format ?? modifiers.f}`, etag, maxAge: file.maxAge, version: file.version }
  } catch (err) {
    if (err instanceof ImageError) throw err
    const status = (err as { statusCode?: number }).statusCode
    if (status === 404) throw new ImageError('image_not_found', 'No such image')
    // ipx says IPX_INVALID_IMAGE; sharp says "Input buffer contains unsupported image format",
    // "Input image exceeds pixel limit" or a decoder's complaint: all are the source's fault.
    throw new ImageError('image_not_an_image', 'The source could not be read as an image')
  }
}

function sendError(reply: FastifyReply, err: unknown) {
  const error = err instanceof ImageError ? err : new ImageError('image_not_an_image', 'The source could not be read as an image')
  if (!(err instanceof ImageError)) reply.log.warn({ err }, 'image proxy: unexpected failure')
  return reply.code(error.status).header('cache-control', 'no-store').send(error.body())
}

export interface ImageRoutesOptions extends Pick<ImageSourceOptions, 'roots' | 'allowlist'> {
  maxBytes?: number
  timeoutMs?: number
  cache?: ImageCache
}

export function registerImageProxy(app: FastifyInstance, options: ImageRoutesOptions): void {
  const sources: ImageSourceOptions = {
    roots: options.roots,
    allowlist: options.allowlist,
    maxBytes: options.maxBytes ?? IMAGE_SOURCE_MAX_BYTES,
    timeoutMs: options.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS,
  }
  const cache = options.cache ?? new ImageCache()
  // One processing per image at a time: a burst of the same address waits for the first.
  const inflight = new Map<string, Promise<Omit<Processed, 'expires'>>>()

  app.get('/_ipx/*', async (request, reply) => {
    try {
      const rest = (request.params as { '*': string })['*']
      const split = splitIpxPath(rest)
      if (!split) throw new ImageError('image_bad_request', 'Use /_ipx/<modifiers>/<source>')
      const parsed = parseModifiers(split.modifiers)
      if (!parsed.ok) throw new ImageError('image_bad_request', `Bad image modifiers: ${parsed.problem}`)
      checkSource(split.source, sources.allowlist)
      const modifiers = withImageDefaults(parsed.modifiers)
      const key = `${formatModifiers(modifiers)}|${split.source}`
      const now = Date.now()
      let hit = cache.get(key)
      if (hit && hit.expires <= now) hit = undefined
      if (hit && !isRemote(split.source)) {
        // A local file edited under the same name is processed again.
        const fresh = await localVersion(split.source, sources)
        if (fresh !== hit.version) hit = undefined
      }
      if (!hit) {
        let pending = inflight.get(key)
        if (!pending) {
          pending = process(split.source, modifiers, sources).finally(() => inflight.delete(key))
          inflight.set(key, pending)
        }
        const done = await pending
        hit = { ...done, expires: isRemote(split.source) ? now + REMOTE_CACHE_MS : Number.POSITIVE_INFINITY }
        cache.set(key, hit)
      }
      reply
        .header('cache-control', `public, max-age=${hit.maxAge}, stale-while-revalidate=86400`)
        .header('etag', hit.etag)
        // What a browser opens directly is an inert picture.
        .header('content-security-policy', "default-src 'none'; sandbox")
      if (request.headers['if-none-match'] === hit.etag) return reply.code(304).send()
      return reply.type(hit.contentType).send(hit.data)
    } catch (err) {
      return sendError(reply, err)
    }
  })
}
