import type { FastifyInstance } from 'fastify'
import { SITE_NAME, THEME_COLORS } from '../../src/shared/brand'
import { DEFAULT_LOCALE, isLocale } from '../../src/shared/locales'
import { webSettingSection } from '../domain/content/sections'

/** An icon's sizes from its file name (SPEC §9: "icon-192x192.png" is 192x192); an SVG fits any size. */
export function iconOf(path: string): { src: string; sizes: string; type: string; purpose?: string } | null {
  const type = path.endsWith('.svg') ? 'image/svg+xml' : path.endsWith('.png') ? 'image/png' : path.endsWith('.webp') ? 'image/webp' : null
  if (!type) return null
  const size = /(\d{2,4})x\1(?=[^/]*$)/.exec(path)
  if (!size && type !== 'image/svg+xml') return null
  return { src: path, sizes: size ? `${size[1]}x${size[1]}` : 'any', type, ...(/maskable/.test(path) ? { purpose: 'maskable' } : {}) }
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
