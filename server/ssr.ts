import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SsrOutcome, SsrRequestContext } from '../src/shared/ssr-context'
import { localePreloadsFrom } from './build-manifest'
import { createStyleInliner } from './inline-styles'

interface SsrOptions {
  publicUrl: string
  appEnv: string
  dev: boolean
  root?: string
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
  // Production only: in development Vite serves the CSS itself, with hot reload.
  let inlineStyles = (html: string, _nonce: string) => html
  let vite: import('vite').ViteDevServer | undefined
  if (options.dev) {
    const { createServer } = await import('vite')
    vite = await createServer({ root, server: { middlewareMode: true, hmr: { port: 24678 } }, appType: 'custom' })
    app.addHook('onClose', async () => vite?.close())
    ;({ renderPage } = await import('vike/server'))
  } else {
    const entry = resolve(root, 'dist/server/entry.mjs')
    if (!existsSync(entry)) throw new Error('No production build found in dist/: run `npm run build` first (npm start does it for you).')
    await import(pathToFileURL(entry).href)
    localePreloads = localePreloadsFrom(resolve(root, 'dist/assets.json'))
    inlineStyles = createStyleInliner(resolve(root, 'dist/client'))
    ;({ renderPage } = await import('vike/server'))
  }

  const apiFetchFor = (request: FastifyRequest): typeof fetch => {
    return async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://internal')
      const headers = new Headers(init?.headers)
      // In-process calls are same-origin by construction; say so for the write-origin check.
      headers.set('origin', options.publicUrl.replace(/\/$/, ''))
      headers.set('x-forwarded-for', request.ip)
      // The answer is read in-process; compressing it would only cost CPU to undo.
      headers.delete('accept-encoding')
      const res = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: url.pathname + url.search,
        headers: Object.fromEntries(headers.entries()),
        payload: typeof init?.body === 'string' ? init.body : init?.body instanceof URLSearchParams ? init.body.toString() : undefined,
      })
      return new Response(new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers: Object.entries(res.headers).flatMap(([k, v]) => (v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, String(x)] as [string, string]) : [[k, String(v)] as [string, string]])),
      })
    }
  }

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const ssr: SsrRequestContext = { apiFetch: apiFetchFor(request), publicUrl: options.publicUrl, appEnv: options.appEnv, localePreloads }
    const pageContext = await renderPage({
      urlOriginal: request.url,
      headersOriginal: request.headers,
      cspNonce: (request as FastifyRequest & { cspNonce?: string }).cspNonce,
      ssr,
    } as Parameters<RenderPage>[0])
    const outcome = (pageContext as unknown as { ssrOutcome?: SsrOutcome }).ssrOutcome
    if (outcome?.kind === 'redirect') return reply.code(outcome.status).header('cache-control', 'no-store').redirect(outcome.location, outcome.status)
    const response = pageContext.httpResponse
    if (!response) return reply.code(500).type('text/plain').send('Internal error')
    for (const [name, value] of response.headers) {
      // Fastify's security hook owns the CSP; Vike's own header would only narrow it.
      if (name.toLowerCase() === 'content-security-policy') continue
      reply.header(name, value)
    }
    reply.header('cache-control', 'private, no-cache')
    return reply.code(outcome?.status ?? response.statusCode).type('text/html; charset=utf-8').send(inlineStyles(response.body, request.cspNonce))
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
