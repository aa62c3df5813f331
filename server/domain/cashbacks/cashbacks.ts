import type { Kysely } from 'kysely'
import type { Cashback, CashbackStatus } from '../../../src/services/api/contract/cashbacks'
import { toMajor } from '../../../src/shared/money'
import type { DB } from '../../db/schema'

export interface CashbackQuery {
  count: number
  sort: 'ended_at' | 'started_at' | 'id'
  order: 'asc' | 'desc'
  /** Empty: every status. */
  statuses: readonly CashbackStatus[]
}

/** The player's own cashbacks, filtered, sorted (id breaks ties) and limited. */
export async function listCashbacks(db: Kysely<DB>, playerId: bigint, query: CashbackQuery): Promise<Cashback[]> {
  let q = db.selectFrom('cashbacks').selectAll().where('player_id', '=', playerId)
  if (query.statuses.length) q = q.where('status', 'in', [...query.statuses])
  q = q.orderBy(query.sort, query.order)
  if (query.sort !== 'id') q = q.orderBy('id', query.order)
  const rows = await q.limit(query.count).execute()
  return rows.map((row) => ({
    id: Number(row.id),
    status: row.status,
    amount: { amount: toMajor(BigInt(row.amount), row.currency), currency: row.currency },
    started_at: row.started_at.toISOString(),
    ended_at: row.ended_at.toISOString(),
    receiving_expired_at: row.receiving_expired_at?.toISOString() ?? null,
  }))
}
