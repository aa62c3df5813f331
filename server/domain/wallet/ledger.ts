import type { Kysely, Transaction } from 'kysely'
import type { DB, LedgerEntry, WalletKind } from '../../db/schema'
import { announceBalanceChange } from './notifier'

/**
 * The one way a balance changes: a ledger entry and the wallet's new balance, written together.
 * Call inside a transaction. Idempotent by key: posting a key twice returns the first entry and
 * moves no money, so retried and external operations are safe.
 */

export class InsufficientFundsError extends Error {
  override name = 'InsufficientFundsError'
  constructor(
    readonly walletId: bigint,
    readonly balance: bigint,
    readonly amount: bigint,
  ) {
    super(`Wallet ${walletId} holds ${balance}, cannot move ${amount}`)
  }
}

export class IdempotencyConflictError extends Error {
  override name = 'IdempotencyConflictError'
  constructor(readonly idempotencyKey: string) {
    super(`Idempotency key ${idempotencyKey} was used for a different movement`)
  }
}

export interface PostEntry {
  walletId: bigint
  /** Minor units, signed: a credit is positive, a debit negative. */
  amount: bigint
  kind: string
  idempotencyKey: string
  ref?: string | null
}

export interface Posted {
  entry: LedgerEntry
  /** False when the key had been posted before and this call changed nothing. */
  created: boolean
}

export async function postEntry(trx: Transaction<DB> | Kysely<DB>, input: PostEntry): Promise<Posted> {
  if (input.amount === 0n) throw new RangeError('A ledger entry moves a non-zero amount')

  const existing = await findByKey(trx, input.idempotencyKey)
  if (existing) return replay(existing, input)

  // The row lock orders concurrent movements on one wallet; balance_after is computed under it.
  const wallet = await trx
    .selectFrom('wallets')
    .select(['id', 'balance'])
    .where('id', '=', input.walletId)
    .forUpdate()
    .executeTakeFirstOrThrow(() => new RangeError(`No wallet ${input.walletId}`))
  const balanceAfter = wallet.balance + input.amount
  if (balanceAfter < 0n) throw new InsufficientFundsError(wallet.id, wallet.balance, input.amount)

  const entry = await trx
    .insertInto('ledger_entries')
    .values({
      wallet_id: input.walletId,
      amount: input.amount,
      balance_after: balanceAfter,
      kind: input.kind,
      idempotency_key: input.idempotencyKey,
      ref: input.ref ?? null,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst()
  if (!entry) {
    // Another transaction posted the same key between our look-up and insert, and has committed.
    const winner = await findByKey(trx, input.idempotencyKey)
    if (!winner) throw new IdempotencyConflictError(input.idempotencyKey)
    return replay(winner, input)
  }
  await trx.updateTable('wallets').set({ balance: balanceAfter }).where('id', '=', input.walletId).execute()
  // Delivered by the database when (and only if) this transaction commits.
  await announceBalanceChange(trx, [input.walletId])
  return { entry, created: true }
}

function findByKey(trx: Transaction<DB> | Kysely<DB>, key: string) {
  return trx.selectFrom('ledger_entries').selectAll().where('idempotency_key', '=', key).executeTakeFirst()
}

function replay(entry: LedgerEntry, input: PostEntry): Posted {
  if (entry.wallet_id !== input.walletId || entry.amount !== input.amount || entry.kind !== input.kind) {
    throw new IdempotencyConflictError(input.idempotencyKey)
  }
  return { entry, created: false }
}

/** Finds a player's wallet, creating it empty if missing. */
export async function ensureWallet(
  trx: Transaction<DB> | Kysely<DB>,
  playerId: bigint,
  currency: string,
  kind: WalletKind,
): Promise<bigint> {
  const inserted = await trx
    .insertInto('wallets')
    .values({ player_id: playerId, currency, kind })
    .onConflict((oc) => oc.columns(['player_id', 'currency', 'kind']).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (inserted) return inserted.id
  const row = await trx
    .selectFrom('wallets')
    .select('id')
    .where('player_id', '=', playerId)
    .where('currency', '=', currency)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Locks wallet rows in id order. Every path that moves a player's money takes their wallets in
 * this one order (the seamless wallet locks all of a batch's players' wallets so, postEntry one at
 * a time), so two transactions never each hold a wallet the other waits for. Lock the wallets a movement needs
 * here, before its first postEntry, and create missing ones (ensureWallet) before that.
 */
export async function lockWallets(trx: Transaction<DB>, walletIds: readonly bigint[]): Promise<void> {
  if (walletIds.length === 0) return
  await trx.selectFrom('wallets').select('id').where('id', 'in', [...walletIds]).orderBy('id').forUpdate().execute()
}
