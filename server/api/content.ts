import type { FastifyInstance, FastifyRequest } from 'fastify'
import { checkPath, getPage, getSeo } from '../../src/services/api/contract/content'
import { readContentPage, type ContentReport } from '../domain/content/pages'
import { resolveCmsRedirect } from '../domain/content/redirects'
import { readSeoSettings } from '../domain/content/seo'
import { registerCall } from './registrar'

/** Content problems go to the operator's log with the file and field; the player still gets a page. */
export function contentReport(request: FastifyRequest): ContentReport {
  return (problem, severity) => request.log[severity]({ file: problem.file, field: problem.field, reason: problem.reason }, `content: ${problem.message}`)
}

/** Content area: pages of the content system by slug in the request's locale, the CMS redirects and SEO settings. */
export function contentCalls(app: FastifyInstance): void {
  registerCall(app, getPage, ({ params, locale, config, request }) => readContentPage(locale, params.slug, config.contentDir, contentReport(request)))
  registerCall(app, checkPath, ({ params, config, request }) =>
    resolveCmsRedirect(config, params.path, { publicUrl: config.publicUrl, report: contentReport(request) }),
  )
  registerCall(app, getSeo, ({ config, locale, request }) => readSeoSettings(config, locale, contentReport(request)))
}
