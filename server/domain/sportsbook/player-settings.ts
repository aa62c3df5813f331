// A player's way of betting, kept on the server so every device shows the same: the odds format,
// the odds-change policy and the betslip's selections.
import { sql, type Kysely } from 'kysely'
import type { SbSettings } from '../../../src/services/api/contract/sportsbook'
import { isOddsFormat, isOddsPolicy } from '../../../src/shared/sportsbook/odds'
import type { DB } from '../../db/schema'

const DEFAULTS: SbSettings = { odds_format: 'decimal', odds_policy: 'always_ask', slip: [] }

export async function readPlayerSettings(db: Kysely<DB>, playerId: bigint): Promise<SbSettings> {
  const row = await db.selectFrom('sb_player_settings').selectAll().where('player_id', '=', playerId).executeTakeFirst()
  if (!row) return DEFAULTS
  return {
    odds_format: isOddsFormat(row.odds_format) ? row.odds_format : DEFAULTS.odds_format,
    odds_policy: isOddsPolicy(row.odds_policy) ? row.odds_policy : DEFAULTS.odds_policy,
    slip: Array.isArray(row.slip) ? row.slip : [],
  }
}

export async function savePlayerSettings(db: Kysely<DB>, playerId: bigint, change: Partial<SbSettings>): Promise<SbSettings> {
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
