import type { Kysely } from 'kysely'
import type { LoyaltyInfo } from '../../../src/services/api/contract/loyalty'
import type { DB } from '../../db/schema'

/**
 * A player's loyalty programme (SPEC §3 'Loyalty info'), or null when the player is in none.
 * The seam the login flow loads through: there are no programmes yet, so every player is in none.
 * The loyalty issue replaces the body with the look-up of the player's programme.
 */
export async function getLoyaltyInfo(_db: Kysely<DB>, _playerId: bigint): Promise<LoyaltyInfo | null> {
  return null
}
