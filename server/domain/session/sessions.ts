import { createHash, randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { announceSessionsEnded } from '../wallet/notifier'

/**
 * Server-side sessions (ARCHITECTURE §5). The browser holds an opaque token, 32 random bytes in
 * base64url; the table holds only its SHA-256, so a leaked table cannot be replayed as cookies.
 * A session ends after `idleTimeoutMs` without a request, or at `expiresAt` whatever happens.
 * Every function takes `now` so tests move time without waiting.
 */

type Db = Kysely<DB> | Transaction<DB>

export interface SessionPolicy {
  idleTimeoutMs: number
  absoluteTimeoutMs: number
}

export interface SessionRecord {
  /** SHA-256 of the token, hex. */
  id: string
  playerId: bigint | null
  createdAt: Date
  lastSeenAt: Date
  expiresAt: Date
}

export interface IssuedSession {
  /** Goes into the cookie and nowhere else; never stored, never logged. */
  token: string
  session: SessionRecord
}

const TOKEN_BYTES = 32
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url')
}

/** A cookie value that could be one of our tokens; anything else is ignored without a query. */
export function isWellFormedToken(token: unknown): token is string {
  return typeof token === 'string' && TOKEN_RE.test(token)
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function toRecord(row: {
  id: string
  player_id: bigint | null
  created_at: Date
  last_seen_at: Date
  expires_at: Date
}): SessionRecord {
  return {
    id: row.id,
    playerId: row.player_id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  }
}

/** Whether a session is over at `now`: idle too long, or past its absolute end. */
export function isExpired(session: SessionRecord, now: Date, policy: SessionPolicy): boolean {
  return (
    now.getTime() >= session.expiresAt.getTime() ||
    now.getTime() - session.lastSeenAt.getTime() >= policy.idleTimeoutMs
  )
}

/** When the session would end if no request came: the earlier of the idle and absolute ends. */
export function endsAt(session: SessionRecord, policy: SessionPolicy): Date {
  return new Date(Math.min(session.expiresAt.getTime(), session.lastSeenAt.getTime() + policy.idleTimeoutMs))
}

export async function createSession(
  db: Db,
  input: { playerId: bigint | null; now: Date; policy: SessionPolicy; ip?: string | null; userAgent?: string | null; timeZone?: string | null },
): Promise<IssuedSession> {
  const token = newToken()
  const row = await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      player_id: input.playerId,
      created_at: input.now,
      last_seen_at: input.now,
      expires_at: new Date(input.now.getTime() + input.policy.absoluteTimeoutMs),
      ip: input.ip ?? null,
      // Bounded: a header is client input and should not grow the table without limit.
      user_agent: input.userAgent?.slice(0, 512) ?? null,
      time_zone: input.timeZone ?? null,
    })
    .returning(['id', 'player_id', 'created_at', 'last_seen_at', 'expires_at'])
    .executeTakeFirstOrThrow()
  return { token, session: toRecord(row) }
}

/** The live session for a cookie token, or null. An expired one is deleted on sight. */
export async function lookupSession(db: Db, token: string, now: Date, policy: SessionPolicy): Promise<SessionRecord | null> {
  if (!isWellFormedToken(token)) return null
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'player_id', 'created_at', 'last_seen_at', 'expires_at'])
    .where('id', '=', hashToken(token))
    .executeTakeFirst()
  if (!row) return null
  const session = toRecord(row)
  if (isExpired(session, now, policy)) {
    await destroySession(db, session.id)
    return null
  }
  return session
}

/**
 * Records activity. Writes at most once per `touchIntervalMs` (a tenth of the idle timeout, at
 * most a minute) so that a page's burst of API calls costs one write, not one each; `force` writes
 * now (the keep-alive of an active player).
 */
export async function touchSession(
  db: Db,
  session: SessionRecord,
  now: Date,
  policy: SessionPolicy,
  options: { force?: boolean } = {},
): Promise<SessionRecord> {
  const touchIntervalMs = Math.min(60_000, policy.idleTimeoutMs / 10)
  // `force`: the browser's keep-alive says the player is active now; its idle clock and ours must
  // start from the same moment (session/touch, SPEC §4 'Automatic logout by inactivity').
  if (!options.force && now.getTime() - session.lastSeenAt.getTime() < touchIntervalMs) return session
  if (now.getTime() <= session.lastSeenAt.getTime()) return session
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', session.id).execute()
  return { ...session, lastSeenAt: now }
}

/**
 * Replaces a session's token (on login, logout-to-visitor, and any privilege change) so a token
 * seen before the change is worthless after it. When the player changes, the session starts over:
 * a new absolute end counts from now.
 */
export async function rotateSession(
  db: Db,
  sessionId: string,
  input: { playerId: bigint | null; now: Date; policy: SessionPolicy; timeZone?: string | null },
): Promise<IssuedSession | null> {
  const current = await db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirst()
  if (!current) return null
  const token = newToken()
  const samePlayer = current.player_id === input.playerId
  const row = await db
    .updateTable('sessions')
    .set({
      id: hashToken(token),
      player_id: input.playerId,
      last_seen_at: input.now,
      ...(samePlayer
        ? {}
        : { created_at: input.now, expires_at: new Date(input.now.getTime() + input.policy.absoluteTimeoutMs) }),
      // A login names where the device is now.
      ...(input.timeZone ? { time_zone: input.timeZone } : {}),
    })
    .where('id', '=', sessionId)
    .returning(['id', 'player_id', 'created_at', 'last_seen_at', 'expires_at'])
    .executeTakeFirst()
  return row ? { token, session: toRecord(row) } : null
}

export async function destroySession(db: Db, sessionId: string): Promise<void> {
  const ended = await db.deleteFrom('sessions').where('id', '=', sessionId).returning('player_id').execute()
  await announceSessionsEnded(db, ended.flatMap((r) => (r.player_id === null ? [] : [BigInt(r.player_id)])))
}

/** Ends every session of a player, except one (the one changing its password keeps going). */
export async function destroyPlayerSessions(db: Db, playerId: bigint, exceptSessionId?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('player_id', '=', playerId)
  if (exceptSessionId) query = query.where('id', '<>', exceptSessionId)
  const ended = await query.returning('id').execute()
  if (ended.length > 0) await announceSessionsEnded(db, [playerId])
  return ended.length
}

/** Deletes sessions that are over; for a periodic job. */
export async function purgeExpiredSessions(db: Db, now: Date, policy: SessionPolicy): Promise<number> {
  const idleCutoff = new Date(now.getTime() - policy.idleTimeoutMs)
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** A player's signed-in device as the security page lists it. */
export interface PlayerSession {
  /** Stands for the session on the page; derived from its id, and no use as a cookie. */
  publicId: string
  current: boolean
  createdAt: Date
  lastSeenAt: Date
  ip: string | null
  userAgent: string | null
  timeZone: string | null
}

/** The public name of a session: the row's id is the token's hash, which the page has no need to see. */
export function publicSessionId(sessionId: string): string {
  return createHash('sha256').update(`session:${sessionId}`).digest('hex').slice(0, 24)
}

/** The player's live sessions: the asking one (`currentId`) first, then the most recently used. */
export async function listPlayerSessions(db: Db, playerId: bigint, currentId: string | undefined, now: Date, policy: SessionPolicy): Promise<PlayerSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'player_id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent', 'time_zone'])
    .where('player_id', '=', playerId)
    .orderBy('last_seen_at', 'desc')
    .limit(100)
    .execute()
  return rows
    .filter((row) => !isExpired(toRecord(row), now, policy))
    // The asking device first: it is the one the player knows.
    .sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId))
    .map((row) => ({
      publicId: publicSessionId(row.id),
      current: row.id === currentId,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      ip: row.ip,
      userAgent: row.user_agent,
      timeZone: row.time_zone,
    }))
}

/**
 * Ends one of the player's other sessions, named by its public id; answers whether one ended. The
 * asking session is not ended here (that is a logout), nor is another player's.
 */
export async function endPlayerSession(db: Db, playerId: bigint, publicId: string, currentId: string | undefined): Promise<boolean> {
  const rows = await db.selectFrom('sessions').select('id').where('player_id', '=', playerId).execute()
  const target = rows.find((row) => publicSessionId(row.id) === publicId && row.id !== currentId)
  if (!target) return false
  const ended = await db.deleteFrom('sessions').where('id', '=', target.id).where('player_id', '=', playerId).returning('id').execute()
  if (ended.length > 0) await announceSessionsEnded(db, [playerId])
  return ended.length > 0
}
