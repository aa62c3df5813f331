import type { Kysely } from 'kysely'
import { isOverSessionLimit } from '../../../src/shared/session-limit'
import { sessionLimitAsOf } from './session-limit'
import type { PlayerStatus } from '../../../src/services/api/contract/operator'
import { exclusionKind, isSelfExcludedAt, selfExclusionEnd, type ExclusionPeriod } from '../../../src/shared/self-exclusion'
import type { DB } from '../../db/schema'
import { findAccountByIdentifier } from '../auth/login'
import { destroyPlayerSessions } from '../session/sessions'
import { PlayerBannedError } from './info'

/**
 * Whether a player may use the account (SPEC §2.2, §6, §8): banned players get the blocked page,
 * self-excluded ones cannot log in until their period ends. Operators change both (the operator
 * API, server/api/operator.ts); the player sets self-exclusion from the responsible-gaming page
 * (account/selfExclude, self-exclusion.ts), through the same `selfExcludePlayer`.
 */

/** No account has the login, e-mail or phone an operator gave. */
export class UnknownPlayerError extends Error {
  override name = 'UnknownPlayerError'
  constructor() {
    super('No such player')
  }
}

/** A self-exclusion may be lengthened, never shortened. */
export class SelfExclusionShorterError extends Error {
  override name = 'SelfExclusionShorterError'
  constructor(readonly until: Date | null) {
    super('The player is already self-excluded for longer')
  }
}

/** What an authenticated request may do, from the account row. */
export type SessionStanding = 'active' | 'banned' | 'self_excluded' | 'time_limit' | 'gone'

/**
 * The standing of a session's player at `now`; one primary-key look-up. Throws PlayerBannedError
 * for a banned player, so the caller answers UserBannedException. A session that began at
 * `sessionStartedAt` and has lasted the player's session-time limit is 'time_limit'.
 */
export async function sessionStanding(db: Kysely<DB>, playerId: bigint, now: Date, sessionStartedAt?: Date): Promise<SessionStanding> {
  const row = await db
    .selectFrom('accounts')
    .select(['banned_at', 'ban_type', 'self_excluded_at', 'self_excluded_until', 'session_limit_minutes', 'session_limit_scheduled_minutes', 'session_limit_scheduled_at'])
    .where('id', '=', playerId)
    .executeTakeFirst()
  if (!row) return 'gone'
  if (row.banned_at) throw new PlayerBannedError(playerId, row.ban_type)
  if (isSelfExcludedAt(row.self_excluded_at, row.self_excluded_until, now)) return 'self_excluded'
  if (sessionStartedAt && isOverSessionLimit(sessionStartedAt, sessionLimitAsOf(row, now).minutes, now)) return 'time_limit'
  return 'active'
}

/** The id of the player an operator names by login, e-mail or phone; UnknownPlayerError when there is none. */
export async function playerIdByLogin(db: Kysely<DB>, login: string): Promise<bigint> {
  const account = await findAccountByIdentifier(db, login)
  if (!account) throw new UnknownPlayerError()
  return account.id
}

export async function readPlayerStatus(db: Kysely<DB>, playerId: bigint, now: Date): Promise<PlayerStatus> {
  const row = await db
    .selectFrom('accounts')
    .select(['login', 'banned_at', 'ban_type', 'self_excluded_at', 'self_excluded_until'])
    .where('id', '=', playerId)
    .executeTakeFirstOrThrow()
  const excluded = isSelfExcludedAt(row.self_excluded_at, row.self_excluded_until, now)
  return {
    login: row.login,
    banned: row.banned_at !== null,
    ban_type: row.banned_at ? (row.ban_type ?? 'other') : null,
    self_excluded: excluded,
    self_excluded_until: excluded && row.self_excluded_until ? row.self_excluded_until.toISOString() : null,
  }
}

export async function statusByLogin(db: Kysely<DB>, login: string, now: Date): Promise<PlayerStatus> {
  return readPlayerStatus(db, await playerIdByLogin(db, login), now)
}

/**
 * Bans a player. Their sessions stay: every call they make answers UserBannedException and every
 * page shows the blocked page, until they log out.
 */
export async function banPlayer(db: Kysely<DB>, login: string, banType: string, now: Date): Promise<PlayerStatus> {
  const playerId = await playerIdByLogin(db, login)
  await db
    .updateTable('accounts')
    .set((eb) => ({ banned_at: eb.fn.coalesce('banned_at', eb.val(now)), ban_type: banType }))
    .where('id', '=', playerId)
    .execute()
  return readPlayerStatus(db, playerId, now)
}

export async function unbanPlayer(db: Kysely<DB>, login: string, now: Date): Promise<PlayerStatus> {
  const playerId = await playerIdByLogin(db, login)
  await db.updateTable('accounts').set({ banned_at: null, ban_type: null }).where('id', '=', playerId).execute()
  return readPlayerStatus(db, playerId, now)
}

/**
 * Self-excludes a player from `now` for `period` and ends their sessions. A period that would end
 * before the one already running is refused: a self-exclusion is never shortened.
 */
export async function selfExclude(db: Kysely<DB>, login: string, period: ExclusionPeriod, now: Date): Promise<PlayerStatus> {
  return selfExcludePlayer(db, await playerIdByLogin(db, login), period, now)
}

/**
 * `selfExclude` for a player known by id: the player's own request, or an operator's. A time-out
 * period is the same block under its own name; the kind follows the block that now ends last.
 */
export async function selfExcludePlayer(db: Kysely<DB>, playerId: bigint, period: ExclusionPeriod, now: Date): Promise<PlayerStatus> {
  const until = selfExclusionEnd(period, now)
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('accounts')
      .select(['self_excluded_at', 'self_excluded_until'])
      .where('id', '=', playerId)
      // NO KEY UPDATE: nothing here changes the account's key, and FOR UPDATE would also stop every
      // insert that refers to the account (a bet, a payment) until this commits.
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow()
    if (isSelfExcludedAt(row.self_excluded_at, row.self_excluded_until, now)) {
      const current = row.self_excluded_until
      if (current === null || (until !== null && until.getTime() < current.getTime())) throw new SelfExclusionShorterError(current)
    }
    await trx.updateTable('accounts').set({ self_excluded_at: now, self_excluded_until: until, self_exclusion_kind: exclusionKind(period) }).where('id', '=', playerId).execute()
    await destroyPlayerSessions(trx, playerId)
  })
  return readPlayerStatus(db, playerId, now)
}
