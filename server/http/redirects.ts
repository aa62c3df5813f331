import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { contentReport } from '../api/content'
import { redirectsSection, resolveRedirect } from '../domain/content/redirects'

/**
 * The redirects a page request can get (every one built from input goes through the one
 * safe-target rule, src/shared/redirect.ts):
 * - the CMS redirect table (content/redirects.json, server/domain/content/redirects.ts), applied
 *   here to every page request before rendering: the server-side path check of SPEC §2.1;
 * - in the renderer: /en/... to the bare address, a remembered locale, and the route guards;
 * - the deposit's return_url, followed by the payment provider's page.
 * The browser asks the same table (content/checkPath) before it shows a 404 after a client-side move.
 */
export async function sendCmsRedirect(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, publicUrl: string): Promise<boolean> {
  const target = resolveRedirect(await app.content.section(redirectsSection, 'en'), request.url, { publicUrl, report: contentReport(request) })
  if (!target) return false
  // Short-lived even when permanent: an operator may change the table, and browsers keep a bare 301 for ever.
  reply.header('cache-control', 'public, max-age=300').redirect(target.location, target.status)
  return true
}
