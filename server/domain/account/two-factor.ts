import type { Kysely } from 'kysely'
import { SITE_NAME } from '../../../src/shared/brand'
import { authThrottleMultiplier, type Config } from '../../config'
import type { DB } from '../../db/schema'
import { TwoFactorExpiredError, TwoFactorInvalidError } from '../auth/errors'
import { checkSecondFactor, classifyTotp } from '../auth/login'
import { generateRecoveryCodes, hashRecoveryCode } from '../auth/recovery-codes'
import { authLimits, consumeOrThrow, secondFactorCheck } from '../auth/throttle'
import { resetLimit } from '../ratelimit/limits'
import { destroyPlayerSessions } from '../session/sessions'
import { confirmPassword, reauthCheck } from './reauth'
import { generateTotpSecret, otpauthUri } from '../auth/totp'

/**
 * Two-factor set-up by the player (SPEC §7 changeTwoFactorAuth, confirmTwoFactorAuth).
 *
 * Enabling takes two calls, so a player never ends up with a second factor their app does not
 * have: `startSetup` (asks the password again, ARCHITECTURE §5) makes a secret and keeps it pending;
 * `confirmSetup` with a code of that secret makes it the active one and answers fresh recovery
 * codes, once. `disable` asks for a current code or a recovery code, not the password: a stolen
 * password must not be enough to remove the factor that guards against it.
 *
 * Every password or code check counts against a per-player throttle: five failures, then 30 s
 * doubling up to an hour; a success forgets them. Turning it off takes the login's code limits.
 */

export interface TwoFactorDeps {
  db: Kysely<DB>
  config: Config
  now: Date
}

export type TwoFactorSetupFailure =
  | 'wrong_password'
  | 'two_factor_invalid'
  | 'two_factor_expired'
  | 'two_factor_already_enabled'
  | 'two_factor_not_enabled'
  | 'two_factor_not_pending'

/** An expected refusal of a set-up call; server/api/errors.ts gives each its §8 type. */
export class TwoFactorSetupError extends Error {
  override name = 'TwoFactorSetupError'
  constructor(readonly reason: TwoFactorSetupFailure) {
    super(
      {
        wrong_password: 'Wrong password',
        two_factor_invalid: 'Two-factor code is invalid',
        two_factor_expired: 'Two-factor code has expired',
        two_factor_already_enabled: 'Two-factor authentication is already on',
        two_factor_not_enabled: 'Two-factor authentication is off',
        two_factor_not_pending: 'No two-factor set-up to confirm; start again',
      }[reason],
    )
  }
}

async function account(db: Kysely<DB>, playerId: bigint) {
  return db
    .selectFrom('accounts')
    .select(['login', 'email', 'password_hash', 'two_factor_secret', 'two_factor_pending_secret'])
    .where('id', '=', playerId)
    .executeTakeFirstOrThrow()
}

/** enable=1: checks the password, keeps a new secret pending and answers what the app needs. */
export async function startSetup(deps: TwoFactorDeps, playerId: bigint, password: string): Promise<{ secret: string; otpauthUri: string }> {
  const { db } = deps
  const row = await account(db, playerId)
  if (row.two_factor_secret !== null) throw new TwoFactorSetupError('two_factor_already_enabled')
  if (!(await confirmPassword(deps, playerId, row.password_hash, password, '2fa'))) throw new TwoFactorSetupError('wrong_password')
  const secret = generateTotpSecret()
  await db.updateTable('accounts').set({ two_factor_pending_secret: secret }).where('id', '=', playerId).execute()
  return { secret, otpauthUri: otpauthUri(secret, row.email ?? row.login, SITE_NAME) }
}

/**
 * A current code of the pending secret makes it active. The code's step is recorded as used, so
 * it cannot log in afterwards; the old recovery codes go and ten new ones are answered, once.
 * The player's other sessions end (they were opened without this factor); `keepSessionId` stays.
 */
export async function confirmSetup(deps: TwoFactorDeps, playerId: bigint, code: string, keepSessionId?: string): Promise<string[]> {
  const { db, config, now } = deps
  const row = await account(db, playerId)
  if (row.two_factor_secret !== null) throw new TwoFactorSetupError('two_factor_already_enabled')
  const pending = row.two_factor_pending_secret
  if (pending === null) throw new TwoFactorSetupError('two_factor_not_pending')
  const check = reauthCheck(config, playerId, '2fa')
  await consumeOrThrow(db, [check], now)
  const step = /^\d{6}$/.test(code.trim()) ? classifyTotp(pending, code.trim(), now) : 'invalid'
  if (step === 'expired') throw new TwoFactorSetupError('two_factor_expired')
  if (step === 'invalid') throw new TwoFactorSetupError('two_factor_invalid')

  const codes = generateRecoveryCodes()
  const activated = await db.transaction().execute(async (trx) => {
    // Only the secret this code was checked against: a set-up restarted meanwhile wins.
    const updated = await trx
      .updateTable('accounts')
      .set({ two_factor_secret: pending, two_factor_pending_secret: null, two_factor_last_step: step })
      .where('id', '=', playerId)
      .where('two_factor_secret', 'is', null)
      .where('two_factor_pending_secret', '=', pending)
      .executeTakeFirst()
    if (updated.numUpdatedRows !== 1n) return false
    await trx.deleteFrom('two_factor_recovery_codes').where('player_id', '=', playerId).execute()
    await trx
      .insertInto('two_factor_recovery_codes')
      .values(codes.map((c) => ({ player_id: playerId, code_hash: hashRecoveryCode(c), created_at: now })))
      .execute()
    await destroyPlayerSessions(trx, playerId, keepSessionId)
    return true
  })
  if (!activated) throw new TwoFactorSetupError('two_factor_not_pending')
  await resetLimit(db, check.key)
  return codes
}

/** enable=0: a current code (once) or an unused recovery code turns two-factor off. */
export async function disable(deps: TwoFactorDeps, playerId: bigint, code: string): Promise<void> {
  const { db, config, now } = deps
  const row = await account(db, playerId)
  if (row.two_factor_secret === null) throw new TwoFactorSetupError('two_factor_not_enabled')
  // The login's limits for a code (per player, TOTP and recovery codes apart), so a run of wrong
  // authenticator codes does not bar the recovery code of a player whose phone is gone.
  const check = secondFactorCheck(authLimits(authThrottleMultiplier(config)), playerId, code)
  await consumeOrThrow(db, [check], now)
  try {
    await checkSecondFactor(db, playerId, row.two_factor_secret, code.trim(), now)
  } catch (err) {
    if (err instanceof TwoFactorExpiredError) throw new TwoFactorSetupError('two_factor_expired')
    if (err instanceof TwoFactorInvalidError) throw new TwoFactorSetupError('two_factor_invalid')
    throw err
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('accounts')
      .set({ two_factor_secret: null, two_factor_pending_secret: null })
      .where('id', '=', playerId)
      .execute()
    await trx.deleteFrom('two_factor_recovery_codes').where('player_id', '=', playerId).execute()
  })
  await resetLimit(db, check.key)
}
