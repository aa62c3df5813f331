import { createHash } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { MAX_MINOR, minorToMajor } from '../../../src/shared/money'
import type { Config } from '../../config'
import { clock } from '../../config'
import type { DB, WalletKind, WalletMode, WalletTransaction, WalletTxStatus, WalletTxType } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import { isExpired, type SessionPolicy } from '../session/sessions'
import type { MinorBalances } from './balances'
import { amountToMinor, requireCurrency, type CurrencyInfo } from './currencies'
import { WalletError } from './errors'
import { ensureWallet, postLockedEntries } from './ledger'
import { readStakeOrder, splitStake, type StakePart } from './stake'

/**
 * The seamless wallet (ARCHITECTURE §5): idempotent by (provider, transaction id), locking all of a
 * player's wallets in id order, as game aggregators require (docs/payments.md#the-seamless-wallet).
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
}

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
  /** Why it was declined. */
  errorCode: 'insufficient_funds' | null
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
  const currency = await requireCurrency(db, req.currency)
  const amount = amountToMinor(req.amount, currency)
  const hash = requestHash('debit', req, { mode, amount: amount.toString() })
  const earlier = await findTx(db, req.provider, req.transactionId)
  if (earlier) return replayOf(earlier, hash)
  const order = mode === 'fun' ? (['fun'] as const) : await readStakeOrder(db)

  return inTransaction(db, async (trx) => {
    const account = await loadAccount(trx, req.playerId)
    const wallets = await lockWallets(trx, req.playerId, currency.code, order)
    const again = await findTx(trx, req.provider, req.transactionId)
    if (again) return replayOf(again, hash)
    const values = txValues(req, 'debit', currency, mode, amount, hash, null)
    const balances = balancesIn(wallets, currency.code)

    // Its rollback came first: answer as rolled back, move nothing, and need no session for it.
    if (await rolledBackBefore(trx, req)) {
      return (await store(trx, values, 'rolled_back', 0n, answer(req, currency, 'rolled_back', null, balances, order, []), options)).result
    }
    if (account.banned) throw new WalletError('player_blocked', `Player ${req.playerId} is blocked`)
    if (mode === 'real' && account.currency !== currency.code) {
      throw new WalletError('currency_mismatch', `Player ${req.playerId} plays in ${account.currency}, not ${currency.code}`, { currency: ['currency_mismatch'] })
    }
    await requireLiveSession(trx, req.sessionId, req.playerId, options)

    const parts = splitStake(amount, balances, order)
    if (!parts) {
      return (await store(trx, values, 'declined', 0n, answer(req, currency, 'declined', 'insufficient_funds', balances, order, []), options)).result
    }
    const after = { ...balances }
    for (const p of parts) after[p.kind] = (after[p.kind] ?? 0n) - p.amount
    const stored = await store(trx, values, 'ok', -amount, answer(req, currency, 'ok', null, after, order, parts), options)
    if (stored.id === null) return stored.result
    await postLockedEntries(
      trx,
      parts.map((p) => ({
        wallet: walletOf(wallets, currency.code, p.kind),
        amount: -p.amount,
        kind: 'bet',
        idempotencyKey: `wtx:${stored.id}:${p.kind}`,
        ref: `wtx:${stored.id}`,
      })),
    )
    return stored.result
  })
}

export async function credit(db: Db, req: CreditRequest, options: WalletOptions): Promise<WalletResult> {
  checkBase(req)
  const mode = checkMode(req.mode)
  const kind = req.kind ?? 'win'
  if (!(CREDIT_KINDS as readonly string[]).includes(kind)) throw invalid('kind', `Unknown credit kind ${JSON.stringify(kind)}`)
  const target: WalletKind = mode === 'fun' ? 'fun' : (req.balance ?? 'main')
  if (!['main', 'bonus', 'betting_bonus'].includes(target) && mode === 'real') throw invalid('balance', `Cannot pay into ${JSON.stringify(target)}`)
  const currency = await requireCurrency(db, req.currency)
  const amount = amountToMinor(req.amount, currency, { allowZero: true })
  const hash = requestHash('credit', req, { mode, amount: amount.toString(), kind, balance: target })
  const earlier = await findTx(db, req.provider, req.transactionId)
  if (earlier) return replayOf(earlier, hash)
  const order = mode === 'fun' ? (['fun'] as const) : await readStakeOrder(db)

  return inTransaction(db, async (trx) => {
    await loadAccount(trx, req.playerId)
    const wallets = await lockWallets(trx, req.playerId, currency.code, [target])
    const again = await findTx(trx, req.provider, req.transactionId)
    if (again) return replayOf(again, hash)
    const values = txValues(req, 'credit', currency, mode, amount, hash, null)
    const balances = balancesIn(wallets, currency.code)
    if (await rolledBackBefore(trx, req)) {
      return (await store(trx, values, 'rolled_back', 0n, answer(req, currency, 'rolled_back', null, balances, order, []), options)).result
    }
    const before = balances[target] ?? 0n
    if (before + amount > MAX_MINOR) throw new WalletError('balance_overflow', `A credit of ${req.amount} ${currency.code} overflows the balance`)
    const after = { ...balances, [target]: before + amount }
    const parts: StakePart[] = amount > 0n ? [{ kind: target, amount }] : []
    const stored = await store(trx, values, 'ok', amount, answer(req, currency, 'ok', null, after, order, parts), options)
    if (stored.id === null || amount === 0n) return stored.result
    await postLockedEntries(trx, [
      { wallet: walletOf(wallets, currency.code, target), amount, kind, idempotencyKey: `wtx:${stored.id}:${target}`, ref: `wtx:${stored.id}` },
    ])
    return stored.result
  })
}

export async function rollback(db: Db, req: RollbackRequest, options: WalletOptions): Promise<WalletResult> {
  checkBase(req)
  checkId(req.referenceTransactionId, 'referenceTransactionId')
  const currency = await requireCurrency(db, req.currency)
  const hash = requestHash('rollback', req, { reference: req.referenceTransactionId })
  const earlier = await findTx(db, req.provider, req.transactionId)
  if (earlier) return replayOf(earlier, hash)
  const realOrder = await readStakeOrder(db)

  return inTransaction(db, async (trx) => {
    await loadAccount(trx, req.playerId)
    const wallets = await lockWallets(trx, req.playerId, currency.code, [])
    const again = await findTx(trx, req.provider, req.transactionId)
    if (again) return replayOf(again, hash)
    const balances = balancesIn(wallets, currency.code)
    const target = await findTx(trx, req.provider, req.referenceTransactionId)

    if (!target) {
      // The debit has not come (or never will): remember, so that it moves nothing when it does.
      const values = txValues(req, 'rollback', currency, 'real', 0n, hash, req.referenceTransactionId)
      const stored = await store(trx, values, 'ok', 0n, answer(req, currency, 'ok', null, balances, realOrder, []), options)
      if (stored.id !== null) {
        await trx
          .insertInto('wallet_rollback_tombstones')
          .values({ provider: req.provider, transaction_id: req.referenceTransactionId, rollback_transaction_id: req.transactionId, player_id: req.playerId })
          .onConflict((oc) => oc.columns(['provider', 'transaction_id']).doNothing())
          .execute()
      }
      return stored.result
    }

    if (target.player_id !== req.playerId || target.currency !== currency.code) {
      throw new WalletError('transaction_mismatch', `Transaction ${req.referenceTransactionId} is not this player's in ${currency.code}`)
    }
    if (target.type !== 'debit') {
      throw new WalletError('not_rollbackable', `Transaction ${req.referenceTransactionId} is a ${target.type}; only debits are rolled back`)
    }
    const order = target.mode === 'fun' ? (['fun'] as const) : realOrder
    const values = txValues(req, 'rollback', currency, target.mode, target.amount, hash, req.referenceTransactionId)
    if (target.status !== 'ok') {
      // Declined or already rolled back: nothing to give back, and the answer is still a success.
      return (await store(trx, values, 'ok', 0n, answer(req, currency, 'ok', null, balances, order, []), options)).result
    }

    const entries = await trx.selectFrom('ledger_entries').select(['wallet_id', 'amount']).where('ref', '=', `wtx:${target.id}`).orderBy('id').execute()
    const kindOf = new Map(wallets.map((w) => [w.id, w.kind]))
    const parts: StakePart[] = entries.map((e) => ({ kind: kindOf.get(e.wallet_id)!, amount: -e.amount }))
    const after = { ...balances }
    for (const p of parts) after[p.kind] = (after[p.kind] ?? 0n) + p.amount
    const refund = parts.reduce((sum, p) => sum + p.amount, 0n)
    const stored = await store(trx, values, 'ok', refund, answer(req, currency, 'ok', null, after, order, parts), options)
    if (stored.id === null) return stored.result
    await postLockedEntries(
      trx,
      parts.map((p, i) => ({
        wallet: wallets.find((w) => w.id === entries[i]!.wallet_id)!,
        amount: p.amount,
        kind: 'rollback',
        idempotencyKey: `wtx:${stored.id}:${p.kind}`,
        ref: `wtx:${stored.id}`,
      })),
    )
    await trx.updateTable('wallet_transactions').set({ status: 'rolled_back', updated_at: options.now }).where('id', '=', target.id).execute()
    return stored.result
  })
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

function inTransaction<T>(db: Db, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<DB>) : runTransaction(db as Kysely<DB>, fn)
}

function findTx(db: Db, provider: string, transactionId: string): Promise<WalletTransaction | undefined> {
  return db.selectFrom('wallet_transactions').selectAll().where('provider', '=', provider).where('transaction_id', '=', transactionId).executeTakeFirst()
}

type StoredAnswer = Omit<WalletAnswer, 'walletTransactionId'>

function replayOf(row: WalletTransaction, hash: string): WalletResult {
  if (row.request_hash !== hash) {
    throw new WalletError('idempotency_conflict', `Transaction ${row.transaction_id} of ${row.provider} was sent before with a different body`)
  }
  return { answer: { ...(row.response as StoredAnswer), walletTransactionId: String(row.id) }, replayed: true }
}

async function loadAccount(trx: Transaction<DB>, playerId: bigint): Promise<{ currency: string; banned: boolean }> {
  const row = await trx.selectFrom('accounts').select(['currency', 'banned_at']).where('id', '=', playerId).executeTakeFirst()
  if (!row) throw new WalletError('unknown_player', `No player ${playerId}`)
  return { currency: row.currency, banned: row.banned_at !== null }
}

interface LockedWallet {
  id: bigint
  currency: string
  kind: WalletKind
  balance: bigint
}

/**
 * Locks every wallet of the player, in every currency, in id order: requests of one player queue
 * here, whatever currency they are in, so the checks that follow see committed, final state.
 * Missing wallets of `needed` kinds are created first.
 */
async function lockWallets(trx: Transaction<DB>, playerId: bigint, currency: string, needed: readonly WalletKind[]): Promise<LockedWallet[]> {
  const select = () =>
    trx.selectFrom('wallets').select(['id', 'currency', 'kind', 'balance']).where('player_id', '=', playerId).orderBy('id').forUpdate().execute()
  let rows = await select()
  const missing = [...new Set<WalletKind>(['main', ...needed])].filter((k) => !rows.some((r) => r.currency === currency && r.kind === k))
  if (missing.length) {
    for (const kind of missing) await ensureWallet(trx, playerId, currency, kind)
    rows = await select()
  }
  return rows
}

function balancesIn(wallets: LockedWallet[], currency: string): MinorBalances {
  const out: MinorBalances = {}
  for (const w of wallets) if (w.currency === currency) out[w.kind] = w.balance
  return out
}

function walletOf(wallets: LockedWallet[], currency: string, kind: WalletKind): LockedWallet {
  const found = wallets.find((w) => w.currency === currency && w.kind === kind)
  if (!found) throw new Error(`No ${kind} wallet in ${currency} after locking`)
  return found
}

async function rolledBackBefore(trx: Transaction<DB>, req: BaseRequest): Promise<boolean> {
  const tomb = await trx
    .selectFrom('wallet_rollback_tombstones')
    .select('player_id')
    .where('provider', '=', req.provider)
    .where('transaction_id', '=', req.transactionId)
    .executeTakeFirst()
  if (!tomb) return false
  if (tomb.player_id !== req.playerId) throw new WalletError('transaction_mismatch', `Transaction ${req.transactionId} was rolled back for another player`)
  return true
}

async function requireLiveSession(trx: Transaction<DB>, sessionId: string | null, playerId: bigint, options: WalletOptions): Promise<void> {
  const row = sessionId
    ? await trx.selectFrom('sessions').select(['id', 'player_id', 'created_at', 'last_seen_at', 'expires_at']).where('id', '=', sessionId).executeTakeFirst()
    : undefined
  const live =
    row &&
    row.player_id === playerId &&
    !isExpired({ id: row.id, playerId: row.player_id, createdAt: row.created_at, lastSeenAt: row.last_seen_at, expiresAt: row.expires_at }, options.now, options.sessionPolicy)
  if (!live) throw new WalletError('session_expired', 'A stake needs the player to be logged in')
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

/**
 * Writes the request row with its answer: the first write of every request, so a request is
 * either stored whole with its ledger entries or not at all. Another transaction storing the same
 * id first (only possible for another player's or currency's lock) makes this a replay.
 */
async function store(
  trx: Transaction<DB>,
  values: ReturnType<typeof txValues>,
  status: WalletTxStatus,
  moved: bigint,
  stored: StoredAnswer,
  options: WalletOptions,
): Promise<{ result: WalletResult; id: bigint | null }> {
  const row = await trx
    .insertInto('wallet_transactions')
    .values({ ...values, status, moved, response: JSON.stringify(stored), created_at: options.now, updated_at: options.now })
    .onConflict((oc) => oc.columns(['provider', 'transaction_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!row) {
    const winner = await findTx(trx, values.provider, values.transaction_id)
    if (!winner) throw new WalletError('idempotency_conflict', `Transaction ${values.transaction_id} is being processed`)
    return { result: replayOf(winner, values.request_hash), id: null }
  }
  await options.afterFirstWrite?.()
  return { result: { answer: { ...stored, walletTransactionId: String(row.id) }, replayed: false }, id: row.id }
}
