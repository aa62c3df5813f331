import type { Kysely } from 'kysely'
import type { PlayerStatus } from '../../../src/services/api/contract/operator'
import type { ExclusionPeriod } from '../../../src/shared/self-exclusion'
import type { Config } from '../../config'
import type { DB } from '../../db/schema'
import { FieldErrors } from '../auth/errors'
import { confirmPassword } from './reauth'
import { selfExcludePlayer } from './status'

/**
 * The player's own self-exclusion (SPEC §9 periods) or time-out (24 hours to 6 weeks), from the
 * responsible-gaming page. The password
 * is asked again (whoever borrowed an open session must not lock its owner out), each wrong one
 * counting against the purpose's per-player throttle (reauth.ts). Then it is the operator's rule: effective
 * at once, every session ended (this one too), never shortened (SelfExclusionShorterError).
 */

export async function selfExcludeByPlayer(
  deps: { db: Kysely<DB>; config: Config; now: Date },
  playerId: bigint,
  input: { period: ExclusionPeriod; password: string },
): Promise<PlayerStatus> {
  const { db, now } = deps
  const row = await db.selectFrom('accounts').select('password_hash').where('id', '=', playerId).executeTakeFirstOrThrow()
  if (!(await confirmPassword(deps, playerId, row.password_hash, input.password, 'self-exclusion'))) throw new FieldErrors({ password: ['invalid'] })
  return selfExcludePlayer(db, playerId, input.period, now)
}
