import type { FastifyInstance } from 'fastify'
import type { SettingsCache } from '../domain/settings/cache'

/** The general-info setting an operator flips to close the site (SPEC §3 'General info' domain_state). */
export const MAINTENANCE_STATE = 'maintenance'

/**
 * While domain_state is 'maintenance', every API call except metadata answers 503
 * ApplicationUnavailableException; the SSR sees it on getInfo and renders the maintenance page
 * with 503 (SPEC §8). The flag lives in the database so every instance closes together; it is
 * read from the settings cache, which sees a change within two seconds (at once where notified).
 */
export function registerMaintenance(app: FastifyInstance, { settings }: { settings: SettingsCache }): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/metadata/')) return
    if ((await settings.read()).domain_state !== MAINTENANCE_STATE) return
    return reply
      .code(503)
      .header('retry-after', '120')
      .header('cache-control', 'no-store')
      .send({ error: { type: 'ApplicationUnavailableException', message: 'The site is under maintenance.', code: 'maintenance' } })
  })
}
