import type { Kysely, Transaction } from 'kysely'
import type { DB } from './schema'

/**
 * A transaction that PostgreSQL may abort for concurrency alone, run again.
 *
 * The money paths take their row locks in one order (account, then the payment transaction, then
 * the player's wallets by id: see server/domain/payments/cashier.ts), so they do not deadlock one
 * another. What is left is PostgreSQL's own word: a deadlock through a path not foreseen, or a
 * serialization failure. Both mean "nothing was written, try again", never a fault in the request,
 * so the player must not see them as a 500: the body runs again, a bounded number of times.
 *
 * The body must be safe to run again: only database work, nothing sent outside (a provider, a
 * mailer). `retryable` lets a body that did send something say it may no longer be repeated.
 */

/** SQLSTATEs that abort a transaction for concurrency alone: serialization_failure, deadlock_detected. */
const TRANSIENT = new Set(['40001', '40P01'])

export const TRANSACTION_ATTEMPTS = 4

/**
 * Transactions of this process that PostgreSQL aborted for concurrency (whether run again or not),
 * by SQLSTATE. A figure to watch, not to rely on: the money paths are built so that it stays at
 * zero, and the concurrency tests check that it does.
 */
export const transientConflicts: Record<string, number> = {}

export function isTransientConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' && TRANSIENT.has(code)
}

export async function runTransaction<T>(
  db: Kysely<DB>,
  body: (trx: Transaction<DB>) => Promise<T>,
  options: { retryable?: () => boolean } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(body)
    } catch (err) {
      if (isTransientConflict(err)) {
        const code = (err as { code: string }).code
        transientConflicts[code] = (transientConflicts[code] ?? 0) + 1
      }
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransientConflict(err) || options.retryable?.() === false) throw err
      // A short random pause, so the transactions that collided do not meet again in step.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt))
    }
  }
}
