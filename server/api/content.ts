import type { FastifyInstance, FastifyRequest } from 'fastify'
import { checkPath, getPage, getSeo } from '../../src/services/api/contract/content'
import type { ContentReport } from '../domain/content/pages'
import { redirectsSection, resolveRedirect } from '../domain/content/redirects'
import { seoSettings } from '../domain/content/seo'
import { seoSection } from '../domain/content/sections'
import { registerCall } from './registrar'

/** Content problems go to the operator's log with the file and field; the player still gets a page. */
export function contentReport(request: FastifyRequest): ContentReport {
  return (problem, severity) => request.log[severity]({ file: problem.file, field: problem.field, reason: problem.reason }, `content: ${problem.message}`)
}

/** Content area: pages of the content system by slug in the request's locale, the CMS redirects and SEO settings. */
export function contentCalls(app: FastifyInstance): void {
  registerCall(app, getPage, ({ params, locale }) => app.content.page(locale, params.slug))
  registerCall(app, checkPath, async ({ params, config, request }) =>
    resolveRedirect(await app.content.section(redirectsSection, 'en'), params.path, { publicUrl: config.publicUrl, report: contentReport(request) }),
  )
  registerCall(app, getSeo, async ({ locale, request }) => seoSettings(await app.content.section(seoSection, 'en'), request.headers.host ?? '', locale))
}
