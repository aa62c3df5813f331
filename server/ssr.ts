import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SsrOutcome, SsrRequestContext } from '../src/shared/ssr-context'
import { inProcessFetch } from './api/in-process'

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
    ;({ renderPage } = await import('vike/server'))
  }

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const ssr: SsrRequestContext = { apiFetch: inProcessFetch(app, request, options.publicUrl), publicUrl: options.publicUrl, appEnv: options.appEnv }
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
    return reply.code(outcome?.status ?? response.statusCode).type('text/html; charset=utf-8').send(response.body)
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
