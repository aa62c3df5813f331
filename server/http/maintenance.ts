import type { FastifyInstance, FastifyReply } from 'fastify'
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
    if (await closedForMaintenance(settings, request.url)) return sendMaintenance(reply)
  })
}

/** Whether this request meets the closed site: an API call other than metadata while domain_state is maintenance. */
export async function closedForMaintenance(settings: SettingsCache, url: string): Promise<boolean> {
  if (!url.startsWith('/api/') || url.startsWith('/api/metadata/')) return false
  return (await settings.read()).domain_state === MAINTENANCE_STATE
}

export function sendMaintenance(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', '120')
    .header('cache-control', 'no-store')
    .send({ error: { type: 'ApplicationUnavailableException', message: 'The site is under maintenance.', code: 'maintenance' } })
}
