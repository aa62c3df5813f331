import { createHash, randomBytes } from 'node:crypto'
import { sql, type Kysely, type Transaction as KTransaction } from 'kysely'
import {
  MASKED_CARD_RE,
  NEW_CARD,
  NO_OFFER_ID,
  type DepositResult,
  type GetHistoryParams,
  type HistoryItem,
  type MakeDepositParams,
  type Transaction,
} from '../../../src/services/api/contract/cashier'
import { AmountError, minorToMajor, parseAmount, parseDecimal } from '../../../src/shared/money'
import { maxAmountMinor } from '../../../src/shared/amount-limits'
import { safeRedirectTarget } from '../../../src/shared/redirect'
import { isValidCryptoAddress } from '../../../src/shared/validation/crypto-address'
import { isValidIban, normalizeIban } from '../../../src/shared/validation/iban'
import type { DB, PaymentTxStatus } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import { findCurrency, requireCurrency, type CurrencyInfo } from '../wallet/currencies'
import { ensureWallet, lockWallets, postEntry } from '../wallet/ledger'
import { assertWithinDepositLimit } from './limits'
import { feeOf, methodsFor, type Direction, type MethodRow } from './methods'
import { requireApplicableOffer } from './offers'
import {
  AmountInvalid,
  AmountOutOfBounds,
  CardNumberNotAccepted,
  CurrencyInvalid,
  DateRangeInvalid,
  MethodUnavailable,
  PaymentIdempotencyConflict,
  ProviderUnavailable,
  RequisitesInvalid,
  TransactionNotFound,
} from './errors'
import { assertProfileComplete } from './profile-data'
import type { DepositStart, HandOff, PaymentProvider } from './provider'
import { asSeenAt, depositSessionMinutes, expiredValues, failureSeenSql, sessionEnd, sessionExpired, statusSeenSql } from './sessions'

/**
 * The cashier: deposits through the configured payment provider, their settlement into
 * the wallet, and the player's payment transactions. Every balance change is a ledger entry
 * (server/domain/wallet/ledger.ts) written in the same database transaction as the status change
 * it belongs to, with ref 'ptx:<transaction id>'; settling twice moves money once.
 *
 * Lock order, the same on every money path so that no two of them deadlock:
 *   1. the player's account row, when a path needs it: FOR SHARE by a deposit or withdrawal that
 *      starts (lockPaymentCurrency), FOR NO KEY UPDATE by a change of the account's money rules
 *      (currency, deposit limits), which so waits for payments in flight and they for it;
 *   2. the payment transaction being settled (settleLocked, one row, never joined rows);
 *   3. the player's wallets, in id order (lockWallets; the seamless wallet takes them the same way).
 * A shared row (a payment method, a currency) is never locked. No provider is called while a
 * transaction is open: a deposit commits its pending row before it asks (makeDeposit), a withdrawal
 * its approval before the payout (withdrawals.ts).
 */

type Db = Kysely<DB> | KTransaction<DB>

export function newTransactionId(): string {
  return `ptx_${randomBytes(12).toString('base64url')}`
}

export function ledgerRef(id: string): string {
  return `ptx:${id}`
}

export function requestHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex')
}

export function money(minor: bigint, currency: CurrencyInfo) {
  return { amount: minorToMajor(minor, currency.exponent), currency: currency.code }
}

export async function playerCurrency(db: Db, playerId: bigint): Promise<CurrencyInfo> {
  const account = await db.selectFrom('accounts').select('currency').where('id', '=', playerId).executeTakeFirstOrThrow()
  return requireCurrency(db, account.currency)
}

const accountCurrencyOnly = () => new CurrencyInvalid('payment')

/**
 * First lock of a deposit or withdrawal that starts: the account row FOR SHARE, so a change of
 * currency or deposit limits (which lock it FOR NO KEY UPDATE) cannot happen while the payment is
 * being written, and the currency read before the transaction is checked to be still the account's.
 * Payments of one player share this lock; their wallets' row locks put them in order.
 */
export async function lockPaymentCurrency(trx: KTransaction<DB>, playerId: bigint, currency: CurrencyInfo): Promise<void> {
  const account = await trx.selectFrom('accounts').select('currency').where('id', '=', playerId).forShare().executeTakeFirstOrThrow()
  if (account.currency !== currency.code) throw accountCurrencyOnly()
}

const methodUnavailable = () => new MethodUnavailable()

/** The method the request names (id and sysname must agree), for the player's currency and the direction. */
export async function requireMethod(
  db: Db,
  provider: PaymentProvider | null,
  direction: Direction,
  currency: CurrencyInfo,
  requested: { method_id: number; method: string; currency: string },
): Promise<MethodRow> {
  if (requested.currency !== currency.code) throw accountCurrencyOnly()
  const methods = await methodsFor(db, provider?.name ?? null, direction, currency.code)
  const method = methods.find((m) => m.id === requested.method_id && m.sysname === requested.method)
  if (!method) throw methodUnavailable()
  return method
}

/** The amount in minor units, checked against the currency and the method's bounds. */
export function amountFor(value: string, currency: CurrencyInfo, method: MethodRow): bigint {
  // The method's maximum, never above the currency's shared one (src/shared/amount-limits.ts).
  const cap = maxAmountMinor(currency.code, currency.exponent)
  const max = cap !== null && (method.max === null || method.max > cap) ? cap : method.max
  let minor: bigint
  try {
    minor = parseAmount(value, currency.code, { exponent: currency.exponent })
  } catch (err) {
    if (!(err instanceof AmountError)) throw err
    // Past what a bigint column holds is past any maximum: reported as the maximum rule below.
    if (err.code === 'too_large' && max !== null) minor = max + 1n
    else throw new AmountInvalid(err.code, err.message)
  }
  const below = minor < method.min
  const above = max !== null && minor > max
  if (below || above) {
    throw new AmountOutOfBounds(
      below ? 'minValue' : 'maxValue',
      below ? 'The amount is below the minimum of this method.' : 'The amount is above the maximum of this method.',
      money(method.min, currency),
      max === null ? null : money(max, currency),
    )
  }
  if (feeOf(method, minor) >= minor) {
    // A payment the fee would eat whole: as good as below the minimum.
    throw new AmountOutOfBounds('minValue', 'The amount does not cover the fee of this method.', money(method.min, currency), method.max === null ? null : money(method.max, currency))
  }
  return minor
}

/** The coin a crypto method's deposits are sent in. */
const CRYPTO_COIN: Readonly<Record<string, string>> = { bitcoin: 'BTC', ethereum: 'ETH', tether: 'USDT' }

/**
 * `amount` of `from` in `to` at the cashier's rates (units per one RATE_BASE_CURRENCY unit),
 * rounded up to `to`'s minor unit: the player never sends less than the amount credited.
 */
export function convertMinor(amount: bigint, from: CurrencyInfo, to: CurrencyInfo): bigint {
  if (from.code === to.code) return amount
  const rf = parseDecimal(from.rate)
  const rt = parseDecimal(to.rate)
  // amount / 10^ef / (rf.units / 10^rf.scale) * (rt.units / 10^rt.scale) * 10^et
  const num = amount * rt.units * 10n ** BigInt(rf.scale + to.exponent)
  const den = rf.units * 10n ** BigInt(rt.scale + from.exponent)
  return (num + den - 1n) / den
}

/** What a crypto deposit sends in the coin; null for other methods. */
async function payInFor(db: Db, method: MethodRow, amount: bigint, currency: CurrencyInfo): Promise<DepositStart['payIn']> {
  if (method.kind !== 'crypto') return null
  const coin = CRYPTO_COIN[method.sysname] ? await findCurrency(db, CRYPTO_COIN[method.sysname]!) : null
  if (!coin) throw methodUnavailable()
  return { amount: convertMinor(amount, currency, coin), currency: coin.code, exponent: coin.exponent }
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The requisites checked with the method's field rules (SPEC §5). Answers the masked requisite to
 * keep and, for a card field, the choice ('new' or a saved card's mask). A full card number is
 * refused unread: the provider's page collects it.
 */
export function checkRequisites(method: MethodRow, requisites: Record<string, string>): { masked: string | null; card: string | null } {
  const problems: Record<string, string[]> = {}
  let masked: string | null = null
  let card: string | null = null
  for (const field of method.requisites) {
    const value = (requisites[field.name] ?? '').trim()
    if (!value) {
      if (field.rules.includes('required')) problems[field.name] = ['required']
      continue
    }
    if (field.input === 'card') {
      if (value !== NEW_CARD && !MASKED_CARD_RE.test(value)) {
        throw new CardNumberNotAccepted(field.name)
      }
      card = value
      masked = value === NEW_CARD ? null : value
      continue
    }
    if (field.rules.includes('iban')) {
      if (!isValidIban(value)) problems[field.name] = ['iban']
      else {
        const iban = normalizeIban(value)
        masked = `${iban.slice(0, 4)} ···· ${iban.slice(-4)}`
      }
    } else if (field.rules.includes('email')) {
      if (!EMAIL_RE.test(value) || value.length > 254) problems[field.name] = ['email']
      else masked = value.replace(/^(.).*(@.*)$/, '$1***$2')
    } else if (field.rules.includes('cryptoAddress')) {
      if (!field.network || !isValidCryptoAddress(value, field.network)) problems[field.name] = ['cryptoAddress']
      else masked = `${value.slice(0, 6)}…${value.slice(-4)}`
    }
  }
  if (Object.keys(problems).length) {
    throw new RequisitesInvalid(problems)
  }
  return { masked, card }
}

export function idempotencyConflict(): PaymentIdempotencyConflict {
  return new PaymentIdempotencyConflict()
}

function statusPage(status: PaymentTxStatus): string {
  return status === 'success' ? 'paysuccess' : status === 'failed' ? 'payfail' : status === 'cancelled' ? 'paycancel' : 'paypending'
}

/**
 * Where the provider's page sends the player back: {return_url or /cashier}/{page}/{id}, the page
 * being the transaction's status page unless given (paynewwindow, paymobile).
 */
export function returnPath(tx: { id: string; status: PaymentTxStatus; return_url: string | null }, page: string = statusPage(tx.status)): string {
  const fallback = `/cashier/${page}/${encodeURIComponent(tx.id)}`
  if (tx.return_url === null) return fallback
  const base = tx.return_url.replace(/\/+$/, '')
  // The contract lets only safe paths in; a row stored before that rule, or written some other way,
  // still never sends the player off the site.
  return safeRedirectTarget(`${base}/${page}/${encodeURIComponent(tx.id)}`) ?? fallback
}

export function hashHandOffSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/**
 * Keeps a provider's mobile hand-off on a pending deposit (the paymobile page shows it; the
 * provider's phone page proves itself with the secret, kept as a hash).
 */
export async function storeHandOff(db: Db, id: string, handOff: HandOff, secret: string): Promise<void> {
  await db
    .updateTable('payment_transactions')
    .set({ handoff: JSON.stringify(handOff), handoff_secret_hash: hashHandOffSecret(secret) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute()
}

/**
 * makedeposit: a transaction, idempotent by (player, idempotency_key), then the provider's answer.
 * A repeated key with the same body answers the first answer; with another body,
 * idempotency_conflict.
 */
export async function makeDeposit(db: Kysely<DB>, provider: PaymentProvider | null, playerId: bigint, params: MakeDepositParams, now: Date): Promise<DepositResult> {
  const currency = await playerCurrency(db, playerId)
  const method = await requireMethod(db, provider, 'deposit', currency, params)
  const amount = amountFor(params.amount, currency, method)
  const requisites = checkRequisites(method, params.requisites)
  const hash = requestHash({
    t: 'deposit',
    m: method.id,
    a: amount.toString(),
    c: currency.code,
    o: params.campaign_offer_id,
    r: Object.entries(params.requisites).sort(([a], [b]) => a.localeCompare(b)),
    u: params.return_url ?? null,
  })
  const replay = await replayed(db, playerId, params.idempotency_key, hash)
  if (replay) return replay as DepositResult

  // Sessions the player left are not written here: the limits count leaves them out on its own (sessions.ts).
  const sessionExpiresAt = sessionEnd(now, await depositSessionMinutes(db))
  await assertProfileComplete(db, playerId, 'deposit')
  // A quick refusal before anything else; the check that counts is the one under the lock below.
  await assertWithinDepositLimit(db, playerId, amount, now)
  const offerId =
    params.campaign_offer_id === NO_OFFER_ID
      ? null
      : await requireApplicableOffer(db, { playerId, offerId: params.campaign_offer_id, method: method.sysname, amount, currency: currency.code }, now)
  const payIn = await payInFor(db, method, amount, currency)

  let savedCardToken: string | null = null
  if (requisites.card && requisites.card !== NEW_CARD) {
    const saved = await db
      .selectFrom('saved_cards')
      .select('token')
      .where('player_id', '=', playerId)
      .where('provider', '=', provider!.name)
      .where('masked', '=', requisites.card)
      .executeTakeFirst()
    if (!saved) {
      throw new RequisitesInvalid({ card_number: ['cardNumber'] }, 'This saved card is not yours.')
    }
    savedCardToken = saved.token
  }

  // Two transactions around the provider's call, none open while it runs: the pending row commits
  // first (with its checkout session's end, so a crash before the answer leaves a row the expiry
  // rule ends and the webhook can still settle), then the answer is recorded by the row's id.
  const opened = await runTransaction(db, async (trx): Promise<{ replay: DepositResult } | { id: string }> => {
    await lockPaymentCurrency(trx, playerId, currency)
    // Deposit limits: with the main wallet row locked, deposits of one player are counted one
    // after the other, so two at once cannot together pass the lowest limit (limits.ts counts
    // deposits in progress, which this one becomes before the lock is released).
    const main = await ensureWallet(trx, playerId, currency.code, 'main')
    await lockWallets(trx, [main])
    await assertWithinDepositLimit(trx, playerId, amount, now)
    const id = newTransactionId()
    const inserted = await insertDeposit(trx, {
      id,
      playerId,
      method,
      provider: provider!.name,
      currency,
      amount,
      requisite: requisites.masked,
      offerId,
      idempotencyKey: params.idempotency_key,
      requestHash: hash,
      returnUrl: params.return_url ?? null,
      sessionExpiresAt,
      now,
    })
    if (!inserted) {
      // The same key won a race with this request and has committed.
      const again = await replayed(trx, playerId, params.idempotency_key, hash)
      if (again) return { replay: again as DepositResult }
      throw idempotencyConflict()
    }
    return { id }
  })
  if ('replay' in opened) return opened.replay
  const { id } = opened

  // A provider that fails or does not answer leaves the row pending: whether it took the money is
  // unknown, so its webhook or the session's expiry ends the deposit, never a guess here.
  let started: Awaited<ReturnType<PaymentProvider['startDeposit']>>
  try {
    started = await provider!.startDeposit({ transactionId: id, playerId, amount, currency: currency.code, method, savedCardToken, payIn })
  } catch (err) {
    throw new ProviderUnavailable('The payment provider did not answer; the deposit stays pending until it does.', { cause: err })
  }
  return runTransaction(db, async (trx) => {
    let result: DepositResult
    // Redirect, new window and mobile wait for the player at the provider: a checkout session that
    // expires (sessions.ts). A provider's 'pending' has accepted the payment: no session.
    if (started.status === 'redirect' || started.status === 'newwindow') {
      await trx.updateTable('payment_transactions').set({ provider_reference: started.reference }).where('id', '=', id).execute()
      result = { status: started.status, transaction_id: id, redirect_url: started.redirectUrl, mobile: null, balance: null, failure_code: null }
    } else if (started.status === 'mobile') {
      await trx.updateTable('payment_transactions').set({ provider_reference: started.reference }).where('id', '=', id).execute()
      await storeHandOff(trx, id, started.handOff, started.secret)
      result = { status: 'mobile', transaction_id: id, redirect_url: null, mobile: started.handOff, balance: null, failure_code: null }
    } else if (started.status === 'pending') {
      await trx.updateTable('payment_transactions').set({ provider_reference: started.reference, session_expires_at: null }).where('id', '=', id).where('status', '=', 'pending').execute()
      result = { status: 'pending', transaction_id: id, redirect_url: null, mobile: null, balance: null, failure_code: null }
    } else {
      const settled = await settleLocked(trx, id, { status: started.status, reference: started.reference, failureCode: started.status === 'failed' ? started.failureCode : null }, now)
      result = {
        status: started.status,
        transaction_id: id,
        redirect_url: null,
        mobile: null,
        balance: settled.balance === null ? null : money(settled.balance, currency),
        failure_code: started.status === 'failed' ? started.failureCode : null,
      }
    }
    await trx.updateTable('payment_transactions').set({ response: JSON.stringify(result) }).where('id', '=', id).execute()
    return result
  })
}

interface NewDeposit {
  id: string
  playerId: bigint
  method: MethodRow
  provider: string
  currency: CurrencyInfo
  amount: bigint
  requisite: string | null
  offerId: number | null
  idempotencyKey: string
  requestHash: string
  returnUrl: string | null
  /** The end of the checkout session the row starts with; none for a deposit settled at once. */
  sessionExpiresAt?: Date | null
  now: Date
}

/** A deposit's pending row, unless the player's key was used already (then false, nothing written). */
async function insertDeposit(trx: KTransaction<DB>, d: NewDeposit): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_transactions')
    .values({
      id: d.id,
      player_id: d.playerId,
      type: 'deposit',
      status: 'pending',
      method_id: d.method.id,
      provider: d.provider,
      currency: d.currency.code,
      amount: d.amount,
      fee: feeOf(d.method, d.amount),
      requisite: d.requisite,
      campaign_offer_id: d.offerId,
      idempotency_key: d.idempotencyKey,
      request_hash: d.requestHash,
      return_url: d.returnUrl,
      session_expires_at: d.sessionExpiresAt ?? null,
      created_at: d.now,
      updated_at: d.now,
    })
    .onConflict((oc) => oc.columns(['player_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted !== undefined
}

/**
 * A deposit the provider confirmed as it was made (as a saved card is charged at once): the pending
 * row and its settlement, the credit of every deposit (settleLocked), in one transaction, with the
 * answer makedeposit would have stored. Idempotent by (player, key): a key used before changes
 * nothing and answers null. For deposits recorded on the server's side (the demo seed); a player's
 * deposit goes through makeDeposit and its provider.
 */
export async function recordSettledDeposit(
  trx: KTransaction<DB>,
  d: { playerId: bigint; method: MethodRow; currency: CurrencyInfo; amount: bigint; requisite: string | null; idempotencyKey: string; reference: string; now: Date },
): Promise<DepositResult | null> {
  const id = newTransactionId()
  const hash = requestHash({ t: 'deposit', m: d.method.id, a: d.amount.toString(), c: d.currency.code, o: NO_OFFER_ID, r: d.requisite, u: null })
  const inserted = await insertDeposit(trx, { ...d, id, provider: d.method.provider, offerId: null, requestHash: hash, returnUrl: null })
  if (!inserted) return null
  const settled = await settleLocked(trx, id, { status: 'success', reference: d.reference }, d.now)
  const result: DepositResult = {
    status: 'success',
    transaction_id: id,
    redirect_url: null,
    mobile: null,
    balance: settled.balance === null ? null : money(settled.balance, d.currency),
    failure_code: null,
  }
  await trx.updateTable('payment_transactions').set({ response: JSON.stringify(result) }).where('id', '=', id).execute()
  return result
}

/** The first answer of (player, key) when the body is the same; idempotency_conflict when not; null when the key is new. */
export async function replayed(db: Db, playerId: bigint, key: string, hash: string): Promise<unknown | null> {
  const row = await db
    .selectFrom('payment_transactions')
    .select(['id', 'type', 'request_hash', 'response'])
    .where('player_id', '=', playerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst()
  if (!row) return null
  if (row.request_hash !== hash) throw idempotencyConflict()
  // A deposit whose provider has not answered yet (or never will, after a crash): the repeat learns
  // it is pending and follows it by id like any other.
  if (row.response === null && row.type === 'deposit') {
    return { status: 'pending', transaction_id: row.id, redirect_url: null, mobile: null, balance: null, failure_code: null } satisfies DepositResult
  }
  if (row.response === null) throw idempotencyConflict()
  return typeof row.response === 'string' ? JSON.parse(row.response) : row.response
}

export interface Outcome {
  status: 'success' | 'failed' | 'cancelled'
  reference?: string | null
  failureCode?: string | null
}

export interface Settled {
  /** False when the transaction had already ended: nothing was done. */
  changed: boolean
  status: PaymentTxStatus
  /** The main balance after a deposit's credit; null otherwise. */
  balance: bigint | null
}

/**
 * Ends a pending deposit (or an approved withdrawal) with `outcome`, moving the money in the same
 * transaction: a deposit's success credits main; a withdrawal's success pays the reserve out and
 * its failure or cancellation returns the reserve to main. A transaction that already ended is
 * left as it is, so webhooks and retries settle once. A deposit whose checkout session expired by
 * `now` (sessions.ts) ends here as expired instead, and the outcome is refused the same way
 * (changed: false): a payment after the expiry moves no money.
 */
export async function settle(db: Kysely<DB>, id: string, outcome: Outcome, now: Date): Promise<Settled> {
  return runTransaction(db, (trx) => settleLocked(trx, id, outcome, now))
}

export async function settleLocked(trx: KTransaction<DB>, id: string, outcome: Outcome, now: Date): Promise<Settled> {
  const tx = await trx.selectFrom('payment_transactions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
  if (!tx) throw new TransactionNotFound()
  const open = tx.type === 'deposit' ? tx.status === 'pending' : tx.status === 'pending' || tx.status === 'approved'
  if (!open) return { changed: false, status: tx.status, balance: null }
  if (sessionExpired(tx, now)) {
    await trx.updateTable('payment_transactions').set(expiredValues(tx.session_expires_at!)).where('id', '=', id).where('status', '=', 'pending').execute()
    return { changed: false, status: 'cancelled', balance: null }
  }
  let balance: bigint | null = null
  const key = `${ledgerRef(id)}:${outcome.status}`
  if (tx.type === 'deposit' && outcome.status === 'success') {
    // The method's fee is taken from what arrives: the deposit credits the amount, and the fee is
    // its own entry, so the ledger shows both.
    const main = await ensureWallet(trx, tx.player_id, tx.currency, 'main')
    let posted = await postEntry(trx, { walletId: main, amount: tx.amount, kind: 'deposit', idempotencyKey: key, ref: ledgerRef(id) })
    if (tx.fee > 0n) posted = await postEntry(trx, { walletId: main, amount: -tx.fee, kind: 'payment_fee', idempotencyKey: `${key}:fee`, ref: ledgerRef(id) })
    balance = posted.entry.balance_after
  } else if (tx.type === 'withdrawal') {
    const reserve = await ensureWallet(trx, tx.player_id, tx.currency, 'withdrawal_reserve')
    const main = outcome.status === 'success' ? null : await ensureWallet(trx, tx.player_id, tx.currency, 'main')
    // Both at once, in id order: posting reserve then main would take them in the other order than
    // a new withdrawal does (main, then reserve), and the two would deadlock.
    await lockWallets(trx, main === null ? [reserve] : [reserve, main])
    await postEntry(trx, { walletId: reserve, amount: -tx.amount, kind: outcome.status === 'success' ? 'withdrawal' : 'withdrawal_return', idempotencyKey: `${key}:reserve`, ref: ledgerRef(id) })
    if (main !== null) {
      const posted = await postEntry(trx, { walletId: main, amount: tx.amount, kind: 'withdrawal_return', idempotencyKey: `${key}:main`, ref: ledgerRef(id) })
      balance = posted.entry.balance_after
    }
  }
  await trx
    .updateTable('payment_transactions')
    .set({
      status: outcome.status,
      failure_code: outcome.status === 'success' ? null : (outcome.failureCode ?? (outcome.status === 'failed' ? 'declined' : null)),
      provider_reference: outcome.reference ?? tx.provider_reference,
      completed_at: now,
      updated_at: now,
      session_expires_at: null,
    })
    .where('id', '=', id)
    .execute()
  return { changed: true, status: outcome.status, balance }
}

// ── Reading ──

export async function getTransaction(db: Db, playerId: bigint, id: string, now: Date): Promise<Transaction> {
  // A read: an expired session is derived (sessions.ts), never written here.
  const found = await db
    .selectFrom('payment_transactions as t')
    .innerJoin('payment_methods as m', 'm.id', 't.method_id')
    .innerJoin('currencies as c', 'c.code', 't.currency')
    .select(['t.id', 't.type', 't.status', 't.amount', 't.fee', 't.currency', 'c.exponent', 't.requisite', 't.campaign_offer_id', 't.created_at', 't.updated_at', 't.completed_at', 't.failure_code', 't.session_expires_at', 't.response', 't.handoff', 'm.sysname', 'm.name', 'm.kind'])
    .where('t.id', '=', id)
    .where('t.player_id', '=', playerId)
    .executeTakeFirst()
  if (!found) throw new TransactionNotFound()
  const row = asSeenAt(found, now)
  const currency = { code: row.currency, exponent: Number(row.exponent), rate: '1' }
  const response = (typeof row.response === 'string' ? JSON.parse(row.response) : row.response) as DepositResult | null
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    amount: money(row.amount, currency),
    fee: money(row.fee, currency),
    method: { sysname: row.sysname, name: row.name, kind: row.kind },
    requisite: row.requisite,
    campaign_offer_id: row.campaign_offer_id,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    completed_at: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    failure_code: row.failure_code,
    redirect_url:
      row.type === 'deposit' && row.status === 'pending' && (response?.status === 'redirect' || response?.status === 'newwindow') ? response.redirect_url : null,
    mobile: row.type === 'deposit' && row.status === 'pending' && row.handoff ? ((typeof row.handoff === 'string' ? JSON.parse(row.handoff) : row.handoff) as HandOff) : null,
  }
}

/**
 * Money the site itself gives or corrects on a real-money balance (a bonus, a cashback, a prize, an
 * operator's adjustment): ledger entries with no payment or game round behind them, listed as they
 * are, each done when posted. Fun money is play money and not listed.
 */
const LEDGER_HISTORY_KINDS = ['bonus', 'cashback', 'prize', 'adjustment'] as const

/**
 * The player's history, newest first: deposits and withdrawals, the seamless wallet's real-money
 * stakes (bet), wins (win) and rollbacks, and the site's own credits and corrections
 * (LEDGER_HISTORY_KINDS), so every movement of a real-money balance has its row. Nothing is
 * deleted, so every month is kept.
 */
export async function getHistory(db: Db, playerId: bigint, params: GetHistoryParams, now: Date) {
  const offset = params.offset ?? 0
  const count = params.count ?? 20
  if (params.date_from && params.date_to && params.date_from > params.date_to) {
    throw new DateRangeInvalid('The start date is after the end date.')
  }
  const from = params.date_from ? new Date(`${params.date_from}T00:00:00Z`) : null
  const to = params.date_to ? new Date(new Date(`${params.date_to}T00:00:00Z`).getTime() + 86_400_000) : null
  if ((from && Number.isNaN(from.getTime())) || (to && Number.isNaN(to.getTime()))) {
    throw new DateRangeInvalid('Not a date.')
  }
  // Status as every read sees it (sessions.ts): an expired session is cancelled here and in the
  // status filter, written or not.
  const types = params.type?.length ? params.type : null
  const statuses = params.status?.length ? params.status : null
  const rows = sql`
    select t.id, t.type, ${statusSeenSql('t', now)} as status, ${failureSeenSql('t', now)} as failure_code,
           case when t.type = 'withdrawal' then -t.amount else t.amount end as amount, t.currency,
           t.created_at, m.sysname, m.name as method_name, null::text as title
    from payment_transactions t join payment_methods m on m.id = t.method_id
    where t.player_id = ${playerId}
    union all
    select 'wtx' || w.id::text, case w.type when 'debit' then 'bet' when 'credit' then 'win' else 'rollback' end,
           case w.status when 'ok' then 'success' when 'rolled_back' then 'cancelled' else 'failed' end, null::text,
           w.moved, w.currency, w.created_at, null, null, w.game_id
    from wallet_transactions w
    where w.player_id = ${playerId} and w.mode = 'real'
    union all
    select 'led' || e.id::text, e.kind, 'success', null::text, e.amount, w.currency, e.created_at, null, null, null
    from ledger_entries e join wallets w on w.id = e.wallet_id
    where w.player_id = ${playerId} and w.kind in ('main', 'bonus', 'betting_bonus')
      and e.kind in (${sql.join(LEDGER_HISTORY_KINDS)})
      and (e.ref is null or (e.ref not like 'ptx:%' and e.ref not like 'wtx:%'))`
  const filters = sql.join(
    [
      sql`true`,
      types ? sql`h.type in (${sql.join(types)})` : sql`true`,
      statuses ? sql`h.status in (${sql.join(statuses)})` : sql`true`,
      from ? sql`h.created_at >= ${from}` : sql`true`,
      to ? sql`h.created_at < ${to}` : sql`true`,
    ],
    sql` and `,
  )
  const result = await sql<{ id: string; type: string; status: string; failure_code: string | null; amount: bigint | string; currency: string; exponent: number; created_at: Date; sysname: string | null; method_name: string | null; title: string | null; total: string }>`
    select h.*, c.exponent, count(*) over ()::text as total
    from (${rows}) h join currencies c on c.code = h.currency
    where ${filters}
    order by h.created_at desc, h.id desc
    offset ${offset} limit ${count}`.execute(db)
  let total = result.rows[0] ? Number(result.rows[0].total) : 0
  if (!result.rows.length && offset > 0) {
    const c = await sql<{ n: string }>`select count(*)::text as n from (${rows}) h where ${filters}`.execute(db)
    total = Number(c.rows[0]!.n)
  }
  const items: HistoryItem[] = result.rows.map((r) => ({
    id: r.id,
    type: r.type as HistoryItem['type'],
    status: r.status as HistoryItem['status'],
    amount: { amount: minorToMajor(BigInt(r.amount), Number(r.exponent)), currency: r.currency },
    created_at: new Date(r.created_at).toISOString(),
    method: r.sysname ? { sysname: r.sysname, name: r.method_name ?? r.sysname } : null,
    title: r.title,
    failure_code: r.failure_code,
  }))
  return { items, total, offset, count }
}
