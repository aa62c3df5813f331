import type { Kysely } from 'kysely'
import type { PlayerStatus } from '../../../src/services/api/contract/operator'
import type { SelfExclusionPeriod } from '../../../src/shared/self-exclusion'
import { authThrottleMultiplier, type Config } from '../../config'
import type { DB } from '../../db/schema'
import { FieldErrors } from '../auth/errors'
import { verifyPassword } from '../auth/password'
import { consumeOrThrow } from '../auth/throttle'
import { resetLimit, type LimitCheck } from '../ratelimit/limits'
import { selfExcludePlayer } from './status'

/**
 * The player's own self-exclusion (SPEC §9 periods), from the responsible-gaming page. The password
 * is asked again (ARCHITECTURE §5: whoever borrowed an open session must not lock its owner out),
 * each wrong one counting against a per-player throttle. Then it is the operator's rule: effective
 * at once, every session ended (this one too), never shortened (SelfExclusionShorterError).
 */

export function selfExclusionCheck(config: Config, playerId: bigint): LimitCheck {
  const threshold = Math.max(1, Math.round(5 * authThrottleMultiplier(config)))
  return {
    key: `self-exclusion:player:${playerId}`,
    policy: { kind: 'failures', threshold, baseDelayMs: 30_000, maxDelayMs: 3_600_000, forgetAfterMs: 86_400_000 },
  }
}

export async function selfExcludeByPlayer(
  deps: { db: Kysely<DB>; config: Config; now: Date },
  playerId: bigint,
  input: { period: SelfExclusionPeriod; password: string },
): Promise<PlayerStatus> {
  const { db, config, now } = deps
  const row = await db.selectFrom('accounts').select('password_hash').where('id', '=', playerId).executeTakeFirstOrThrow()
  const check = selfExclusionCheck(config, playerId)
  await consumeOrThrow(db, [check], now)
  if (!(await verifyPassword(row.password_hash, input.password))) throw new FieldErrors({ password: ['invalid'] })
  await resetLimit(db, check.key)
  return selfExcludePlayer(db, playerId, input.period, now)
}
