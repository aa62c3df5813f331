import type { FastifyInstance } from 'fastify'
import { SITE_NAME, THEME_COLORS } from '../../src/shared/brand'
import { DEFAULT_LOCALE, isLocale } from '../../src/shared/locales'
import { parseFavicon } from '../../src/shared/favicons'
import { webSettingSection } from '../domain/content/sections'

/**
 * A manifest icon from a favicon file: the same name rules as the head's links (src/shared/favicons.ts).
 * An app icon needs its size (or a vector); an apple-touch icon is for iOS's home screen, not the manifest.
 */
export function iconOf(path: string): { src: string; sizes: string; type: string; purpose?: string } | null {
  const link = parseFavicon(path)
  if (!link || link.rel !== 'icon' || !link.sizes || !link.type) return null
  if (link.sizes !== 'any' && link.sizes.split('x')[0] !== link.sizes.split('x')[1]) return null
  return { src: link.href, sizes: link.sizes, type: link.type, ...(/maskable/.test(link.href) ? { purpose: 'maskable' } : {}) }
}

/**
 * GET /manifest.webmanifest: what makes the site installable as an app on phones (name, icons from
 * the web-setting content, colours of the page's theme, `?theme=light`; dark, SPEC §9's default, otherwise).
 */
export function registerManifest(app: FastifyInstance): void {
  app.get<{ Querystring: { theme?: string; locale?: string } }>('/manifest.webmanifest', async (request, reply) => {
    const theme = request.query.theme === 'light' ? 'light' : 'dark'
    const locale = isLocale(request.query.locale) ? request.query.locale : DEFAULT_LOCALE
    const { favicons } = await app.content.section(webSettingSection, locale)
    reply.header('cache-control', 'public, max-age=300').type('application/manifest+json; charset=utf-8')
    return {
      name: SITE_NAME,
      short_name: SITE_NAME,
      id: '/',
      start_url: locale === DEFAULT_LOCALE ? '/' : `/${locale}`,
      scope: '/',
      lang: locale,
      display: 'standalone',
      background_color: THEME_COLORS[theme].background,
      theme_color: THEME_COLORS[theme].theme,
      icons: favicons.map(iconOf).filter((icon) => icon !== null),
    }
  })
}
