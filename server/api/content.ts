import type { FastifyInstance } from 'fastify'
import { getPage } from '../../src/services/api/contract/content'
import { registerCall } from './registrar'

/** Content area: pages of the content system by slug in the request's locale. */
export function contentCalls(app: FastifyInstance): void {
  registerCall(app, getPage, ({ params, locale }) => app.content.page(locale, params.slug))
}
