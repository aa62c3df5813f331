// A player's way of betting, kept on the server so every device shows the same: the odds format,
// the odds-change policy and the betslip's selections; with them the book's limits in the player's
// currency, so the slip shows the figures placement enforces.
import { sql, type Kysely } from 'kysely'
import type { SbSettings } from '../../../src/services/api/contract/sportsbook'
import { isOddsFormat, isOddsPolicy } from '../../../src/shared/sportsbook/odds'
import type { DB } from '../../db/schema'
import { DEFAULT_BET_LIMITS, limitsIn } from './placement'
import { toMajor } from '../../../src/shared/money'

const DEFAULTS = { odds_format: 'decimal', odds_policy: 'always_ask', slip: [] } as const

/** The limits placeBet applies, as the player's currency writes them. */
async function limitsOf(db: Kysely<DB>, playerId: bigint): Promise<SbSettings['limits']> {
  const { currency } = await db.selectFrom('accounts').select('currency').where('id', '=', playerId).executeTakeFirstOrThrow()
  const limits = limitsIn(currency, DEFAULT_BET_LIMITS)
  return { currency, min_stake: toMajor(limits.minStake, currency), max_stake: toMajor(limits.maxStake, currency), max_payout: toMajor(limits.maxPayout, currency) }
}

export async function readPlayerSettings(db: Kysely<DB>, playerId: bigint): Promise<SbSettings> {
  const [row, limits] = await Promise.all([db.selectFrom('sb_player_settings').selectAll().where('player_id', '=', playerId).executeTakeFirst(), limitsOf(db, playerId)])
  if (!row) return { ...DEFAULTS, slip: [], limits }
  return {
    odds_format: isOddsFormat(row.odds_format) ? row.odds_format : DEFAULTS.odds_format,
    odds_policy: isOddsPolicy(row.odds_policy) ? row.odds_policy : DEFAULTS.odds_policy,
    slip: Array.isArray(row.slip) ? row.slip : [],
    limits,
  }
}

export async function savePlayerSettings(db: Kysely<DB>, playerId: bigint, change: Partial<Omit<SbSettings, 'limits'>>): Promise<SbSettings> {
  const values = {
    ...(change.odds_format ? { odds_format: change.odds_format } : {}),
    ...(change.odds_policy ? { odds_policy: change.odds_policy } : {}),
    ...(change.slip ? { slip: JSON.stringify(change.slip) } : {}),
  }
  await db
    .insertInto('sb_player_settings')
    .values({ player_id: playerId, ...values })
    .onConflict((oc) => oc.column('player_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute()
  return readPlayerSettings(db, playerId)
}
