import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { SPRITE_HASH, spriteMarkup } from '../../src/shared/icon-sprite'
import { sanitizeSvg, SvgRejected, SVG_MAX_BYTES } from '../../src/shared/svg-sanitize'
import { fetchAllowed, ImageError, isRemote, readSource, type ImageSourceOptions } from './image-sources'
import { ASSETS_CACHE_CONTROL } from './static'

/**
 * The icon files of the /_icons layout: the sprite (immutable under its content hash) and
 * external SVG icons (SPEC §7 'external SVG icons are fetched as text'), fetched from our storage
 * or an IMAGE_ALLOWLIST origin and sanitised here before any page inlines them.
 */

const SVG_TYPE = 'image/svg+xml; charset=utf-8'
/** An SVG is only ever drawn: no script runs, nothing loads, if a browser opens it directly. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
const EXTERNAL_MAX_AGE_SEC = 86_400
const SVG_TYPES = new Set(['image/svg+xml', 'text/xml', 'application/xml', 'text/plain'])

const etagOf = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`

export interface IconRoutesOptions extends Pick<ImageSourceOptions, 'roots' | 'allowlist'> {
  timeoutMs?: number
}

export function registerIconRoutes(app: FastifyInstance, options: IconRoutesOptions): void {
  const sprite = spriteMarkup()
  const spriteEtag = etagOf(sprite)
  app.get<{ Params: { hash: string } }>('/_icons/sprite-:hash.svg', async (request, reply) => {
    // A page from before a deploy asks for the old name: it gets today's icons, briefly cached.
    const current = request.params.hash === SPRITE_HASH
    reply.header('cache-control', current ? ASSETS_CACHE_CONTROL : 'public, max-age=600').header('etag', spriteEtag).header('content-security-policy', SVG_POLICY)
    if (request.headers['if-none-match'] === spriteEtag) return reply.code(304).send()
    return reply.type(SVG_TYPE).send(sprite)
  })

  const sources: ImageSourceOptions = { roots: options.roots, allowlist: options.allowlist, maxBytes: SVG_MAX_BYTES, timeoutMs: options.timeoutMs ?? 5_000 }
  app.get<{ Querystring: { src?: unknown } }>('/_icons/external', async (request, reply) => {
    try {
      const src = request.query.src
      if (typeof src !== 'string' || !src) throw new ImageError('image_bad_request', 'Give the icon as ?src=<path or URL>')
      if (!isRemote(src) && !/\.svg$/i.test(src)) throw new ImageError('image_bad_request', 'Only .svg files are icons')
      const data = isRemote(src) ? await fetchAllowed(src, sources, (type) => SVG_TYPES.has(type)) : (await readSource(src, sources)).data
      let svg: string
      try {
        svg = sanitizeSvg(data.toString('utf8'))
      } catch (err) {
        if (err instanceof SvgRejected) throw new ImageError('image_not_an_image', `The icon was refused: ${err.reason}`)
        throw err
      }
      const etag = etagOf(svg)
      reply.header('cache-control', `public, max-age=${EXTERNAL_MAX_AGE_SEC}`).header('etag', etag).header('content-security-policy', SVG_POLICY)
      if (request.headers['if-none-match'] === etag) return reply.code(304).send()
      return reply.type(SVG_TYPE).send(svg)
    } catch (err) {
      const error = err instanceof ImageError ? err : new ImageError('image_not_an_image', 'The icon could not be read')
      if (!(err instanceof ImageError)) request.log.warn({ err }, 'external icon: unexpected failure')
      return reply.code(error.status).header('cache-control', 'no-store').send(error.body())
    }
  })
}
