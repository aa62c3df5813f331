import { randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { StoredPage } from './stored-page'
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './session'

/**
 * Visitors' rendered pages, kept a few seconds (HTML_CACHE, server/config.ts): most traffic is
 * visitors asking for the same few pages, and a render costs a hundred times a cached answer.
 * A page is rendered with NONCE_PLACEHOLDER for its CSP nonce and every answer gets its own nonce
 * substituted, so two responses never share one. What changes a visitor's page is all in the key:
 * the URL (path and query, where the locale prefix lives) and every cookie (locale, theme,
 * consent, e2e knobs: all of them, so a new cookie the render reads cannot be forgotten here).
 * A player's page (any session cookie) is never stored nor served from here; live parts
 * (balances, odds, tickers) are the browser's to fill in.
 */

/** Stands for the CSP nonce in a stored page; random per process, so no content can fake it. */
export const NONCE_PLACEHOLDER = randomBytes(18).toString('hex')

export interface HtmlCacheOptions {
  /** How long a page is reused. */
  ttlMs: number
  /** Pages kept at most; the oldest goes first. */
  maxEntries?: number
  now?: () => number
}

export class HtmlCache {
  private readonly pages = new Map<string, { page: StoredPage; until: number }>()
  private readonly maxEntries: number
  private readonly now: () => number

  constructor(private readonly options: HtmlCacheOptions) {
    this.maxEntries = options.maxEntries ?? 500
    this.now = options.now ?? (() => Date.now())
  }

  get size(): number {
    return this.pages.size
  }

  get(key: string): StoredPage | undefined {
    const hit = this.pages.get(key)
    if (!hit) return undefined
    if (hit.until <= this.now()) {
      this.pages.delete(key)
      return undefined
    }
    return hit.page
  }

  set(key: string, page: StoredPage): void {
    this.pages.delete(key)
    while (this.pages.size >= this.maxEntries) {
      const oldest = this.pages.keys().next().value
      if (oldest === undefined) break
      this.pages.delete(oldest)
    }
    this.pages.set(key, { page, until: this.now() + this.options.ttlMs })
  }

  clear(): void {
    this.pages.clear()
  }
}

/**
 * The key of a visitor's page request, or null when the request must be rendered for itself:
 * a session cookie (a player, or a stale session the server will clear), or a method other than GET/HEAD.
 */
export function visitorPageKey(request: FastifyRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  const cookies = request.cookies ?? {}
  if (SESSION_COOKIE in cookies || SECURE_SESSION_COOKIE in cookies) return null
  const pairs = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value ?? ''}`)
    .sort()
  return `${request.protocol}\n${request.url}\n${pairs.join('; ')}`
}
