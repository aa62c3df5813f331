import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { argon2Cost, authThrottleMultiplier, type Argon2Cost, type Config } from '../../config'
import type { DB } from '../../db/schema'
import { PlayerBannedError, SelfExcludedError } from '../account/info'
import { isSelfExcludedAt, type ExclusionKind } from '../../../src/shared/self-exclusion'
import { refundAttempt, resetLimit } from '../ratelimit/limits'
import { InvalidCredentialsError, TwoFactorExpiredError, TwoFactorInvalidError, TwoFactorRequiredError } from './errors'
import { hashPassword, verifyPassword } from './password'
import { hashRecoveryCode, looksLikeRecoveryCode } from './recovery-codes'
import { authLimits, consumeOrThrow, loginChecks, loginSubject, secondFactorCheck } from './throttle'
import { secondsLeftInStep, TOTP_DEFAULTS, verifyTotp } from './totp'

/**
 * Login (SPEC §4 'Login', ARCHITECTURE §5): argon2id password check, two-factor by TOTP or a
 * recovery code, and the throttles of throttle.ts. Answers never tell whether an account exists:
 * an unknown login is checked against a dummy hash so it takes as long as a wrong password, counts
 * against the same throttles, and fails with the same error.
 */

export interface AuthDeps {
  db: Kysely<DB>
  config: Config
  now: Date
}

export interface LoginInput {
  login: string
  password: string
  /** A 6-digit TOTP code or a recovery code, in the two-factor step. */
  code?: string | null
  ip: string
}

/** What a login looks up: enough to check the password and the second factor, nothing more. */
export interface LoginAccount {
  id: bigint
  password_hash: string
  banned_at: Date | null
  ban_type: string | null
  self_excluded_at: Date | null
  self_excluded_until: Date | null
  self_exclusion_kind: ExclusionKind
  two_factor_secret: string | null
  email: string | null
  locale: string
}

/**
 * The account a login identifier names: its login, else its e-mail, else its phone (digits, as
 * stored); case-insensitive for login and e-mail. Registration keeps the three unique across each
 * other, so at most one account matches; the order only matters for data made before that rule.
 */
export async function findAccountByIdentifier(db: Kysely<DB>, identifier: string): Promise<LoginAccount | undefined> {
  const subject = loginSubject(identifier)
  if (subject === '') return undefined
  const digits = /^[\d\s().-]{6,}$/.test(subject) ? subject.replace(/\D/g, '') : null
  return db
    .selectFrom('accounts')
    .select(['id', 'password_hash', 'banned_at', 'ban_type', 'self_excluded_at', 'self_excluded_until', 'self_exclusion_kind', 'two_factor_secret', 'email', 'locale'])
    .where((eb) =>
      eb.or([
        eb(sql`lower(login)`, '=', subject),
        eb(sql`lower(email)`, '=', subject),
        ...(digits ? [eb('phone', '=', digits)] : []),
      ]),
    )
    .orderBy(sql`lower(login) = ${subject}`, 'desc')
    .orderBy(sql`lower(email) = ${subject}`, 'desc')
    .limit(1)
    .executeTakeFirst()
}

const dummyHashes = new Map<string, Promise<string>>()

/**
 * A hash of a random password at the current cost, verified when the account does not exist so
 * the answer takes as long as a wrong password's. Made once per cost; `warmDummyHash` at start
 * keeps the first unknown login from paying for it.
 */
export function dummyHash(cost: Argon2Cost): Promise<string> {
  const key = JSON.stringify(cost)
  let hash = dummyHashes.get(key)
  if (!hash) {
    hash = hashPassword(randomBytes(18).toString('base64'), cost)
    dummyHashes.set(key, hash)
  }
  return hash
}

export function warmDummyHash(config: Config): Promise<string> {
  return dummyHash(argon2Cost(config))
}

/**
 * Checks the credentials (and the second factor when the account has one) and returns the player
 * id to start the session for. Throws ThrottledError, InvalidCredentialsError,
 * TwoFactorRequiredError, TwoFactorInvalidError, TwoFactorExpiredError, PlayerBannedError or
 * SelfExcludedError. The account's status is told only to someone who passed both factors: a
 * password alone does not reveal that an account is banned or self-excluded.
 */
export async function authenticate(deps: AuthDeps, input: LoginInput): Promise<bigint> {
  const { db, config, now } = deps
  const limits = authLimits(authThrottleMultiplier(config))
  const checks = loginChecks(limits, input.login, input.ip)
  // Counted before the password check, so a burst of parallel guesses is counted in full.
  await consumeOrThrow(db, [checks.pair, checks.ip], now)

  const account = await findAccountByIdentifier(db, input.login)
  const passwordOk = await verifyPassword(account?.password_hash ?? (await dummyHash(argon2Cost(config))), input.password)
  if (!account || !passwordOk) throw new InvalidCredentialsError()

  // The password was right: it was no guess, so its attempt is handed back at once. The second
  // factor counts against limits of its own (secondFactorCheck), never against the password's:
  // wrong authenticator codes must not bar the recovery code that is the way out of a lost phone.
  await resetLimit(db, checks.pair.key)
  await refundAttempt(db, checks.ip, now)
  if (account.two_factor_secret === null) {
    assertMayLogIn(account, now)
    return account.id
  }

  const code = input.code?.trim() ?? ''
  if (code === '') throw new TwoFactorRequiredError(secondsLeftInStep(now.getTime()))
  const factor = secondFactorCheck(limits, account.id, code)
  await consumeOrThrow(db, [factor], now)
  await checkSecondFactor(db, account.id, account.two_factor_secret, code, now)
  await resetLimit(db, factor.key)
  assertMayLogIn(account, now)
  return account.id
}

/**
 * SPEC §2.2, §6: a banned player gets UserBannedException (the caller still binds the session to
 * the player, so every page shows the blocked page); a self-excluded one may not log in until the
 * period ends.
 */
function assertMayLogIn(account: LoginAccount, now: Date): void {
  if (account.banned_at) throw new PlayerBannedError(account.id, account.ban_type)
  if (isSelfExcludedAt(account.self_excluded_at, account.self_excluded_until, now)) {
    throw new SelfExcludedError(account.self_excluded_until, account.self_exclusion_kind)
  }
}

/** How far back a right code counts as expired rather than wrong: 10 steps, five minutes. */
const EXPIRED_LOOKBACK_STEPS = 10

/**
 * A 6-digit code against a secret at `now`: the step it is valid for, 'expired' when it was right a
 * few steps ago (SPEC §8 'Time expired'), or 'invalid'. Replays are the caller's to refuse.
 */
export function classifyTotp(secret: string, code: string, now: Date): bigint | 'expired' | 'invalid' {
  const step = verifyTotp(secret, code, now.getTime())
  if (step !== null) return step
  const stepMs = TOTP_DEFAULTS.stepSeconds * 1000
  const half = (EXPIRED_LOOKBACK_STEPS - 2) / 2
  const centre = now.getTime() - (2 + half) * stepMs
  return verifyTotp(secret, code, centre, { window: half }) !== null ? 'expired' : 'invalid'
}

/**
 * The second factor: a current TOTP code, accepted once (a step later than the last one used), or
 * an unused recovery code, used up. Throws TwoFactorInvalidError or TwoFactorExpiredError.
 */
export async function checkSecondFactor(db: Kysely<DB>, playerId: bigint, secret: string, code: string, now: Date): Promise<void> {
  if (/^\d{6}$/.test(code)) {
    const step = classifyTotp(secret, code, now)
    if (typeof step === 'bigint') {
      // Accepted once: only a step later than the last one used. The condition and the write are
      // one statement, so two requests racing with the same code cannot both pass.
      const accepted = await db
        .updateTable('accounts')
        .set({ two_factor_last_step: step })
        .where('id', '=', playerId)
        .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
        .executeTakeFirst()
      if (accepted.numUpdatedRows === 1n) return
      throw new TwoFactorInvalidError()
    }
    // Right for a step a little in the past: tell the player to use the current code.
    if (step === 'expired') throw new TwoFactorExpiredError()
    throw new TwoFactorInvalidError()
  }
  if (looksLikeRecoveryCode(code)) {
    const used = await db
      .updateTable('two_factor_recovery_codes')
      .set({ used_at: now })
      .where('player_id', '=', playerId)
      .where('code_hash', '=', hashRecoveryCode(code))
      .where('used_at', 'is', null)
      .executeTakeFirst()
    if (used.numUpdatedRows === 1n) return
  }
  throw new TwoFactorInvalidError()
}
