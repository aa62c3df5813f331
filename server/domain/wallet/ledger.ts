import { sql, type Kysely, type Transaction } from 'kysely'
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
 * this one order (the seamless wallet locks all of them so, postEntry one at a time), so two
 * transactions never each hold a wallet the other waits for. Lock the wallets a movement needs
 * here, before its first postEntry, and create missing ones (ensureWallet) before that.
 */
export async function lockWallets(trx: Transaction<DB>, walletIds: readonly bigint[]): Promise<void> {
  if (walletIds.length === 0) return
  await trx.selectFrom('wallets').select('id').where('id', 'in', [...walletIds]).orderBy('id').forUpdate().execute()
}

export interface LockedEntry {
  /** A wallet whose row this transaction holds FOR UPDATE, with the balance read under that lock. */
  wallet: { id: bigint; balance: bigint }
  amount: bigint
  kind: string
  idempotencyKey: string
  ref: string | null
}

/**
 * postEntry for a caller that already holds the wallets' row locks (the seamless wallet locks a
 * player's wallets first): the entries and the new balances in one statement, without postEntry's
 * re-read and re-lock, so the lock is held for fewer round trips. One entry per wallet; keys must
 * be new (a taken key fails the statement and so the caller's transaction).
 */
export async function postLockedEntries(trx: Transaction<DB>, entries: readonly LockedEntry[]): Promise<void> {
  if (entries.length === 0) return
  if (new Set(entries.map((e) => e.wallet.id)).size !== entries.length) throw new RangeError('One entry per wallet')
  const rows = entries.map((e) => {
    if (e.amount === 0n) throw new RangeError('A ledger entry moves a non-zero amount')
    const balanceAfter = e.wallet.balance + e.amount
    if (balanceAfter < 0n) throw new InsufficientFundsError(e.wallet.id, e.wallet.balance, e.amount)
    return sql`(${e.wallet.id}::bigint, ${e.amount}::bigint, ${balanceAfter}::bigint, ${e.kind}, ${e.idempotencyKey}, ${e.ref})`
  })
  await sql`
    with e as (
      insert into ledger_entries (wallet_id, amount, balance_after, kind, idempotency_key, ref)
      values ${sql.join(rows)}
      returning wallet_id, balance_after
    )
    update wallets w set balance = e.balance_after from e where w.id = e.wallet_id`.execute(trx)
  // Delivered by the database when (and only if) this transaction commits.
  await announceBalanceChange(trx, entries.map((e) => e.wallet.id))
}
