import type { FastifyRequest } from 'fastify'
import type { Config } from '../config'

/**
 * Whether the browser reached us over https: PUBLIC_URL says so, or the request came over TLS,
 * or a trusted proxy said so in X-Forwarded-Proto (Fastify reads that header only when
 * trustProxy is set, so a client cannot claim https on its own).
 */
export function isHttps(request: FastifyRequest, config: Pick<Config, 'publicUrl'>): boolean {
  return request.protocol === 'https' || (config.publicUrl?.startsWith('https:') ?? false)
}
