import type { Kysely } from 'kysely'
import type { Account, DB, WalletKind } from '../../db/schema'
import type { ExclusionKind } from '../../../src/shared/self-exclusion'
import { readBalances } from '../wallet/balances'
import { requireCurrency } from '../wallet/currencies'

/** A player's account row and the balances of its wallets in the account currency, in minor units. */
export interface AccountSnapshot {
  account: Account
  balances: Partial<Record<WalletKind, bigint>>
  /** The account currency's minor-unit exponent, from the currencies table. */
  exponent: number
}

export class PlayerBannedError extends Error {
  override name = 'PlayerBannedError'
  /** `banType`: why (BAN_TYPES of the account contract); null when no type was recorded. */
  constructor(
    readonly playerId: bigint,
    readonly banType: string | null = null,
  ) {
    super(`Player ${playerId} is banned`)
  }
}

/** A self-excluded player tried to log in; `until` is null for a permanent exclusion. */
export class SelfExcludedError extends Error {
  override name = 'SelfExcludedError'
  constructor(
    readonly until: Date | null,
    readonly kind: ExclusionKind = 'self_exclusion',
  ) {
    super(`${kind === 'timeout' ? 'On a time-out' : 'Self-excluded'} ${until ? `until ${until.toISOString()}` : 'permanently'}`)
  }
}

/** Null when no such player exists (deleted since the session began). Throws for a banned player. */
export async function getAccountSnapshot(db: Kysely<DB>, playerId: bigint): Promise<AccountSnapshot | null> {
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', playerId).executeTakeFirst()
  if (!account) return null
  if (account.banned_at) throw new PlayerBannedError(playerId, account.ban_type)
  const { exponent } = await requireCurrency(db, account.currency)
  return { account, balances: await readBalances(db, playerId, account.currency), exponent }
}
