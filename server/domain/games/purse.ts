// Where a round's stakes come from and its wins go: a player's wallet through the seamless wallet
// (real money or play money), or a visitor's demo purse. Rounds call one shape for all three, so
// demo play runs the same round code as real play. Every call is idempotent by transaction id.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { toMajor, toMinor } from '../../../src/shared/money'
import type { DB } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import { readSettings } from '../settings/settings'
import { readBalances } from '../wallet/balances'
import { parseStakeOrder, STAKE_ORDER_SETTING } from '../wallet/stake'
import { credit, debit, rollback, type WalletOptions } from '../wallet/seamless'
import { demoOwner, playerOwner, type Owner } from './owner'

/** The provider name the studio's rounds carry in the seamless wallet. */
export const STUDIO_PROVIDER = 'studio'

/** A demo purse starts with this much, in major units, and is topped up to it when it runs dry. */
export const DEMO_BALANCE_MAJOR = 1000

export interface PurseMove {
  transactionId: string
  amount: bigint
  roundId: bigint
  game: string
  /** Credits only: the balance a win goes into when not the purse's own (a free spin's win: bonus). */
  into?: 'bonus'
}

/** A refused stake: the balance does not cover it, or (lossLimit) it could take the net loss past the player's loss limit. */
export type DebitOutcome = { ok: true; balance: bigint } | { ok: false; balance: bigint; lossLimit?: { available: bigint; periodDays: number } }

export interface Purse {
  readonly owner: Owner
  readonly currency: string
  readonly mode: 'real' | 'fun' | 'demo'
  debit(move: PurseMove): Promise<DebitOutcome>
  credit(move: PurseMove): Promise<{ balance: bigint }>
  /** Returns a stake taken under this id, if it was; a later stake under the id is refused. */
  rollback(move: Omit<PurseMove, 'amount'>): Promise<void>
  balance(): Promise<bigint>
  /** Play money only: tops the balance up when it is below `needed`. Real money never. */
  refill(needed: bigint, key: string): Promise<void>
}

export interface WalletPurseDeps {
  db: Kysely<DB>
  options: () => WalletOptions
  /** The player's stored session id: a stake needs it live. */
  sessionId: string | null
}

/** A player's wallet, real money or play money (balance_fun). */
export function walletPurse(deps: WalletPurseDeps, playerId: bigint, currency: string, mode: 'real' | 'fun'): Purse {
  const major = (minor: bigint) => toMajor(minor, currency)
  const base = (move: Omit<PurseMove, 'amount'>) => ({
    provider: STUDIO_PROVIDER,
    transactionId: move.transactionId,
    playerId,
    currency,
    roundId: String(move.roundId),
    gameId: move.game,
  })
  const purse: Purse = {
    owner: playerOwner(playerId),
    currency,
    mode,
    async debit(move) {
      const { answer } = await debit(deps.db, { ...base(move), amount: major(move.amount), mode, sessionId: deps.sessionId }, deps.options())
      const balance = toMinor(answer.balance, currency)
      if (answer.status === 'ok') return { ok: true, balance }
      const limit = answer.lossLimit
      return limit ? { ok: false, balance, lossLimit: { available: toMinor(limit.available, currency), periodDays: limit.periodDays } } : { ok: false, balance }
    },
    async credit(move) {
      const { answer } = await credit(deps.db, { ...base(move), amount: major(move.amount), mode, balance: move.into }, deps.options())
      return { balance: toMinor(answer.balance, currency) }
    },
    async rollback(move) {
      await rollback(deps.db, { ...base(move), referenceTransactionId: move.transactionId, transactionId: `${move.transactionId}:rollback` }, deps.options())
    },
    // What a stake may take, as the wallet's answers count it: the stake order's balances (main and
    // bonus by default), or fun money; so the table shows one figure before and after a round.
    async balance() {
      const balances = await readBalances(deps.db, playerId, currency)
      if (mode === 'fun') return balances.fun ?? 0n
      const order = parseStakeOrder((await readSettings(deps.db, [STAKE_ORDER_SETTING]))[STAKE_ORDER_SETTING])
      return order.reduce((sum, kind) => sum + (balances[kind] ?? 0n), 0n)
    },
    async refill(needed, key) {
      if (mode !== 'fun') return
      const have = await purse.balance()
      if (have >= needed) return
      const target = toMinor(String(DEMO_BALANCE_MAJOR), currency)
      const topUp = target > have ? target - have : needed - have
      await credit(deps.db, { provider: STUDIO_PROVIDER, transactionId: `fun-refill:${key}`, playerId, currency, amount: major(topUp), mode: 'fun', kind: 'bonus' }, deps.options())
    },
  }
  return purse
}

/** A new demo purse for a visitor, filled with the demo balance. Returns its id (the cookie's value). */
export async function openDemoPurse(db: Kysely<DB>, currency: string, now: Date): Promise<string> {
  const id = randomUUID()
  const amount = toMinor(String(DEMO_BALANCE_MAJOR), currency)
  await runTransaction(db, async (trx) => {
    await trx.insertInto('demo_purses').values({ id, currency, balance: amount, created_at: now, used_at: now }).execute()
    await trx.insertInto('demo_entries').values({ purse_id: id, amount, balance_after: amount, kind: 'refill', idempotency_key: `demo:${id}:open`, created_at: now }).execute()
  })
  return id
}

export async function findDemoPurse(db: Kysely<DB>, id: string): Promise<{ id: string; currency: string; balance: bigint } | null> {
  return (await db.selectFrom('demo_purses').select(['id', 'currency', 'balance']).where('id', '=', id).executeTakeFirst()) ?? null
}

/**
 * A visitor's demo purse: play money held on the server under an anonymous id. Each move is an
 * entry with its own key, written with the purse's new balance in one transaction.
 */
export function demoPurse(db: Kysely<DB>, id: string, currency: string, now: () => Date): Purse {
  const move = async (key: string, amount: bigint, kind: string, allowShort: boolean): Promise<{ ok: boolean; balance: bigint }> =>
    runTransaction(db, async (trx) => {
      const purse = await trx.selectFrom('demo_purses').select(['balance']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow()
      const done = await trx.selectFrom('demo_entries').select(['amount']).where('idempotency_key', '=', key).executeTakeFirst()
      if (done) return { ok: true, balance: purse.balance }
      const after = purse.balance + amount
      if (after < 0n) {
        if (allowShort) return { ok: false, balance: purse.balance }
        throw new Error('demo purse would go below zero')
      }
      if (amount !== 0n) {
        await trx.insertInto('demo_entries').values({ purse_id: id, amount, balance_after: after, kind, idempotency_key: key, created_at: now() }).execute()
      }
      await trx.updateTable('demo_purses').set({ balance: after, used_at: now() }).where('id', '=', id).execute()
      return { ok: true, balance: after }
    })
  const purse: Purse = {
    owner: demoOwner(id),
    currency,
    mode: 'demo',
    async debit(m) {
      // A stake refused once stays refused (a rollback came first): the tombstone is its entry.
      const tomb = await db.selectFrom('demo_entries').select('id').where('idempotency_key', '=', `demo:${m.transactionId}:rollback`).executeTakeFirst()
      if (tomb) return { ok: false, balance: await purse.balance() }
      return move(`demo:${m.transactionId}`, -m.amount, 'bet', true)
    },
    async credit(m) {
      return move(`demo:${m.transactionId}`, m.amount, 'win', false)
    },
    async rollback(m) {
      await runTransaction(db, async (trx) => {
        await trx.selectFrom('demo_purses').select('id').where('id', '=', id).forUpdate().execute()
        const stake = await trx.selectFrom('demo_entries').select(['amount']).where('idempotency_key', '=', `demo:${m.transactionId}`).executeTakeFirst()
        const key = `demo:${m.transactionId}:rollback`
        if (await trx.selectFrom('demo_entries').select('id').where('idempotency_key', '=', key).executeTakeFirst()) return
        const back = stake ? -stake.amount : 0n
        const row = await trx
          .updateTable('demo_purses')
          .set((eb) => ({ balance: eb('balance', '+', back) }))
          .where('id', '=', id)
          .returning('balance')
          .executeTakeFirstOrThrow()
        await trx.insertInto('demo_entries').values({ purse_id: id, amount: back, balance_after: row.balance, kind: 'rollback', idempotency_key: key, created_at: now() }).execute()
      })
    },
    async balance() {
      return (await findDemoPurse(db, id))?.balance ?? 0n
    },
    async refill(needed, key) {
      const have = await purse.balance()
      if (have >= needed) return
      const target = toMinor(String(DEMO_BALANCE_MAJOR), currency)
      await move(`demo:${id}:refill:${key}`, (target > needed ? target : needed) - have, 'refill', false)
    },
  }
  return purse
}
