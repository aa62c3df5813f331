import type { Kysely } from 'kysely'
import type { Account, DB, WalletKind } from '../../db/schema'

/** A player's account row and the balances of its wallets in the account currency, in minor units. */
export interface AccountSnapshot {
  account: Account
  balances: Partial<Record<WalletKind, bigint>>
}

export class PlayerBannedError extends Error {
  override name = 'PlayerBannedError'
  constructor(readonly playerId: bigint) {
    super(`Player ${playerId} is banned`)
  }
}

/** Null when no such player exists (deleted since the session began). Throws for a banned player. */
export async function getAccountSnapshot(db: Kysely<DB>, playerId: bigint): Promise<AccountSnapshot | null> {
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', playerId).executeTakeFirst()
  if (!account) return null
  if (account.banned_at) throw new PlayerBannedError(playerId)
  const wallets = await db
    .selectFrom('wallets')
    .select(['kind', 'balance'])
    .where('player_id', '=', playerId)
    .where('currency', '=', account.currency)
    .execute()
  const balances: AccountSnapshot['balances'] = {}
  for (const w of wallets) balances[w.kind] = w.balance
  return { account, balances }
}
