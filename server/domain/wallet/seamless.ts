import { createHash } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import { MAX_MINOR, minorToMajor } from '../../../src/shared/money'
import type { Config } from '../../config'
import { clock } from '../../config'
import type { DB, WalletKind, WalletMode, WalletTxStatus, WalletTxType } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import { isExpired, type SessionPolicy } from '../session/sessions'
import type { MinorBalances } from './balances'
import { amountToMinor, requireCurrency, type CurrencyInfo } from './currencies'
import { WalletError } from './errors'
import { GroupCommit, type GroupCommitOptions, type Outcome } from './group-commit'
import { ensureWallet, InsufficientFundsError } from './ledger'
import { lossHeadroom, playHour, PLAY_RETURN_KINDS, type LockedLossLimit } from './loss-limits'
import { balanceNotifyItem } from './notifier'
import { parseStakeOrder, splitStake, type StakePart } from './stake'

/**
 * The seamless wallet (ARCHITECTURE §5): idempotent by (provider, transaction id), locking all of a
 * player's wallets in id order, as game aggregators require (docs/payments.md#the-seamless-wallet).
 * A player's requests in this process are applied in batches, four round trips a batch
 * (docs/payments.md#throughput-group-commit).
 */

type Db = Kysely<DB> | Transaction<DB>

export const CREDIT_KINDS = ['win', 'deposit', 'refund', 'bonus', 'cashback', 'prize', 'jackpot'] as const
export type CreditKind = (typeof CREDIT_KINDS)[number]

interface BaseRequest {
  /** Who sent it: an aggregator's name, 'sportsbook', 'cashier', an in-house game's. */
  provider: string
  /** The provider's id for this request: the idempotency key. */
  transactionId: string
  playerId: bigint
  currency: string
  roundId?: string | null
  gameId?: string | null
}

export interface DebitRequest extends BaseRequest {
  /** Decimal string in major units, more than zero. */
  amount: string
  mode?: WalletMode
  /** The stored id of the player's session (sessions.id); a stake needs it live. */
  sessionId: string | null
  /**
   * The balances the stake may take, in order, instead of the casino's stake order: the
   * sportsbook stakes from main only, or from the betting bonus.
   */
  from?: readonly StakeSource[]
}

export const STAKE_SOURCES = ['main', 'bonus', 'betting_bonus'] as const
export type StakeSource = (typeof STAKE_SOURCES)[number]

export interface CreditRequest extends BaseRequest {
  /** Decimal string in major units; zero closes a losing round. */
  amount: string
  mode?: WalletMode
  /** The ledger kind: a game win by default, a deposit for the cashier. */
  kind?: CreditKind
  /** Which real-money balance it pays into (main by default); fun mode pays into fun. */
  balance?: Exclude<WalletKind, 'fun'>
}

export interface RollbackRequest extends BaseRequest {
  /** The debit this rollback reverses. */
  referenceTransactionId: string
}

/** The answer to a request, exactly as stored and replayed. */
export interface WalletAnswer {
  transactionId: string
  /** Our id for it. */
  walletTransactionId: string
  status: WalletTxStatus
  /** Why it was declined: the balances do not cover it, or it could take the net loss past a loss limit. */
  errorCode: 'insufficient_funds' | 'loss_limit_exceeded' | null
  /** With loss_limit_exceeded: what the binding loss limit still lets a stake take, and its period. */
  lossLimit?: { available: string; periodDays: number }
  currency: string
  /** What the player can stake after this request: the stake-order balances, or fun in fun mode. */
  balance: string
  /** Every balance of the currency after this request, major units. */
  balances: Partial<Record<WalletKind, string>>
  /** What moved, per balance, unsigned: what a debit took, what a credit paid, what a rollback gave back. */
  parts: Partial<Record<WalletKind, string>>
}

export interface WalletResult {
  answer: WalletAnswer
  /** True when this is the stored answer to an earlier identical request, and nothing moved now. */
  replayed: boolean
}

export interface WalletOptions {
  now: Date
  sessionPolicy: SessionPolicy
  /** Test hook (crash tests): runs inside the transaction right after its first write. */
  afterFirstWrite?: () => Promise<void>
}

export function walletOptions(config: Config): WalletOptions {
  return { now: clock(config)(), sessionPolicy: config.session }
}

// ── the three calls ─────────────────────────────────────────────────────────

export async function debit(db: Db, req: DebitRequest, options: WalletOptions): Promise<WalletResult> {
  checkBase(req)
  const mode = checkMode(req.mode)
  return submit(db, debitOp(req, mode, await currencyOf(db, req.currency), options))
}

function debitOp(req: DebitRequest, mode: WalletMode, currency: CurrencyInfo, options: WalletOptions): DebitOp {
  const amount = amountToMinor(req.amount, currency)
  if (req.from !== undefined && (req.from.length === 0 || new Set(req.from).size !== req.from.length || req.from.some((k) => !STAKE_SOURCES.includes(k)))) {
    throw invalid('from', `A stake's balances are distinct ones of ${STAKE_SOURCES.join(', ')}`)
  }
  const hash = requestHash('debit', req, { mode, amount: amount.toString(), ...(req.from ? { from: req.from.join(',') } : {}) })
  return { type: 'debit', req, currency, mode, amount, hash, options }
}

export async function credit(db: Db, req: CreditRequest, options: WalletOptions): Promise<WalletResult> {
  checkBase(req)
  const mode = checkMode(req.mode)
  const kind = req.kind ?? 'win'
  if (!(CREDIT_KINDS as readonly string[]).includes(kind)) throw invalid('kind', `Unknown credit kind ${JSON.stringify(kind)}`)
  const target: WalletKind = mode === 'fun' ? 'fun' : (req.balance ?? 'main')
  if (!['main', 'bonus', 'betting_bonus'].includes(target) && mode === 'real') throw invalid('balance', `Cannot pay into ${JSON.stringify(target)}`)
  const currency = await currencyOf(db, req.currency)
  const amount = amountToMinor(req.amount, currency, { allowZero: true })
  const hash = requestHash('credit', req, { mode, amount: amount.toString(), kind, balance: target })
  return submit(db, { type: 'credit', req, currency, mode, amount, hash, kind, target, options })
}

export async function rollback(db: Db, req: RollbackRequest, options: WalletOptions): Promise<WalletResult> {
  checkBase(req)
  checkId(req.referenceTransactionId, 'referenceTransactionId')
  const currency = await currencyOf(db, req.currency)
  const hash = requestHash('rollback', req, { reference: req.referenceTransactionId })
  return submit(db, { type: 'rollback', req, currency, hash, options })
}

// ── batches ─────────────────────────────────────────────────────────────────

/** A checked request, ready to apply. */
type Op =
  | { type: 'debit'; req: DebitRequest; currency: CurrencyInfo; mode: WalletMode; amount: bigint; hash: string; options: WalletOptions }
  | {
      type: 'credit'
      req: CreditRequest
      currency: CurrencyInfo
      mode: WalletMode
      amount: bigint
      hash: string
      kind: CreditKind
      target: WalletKind
      options: WalletOptions
    }
  | { type: 'rollback'; req: RollbackRequest; currency: CurrencyInfo; hash: string; options: WalletOptions }

type DebitOp = Extract<Op, { type: 'debit' }>

/**
 * A debit checked as `debit` checks it, for a caller that applies it in its own batch
 * (`applyDebits`): the sportsbook, whose placements carry a debit each. `currency` is req.currency's.
 */
export function prepareDebit(req: DebitRequest, currency: CurrencyInfo, options: WalletOptions): DebitOp {
  checkBase(req)
  if (currency.code !== req.currency) throw new Error(`A debit in ${req.currency} prepared with ${currency.code}`)
  return debitOp(req, checkMode(req.mode), currency, options)
}
export type { DebitOp }

/** What a caller's own batch does between the wallet's steps. */
export interface DebitHooks {
  /** Runs once the players' wallets are locked, before any debit is decided: reads what `decided` needs under the lock. */
  locked?: () => Promise<void>
  /** Runs as each debit is decided, in order; a throw refuses it as the wallet's refusals are, leaving nothing of it. */
  decided?: (index: number, result: WalletResult) => void
}

/**
 * Applies prepared debits inside the caller's transaction, as one batch (the same two statements as
 * the wallet's own batches): one outcome per debit, in order; what a refused one moved is undone.
 */
export function applyDebits(trx: Transaction<DB>, ops: readonly DebitOp[], hooks: DebitHooks): Promise<Outcome<WalletResult>[]> {
  return applyBatch(trx, ops, hooks)
}

/** Batch attempts when another process stored one of the batch's ids first (the retry sees it and replays). */
const BATCH_ATTEMPTS = 3

/**
 * Batches of one process in flight at once, each on its own connection; a player is in one at a
 * time. A few suffice: each batch carries every request that came while the last one ran.
 */
const BATCHES_AT_ONCE = 2

const groups = new WeakMap<Kysely<DB>, GroupCommit<Op, WalletResult>>()

/**
 * Outside a transaction, a request joins its player's queue (group-commit.ts) and is applied in a
 * batch with the requests queued beside it; inside a caller's transaction it is applied there alone.
 */
async function submit(db: Db, op: Op): Promise<WalletResult> {
  if (db.isTransaction) {
    const [outcome] = await applyBatch(db as Transaction<DB>, [op])
    if (!outcome!.ok) throw outcome!.error
    return outcome!.value
  }
  const kysely = db as Kysely<DB>
  const group = groups.get(kysely) ?? configureBatches(kysely)
  return group.submit(op.req.playerId.toString(), op)
}

/** Sets how a database's requests are batched (BATCHES_AT_ONCE by default); requests already queued keep their batcher. */
export function configureBatches(db: Kysely<DB>, options: GroupCommitOptions = { maxConcurrent: BATCHES_AT_ONCE }): GroupCommit<Op, WalletResult> {
  const group = new GroupCommit<Op, WalletResult>((ops) => runBatch(db, ops), options)
  groups.set(db, group)
  return group
}

/** Batches this process committed and the requests they answered: a figure for benches and tests. */
export const batchStats = { batches: 0, requests: 0 }

async function runBatch(db: Kysely<DB>, ops: Op[]): Promise<Outcome<WalletResult>[]> {
  batchStats.batches++
  batchStats.requests += ops.length
  for (let attempt = 1; ; attempt++) {
    try {
      return await runTransaction(db, (trx) => applyBatch(trx, ops))
    } catch (err) {
      if (isTransactionIdTaken(err) && attempt < BATCH_ATTEMPTS) continue
      // A fault the batch cannot answer per request: each request alone, so it fails only its own.
      if (ops.length > 1) {
        const outcomes: Outcome<WalletResult>[] = []
        // One after another, so a player's requests keep their order.
        for (const op of ops) outcomes.push(await runBatch(db, [op]).then(([o]) => o!, (error: unknown) => ({ ok: false as const, error })))
        return outcomes
      }
      throw err
    }
  }
}

/** Another process stored one of the batch's request ids first: run the batch again, and it replays. */
export function isTransactionIdTaken(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown } | null
  return e?.code === '23505' && e.constraint === 'wallet_transactions_provider_tx_key'
}

/** What wallet_lock_read (migration 017) answers, amounts and ids as text. */
interface LockRead {
  wallets: { id: string; player_id: string; currency: string; kind: WalletKind; balance: string }[]
  accounts: { id: string; currency: string; banned: boolean }[]
  stake_order: unknown
  txs: {
    id: string
    provider: string
    transaction_id: string
    type: WalletTxType
    player_id: string
    currency: string
    mode: WalletMode
    amount: string
    status: WalletTxStatus
    request_hash: string
    response: StoredAnswer
    entries: { wallet_id: string; amount: string }[] | null
  }[]
  tombstones: { provider: string; transaction_id: string; player_id: string }[]
  sessions: { id: string; player_id: string | null; created_at: number; last_seen_at: number; expires_at: number }[]
  loss_limits: LockedLossLimit[]
  new_ids: string[]
}

/** A stored request as the batch knows it: read from the database, or stored by this batch. */
interface KnownTx {
  id: bigint
  type: WalletTxType
  playerId: bigint
  currency: string
  mode: WalletMode
  /** As asked, minor units. */
  amount: bigint
  status: WalletTxStatus
  requestHash: string
  transactionId: string
  provider: string
  response: StoredAnswer
  /** For a debit that moved money: its entries, in order. */
  entries: { walletId: bigint; amount: bigint }[]
  /** Set when this batch writes the row. */
  row?: NewTxRow
}

type NewTxRow = ReturnType<typeof txValues> & { id: bigint; status: WalletTxStatus; moved: bigint; response: string; now: Date }

interface NewEntry {
  walletId: bigint
  amount: bigint
  balanceAfter: bigint
  kind: string
  idempotencyKey: string
  ref: string
}

const keyOf = (provider: string, transactionId: string) => `${provider}\u0000${transactionId}`

async function lockRead(trx: Transaction<DB>, ops: readonly Op[]): Promise<LockRead> {
  const players = [...new Set(ops.map((op) => op.req.playerId))]
  const providers: string[] = []
  const ids: string[] = []
  for (const op of ops) {
    providers.push(op.req.provider)
    ids.push(op.req.transactionId)
    if (op.type === 'rollback') {
      providers.push(op.req.provider)
      ids.push(op.req.referenceTransactionId)
    }
  }
  const sessions = ops.flatMap((op) => (op.type === 'debit' && op.req.sessionId ? [op.req.sessionId] : []))
  const { rows } = await sql<{ state: LockRead }>`
    select wallet_lock_read(${players.map(String)}::bigint[], ${providers}::text[], ${ids}::text[], ${sessions}::text[], ${ops.length}::int,
      ${ops[0]!.options.now}::timestamptz) as state`.execute(trx)
  return rows[0]!.state
}

/** The wallets each request will move, so that missing ones are created before the batch decides. */
function neededWallets(op: Op, account: { currency: string; banned: boolean }, stakeOrder: readonly WalletKind[]): WalletKind[] {
  if (op.type === 'debit') {
    if (op.mode === 'fun') return ['main', 'fun']
    return account.currency === op.currency.code && !account.banned ? ['main', ...(op.req.from ?? stakeOrder)] : []
  }
  if (op.type === 'credit') return ['main', op.target]
  return ['main']
}

/**
 * Applies a batch of requests (several players' possibly) in one transaction: one statement locks
 * the players' wallets and reads what the requests decide on, the requests are decided here in
 * order against the balances as each leaves them, and one statement writes every request row,
 * ledger entry, tombstone and new balance. Answers one outcome per request; a refused request
 * moves nothing.
 */
async function applyBatch(trx: Transaction<DB>, ops: readonly Op[], hooks: DebitHooks = {}): Promise<Outcome<WalletResult>[]> {
  let state = await lockRead(trx, ops)
  const storedKeys = new Set(state.txs.map((t) => keyOf(t.provider, t.transaction_id)))
  const accountsRead = new Map(state.accounts.map((a) => [BigInt(a.id), a]))
  const stakeOrderRead = parseStakeOrder(state.stake_order)
  const missing = new Map<string, { playerId: bigint; currency: string; kind: WalletKind }>()
  for (const op of ops) {
    const account = accountsRead.get(op.req.playerId)
    if (!account || storedKeys.has(keyOf(op.req.provider, op.req.transactionId))) continue
    for (const kind of neededWallets(op, account, stakeOrderRead)) {
      const has = state.wallets.some((w) => BigInt(w.player_id) === op.req.playerId && w.currency === op.currency.code && w.kind === kind)
      if (!has) missing.set(`${op.req.playerId}:${op.currency.code}:${kind}`, { playerId: op.req.playerId, currency: op.currency.code, kind })
    }
  }
  if (missing.size > 0) {
    for (const { playerId, currency, kind } of missing.values()) await ensureWallet(trx, playerId, currency, kind)
    state = await lockRead(trx, ops)
  }
  await hooks.locked?.()

  const accounts = new Map(state.accounts.map((a) => [BigInt(a.id), a]))
  const stakeOrder = parseStakeOrder(state.stake_order)
  const wallets: LockedWallet[] = state.wallets.map((w) => ({
    id: BigInt(w.id),
    playerId: BigInt(w.player_id),
    currency: w.currency,
    kind: w.kind,
    balance: BigInt(w.balance),
  }))
  const kindOf = new Map(wallets.map((w) => [w.id, w.kind]))
  const known = new Map<string, KnownTx>()
  for (const t of state.txs) {
    known.set(keyOf(t.provider, t.transaction_id), {
      id: BigInt(t.id),
      type: t.type,
      playerId: BigInt(t.player_id),
      currency: t.currency,
      mode: t.mode,
      amount: BigInt(t.amount),
      status: t.status,
      requestHash: t.request_hash,
      transactionId: t.transaction_id,
      provider: t.provider,
      response: t.response,
      entries: (t.entries ?? []).map((e) => ({ walletId: BigInt(e.wallet_id), amount: BigInt(e.amount) })),
    })
  }
  const tombstones = new Map(state.tombstones.map((b) => [keyOf(b.provider, b.transaction_id), BigInt(b.player_id)]))
  const sessions = new Map(state.sessions.map((s) => [s.id, s]))
  const freeIds = state.new_ids.map((id) => BigInt(id))

  const newRows: NewTxRow[] = []
  const newEntries: NewEntry[] = []
  const newTombstones: { provider: string; transaction_id: string; rollback_transaction_id: string; player_id: bigint }[] = []
  const rolledBack: bigint[] = []
  const changed = new Set<LockedWallet>()
  const newPlay: PlayMove[] = []
  // Net loss this batch has added for a player so far: its plays are in the current hour, inside every window.
  const batchNet = (playerId: bigint, currency: string): bigint =>
    newPlay.reduce((sum, p) => (p.playerId === playerId && p.currency === currency ? sum + p.staked - p.returned : sum), 0n)
  const play = (op: Op, staked: bigint, returned: bigint) => {
    if (staked !== 0n || returned !== 0n) newPlay.push({ playerId: op.req.playerId, currency: op.currency.code, hour: playHour(op.options.now), staked, returned })
  }

  const balancesIn = (playerId: bigint, currency: string): MinorBalances => {
    const out: MinorBalances = {}
    for (const w of wallets) if (w.playerId === playerId && w.currency === currency) out[w.kind] = w.balance
    return out
  }
  const walletOf = (playerId: bigint, currency: string, kind: WalletKind): LockedWallet => {
    const found = wallets.find((w) => w.playerId === playerId && w.currency === currency && w.kind === kind)
    if (!found) throw new Error(`No ${kind} wallet in ${currency} after locking`)
    return found
  }
  const move = (wallet: LockedWallet, amount: bigint, kind: string, txId: bigint) => {
    const balanceAfter = wallet.balance + amount
    if (balanceAfter < 0n) throw new InsufficientFundsError(wallet.id, wallet.balance, amount)
    wallet.balance = balanceAfter
    changed.add(wallet)
    newEntries.push({ walletId: wallet.id, amount, balanceAfter, kind, idempotencyKey: `wtx:${txId}:${wallet.kind}`, ref: `wtx:${txId}` })
  }
  const store = (op: Op, values: ReturnType<typeof txValues>, status: WalletTxStatus, moved: bigint, stored: StoredAnswer): { result: WalletResult; tx: KnownTx } => {
    const id = freeIds.shift()
    if (id === undefined) throw new Error('The batch ran out of drawn ids')
    const row: NewTxRow = { ...values, id, status, moved, response: JSON.stringify(stored), now: op.options.now }
    newRows.push(row)
    const tx: KnownTx = {
      id,
      type: values.type,
      playerId: values.player_id,
      currency: values.currency,
      mode: values.mode,
      amount: values.amount,
      status,
      requestHash: values.request_hash,
      transactionId: values.transaction_id,
      provider: values.provider,
      response: stored,
      entries: [],
      row,
    }
    known.set(keyOf(values.provider, values.transaction_id), tx)
    return { result: { answer: { ...stored, walletTransactionId: String(id) }, replayed: false }, tx }
  }
  const requireAccount = (playerId: bigint) => {
    const account = accounts.get(playerId)
    if (!account) throw new WalletError('unknown_player', `No player ${playerId}`)
    return account
  }
  const rolledBackBefore = (req: BaseRequest): boolean => {
    const owner = tombstones.get(keyOf(req.provider, req.transactionId))
    if (owner === undefined) return false
    if (owner !== req.playerId) throw new WalletError('transaction_mismatch', `Transaction ${req.transactionId} was rolled back for another player`)
    return true
  }

  const decide = (op: Op): WalletResult => {
    const { req, currency } = op
    const earlier = known.get(keyOf(req.provider, req.transactionId))
    if (earlier) return replayOf(earlier, op.hash)
    const acct = requireAccount(req.playerId)
    const balances = balancesIn(req.playerId, currency.code)

    if (op.type === 'debit') {
      const order = op.mode === 'fun' ? (['fun'] as const) : (op.req.from ?? stakeOrder)
      const values = txValues(req, 'debit', currency, op.mode, op.amount, op.hash, null)
      // Its rollback came first: answer as rolled back, move nothing, and need no session for it.
      if (rolledBackBefore(req)) return store(op, values, 'rolled_back', 0n, answer(req, currency, 'rolled_back', null, balances, order, [])).result
      if (acct.banned) throw new WalletError('player_blocked', `Player ${req.playerId} is blocked`)
      if (op.mode === 'real' && acct.currency !== currency.code) {
        throw new WalletError('currency_mismatch', `Player ${req.playerId} plays in ${acct.currency}, not ${currency.code}`, { currency: ['currency_mismatch'] })
      }
      requireLiveSession(op.req.sessionId ? sessions.get(op.req.sessionId) : undefined, req.playerId, op.options)
      const parts = splitStake(op.amount, balances, order)
      if (!parts) return store(op, values, 'declined', 0n, answer(req, currency, 'declined', 'insufficient_funds', balances, order, [])).result
      // Real money the stake takes: what a loss limit counts (bonus money is not the player's own).
      const fromMain = op.mode === 'real' ? (parts.find((p) => p.kind === 'main')?.amount ?? 0n) : 0n
      if (fromMain > 0n) {
        const headroom = lossHeadroom(state.loss_limits, req.playerId, currency.code, op.options.now, batchNet(req.playerId, currency.code))
        if (headroom && fromMain > headroom.available) {
          const refusal = answer(req, currency, 'declined', 'loss_limit_exceeded', balances, order, [])
          const lossLimit = { available: minorToMajor(headroom.available, currency.exponent), periodDays: headroom.periodDays }
          return store(op, values, 'declined', 0n, { ...refusal, lossLimit }).result
        }
      }
      const after = { ...balances }
      for (const p of parts) after[p.kind] = (after[p.kind] ?? 0n) - p.amount
      const { result, tx } = store(op, values, 'ok', -op.amount, answer(req, currency, 'ok', null, after, order, parts))
      for (const p of parts) {
        const wallet = walletOf(req.playerId, currency.code, p.kind)
        move(wallet, -p.amount, 'bet', tx.id)
        tx.entries.push({ walletId: wallet.id, amount: -p.amount })
      }
      play(op, fromMain, 0n)
      return result
    }

    if (op.type === 'credit') {
      const order = op.mode === 'fun' ? (['fun'] as const) : stakeOrder
      const values = txValues(req, 'credit', currency, op.mode, op.amount, op.hash, null)
      if (rolledBackBefore(req)) return store(op, values, 'rolled_back', 0n, answer(req, currency, 'rolled_back', null, balances, order, [])).result
      const before = balances[op.target] ?? 0n
      if (before + op.amount > MAX_MINOR) throw new WalletError('balance_overflow', `A credit of ${op.req.amount} ${currency.code} overflows the balance`)
      const after = { ...balances, [op.target]: before + op.amount }
      const parts: StakePart[] = op.amount > 0n ? [{ kind: op.target, amount: op.amount }] : []
      const { result, tx } = store(op, values, 'ok', op.amount, answer(req, currency, 'ok', null, after, order, parts))
      if (op.amount > 0n) move(walletOf(req.playerId, currency.code, op.target), op.amount, op.kind, tx.id)
      if (op.mode === 'real' && op.target === 'main' && PLAY_RETURN_KINDS.includes(op.kind)) play(op, 0n, op.amount)
      return result
    }

    const reference = op.req.referenceTransactionId
    const target = known.get(keyOf(req.provider, reference))
    if (!target) {
      // The debit has not come (or never will): remember, so that it moves nothing when it does.
      const values = txValues(req, 'rollback', currency, 'real', 0n, op.hash, reference)
      const stored = store(op, values, 'ok', 0n, answer(req, currency, 'ok', null, balances, stakeOrder, []))
      const key = keyOf(req.provider, reference)
      if (!tombstones.has(key)) {
        tombstones.set(key, req.playerId)
        newTombstones.push({ provider: req.provider, transaction_id: reference, rollback_transaction_id: req.transactionId, player_id: req.playerId })
      }
      return stored.result
    }
    if (target.playerId !== req.playerId || target.currency !== currency.code) {
      throw new WalletError('transaction_mismatch', `Transaction ${reference} is not this player's in ${currency.code}`)
    }
    if (target.type !== 'debit') throw new WalletError('not_rollbackable', `Transaction ${reference} is a ${target.type}; only debits are rolled back`)
    const order = target.mode === 'fun' ? (['fun'] as const) : stakeOrder
    const values = txValues(req, 'rollback', currency, target.mode, target.amount, op.hash, reference)
    if (target.status !== 'ok') {
      // Declined or already rolled back: nothing to give back, and the answer is still a success.
      return store(op, values, 'ok', 0n, answer(req, currency, 'ok', null, balances, order, [])).result
    }
    const parts: StakePart[] = target.entries.map((e) => ({ kind: kindOf.get(e.walletId)!, amount: -e.amount }))
    const after = { ...balances }
    for (const p of parts) after[p.kind] = (after[p.kind] ?? 0n) + p.amount
    const refund = parts.reduce((sum, p) => sum + p.amount, 0n)
    const { result, tx } = store(op, values, 'ok', refund, answer(req, currency, 'ok', null, after, order, parts))
    for (const e of target.entries) move(wallets.find((w) => w.id === e.walletId)!, -e.amount, 'rollback', tx.id)
    // A stake given back is no loss: it leaves the net loss (in this hour; it stays in every window its stake is in).
    if (target.mode === 'real') play(op, -parts.reduce((sum, p) => (p.kind === 'main' ? sum + p.amount : sum), 0n), 0n)
    target.status = 'rolled_back'
    if (target.row) target.row.status = 'rolled_back'
    else rolledBack.push(target.id)
    return result
  }

  const outcomes: Outcome<WalletResult>[] = ops.map((op, i) => {
    // A refused request must leave nothing behind: decide on copies, keep them only if it passes.
    const mark = { rows: newRows.length, entries: newEntries.length, tombstones: newTombstones.length, rolledBack: rolledBack.length, play: newPlay.length }
    const balancesBefore = wallets.map((w) => w.balance)
    try {
      const value = decide(op)
      hooks.decided?.(i, value)
      return { ok: true, value }
    } catch (error) {
      for (const row of newRows.splice(mark.rows)) known.delete(keyOf(row.provider, row.transaction_id))
      for (const b of newTombstones.splice(mark.tombstones)) tombstones.delete(keyOf(b.provider, b.transaction_id))
      newEntries.length = mark.entries
      rolledBack.length = mark.rolledBack
      newPlay.length = mark.play
      wallets.forEach((w, i) => (w.balance = balancesBefore[i]!))
      return { ok: false, error }
    }
  })

  if (newRows.length > 0) {
    const moved = [...new Set(newEntries.map((e) => wallets.find((w) => w.id === e.walletId)!.playerId))]
    await writeBatch(trx, moved, newRows, newEntries, newTombstones, rolledBack, [...changed], newPlay, ops[0]!.options.now)
    for (const op of ops) await op.options.afterFirstWrite?.()
  }
  return outcomes
}
// ── the steps they share ────────────────────────────────────────────────────

const PROVIDER_RE = /^[a-z0-9][a-z0-9_.-]{0,63}$/

function invalid(field: string, message: string): WalletError {
  return new WalletError('invalid_request', message, { [field]: ['invalid'] })
}

function checkId(value: unknown, field: string): void {
  if (typeof value !== 'string' || value.length === 0 || value.length > 128) throw invalid(field, `${field} must be 1 to 128 characters`)
}

function checkBase(req: BaseRequest): void {
  if (typeof req.provider !== 'string' || !PROVIDER_RE.test(req.provider)) throw invalid('provider', 'provider must be a lowercase name')
  checkId(req.transactionId, 'transactionId')
  if (typeof req.playerId !== 'bigint' || req.playerId <= 0n) throw invalid('playerId', 'playerId must be a positive id')
  if (req.roundId != null) checkId(req.roundId, 'roundId')
  if (req.gameId != null) checkId(req.gameId, 'gameId')
}

function checkMode(mode: unknown): WalletMode {
  if (mode === undefined || mode === 'real') return 'real'
  if (mode === 'fun') return 'fun'
  throw invalid('mode', 'mode must be real or fun')
}

/** What makes two requests "the same": everything that moves money, not the session that authorised it. */
function requestHash(type: WalletTxType, req: BaseRequest, extra: Record<string, string>): string {
  const canonical = JSON.stringify([
    type,
    req.provider,
    req.transactionId,
    req.playerId.toString(),
    req.currency,
    req.roundId ?? null,
    req.gameId ?? null,
    Object.entries(extra).sort(([a], [b]) => a.localeCompare(b)),
  ])
  return createHash('sha256').update(canonical).digest('hex')
}

/**
 * Currencies by code, kept per database: a currency's exponent never changes (ISO 4217), and a
 * request reads nothing else of it. An unknown code is asked again each time (one may be added).
 */
const currencies = new WeakMap<Kysely<DB>, Map<string, CurrencyInfo>>()

async function currencyOf(db: Db, code: string): Promise<CurrencyInfo> {
  if (db.isTransaction) return requireCurrency(db, code)
  let known = currencies.get(db as Kysely<DB>)
  if (!known) currencies.set(db as Kysely<DB>, (known = new Map()))
  const cached = typeof code === 'string' ? known.get(code) : undefined
  if (cached) return cached
  const found = await requireCurrency(db, code)
  known.set(found.code, found)
  return found
}

type StoredAnswer = Omit<WalletAnswer, 'walletTransactionId'>

function replayOf(tx: KnownTx, hash: string): WalletResult {
  if (tx.requestHash !== hash) {
    throw new WalletError('idempotency_conflict', `Transaction ${tx.transactionId} of ${tx.provider} was sent before with a different body`)
  }
  return { answer: { ...tx.response, walletTransactionId: String(tx.id) }, replayed: true }
}

/** Real-money play a request adds to its hour (wallet_play_hours): stakes from main, play paid back into it. */
interface PlayMove {
  playerId: bigint
  currency: string
  hour: Date
  staked: bigint
  returned: bigint
}

interface LockedWallet {
  id: bigint
  playerId: bigint
  currency: string
  kind: WalletKind
  balance: bigint
}

function requireLiveSession(row: LockRead['sessions'][number] | undefined, playerId: bigint, options: WalletOptions): void {
  const live =
    row &&
    row.player_id !== null &&
    BigInt(row.player_id) === playerId &&
    !isExpired(
      { id: row.id, playerId, createdAt: new Date(row.created_at), lastSeenAt: new Date(row.last_seen_at), expiresAt: new Date(row.expires_at) },
      options.now,
      options.sessionPolicy,
    )
  if (!live) throw new WalletError('session_expired', 'A stake needs the player to be logged in')
}

/**
 * The batch's one write: request rows, ledger entries, tombstones, the rolled-back stakes' status
 * and the wallets' final balances, with the balance announcement delivered on commit. A request id
 * another transaction stored first fails the statement (and the batch, which runs again and replays).
 */
async function writeBatch(
  trx: Transaction<DB>,
  /** Players whose balances moved: told once this commits. */
  moved: readonly bigint[],
  rows: readonly NewTxRow[],
  entries: readonly NewEntry[],
  tombstones: readonly { provider: string; transaction_id: string; rollback_transaction_id: string; player_id: bigint }[],
  rolledBack: readonly bigint[],
  changed: readonly LockedWallet[],
  play: readonly PlayMove[],
  now: Date,
): Promise<void> {
  const parts = [
    sql`t as (
      insert into wallet_transactions (id, provider, transaction_id, type, player_id, currency, mode, amount, moved, round_id, game_id,
        reference_transaction_id, request_hash, status, response, created_at, updated_at)
      values ${sql.join(
        rows.map(
          (r) => sql`(${r.id}::bigint, ${r.provider}, ${r.transaction_id}, ${r.type}, ${r.player_id}::bigint, ${r.currency}, ${r.mode},
            ${r.amount}::bigint, ${r.moved}::bigint, ${r.round_id}, ${r.game_id}, ${r.reference_transaction_id}, ${r.request_hash},
            ${r.status}, ${r.response}::jsonb, ${r.now}::timestamptz, ${r.now}::timestamptz)`,
        ),
      )}
      returning id)`,
  ]
  if (entries.length > 0) {
    // Inserted in list order, so ids follow the order the balances moved in.
    parts.push(sql`l as (
      insert into ledger_entries (wallet_id, amount, balance_after, kind, idempotency_key, ref)
      values ${sql.join(entries.map((e) => sql`(${e.walletId}::bigint, ${e.amount}::bigint, ${e.balanceAfter}::bigint, ${e.kind}, ${e.idempotencyKey}, ${e.ref})`))}
      returning id)`)
  }
  if (tombstones.length > 0) {
    parts.push(sql`b as (
      insert into wallet_rollback_tombstones (provider, transaction_id, rollback_transaction_id, player_id)
      values ${sql.join(tombstones.map((b) => sql`(${b.provider}, ${b.transaction_id}, ${b.rollback_transaction_id}, ${b.player_id}::bigint)`))}
      on conflict (provider, transaction_id) do nothing
      returning provider)`)
  }
  if (rolledBack.length > 0) {
    parts.push(sql`r as (
      update wallet_transactions set status = 'rolled_back', updated_at = ${now}::timestamptz
      where id in (${sql.join(rolledBack.map((id) => sql`${id}::bigint`))})
      returning id)`)
  }
  if (changed.length > 0) {
    parts.push(sql`w as (
      update wallets set balance = v.balance
      from (values ${sql.join(changed.map((w) => sql`(${w.id}::bigint, ${w.balance}::bigint)`))}) as v(id, balance)
      where wallets.id = v.id
      returning wallets.id)`)
  }
  if (play.length > 0) {
    // One row per (player, currency, hour) in the statement: an upsert may not touch a row twice.
    const sums = new Map<string, PlayMove>()
    for (const p of play) {
      const key = `${p.playerId}:${p.currency}:${p.hour.getTime()}`
      const seen = sums.get(key)
      sums.set(key, seen ? { ...seen, staked: seen.staked + p.staked, returned: seen.returned + p.returned } : p)
    }
    parts.push(sql`p as (
      insert into wallet_play_hours (player_id, currency, hour, staked, returned)
      values ${sql.join([...sums.values()].map((p) => sql`(${p.playerId}::bigint, ${p.currency}, ${p.hour}::timestamptz, ${p.staked}::bigint, ${p.returned}::bigint)`))}
      on conflict (player_id, currency, hour) do update
        set staked = wallet_play_hours.staked + excluded.staked, returned = wallet_play_hours.returned + excluded.returned
      returning player_id)`)
  }
  // Delivered by the database when (and only if) this transaction commits.
  const notify = moved.map((playerId) => sql`, ${balanceNotifyItem(playerId)}`)
  await sql`with ${sql.join(parts)} select (select count(*) from t) as stored ${sql.join(notify, sql``)}`.execute(trx)
}

function txValues(req: BaseRequest, type: WalletTxType, currency: CurrencyInfo, mode: WalletMode, amount: bigint, hash: string, reference: string | null) {
  return {
    provider: req.provider,
    transaction_id: req.transactionId,
    type,
    player_id: req.playerId,
    currency: currency.code,
    mode,
    amount,
    round_id: req.roundId ?? null,
    game_id: req.gameId ?? null,
    reference_transaction_id: reference,
    request_hash: hash,
  }
}

function answer(
  req: BaseRequest,
  currency: CurrencyInfo,
  status: WalletTxStatus,
  errorCode: WalletAnswer['errorCode'],
  balances: MinorBalances,
  playable: readonly WalletKind[],
  parts: StakePart[],
): StoredAnswer {
  const major = (minor: bigint) => minorToMajor(minor, currency.exponent)
  const all: WalletAnswer['balances'] = {}
  for (const [kind, minor] of Object.entries(balances) as [WalletKind, bigint][]) all[kind] = major(minor)
  const moved: WalletAnswer['parts'] = {}
  for (const p of parts) moved[p.kind] = major(p.amount)
  return {
    transactionId: req.transactionId,
    status,
    errorCode,
    currency: currency.code,
    balance: major(playable.reduce((sum, kind) => sum + (balances[kind] ?? 0n), 0n)),
    balances: all,
    parts: moved,
  }
}
