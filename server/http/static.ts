import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/**
 * The built client (dist/client). Files under /assets/ carry a content hash in their name, so
 * they are cached for a year and never revalidated; a missing one is a plain 404, never the
 * SSR page. Other top-level files (favicon, robots.txt, sw.js) change under a fixed name and get
 * a short cache. Registered only when the build exists; in development Vite serves them.
 */
export const ASSETS_CACHE_CONTROL = 'public, max-age=31536000, immutable'
export const STATIC_MAX_AGE_SEC = 600

export async function registerStatic(app: FastifyInstance, clientDir: string): Promise<boolean> {
  if (!existsSync(clientDir)) return false
  const assetsDir = join(clientDir, 'assets')
  if (existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/assets/',
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders(reply) {
        reply.header('cache-control', ASSETS_CACHE_CONTROL)
      },
    })
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    // One route per file found at start, instead of a `/*` route that would take the SSR catch-all.
    wildcard: false,
    index: false,
    serveDotFiles: false,
    globIgnore: ['assets/**', '.vite/**', '**/*.map'],
    decorateReply: !existsSync(assetsDir),
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', `public, max-age=${STATIC_MAX_AGE_SEC}`)
    },
  })
  return true
}
