import { WALLET_KINDS, type WalletKind } from '../../db/schema'

/**
 * Which balances a stake takes and in what order. Casino stakes take the main balance first, then
 * the bonus balance (the `wallet_stake_order` setting; an operator may drop bonus or put it first).
 * Fun (demo) play takes the fun balance only.
 */

/** wallet_lock_read (migration 017) reads the setting under this key too. */
export const STAKE_ORDER_SETTING = 'wallet_stake_order'
export const DEFAULT_STAKE_ORDER: readonly WalletKind[] = ['main', 'bonus']

/** A setting value that is not a list of distinct real-money kinds including main falls back to the default. */
export function parseStakeOrder(value: unknown): readonly WalletKind[] {
  if (!Array.isArray(value) || value.length === 0) return DEFAULT_STAKE_ORDER
  const kinds = value.filter((k): k is WalletKind => (WALLET_KINDS as readonly unknown[]).includes(k) && k !== 'fun')
  if (kinds.length !== value.length || new Set(kinds).size !== kinds.length || !kinds.includes('main')) return DEFAULT_STAKE_ORDER
  return kinds
}

export interface StakePart {
  kind: WalletKind
  amount: bigint
}

/**
 * Splits a stake over the balances in `order`, each emptied before the next is touched. Null when
 * together they hold less than the stake: a stake is taken whole or not at all.
 */
export function splitStake(amount: bigint, balances: Partial<Record<WalletKind, bigint>>, order: readonly WalletKind[]): StakePart[] | null {
  if (amount <= 0n) throw new RangeError('A stake is a positive amount')
  let left = amount
  const parts: StakePart[] = []
  for (const kind of order) {
    if (left === 0n) break
    const available = balances[kind] ?? 0n
    if (available <= 0n) continue
    const take = available < left ? available : left
    parts.push({ kind, amount: take })
    left -= take
  }
  return left === 0n ? parts : null
}
