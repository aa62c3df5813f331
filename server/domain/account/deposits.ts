import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/**
 * What the player has deposited, from the ledger (every deposit is a 'deposit' entry there,
 * ARCHITECTURE §5). Until the cashier posts any, the truthful answer is "no deposits".
 */
export async function depositSummary(db: Kysely<DB>, playerId: bigint): Promise<{ count: number; firstAt: Date | null }> {
  const row = await db
    .selectFrom('ledger_entries')
    .innerJoin('wallets', 'wallets.id', 'ledger_entries.wallet_id')
    .where('wallets.player_id', '=', playerId)
    .where('ledger_entries.kind', '=', 'deposit')
    .where('ledger_entries.amount', '>', 0n)
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('ledger_entries.created_at').as('first_at')])
    .executeTakeFirst()
  const count = Number(row?.count ?? 0)
  const firstAt = row?.first_at ? new Date(row.first_at as unknown as string | Date) : null
  return { count, firstAt }
}
