import type { FastifyInstance } from 'fastify'
import { getSeeds, rotateSeeds } from '../../src/services/api/contract/games'
import { readSeeds, rotateSeeds as rotate } from '../domain/games/seeds'
import { registerCall } from './registrar'

/** Games area, player calls: the provably fair seeds (docs/games.md). */
export function gamesPlayerCalls(app: FastifyInstance): void {
  registerCall(app, getSeeds, ({ db, playerId }) => readSeeds(db, playerId))
  registerCall(app, rotateSeeds, ({ db, playerId, params, now }) => rotate(db, playerId, params.client_seed ?? null, now))
}
