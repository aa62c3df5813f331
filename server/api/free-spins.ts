import type { FastifyInstance } from 'fastify'
import { getFreeSpins } from '../../src/services/api/contract/free-spins'
import { listFreeSpins } from '../domain/games/free-spins'
import { registerCall } from './registrar'

/** Free spins area (SPEC §7 'Free spins'): get, over server/domain/games/free-spins; player-only (index.ts). */
export function freeSpinsPlayerCalls(app: FastifyInstance): void {
  registerCall(app, getFreeSpins, ({ params, playerId, db, locale, now }) =>
    listFreeSpins(db, playerId, { statuses: params.status ?? [], count: params.count ?? 20, locale, now }),
  )
}
