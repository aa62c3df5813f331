import type { Kysely, Transaction } from 'kysely'
import { minorToMajor, type Money } from '../../../src/shared/money'
import { WALLET_KINDS, type DB, type WalletKind } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import { availableCurrencies, requireCurrency, type CurrencyInfo } from './currencies'
import { WalletError } from './errors'
import { ensureWallet } from './ledger'

/**
 * A player's balances (SPEC §3 'Account info'): main, bonus, betting bonus and fun, one wallet row
 * each per currency. The player's currency is the main balance's (accounts.currency); wallets in
 * other currencies keep their money when the player switches.
 */

type Db = Kysely<DB> | Transaction<DB>

export type MinorBalances = Partial<Record<WalletKind, bigint>>

export interface PlayerBalances {
  currency: CurrencyInfo
  /** Minor units per kind; a kind without a wallet is missing. */
  minor: MinorBalances
}

export async function readBalances(db: Db, playerId: bigint, currency: string): Promise<MinorBalances> {
  const rows = await db
    .selectFrom('wallets')
    .select(['kind', 'balance'])
    .where('player_id', '=', playerId)
    .where('currency', '=', currency)
    .execute()
  const out: MinorBalances = {}
  for (const row of rows) out[row.kind] = row.balance
  return out
}

/** The balances in the player's current currency; null when there is no such player. */
export async function playerBalances(db: Db, playerId: bigint): Promise<PlayerBalances | null> {
  const account = await db.selectFrom('accounts').select('currency').where('id', '=', playerId).executeTakeFirst()
  if (!account) return null
  const currency = await requireCurrency(db, account.currency)
  return { currency, minor: await readBalances(db, playerId, currency.code) }
}

export interface BalanceMoney {
  balance_main: Money
  balance_bonus: Money | null
  balance_betting_bonus: Money | null
  balance_fun: Money | null
}

/** The API's form: decimal strings with exactly the currency's minor units; main always present. */
export function balancesToMoney({ currency, minor }: PlayerBalances): BalanceMoney {
  const money = (kind: WalletKind): Money | null => {
    const value = minor[kind]
    return value === undefined ? null : { amount: minorToMajor(value, currency.exponent), currency: currency.code }
  }
  return {
    balance_main: money('main') ?? { amount: minorToMajor(0n, currency.exponent), currency: currency.code },
    balance_bonus: money('bonus'),
    balance_betting_bonus: money('betting_bonus'),
    balance_fun: money('fun'),
  }
}

/**
 * Makes `currency` the player's currency: its wallets are created empty if missing, and the main
 * balance (and so the header) shows it from now on. Money in the other currencies stays where it
 * is, and wins or rollbacks for rounds played in them still land there (server/domain/wallet/seamless.ts).
 * Asking for the current currency changes nothing. `allowChange` runs inside the transaction with
 * the player's account row locked, so the rules of other areas (deposit limits, open withdrawals:
 * server/domain/payments/currency-change.ts) are checked against what is committed and cannot be
 * raced by a request that starts while the switch is under way.
 */
export async function setPlayerCurrency(
  db: Kysely<DB>,
  playerId: bigint,
  code: unknown,
  allowChange: (trx: Transaction<DB>, from: string, to: CurrencyInfo) => Promise<void> = async () => {},
): Promise<PlayerBalances> {
  const available = await availableCurrencies(db)
  const currency = available.find((c) => c.code === code)
  if (!currency) {
    throw new WalletError('unknown_currency', 'That currency is not available', { currency: ['unavailable'] })
  }
  return runTransaction(db, async (trx) => {
    // NO KEY UPDATE: waits for payments in flight (they hold the row FOR SHARE, cashier.ts) and
    // they for it, without blocking every insert that merely refers to the account.
    const account = await trx.selectFrom('accounts').select('currency').where('id', '=', playerId).forNoKeyUpdate().executeTakeFirst()
    if (!account) throw new WalletError('unknown_player', `No player ${playerId}`)
    if (account.currency !== currency.code) {
      await allowChange(trx, account.currency, currency)
      await trx.updateTable('accounts').set({ currency: currency.code }).where('id', '=', playerId).execute()
    }
    for (const kind of WALLET_KINDS) await ensureWallet(trx, playerId, currency.code, kind)
    return { currency, minor: await readBalances(trx, playerId, currency.code) }
  })
}
