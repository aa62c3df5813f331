import type { FastifyRequest } from 'fastify'
import type { Config } from '../config'

/**
 * The site's origin as the browser sees it: PUBLIC_URL, else the request's own scheme and host,
 * normalised (a default port dropped) so that the social-login client and the development identity
 * provider, reached in-process, compute the same issuer and redirect URI.
 */
export function siteOrigin(request: FastifyRequest, config: Pick<Config, 'publicUrl'>): string {
  if (config.publicUrl) return config.publicUrl
  try {
    return new URL(`${request.protocol}://${request.host}`).origin
  } catch {
    return `${request.protocol}://localhost`
  }
}
