// The simulator's clock: the app's time plus an offset kept in the database, so every instance
// reads the same feed time and a test can play a match to its end without waiting for it.
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'

export async function feedOffsetMs(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('sb_feed_clock').select('offset_ms').where('id', '=', 1).executeTakeFirst()
  return row ? Number(row.offset_ms) : 0
}

export async function feedNow(db: Kysely<DB>, now: Date): Promise<Date> {
  return new Date(now.getTime() + (await feedOffsetMs(db)))
}

/** The longest single move: a week, more than any event lasts. */
export const MAX_CLOCK_MOVE_MS = 7 * 86_400_000

/** Moves the feed's clock on (never back: a result once given stays given). Answers the new offset. */
export async function advanceFeedClock(db: Kysely<DB>, ms: number): Promise<number> {
  if (!Number.isInteger(ms) || ms <= 0 || ms > MAX_CLOCK_MOVE_MS) throw new RangeError(`A clock move is 1 ms to a week (got ${ms})`)
  const row = await db
    .updateTable('sb_feed_clock')
    .set({ offset_ms: sql`offset_ms + ${ms}` })
    .where('id', '=', 1)
    .returning('offset_ms')
    .executeTakeFirstOrThrow()
  return Number(row.offset_ms)
}
