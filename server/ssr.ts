import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SsrOutcome, SsrRequestContext } from '../src/shared/ssr-context'
import { inProcessFetch } from './api/in-process'
import { buildInfoOf, localePreloadsFrom, pagePreloadsFrom } from './build-manifest'
import { createStyleInliner } from './inline-styles'
import { deferScripts } from './http/defer-scripts'
import { analyticsSettings, testChatOverride } from './http/analytics-tools'
import { HtmlCache, NONCE_PLACEHOLDER, visitorPageKey } from './http/html-cache'
import { addVary } from './http/compression'
import { sendCmsRedirect } from './http/redirects'
import { StaticParts, StoredPage, acceptsGzip } from './http/stored-page'
import { customCodeSection } from './domain/content/sections'
import { injectCustomCode } from './http/custom-code'
import { parseConsent } from '../src/shared/consent'
import { CONSENT_COOKIE } from '../src/shared/cookies'

interface SsrOptions {
  publicUrl: string
  appEnv: string
  dev: boolean
  root?: string
  /** Vike's renderPage, for tests; by default the built one (or Vite's under dev). */
  renderPage?: RenderPage
  /** Seconds a visitor's page is reused (HTML_CACHE); by default the app's config. 0: off. */
  htmlCacheSeconds?: number
}

type RenderPage = (typeof import('vike/server'))['renderPage']

/**
 * The catch-all: every GET that no other route took is rendered by Vike (ARCHITECTURE §1).
 * Fastify owns the response: status and redirects come back from the render hook as ssrOutcome,
 * and the CSP nonce made by the security hook is handed to Vike for its script tags.
 */
export async function registerSsr(app: FastifyInstance, options: SsrOptions): Promise<void> {
  const root = options.root ?? process.cwd()
  let renderPage: RenderPage
  let localePreloads: SsrRequestContext['localePreloads']
  let pagePreloads: SsrRequestContext['pagePreloads']
  let buildId: string | null = null
  // Production only: the stylesheet inline and the scripts started after the paint. In development
  // Vite serves the CSS and the scripts itself, with hot reload.
  let finishPage = (html: string, _nonce: string) => html
  const statics = new StaticParts()
  let vite: import('vite').ViteDevServer | undefined
  if (options.renderPage) renderPage = options.renderPage
  else if (options.dev) {
    const { createServer } = await import('vite')
    vite = await createServer({ root, server: { middlewareMode: true, hmr: { port: 24678 } }, appType: 'custom' })
    app.addHook('onClose', async () => vite?.close())
    ;({ renderPage } = await import('vike/server'))
  } else {
    const entry = resolve(root, 'dist/server/entry.mjs')
    if (!existsSync(entry)) throw new Error('No production build found in dist/: run `npm run build` first (npm start does it for you).')
    await import(pathToFileURL(entry).href)
    localePreloads = localePreloadsFrom(resolve(root, 'dist/assets.json'))
    pagePreloads = pagePreloadsFrom(resolve(root, 'dist/assets.json'))
    buildId = buildInfoOf(resolve(root, 'dist/client'))?.buildId ?? null
    const inliner = createStyleInliner(resolve(root, 'dist/client'), undefined, statics)
    // Scripts first: the page is a third of its size before the stylesheet goes in.
    finishPage = (html, nonce) => inliner(deferScripts(html), nonce)
    ;({ renderPage } = await import('vike/server'))
  }

  // Development renders every request: a cached page would hide the edit just made.
  const cacheSeconds = options.dev ? 0 : (options.htmlCacheSeconds ?? app.config.htmlCacheSeconds)
  const cache = cacheSeconds > 0 ? new HtmlCache({ ttlMs: cacheSeconds * 1000 }) : null
  if (cache) {
    const off = app.settings.onChange(() => cache.clear())
    // A content reload (the operator's call, or a watched edit) changes what pages show.
    const offContent = app.content.onChange(() => cache.clear())
    app.addHook('onClose', async () => {
      off()
      offContent()
    })
  }

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    // Watching content (CONTENT_WATCH): an edited file must not hide behind a cached page.
    if (cache) await app.content.refresh()
    if (await sendCmsRedirect(app, request, reply, options.publicUrl)) return reply
    const key = cache ? visitorPageKey(request) : null
    const hit = key === null ? undefined : cache!.get(key)
    if (hit) return sendStored(request, reply, hit)
    const ssr: SsrRequestContext = {
      apiFetch: inProcessFetch(app, request, options.publicUrl),
      publicUrl: options.publicUrl,
      appEnv: options.appEnv,
      localePreloads,
      pagePreloads,
      buildId,
      analytics: await analyticsSettings(app, request),
      cmsConfig: async (locale) => {
        const config = await app.content.publicConfig(locale, request.host)
        const chat = testChatOverride(app, request)
        return chat ? { ...config, chat } : config
      },
    }
    const pageContext = await renderPage({
      urlOriginal: request.url,
      headersOriginal: request.headers,
      // A placeholder, swapped for this response's nonce below: the page may be served again.
      cspNonce: NONCE_PLACEHOLDER,
      ssr,
    } as Parameters<RenderPage>[0])
    const outcome = (pageContext as unknown as { ssrOutcome?: SsrOutcome }).ssrOutcome
    if (outcome?.kind === 'redirect') return reply.code(outcome.status).header('cache-control', 'no-store').redirect(outcome.location, outcome.status)
    if (outcome?.kind === 'crawler-error') {
      // SPEC §2.5: logged for the operator; the crawler gets the status and no page to index.
      request.log.warn({ status: outcome.status, path: outcome.path, userAgent: request.headers['user-agent'] }, 'page error for a crawler')
      return reply.code(outcome.status).header('cache-control', 'no-store').header('x-robots-tag', 'noindex').type('text/plain; charset=utf-8').send('')
    }
    const response = pageContext.httpResponse
    if (!response) return reply.code(500).type('text/plain').send('Internal error')
    const headers: [string, string][] = []
    for (const [name, value] of response.headers) {
      // Fastify's security hook owns the CSP; Vike's own header would only narrow it.
      if (name.toLowerCase() === 'content-security-policy') continue
      headers.push([name, value])
    }
    headers.push(['cache-control', 'private, no-cache'], ['content-type', 'text/html; charset=utf-8'])
    for (const [name, value] of headers) reply.header(name, value)
    const status = outcome?.status ?? response.statusCode
    // Styles and custom code carry the placeholder too; the stored page gives them this response's nonce.
    const body = await withCustomCode(request, finishPage(response.body, NONCE_PLACEHOLDER), outcome)
    // Only a plain 200 is kept: a 404 for every address a scanner makes up would push out the real
    // pages, and an error or maintenance page must end as soon as its cause does.
    const page = new StoredPage(status, headers, body, NONCE_PLACEHOLDER, statics)
    if (key !== null && status === 200 && !reply.hasHeader('set-cookie')) cache!.set(key, page)
    return sendStored(request, reply, page)
  }

  /** The operator's custom code of the page's locale; a broken entry is logged per position and left out. */
  const withCustomCode = async (request: FastifyRequest, html: string, outcome: SsrOutcome | undefined) => {
    if (outcome?.kind !== 'html' || !outcome.locale) return html
    try {
      const { entries } = await app.content.section(customCodeSection, outcome.locale)
      // The HTML cache keys on every cookie, the consent cookie with them, so a stored page never
      // carries code a later visitor did not agree to.
      const injected = injectCustomCode(html, entries, NONCE_PLACEHOLDER, parseConsent(request.cookies[CONSENT_COOKIE]))
      for (const problem of injected.problems) request.log.error({ customCode: problem }, `custom code (${problem.position}) left out: ${problem.reason}`)
      return injected.html
    } catch (err) {
      request.log.error({ err }, 'custom code left out')
      return html
    }
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      if (!vite) return render(request, reply)
      // Dev: Vite serves modules and HMR first; whatever it passes on is a page.
      await new Promise<void>((done) => {
        vite!.middlewares(request.raw, reply.raw, () => done())
        reply.raw.on('finish', () => done())
      })
      if (reply.raw.writableEnded) return reply.hijack()
      return render(request, reply)
    },
  })
}

/**
 * A page with this response's nonce: gzip to any client that takes it, from pieces compressed
 * once (brotli would compress the whole page, stylesheet included, for every answer), else the
 * plain bytes.
 */
function sendStored(request: FastifyRequest, reply: FastifyReply, page: StoredPage) {
  for (const [name, value] of page.headers) reply.header(name, value)
  reply.code(page.status)
  if (request.method === 'GET' && acceptsGzip(request.headers['accept-encoding'])) {
    addVary(reply)
    return reply.header('content-encoding', 'gzip').send(page.gzip(request.cspNonce))
  }
  return reply.send(page.identity(request.cspNonce))
}
