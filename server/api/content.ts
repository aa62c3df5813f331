import type { FastifyInstance } from 'fastify'
import { getPage } from '../../src/services/api/contract/content'
import { readContentPage } from '../domain/content/pages'
import { registerCall } from './registrar'

/** Content area: pages of the content system by slug in the request's locale. */
export function contentCalls(app: FastifyInstance): void {
  registerCall(app, getPage, ({ params, locale, config }) => readContentPage(locale, params.slug, config.contentDir))
}
