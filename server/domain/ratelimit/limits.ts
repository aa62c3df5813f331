import { createHash } from 'node:crypto'
import { isIP } from 'node:net'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'

/**
 * Throttling counters kept in the `rate_limits` table, so every instance and every restart sees
 * the same counts (ARCHITECTURE §5: no state that matters in memory). Two kinds of policy:
 *
 * - `failures`: attempts are counted until one succeeds (which resets or refunds them). From the
 *   `threshold`-th failure on, each failure blocks the key for a delay that doubles, up to
 *   `maxDelayMs`. The count is forgotten after `forgetAfterMs` without an attempt.
 * - `window`: at most `limit` attempts per fixed window of `windowMs`.
 *
 * An attempt is counted *before* the work it guards (the password check), not after: N requests
 * sent at once all see the count of the ones before them, so a burst cannot slip past the limit.
 * A success then hands its count back (`resetLimit`, `refundAttempt`).
 */

type Db = Kysely<DB> | Transaction<DB>

export type LimitPolicy =
  | { kind: 'failures'; threshold: number; baseDelayMs: number; maxDelayMs: number; forgetAfterMs: number }
  | { kind: 'window'; limit: number; windowMs: number }

export interface LimitCheck {
  key: string
  policy: LimitPolicy
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterMs: number }

/** The delay a `failures` key is blocked for after its `hits`-th failure (0 below the threshold). */
export function blockDelayMs(policy: Extract<LimitPolicy, { kind: 'failures' }>, hits: number): number {
  if (hits < policy.threshold) return 0
  const doublings = Math.min(hits - policy.threshold, 30)
  return Math.min(policy.baseDelayMs * 2 ** doublings, policy.maxDelayMs)
}

interface Row {
  key: string
  hits: number
  window_started_at: Date
  blocked_until: Date | null
  updated_at: Date
}

/** The row as it stands at `now`, with an expired window or a forgotten count cleared. */
function current(row: Row, policy: LimitPolicy, now: Date): Row {
  const t = now.getTime()
  const stale =
    policy.kind === 'window'
      ? t - row.window_started_at.getTime() >= policy.windowMs
      : t - row.updated_at.getTime() >= policy.forgetAfterMs
  return stale ? { ...row, hits: 0, window_started_at: now, blocked_until: null } : row
}

function retryAfterMs(row: Row, policy: LimitPolicy, now: Date): number {
  if (policy.kind === 'window') {
    return row.hits >= policy.limit ? row.window_started_at.getTime() + policy.windowMs - now.getTime() : 0
  }
  return row.blocked_until ? Math.max(0, row.blocked_until.getTime() - now.getTime()) : 0
}

/**
 * Counts one attempt against every check, or against none when any of them is blocked; says when
 * to come back in that case. All in one transaction with the rows locked, so concurrent attempts
 * on one key are counted one after another.
 */
export async function consume(db: Kysely<DB>, checks: readonly LimitCheck[], now: Date): Promise<Verdict> {
  // A stable lock order, so two requests locking the same pair of keys cannot deadlock.
  const ordered = [...checks].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return db.transaction().execute(async (trx) => {
    const rows: Row[] = []
    for (const { key, policy } of ordered) {
      await trx
        .insertInto('rate_limits')
        .values({ key, hits: 0, window_started_at: now, updated_at: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute()
      const row = await trx.selectFrom('rate_limits').selectAll().where('key', '=', key).forUpdate().executeTakeFirstOrThrow()
      rows.push(current(row, policy, now))
    }
    const wait = Math.max(0, ...rows.map((row, i) => retryAfterMs(row, ordered[i]!.policy, now)))
    if (wait > 0) return { allowed: false, retryAfterMs: wait }

    for (const [i, row] of rows.entries()) {
      const policy = ordered[i]!.policy
      const hits = row.hits + 1
      const delay = policy.kind === 'failures' ? blockDelayMs(policy, hits) : 0
      await trx
        .updateTable('rate_limits')
        .set({
          hits,
          window_started_at: row.window_started_at,
          blocked_until: delay > 0 ? new Date(now.getTime() + delay) : null,
          updated_at: now,
        })
        .where('key', '=', row.key)
        .execute()
    }
    return { allowed: true }
  })
}

/** Forgets a key (a successful login clears its account+IP failures). */
export async function resetLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute()
}

/**
 * Hands back one counted attempt that turned out not to be a failure (a successful login from a
 * busy IP), lifting the block that attempt's count had set.
 */
export async function refundAttempt(db: Kysely<DB>, check: LimitCheck, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('rate_limits').selectAll().where('key', '=', check.key).forUpdate().executeTakeFirst()
    if (!row || row.hits === 0) return
    const hits = row.hits - 1
    const { policy } = check
    const stillBlocked = policy.kind === 'failures' && blockDelayMs(policy, hits) > 0 && row.blocked_until && row.blocked_until > now
    await trx
      .updateTable('rate_limits')
      .set({ hits, blocked_until: stillBlocked ? row.blocked_until : null })
      .where('key', '=', check.key)
      .execute()
  })
}

/** Deletes counters untouched since `before`; for a periodic job (and opportunistically). */
export async function purgeRateLimits(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('updated_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** A key part that names a subject without storing it readably (a login, an e-mail). */
export function opaque(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32)
}

/**
 * The address a per-IP limit counts against. IPv6 by its /64, because one subscriber is usually
 * given a whole /64 and could otherwise rotate through 2^64 addresses; IPv4-mapped IPv6 as IPv4.
 */
export function ipSubject(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]!
  if (isIP(ip) !== 6) return ip
  const [head = '', tail = ''] = ip.toLowerCase().split('::') as [string, string?]
  const left = head ? head.split(':') : []
  const right = ip.includes('::') && tail ? tail.split(':') : []
  // A trailing dotted quad (::ffff:0:1.2.3.4) stands for two groups.
  const rightGroups = right.length + (right.at(-1)?.includes('.') ? 1 : 0)
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - rightGroups)).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
