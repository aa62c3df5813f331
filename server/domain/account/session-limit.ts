import type { Kysely } from 'kysely'
import { SESSION_LIMIT_COOLING_OFF_MS, type SessionLimitMinutes } from '../../../src/shared/session-limit'
import type { DB } from '../../db/schema'

/**
 * The session-time limit (responsible gaming): kept on the account, enforced on every API call of
 * the player's (http/session.ts: a session past it ends). Lowering it, or setting one, applies at
 * once; raising or removing it waits SESSION_LIMIT_COOLING_OFF_MS, as deposit limits do.
 */

export interface SessionLimitRow {
  session_limit_minutes: number | null
  session_limit_scheduled_minutes: number | null
  session_limit_scheduled_at: Date | null
}

export interface SessionLimitState {
  /** In force now; null: none. */
  minutes: number | null
  /** A raise (minutes) or a removal (null) and when it takes effect; null when none waits. */
  scheduled: { minutes: number | null; effectiveAt: Date } | null
}

/** The limit as it stands at `now`: a change whose cooling-off is over is in force. */
export function sessionLimitAsOf(row: SessionLimitRow, now: Date): SessionLimitState {
  const at = row.session_limit_scheduled_at
  if (at && at.getTime() <= now.getTime()) return { minutes: row.session_limit_scheduled_minutes, scheduled: null }
  return { minutes: row.session_limit_minutes, scheduled: at ? { minutes: row.session_limit_scheduled_minutes, effectiveAt: at } : null }
}

const COLUMNS = ['session_limit_minutes', 'session_limit_scheduled_minutes', 'session_limit_scheduled_at'] as const

export async function readSessionLimit(db: Kysely<DB>, playerId: bigint, now: Date): Promise<SessionLimitState> {
  const row = await db.selectFrom('accounts').select(COLUMNS).where('id', '=', playerId).executeTakeFirstOrThrow()
  return sessionLimitAsOf(row, now)
}

/**
 * The player's choice (null: no limit). Stricter than what is in force: at once, and a waiting
 * change is dropped. Looser: scheduled a cooling-off from now (asking again restarts nothing: a
 * waiting change of the same kind keeps its day). The same as in force: a waiting change is dropped.
 */
export async function setSessionLimit(db: Kysely<DB>, playerId: bigint, minutes: SessionLimitMinutes | null, now: Date): Promise<SessionLimitState> {
  return db.transaction().execute(async (trx) => {
    // Only this account's row: two changes side by side apply one after the other.
    const row = await trx.selectFrom('accounts').select(COLUMNS).where('id', '=', playerId).forUpdate().executeTakeFirstOrThrow()
    const current = sessionLimitAsOf(row, now)
    const stricter = minutes !== null && (current.minutes === null || minutes < current.minutes)
    let next: SessionLimitRow
    if (stricter || minutes === current.minutes) {
      next = { session_limit_minutes: minutes, session_limit_scheduled_minutes: null, session_limit_scheduled_at: null }
    } else {
      const waiting = current.scheduled
      next = {
        session_limit_minutes: current.minutes,
        session_limit_scheduled_minutes: minutes,
        session_limit_scheduled_at: waiting && waiting.minutes === minutes ? waiting.effectiveAt : new Date(now.getTime() + SESSION_LIMIT_COOLING_OFF_MS),
      }
    }
    await trx.updateTable('accounts').set(next).where('id', '=', playerId).execute()
    return sessionLimitAsOf(next, now)
  })
}
