import type { FastifyInstance } from 'fastify'
import { get } from '../../src/services/api/contract/cashbacks'
import { ApiError } from '../../src/shared/errors'
import { listCashbacks } from '../domain/cashbacks/cashbacks'
import { registerCall } from './registrar'

/** Cashbacks area (SPEC §7 'Cashbacks'): get, over server/domain/cashbacks. */
export function registerCashbacksCalls(app: FastifyInstance): void {
  registerCall(app, get, ({ params, request, db }) => {
    if (request.playerId === null) throw new ApiError({ type: 'AuthorizationException', code: 'not_logged_in', message: 'Log in to see your cashbacks.' })
    return listCashbacks(db, request.playerId, {
      count: params.count ?? 20,
      sort: params.sort ?? 'ended_at',
      order: params.order ?? 'desc',
      statuses: params.statuses ?? [],
    })
  })
}
