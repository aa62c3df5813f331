import type { Kysely } from 'kysely'
import { authThrottleMultiplier, type Config } from '../../config'
import type { DB } from '../../db/schema'
import { verifyPassword } from '../auth/password'
import { consumeOrThrow } from '../auth/throttle'
import { resetLimit, type LimitCheck } from '../ratelimit/limits'

/**
 * The password asked again before a sensitive change (ARCHITECTURE §5): two-factor set-up, a new
 * password, a new e-mail, a self-exclusion. Each purpose has a per-player throttle of its own: five failures,
 * then 30 s doubling up to an hour, forgotten a day later or at the next success.
 */
export type ReauthPurpose = '2fa' | 'password-change' | 'email-change' | 'self-exclusion'

export function reauthCheck(config: Config, playerId: bigint, purpose: ReauthPurpose): LimitCheck {
  const threshold = Math.max(1, Math.round(5 * authThrottleMultiplier(config)))
  return {
    key: `${purpose}:player:${playerId}`,
    policy: { kind: 'failures', threshold, baseDelayMs: 30_000, maxDelayMs: 3_600_000, forgetAfterMs: 86_400_000 },
  }
}

/**
 * Whether `password` is the player's (`passwordHash`), counting the attempt; throws ThrottledError
 * while the purpose's throttle holds. A success forgets the failures.
 */
export async function confirmPassword(
  deps: { db: Kysely<DB>; config: Config; now: Date },
  playerId: bigint,
  passwordHash: string,
  password: string,
  purpose: ReauthPurpose,
): Promise<boolean> {
  const check = reauthCheck(deps.config, playerId, purpose)
  await consumeOrThrow(deps.db, [check], deps.now)
  if (!(await verifyPassword(passwordHash, password))) return false
  await resetLimit(deps.db, check.key)
  return true
}
