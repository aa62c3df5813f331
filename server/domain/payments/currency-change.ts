import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { CurrencyChangeRefused } from './errors'
import { limitAsOf } from './limits'

/**
 * When a player may switch currency (account/setCurrency), checked by setPlayerCurrency inside its
 * transaction with the account row locked:
 * - not while any deposit or loss limit is in force in the current currency, nor while its removal
 *   is cooling off: limits are kept in the currency they were set in and bind only deposits and
 *   stakes in it, so a switch would lift a limit at once that the player may only raise after 24 h;
 * - not while a withdrawal is pending or approved: its reserve sits in the current currency's
 *   wallets, and cancelling it answers the current currency's balance.
 */
export async function assertCurrencyChangeAllowed(trx: Transaction<DB>, playerId: bigint, from: string, now: Date): Promise<void> {
  // Any limit in the current currency counts, one being removed too (until its removal is due).
  for (const [table, reason] of [['deposit_limits', 'depositLimit'], ['loss_limits', 'lossLimit']] as const) {
    const limits = await trx.selectFrom(table).select(['currency', 'amount', 'scheduled_amount', 'scheduled_at']).where('player_id', '=', playerId).execute()
    if (limits.some((l) => l.currency === from && limitAsOf(l, now) !== null)) throw new CurrencyChangeRefused(reason)
  }
  const open = await trx
    .selectFrom('payment_transactions')
    .select('id')
    .where('player_id', '=', playerId)
    .where('type', '=', 'withdrawal')
    .where('status', 'in', ['pending', 'approved'])
    .limit(1)
    .executeTakeFirst()
  if (open) {
    throw new CurrencyChangeRefused('pendingWithdrawal')
  }
}
