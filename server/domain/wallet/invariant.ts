import { sql, type Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/**
 * The money invariant (ARCHITECTURE §5), checked by every server test file and cheap enough for
 * an operator's health job: every wallet's balance is the sum of its ledger entries and never
 * below zero, the last entry's balance_after is the balance, and every seamless-wallet request's
 * entries add up to what it says it moved. An empty list means the books balance.
 */

export interface InvariantViolation {
  rule: 'balance_is_sum_of_entries' | 'balance_not_negative' | 'last_balance_after' | 'request_moved'
  /** wallet id, or wallet transaction id for request_moved. */
  id: string
  expected: string
  actual: string
}

export async function checkLedgerInvariant(db: Kysely<DB>): Promise<InvariantViolation[]> {
  const out: InvariantViolation[] = []

  const sums = await sql<{ id: bigint; balance: bigint; total: string; last_after: bigint | null }>`
    select w.id, w.balance, coalesce(sum(l.amount), 0)::text as total,
           (select l2.balance_after from ledger_entries l2 where l2.wallet_id = w.id order by l2.id desc limit 1) as last_after
    from wallets w left join ledger_entries l on l.wallet_id = w.id
    group by w.id, w.balance`.execute(db)
  for (const row of sums.rows) {
    const total = BigInt(row.total)
    if (total !== row.balance) out.push({ rule: 'balance_is_sum_of_entries', id: String(row.id), expected: String(total), actual: String(row.balance) })
    if (row.balance < 0n) out.push({ rule: 'balance_not_negative', id: String(row.id), expected: '>= 0', actual: String(row.balance) })
    const lastAfter = row.last_after ?? 0n
    if (lastAfter !== row.balance) out.push({ rule: 'last_balance_after', id: String(row.id), expected: String(row.balance), actual: String(lastAfter) })
  }

  const moved = await sql<{ id: bigint; moved: bigint; total: string }>`
    select t.id, t.moved, coalesce(sum(l.amount), 0)::text as total
    from wallet_transactions t left join ledger_entries l on l.ref = 'wtx:' || t.id::text
    group by t.id, t.moved
    having coalesce(sum(l.amount), 0) <> t.moved`.execute(db)
  for (const row of moved.rows) out.push({ rule: 'request_moved', id: String(row.id), expected: String(row.moved), actual: row.total })

  return out
}

/** Throws with every violation listed; for tests and start-up checks. */
export async function assertLedgerInvariant(db: Kysely<DB>): Promise<void> {
  const violations = await checkLedgerInvariant(db)
  if (violations.length) {
    const lines = violations.slice(0, 20).map((v) => `  ${v.rule} #${v.id}: expected ${v.expected}, got ${v.actual}`)
    throw new Error(`Ledger invariant broken (${violations.length}):\n${lines.join('\n')}`)
  }
}
