import type { FastifyInstance } from 'fastify'
import { activateBettingBonus, getBettingBonuses, removeBettingBonus } from '../../src/services/api/contract/betting-bonuses'
import { activateBonus, listBonuses, removeBonus } from '../domain/sportsbook/bonuses'
import { registerCall } from './registrar'

/** Betting bonuses area (SPEC §7 'Betting bonuses'): get, activate, remove; player-only (index.ts). */
export function bettingBonusesPlayerCalls(app: FastifyInstance): void {
  registerCall(app, getBettingBonuses, ({ db, params, playerId, locale, now }) => listBonuses(db, playerId, params.bonus_id, locale, now))
  registerCall(app, activateBettingBonus, ({ db, params, playerId, locale, now }) => activateBonus(db, playerId, params.bonus_id, locale, now))
  registerCall(app, removeBettingBonus, ({ db, params, playerId, locale, now }) => removeBonus(db, playerId, params.bonus_id, locale, now))
}
