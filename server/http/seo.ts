import type { FastifyInstance } from 'fastify'
import { LOCALES, type Locale } from '../../src/shared/locales'
import { robotsTxt } from '../../src/shared/robots'
import { bannersSection, seoSection } from '../domain/content/sections'
import { contentPagesSource, contentPromotionsSource, localeSitemapXml, promotionsSource, sitemapIndexXml, sitemapPath, staticPagesSource, type SitemapSource } from '../domain/seo/sitemap'

/**
 * robots.txt from content/seo.json (SPEC §9) and sitemap.xml (an index with one sitemap per
 * locale). Both are read fresh from content and the database: an operator's edit shows at once.
 */
export function registerSeoRoutes(app: FastifyInstance, options: { publicUrl: string; withDatabase: boolean }): void {
  const sources: SitemapSource[] = [
    staticPagesSource(),
    contentPagesSource((locale) => app.content.pageSlugs(locale)),
    contentPromotionsSource(async (locale) => (await app.content.section(bannersSection, locale)).promotions),
    ...(options.withDatabase ? [promotionsSource(app.db)] : []),
  ]

  app.get('/robots.txt', async (_request, reply) => {
    const seo = await app.content.section(seoSection, 'en')
    return reply.header('cache-control', 'public, max-age=300').type('text/plain; charset=utf-8').send(robotsTxt(seo.robots.disallow, options.publicUrl))
  })

  app.get('/sitemap.xml', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').type('application/xml; charset=utf-8').send(sitemapIndexXml(options.publicUrl, new Date())),
  )

  for (const locale of LOCALES) {
    app.get(sitemapPath(locale), async (_request, reply) => {
      const seo = await app.content.section(seoSection, 'en')
      const body = await localeSitemapXml(options.publicUrl, locale as Locale, sources, seo.robots.disallow)
      return reply.header('cache-control', 'public, max-age=300').type('application/xml; charset=utf-8').send(body)
    })
  }
}
