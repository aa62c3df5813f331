import type { FastifyInstance } from 'fastify'
import { ApiError } from '../../src/shared/errors'
import { isLocale } from '../../src/shared/locales'

/**
 * SPEC §7 direct call GET /nfx/cms-config/{locale}: the public content sections of a locale, from
 * the content store (never the files on each request). The domain's SEO part follows the Host.
 */
export function registerCmsConfig(app: FastifyInstance): void {
  app.get<{ Params: { locale: string } }>('/nfx/cms-config/:locale', async (request, reply) => {
    const { locale } = request.params
    if (!isLocale(locale)) {
      throw new ApiError({ type: 'MethodNotFoundException', code: 'unknown_locale', message: `Unknown locale: ${locale}`.slice(0, 80) })
    }
    // Short: an operator's reload reaches browsers and proxies within a minute.
    reply.header('cache-control', 'public, max-age=60')
    return app.content.publicConfig(locale, request.host)
  })
}
