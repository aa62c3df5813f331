import type { FastifyInstance } from 'fastify'
import { getcharacters, getinfo } from '../../src/services/api/contract/loyalty'
import { listCharacters } from '../domain/loyalty/characters'
import { getLoyaltyInfo } from '../domain/loyalty/info'
import { registerCall } from './registrar'

/** Loyalty area (SPEC §7 'Loyalty'): getinfo and getcharacters, for now. */
export function loyaltyCalls(app: FastifyInstance): void {
  // SPEC §6: loyalty data is for logged-in players; a visitor gets null, not an error.
  registerCall(app, getinfo, ({ request, db }) => (request.playerId === null ? null : getLoyaltyInfo(db, request.playerId)))
  // The characters are public: the registration form offers them before there is a player.
  registerCall(app, getcharacters, ({ db }) => listCharacters(db))
}
