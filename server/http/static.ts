import { existsSync } from 'node:fs'
import { basename, join, relative, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/**
 * The built client (dist/client). Files under /assets/ carry a content hash in their name, so
 * they are cached for a year and never revalidated; a missing one is a plain 404, never the
 * SSR page. Other top-level files (favicon, robots.txt, sw.js) change under a fixed name and get
 * a short cache; sw.js and the offline pages are revalidated on every use (no-cache). Registered only when the build exists; in development Vite serves them.
 *
 * Text files come with `.br` and `.gz` copies made at build time (scripts/vite-precompress.ts):
 * the copy the request's Accept-Encoding prefers is streamed as it is, with the original's
 * Content-Type, `Vary: Accept-Encoding` and its own ETag; without one the plain file is sent.
 */
export const ASSETS_CACHE_CONTROL = 'public, max-age=31536000, immutable'
export const STATIC_MAX_AGE_SEC = 600
const SHORT_CACHE_CONTROL = `public, max-age=${STATIC_MAX_AGE_SEC}`

const NO_CACHE = 'no-cache'

/**
 * Files the service worker's update depends on: sw.js itself (the browser compares it byte for
 * byte to find a new build) and the offline pages it precaches. They are revalidated every time,
 * so a deploy reaches the worker at once instead of after a short cache.
 */
export function isRevalidatedFile(relativePath: string): boolean {
  const path = relativePath.split(sep).join('/').replace(/\.(?:br|gz)$/, '')
  return path === 'sw.js' || path === 'offline.js' || path.startsWith('offline/')
}

/** Vite's content hash: `name-HASH.ext` or `name.HASH.ext`, eight or more url-safe characters. */
const HASHED_NAME = /[-.][\w-]{8,}\.[a-z0-9]+$/i
export function isHashedAssetName(file: string): boolean {
  return HASHED_NAME.test(basename(file).replace(/\.(?:br|gz)$/, ''))
}

export async function registerStatic(app: FastifyInstance, clientDir: string): Promise<boolean> {
  if (!existsSync(clientDir)) return false
  const assetsDir = join(clientDir, 'assets')
  if (existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/assets/',
      // One route per built file, listed at start: the wildcard route read the directory listing
      // of every folder on the way to a file, for every request (a check against case-folding
      // filesystems), a seventh of the server's CPU while a page loaded its 57 scripts.
      wildcard: false,
      globIgnore: ['**/*.br', '**/*.gz'],
      index: false,
      dotfiles: 'deny',
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        // A file without a hash in its name (a copied one) may change under the same address.
        reply.header('cache-control', isHashedAssetName(path) ? ASSETS_CACHE_CONTROL : SHORT_CACHE_CONTROL)
      },
    })
    // Any other address under /assets/ (an old build's chunk, a typo) is the plain 404, not a page.
    app.route({ method: ['GET', 'HEAD'], url: '/assets/*', handler: (_request, reply) => reply.callNotFound() })
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    // One route per file found at start, instead of a `/*` route that would take the SSR catch-all.
    wildcard: false,
    index: false,
    serveDotFiles: false,
    // The compressed copies are found through the original's route, never addressed themselves.
    globIgnore: ['assets/**', '.vite/**', '**/*.map', '**/*.br', '**/*.gz'],
    decorateReply: !existsSync(assetsDir),
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', isRevalidatedFile(relative(clientDir, path)) ? NO_CACHE : SHORT_CACHE_CONTROL)
    },
  })
  return true
}
