import type { FastifyInstance } from 'fastify'
import { checkPromocode, getoffers } from '../../src/services/api/contract/campaigns'
import { authThrottleMultiplier } from '../config'
import { checkPromoCode, listPlayerOffers, promoCheckLimit } from '../domain/campaigns/promo-codes'
import { consumeOrThrow } from '../domain/auth/throttle'
import { registerCall } from './registrar'

/** Campaigns area (SPEC §7 'Campaigns'): thin handlers over server/domain/campaigns. */
export function campaignsCalls(app: FastifyInstance): void {
  registerCall(app, checkPromocode, async ({ params, request, db, config, now, locale }) => {
    await consumeOrThrow(db, [promoCheckLimit(request.ip, authThrottleMultiplier(config))], now)
    return checkPromoCode(db, params.promo_code, now, locale)
  })

  registerCall(app, getoffers, async ({ params, request, db, locale }) => {
    if (request.playerId === null) return []
    return listPlayerOffers(db, request.playerId, locale, params.offset ?? 0)
  })
}
