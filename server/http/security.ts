import type { FastifyInstance, FastifyRequest } from 'fastify'
import { LOCALES } from '../../src/shared/locales'
import type { Config } from '../config'
import { newNonce } from './nonce'
import { isHttps } from './https'

declare module 'fastify' {
  interface FastifyRequest {
    /** A fresh base64 nonce per request; SSR puts it on its inline scripts (`<script nonce>`). */
    cspNonce: string
  }
}

/** Pages that partners may embed in their own sites: /forms/... bare or under a locale. */
const FRAMEABLE = new RegExp(`^/(?:(?:${LOCALES.join('|')})/)?forms(?:/|$|\\?)`)

export function isFrameablePath(url: string): boolean {
  return FRAMEABLE.test(url)
}

/** The game client (/platform/game/{sysname}/play, docs/games.md#the-game-client). */
const GAME_CLIENT = /^\/platform\/game\/[^/?#]+\/play(?:[/?#]|$)/

export function isGameClientPath(url: string): boolean {
  return GAME_CLIENT.test(url)
}

/**
 * Who besides our own site may frame the page at `url` (frame-ancestors is always 'self' and
 * these): FRAME_ALLOWLIST for the /forms pages; nobody for the game client, which only our own game
 * pages frame (it posts the balance to its parent), whatever the allowlist says.
 */
export function frameAncestorsFor(url: string, allowlist: readonly string[]): readonly string[] {
  if (isGameClientPath(url)) return []
  return isFrameablePath(url) ? allowlist : []
}

/**
 * The Content-Security-Policy of ARCHITECTURE §5: scripts only from our origin or carrying this
 * request's nonce, never inline without it. Images are our own (remote ones come through /_ipx)
 * or data: URIs (QR codes, art seeded before the proxy). Styles allow inline, because React style props and
 * Panda's runtime write style attributes. Framing is ours only, except /forms for FRAME_ALLOWLIST (frameAncestorsFor).
 */
export function contentSecurityPolicy(nonce: string, frameAncestors: readonly string[], toolOrigins: readonly string[] = []): string {
  const tools = toolOrigins.map((origin) => ` ${origin}`).join('')
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${tools}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${tools}`,
    "font-src 'self' data:",
    `connect-src 'self' ws: wss:${tools}`,
    // A vendor's chat widget draws in a frame of its own origin; nothing else here is framed from elsewhere.
    `frame-src 'self'${tools}`,
    // The service worker (/sw.js) is ours; no other script may become one.
    "worker-src 'self'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

/**
 * Security headers on every response. No X-Frame-Options: it cannot express an allowlist, and
 * CSP frame-ancestors supersedes it in every browser we support.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'frameAllowlist' | 'publicUrl'>,
  toolOrigins: (request: FastifyRequest) => Promise<readonly string[]> = async () => [],
): void {
  app.decorateRequest('cspNonce', '')
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.cspNonce = newNonce()
  })
  app.addHook('onSend', async (request, reply, payload) => {
    const frameAncestors = frameAncestorsFor(request.url, config.frameAllowlist)
    // A route that built its own policy (none yet) keeps it.
    if (!reply.hasHeader('content-security-policy')) {
      // Only a page runs scripts: an API answer needs no tool hosts (and no settings read).
      const isPage = String(reply.getHeader('content-type') ?? '').startsWith('text/html')
      reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce, frameAncestors, isPage ? await toolOrigins(request) : []))
    }
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    if (isHttps(request, config)) reply.header('strict-transport-security', 'max-age=31536000')
    return payload
  })
}
