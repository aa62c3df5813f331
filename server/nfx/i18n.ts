import type { Messages } from '@lingui/core'
import type { FastifyInstance } from 'fastify'
import { ApiError } from '../../src/shared/errors'
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../src/shared/locales'

/**
 * SPEC §7 direct calls: GET /nfx/i18n/locales and GET /nfx/i18n/messages/{locale}. The messages
 * are the catalogs compiled by `lingui compile --typescript` (npm run build / i18n:compile).
 */

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/messages'),
  es: () => import('../../locales/es/messages'),
  pt: () => import('../../locales/pt/messages'),
  de: () => import('../../locales/de/messages'),
}

export async function loadCatalog(locale: Locale): Promise<Messages> {
  return (await catalogs[locale]()).messages
}

export function registerI18nRoutes(app: FastifyInstance): void {
  app.get('/nfx/i18n/locales', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return { locales: [...LOCALES], defaultLocale: DEFAULT_LOCALE }
  })

  app.get<{ Params: { locale: string } }>('/nfx/i18n/messages/:locale', async (request, reply) => {
    const { locale } = request.params
    if (!isLocale(locale)) {
      throw new ApiError({ type: 'MethodNotFoundException', code: 'unknown_locale', message: `Unknown locale: ${locale}`.slice(0, 80) })
    }
    reply.header('cache-control', 'public, max-age=300')
    return loadCatalog(locale)
  })

  app.all('/nfx/*', async (request) => {
    throw new ApiError({ type: 'MethodNotFoundException', code: 'not_found', message: `Not found: ${request.url.split('?')[0]}`.slice(0, 120) })
  })
}
