import type { FastifyInstance } from 'fastify'
import { get } from '../../src/services/api/contract/cashbacks'
import { listCashbacks } from '../domain/cashbacks/cashbacks'
import { registerCall } from './registrar'

/** Cashbacks area (SPEC §7 'Cashbacks'): get, over server/domain/cashbacks; player-only (index.ts). */
export function cashbacksPlayerCalls(app: FastifyInstance): void {
  registerCall(app, get, ({ params, playerId, db }) => {
    return listCashbacks(db, playerId, {
      count: params.count ?? 20,
      sort: params.sort ?? 'ended_at',
      order: params.order ?? 'desc',
      statuses: params.statuses ?? [],
    })
  })
}
