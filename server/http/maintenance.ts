import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema'
import { readSettings } from '../domain/settings/settings'

/** The general-info setting an operator flips to close the site (SPEC §3 'General info' domain_state). */
export const MAINTENANCE_STATE = 'maintenance'
const CACHE_MS = 2_000

/**
 * While domain_state is 'maintenance', every API call except metadata answers 503
 * ApplicationUnavailableException; the SSR sees it on getInfo and renders the maintenance page
 * with 503 (SPEC §8). The flag lives in the database so every instance closes together; it is
 * read at most every two seconds per instance.
 */
export function registerMaintenance(app: FastifyInstance, { db }: { db: Kysely<DB> }): void {
  let cached: { at: number; on: boolean } | undefined
  const isOn = async () => {
    const now = Date.now()
    if (cached && now - cached.at < CACHE_MS) return cached.on
    const { domain_state } = await readSettings(db, ['domain_state'])
    cached = { at: now, on: domain_state === MAINTENANCE_STATE }
    return cached.on
  }
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/metadata/')) return
    if (!(await isOn())) return
    return reply
      .code(503)
      .header('retry-after', '120')
      .header('cache-control', 'no-store')
      .send({ error: { type: 'ApplicationUnavailableException', message: 'The site is under maintenance.', code: 'maintenance' } })
  })
}
