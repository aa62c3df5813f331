import { sql, type Kysely, type Transaction } from 'kysely'
import {
  NEW_CARD,
  type MakeWithdrawalParams,
  type Withdrawal,
  type WithdrawSettings,
} from '../../../src/services/api/contract/cashier'
import type { DB } from '../../db/schema'
import { runTransaction } from '../../db/transaction'
import { readSettings } from '../settings/settings'
import { parseAmount } from '../../../src/shared/money'
import type { CurrencyInfo } from '../wallet/currencies'
import { ensureWallet, InsufficientFundsError, lockWallets, postEntry } from '../wallet/ledger'
import {
  amountFor,
  checkRequisites,
  idempotencyConflict,
  ledgerRef,
  lockPaymentCurrency,
  money,
  newTransactionId,
  playerCurrency,
  replayed,
  requestHash,
  requireMethod,
  settleLocked,
  type Settled,
} from './cashier'
import {
  AmountOutOfBounds,
  ContactConfirmationRequired,
  KycRequired,
  ProviderUnavailable,
  RequisitesInvalid,
  TransactionNotFound,
  WithdrawalAboveBalance,
  WithdrawalLimitExceeded,
  WithdrawalNotCancellable,
  WithdrawalPeriodExceeded,
} from './errors'
import { feeOf, methodsFor, savedCards, toContractMethod } from './methods'
import { assertProfileComplete } from './profile-data'
import type { PaymentProvider, TokenizedCard } from './provider'

/**
 * Withdrawals: the amount moves to the reserve at once, and the payout is asked for only after the approval
 * is committed (ARCHITECTURE §5). Rules and settings rows: docs/payments.md#withdrawals.
 */

export const WITHDRAW_SETTING_KEYS = [
  'cashier_withdraw_auto_approve_below',
  'cashier_kyc_threshold',
  'cashier_withdraw_requires_confirmed_contact',
  'cashier_withdraw_buttons',
  'cashier_withdraw_max',
  'cashier_withdraw_period_limits',
] as const

export const DEFAULT_WITHDRAW_SETTINGS = {
  cashier_withdraw_auto_approve_below: { USD: '100', EUR: '100', GBP: '100', BRL: '500', MXN: '2000', JPY: '15000', BTC: '0.002' },
  cashier_kyc_threshold: { USD: '500', EUR: '500', GBP: '500', BRL: '2500', MXN: '10000', JPY: '75000', BTC: '0.01' },
  cashier_withdraw_requires_confirmed_contact: true,
  cashier_withdraw_buttons: {
    // The page that confirms the e-mail (a mailed code), which this refusal asks for.
    confirm_contact: { show: true, link: '/confirmation' },
    kyc: { show: true, link: '/profile/verification' },
  },
  cashier_withdraw_max: { USD: '1000', EUR: '1000', GBP: '1000', BRL: '5000', MXN: '20000', JPY: '150000', BTC: '0.02' } as Record<string, string>,
  cashier_withdraw_period_limits: [
    { days: 1, amounts: { USD: '2000', EUR: '2000', GBP: '2000', BRL: '10000', MXN: '40000', JPY: '300000', BTC: '0.04' } },
    { days: 7, amounts: { USD: '5000', EUR: '5000', GBP: '5000', BRL: '25000', MXN: '100000', JPY: '750000', BTC: '0.1' } },
  ] as { days: number; amounts: Record<string, string> }[],
}

const DAY_MS = 24 * 60 * 60 * 1000

interface WithdrawPolicy {
  autoApproveBelow: bigint | null
  kycThreshold: bigint | null
  requiresConfirmedContact: boolean
  buttons: WithdrawSettings['buttons']
  /** The most one withdrawal may be, beside the method's own maximum; null: only the method's. */
  maxPerRequest: bigint | null
  /** Caps per rolling window, for this currency (a period without an amount for it is left out). */
  periods: { days: number; cap: bigint }[]
}

async function policy(db: Kysely<DB>, currency: CurrencyInfo): Promise<WithdrawPolicy> {
  const rows = await readSettings(db, WITHDRAW_SETTING_KEYS)
  const get = <K extends (typeof WITHDRAW_SETTING_KEYS)[number]>(k: K) => (rows[k] ?? DEFAULT_WITHDRAW_SETTINGS[k]) as (typeof DEFAULT_WITHDRAW_SETTINGS)[K]
  const perCurrency = (table: Record<string, string>): bigint | null => {
    const value = table?.[currency.code]
    if (typeof value !== 'string') return null
    try {
      return parseAmount(value, currency.code, { exponent: currency.exponent })
    } catch {
      return null
    }
  }
  return {
    autoApproveBelow: perCurrency(get('cashier_withdraw_auto_approve_below')),
    kycThreshold: perCurrency(get('cashier_kyc_threshold')),
    requiresConfirmedContact: get('cashier_withdraw_requires_confirmed_contact') !== false,
    buttons: get('cashier_withdraw_buttons'),
    maxPerRequest: perCurrency(get('cashier_withdraw_max')),
    periods: (Array.isArray(get('cashier_withdraw_period_limits')) ? get('cashier_withdraw_period_limits') : []).flatMap((p) => {
      const cap = Number.isInteger(p?.days) && p.days > 0 ? perCurrency(p.amounts) : null
      return cap === null ? [] : [{ days: p.days, cap }]
    }),
  }
}

/** The method's bounds with its maximum lowered to the per-request maximum of the settings. */
function cappedMethod<M extends { max: bigint | null }>(method: M, p: WithdrawPolicy): M {
  if (p.maxPerRequest === null || (method.max !== null && method.max <= p.maxPerRequest)) return method
  return { ...method, max: p.maxPerRequest }
}

interface PeriodUse {
  days: number
  cap: bigint
  used: bigint
  available: bigint
  /** When the oldest counted withdrawal leaves the window (now when none is counted). */
  resetAt: Date
}

/** What each configured period has used; the tightest (least available) first. */
async function periodUse(db: Kysely<DB> | Transaction<DB>, playerId: bigint, currency: CurrencyInfo, p: WithdrawPolicy, now: Date): Promise<PeriodUse[]> {
  const uses: PeriodUse[] = []
  for (const { days, cap } of p.periods) {
    const since = new Date(now.getTime() - days * DAY_MS)
    const row = await sql<{ total: string; oldest: Date | null }>`
      select coalesce(sum(amount), 0)::text as total, min(created_at) as oldest
      from payment_transactions
      where player_id = ${playerId} and type = 'withdrawal' and status in ('pending', 'approved', 'success')
        and currency = ${currency.code} and created_at > ${since}`.execute(db)
    const used = BigInt(row.rows[0]!.total)
    const oldest = row.rows[0]!.oldest
    uses.push({ days, cap, used, available: cap > used ? cap - used : 0n, resetAt: oldest ? new Date(new Date(oldest).getTime() + days * DAY_MS) : now })
  }
  return uses.sort((a, b) => (a.available < b.available ? -1 : a.available > b.available ? 1 : a.days - b.days))
}

async function withdrawable(db: Kysely<DB>, playerId: bigint, currency: CurrencyInfo): Promise<bigint> {
  const row = await db
    .selectFrom('wallets')
    .select('balance')
    .where('player_id', '=', playerId)
    .where('currency', '=', currency.code)
    .where('kind', '=', 'main')
    .executeTakeFirst()
  return row?.balance ?? 0n
}

async function pendingWithdrawals(db: Kysely<DB> | Transaction<DB>, playerId: bigint, id?: string): Promise<Withdrawal[]> {
  let q = db
    .selectFrom('payment_transactions as t')
    .innerJoin('payment_methods as m', 'm.id', 't.method_id')
    .innerJoin('currencies as c', 'c.code', 't.currency')
    .select(['t.id', 't.status', 't.amount', 't.currency', 'c.exponent', 't.requisite', 't.created_at', 'm.sysname', 'm.name'])
    .where('t.player_id', '=', playerId)
    .where('t.type', '=', 'withdrawal')
  q = id ? q.where('t.id', '=', id) : q.where('t.status', 'in', ['pending', 'approved'])
  const rows = await q.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').execute()
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    amount: money(r.amount, { code: r.currency, exponent: Number(r.exponent), rate: '1' }),
    method: { sysname: r.sysname, name: r.name },
    requisite: r.requisite,
    created_at: new Date(r.created_at).toISOString(),
    can_cancel: r.status === 'pending',
  }))
}

export async function withdrawSettings(db: Kysely<DB>, provider: PaymentProvider | null, playerId: bigint, now: Date): Promise<WithdrawSettings> {
  const currency = await playerCurrency(db, playerId)
  const p = await policy(db, currency)
  const account = await db.selectFrom('accounts').select(['is_verified', 'email_confirmed_at']).where('id', '=', playerId).executeTakeFirstOrThrow()
  const saved = provider ? await savedCards(db, playerId, provider.name) : []
  const methods = (await methodsFor(db, provider?.name ?? null, 'withdrawal', currency.code)).map((m) => toContractMethod(cappedMethod(m, p), currency, saved))
  const [tightest] = await periodUse(db, playerId, currency, p, now)
  return {
    currency: currency.code,
    withdrawable: money(await withdrawable(db, playerId, currency), currency),
    methods,
    auto_approve_below: p.autoApproveBelow === null ? null : money(p.autoApproveBelow, currency),
    kyc_threshold: p.kycThreshold === null ? null : money(p.kycThreshold, currency),
    is_verified: account.is_verified,
    requires_confirmed_contact: p.requiresConfirmedContact && account.email_confirmed_at === null,
    period_limit: tightest ? { period_days: tightest.days, limit: money(tightest.cap, currency), available: money(tightest.available, currency) } : null,
    buttons: p.buttons,
    pending: await pendingWithdrawals(db, playerId),
    card_vault: provider?.cardVaultUrl && provider.readCardToken ? { url: provider.cardVaultUrl } : null,
  }
}

const refusedCard = (field: string, code: string, message: string) => new RequisitesInvalid({ [field]: [code] }, message)

/**
 * A payout to a new card: the card the provider's token stands for (its mask and brand), asked of
 * the provider; the number itself never came here. Refused when the provider takes no new cards
 * or does not know the token.
 */
async function newPayoutCard(provider: PaymentProvider | null, token: string | undefined): Promise<TokenizedCard & { token: string }> {
  if (!provider?.readCardToken || !provider.cardVaultUrl) throw refusedCard('card_number', 'cardNumber', 'Withdraw to a card you deposited with.')
  if (!token) throw refusedCard('card_token', 'required', 'Enter the card number in the card fields first.')
  let card: TokenizedCard | null
  try {
    card = await provider.readCardToken(token)
  } catch (err) {
    throw new ProviderUnavailable('The payment provider did not answer; try again later.', { cause: err })
  }
  if (!card) throw refusedCard('card_token', 'cardNumber', 'The payment provider does not know this card.')
  return { ...card, token }
}

export async function makeWithdrawal(db: Kysely<DB>, provider: PaymentProvider | null, playerId: bigint, params: MakeWithdrawalParams, now: Date) {
  const currency = await playerCurrency(db, playerId)
  const p = await policy(db, currency)
  const method = await requireMethod(db, provider, 'withdrawal', currency, params)
  const amount = withdrawalAmount(params.amount, currency, cappedMethod(method, p))
  const requisites = checkRequisites(method, params.requisites)
  const newCard = requisites.card === NEW_CARD ? await newPayoutCard(provider, params.card_token) : null
  if (requisites.card && !newCard) {
    const saved = await db.selectFrom('saved_cards').select('id').where('player_id', '=', playerId).where('masked', '=', requisites.card).executeTakeFirst()
    if (!saved) throw refusedCard('card_number', 'cardNumber', 'This saved card is not yours.')
  }
  const masked = newCard?.masked ?? requisites.masked
  // A new card counts by its mask: a retry of the same request may carry a fresh token for it.
  const asked = newCard ? Object.fromEntries(method.requisites.map((f) => [f.name, f.input === 'card' ? newCard.masked : (params.requisites[f.name] ?? '')])) : params.requisites
  const hash = requestHash({ t: 'withdrawal', m: method.id, a: amount.toString(), c: currency.code, r: Object.entries(asked).sort(([a], [b]) => a.localeCompare(b)) })
  const replay = await replayed(db, playerId, params.idempotency_key, hash)
  if (replay) return replay as { withdrawal: Withdrawal; balance: { amount: string; currency: string } }

  const account = await db.selectFrom('accounts').select(['is_verified', 'email_confirmed_at']).where('id', '=', playerId).executeTakeFirstOrThrow()
  if (p.requiresConfirmedContact && account.email_confirmed_at === null) {
    throw new ContactConfirmationRequired()
  }
  await assertProfileComplete(db, playerId, 'withdrawal')
  if (!account.is_verified && p.kycThreshold !== null && amount > p.kycThreshold) {
    throw new KycRequired(money(p.kycThreshold, currency))
  }

  type Answer = { withdrawal: Withdrawal; balance: { amount: string; currency: string } }
  const opened = await runTransaction(db, async (trx): Promise<{ replay: Answer } | { id: string; answer: Answer; payNow: boolean; balance: bigint }> => {
    await lockPaymentCurrency(trx, playerId, currency)
    const id = newTransactionId()
    const inserted = await trx
      .insertInto('payment_transactions')
      .values({
        id,
        player_id: playerId,
        type: 'withdrawal',
        status: 'pending',
        method_id: method.id,
        provider: provider!.name,
        currency: currency.code,
        amount,
        fee: feeOf(method, amount),
        requisite: masked,
        idempotency_key: params.idempotency_key,
        request_hash: hash,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['player_id', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted) {
      const again = await replayed(trx, playerId, params.idempotency_key, hash)
      if (again) return { replay: again as Answer }
      throw idempotencyConflict()
    }
    if (newCard) {
      // The card joins the player's saved cards (token and mask only), so its payout, now or after
      // an operator's approval, finds the token; a card saved before keeps its own token.
      await trx
        .insertInto('saved_cards')
        .values({ player_id: playerId, provider: provider!.name, token: newCard.token, masked: newCard.masked, brand: newCard.brand, expires: null })
        .onConflict((oc) => oc.columns(['player_id', 'provider', 'masked']).doNothing())
        .execute()
    }
    const main = await ensureWallet(trx, playerId, currency.code, 'main')
    const reserve = await ensureWallet(trx, playerId, currency.code, 'withdrawal_reserve')
    await lockWallets(trx, [main, reserve])
    let balance: bigint
    try {
      const posted = await postEntry(trx, { walletId: main, amount: -amount, kind: 'withdrawal_reserve', idempotencyKey: `${ledgerRef(id)}:reserve:main`, ref: ledgerRef(id) })
      balance = posted.entry.balance_after
    } catch (err) {
      if (err instanceof InsufficientFundsError) {
        throw new WithdrawalAboveBalance(money(err.balance, currency))
      }
      throw err
    }
    // Counted after the reserve: the main wallet's row is locked by now, so two requests at once
    // cannot both fit under a cap; this one is already in the total, and a refusal rolls it all back.
    const over = (await periodUse(trx, playerId, currency, p, now)).find((u) => u.used > u.cap)
    if (over) {
      const before = over.used - amount
      throw new WithdrawalPeriodExceeded(
        over.days,
        money(over.cap > before ? over.cap - before : 0n, currency),
        before > 0n ? await periodReset(trx, playerId, currency, over.days, id, now) : now,
      )
    }
    await postEntry(trx, { walletId: reserve, amount, kind: 'withdrawal_reserve', idempotencyKey: `${ledgerRef(id)}:reserve:hold`, ref: ledgerRef(id) })
    const payNow = p.autoApproveBelow !== null && amount < p.autoApproveBelow
    if (payNow) await trx.updateTable('payment_transactions').set({ status: 'approved', updated_at: now }).where('id', '=', id).execute()
    // Stored now, so a repeat of the request while the payout is asked for answers this state.
    const answer = await storeAnswer(trx, playerId, id, balance, currency)
    return { id, answer, payNow, balance }
  })
  if ('replay' in opened) return opened.replay
  if (!opened.payNow) return opened.answer
  return payOut(db, provider!, opened.id, now, (trx, settled) => storeAnswer(trx, playerId, opened.id, settled.balance ?? opened.balance, currency))
}

/** The answer to makewithdrawal as the withdrawal stands, kept for repeats of the request. */
async function storeAnswer(trx: Transaction<DB>, playerId: bigint, id: string, balance: bigint, currency: CurrencyInfo) {
  const [withdrawal] = await pendingWithdrawals(trx, playerId, id)
  const answer = { withdrawal: withdrawal!, balance: money(balance, currency) }
  await trx.updateTable('payment_transactions').set({ response: JSON.stringify(answer) }).where('id', '=', id).execute()
  return answer
}

/** When the oldest withdrawal counted in the window, other than `exceptId`, leaves it. */
async function periodReset(trx: Transaction<DB>, playerId: bigint, currency: CurrencyInfo, days: number, exceptId: string, now: Date): Promise<Date> {
  const since = new Date(now.getTime() - days * DAY_MS)
  const row = await trx
    .selectFrom('payment_transactions')
    .select((eb) => eb.fn.min('created_at').as('oldest'))
    .where('player_id', '=', playerId)
    .where('type', '=', 'withdrawal')
    .where('status', 'in', ['pending', 'approved', 'success'])
    .where('currency', '=', currency.code)
    .where('created_at', '>', since)
    .where('id', '!=', exceptId)
    .executeTakeFirst()
  return row?.oldest ? new Date(new Date(row.oldest).getTime() + days * DAY_MS) : now
}

/** As a deposit's amount, but one above the method's maximum is WithdrawalLimitsExceededException (withdrawal_limit_exceeded). */
function withdrawalAmount(value: string, currency: CurrencyInfo, method: Parameters<typeof amountFor>[2]): bigint {
  try {
    return amountFor(value, currency, method)
  } catch (err) {
    if (err instanceof AmountOutOfBounds && err.bound === 'maxValue') throw new WithdrawalLimitExceeded(err.min, err.max)
    throw err
  }
}

/**
 * Asks the provider to pay out an approved withdrawal, with no transaction open, then records its
 * answer in one: a payout it settles at once ends the withdrawal (settleLocked), a pending one
 * keeps its reference for the webhook. `finish` runs in that second transaction.
 */
async function payOut<T>(db: Kysely<DB>, provider: PaymentProvider, id: string, now: Date, finish: (trx: Transaction<DB>, settled: Settled) => Promise<T>): Promise<T> {
  const tx = await db
    .selectFrom('payment_transactions as t')
    .innerJoin('payment_methods as m', 'm.id', 't.method_id')
    .select(['t.player_id', 't.amount', 't.fee', 't.currency', 't.requisite', 't.provider', 'm.sysname', 'm.kind'])
    .where('t.id', '=', id)
    .executeTakeFirstOrThrow()
  const card =
    tx.kind === 'card' && tx.requisite
      ? await db
          .selectFrom('saved_cards')
          .select('token')
          .where('player_id', '=', tx.player_id)
          .where('provider', '=', tx.provider)
          .where('masked', '=', tx.requisite)
          .executeTakeFirst()
      : undefined
  // A provider that fails or does not answer leaves the withdrawal approved, its reserve held:
  // whether it paid is unknown, so its webhook ends it, never a guess here.
  let payout: Awaited<ReturnType<PaymentProvider['startPayout']>>
  try {
    payout = await provider.startPayout({
      transactionId: id,
      playerId: tx.player_id,
      // The whole reserve leaves the account; the method's fee is kept from what is paid out.
      amount: tx.amount - tx.fee,
      currency: tx.currency,
      method: { sysname: tx.sysname, kind: tx.kind },
      requisite: tx.requisite,
      cardToken: card?.token ?? null,
    })
  } catch (err) {
    throw new ProviderUnavailable('The payment provider did not answer; the withdrawal stays approved until it does.', { cause: err })
  }
  return runTransaction(db, async (trx) => {
    let settled: Settled
    if (payout.status === 'pending') {
      const kept = await trx.updateTable('payment_transactions').set({ provider_reference: payout.reference }).where('id', '=', id).where('status', '=', 'approved').executeTakeFirst()
      settled = { changed: kept.numUpdatedRows > 0n, status: 'approved', balance: null }
    } else {
      settled = await settleLocked(trx, id, { status: payout.status, reference: payout.reference, failureCode: payout.status === 'failed' ? payout.failureCode : null }, now)
    }
    return finish(trx, settled)
  })
}

/** An approved withdrawal with no provider answer after this long is asked again. */
export const PAYOUT_RETRY_AFTER_MS = 60_000

/**
 * Approved withdrawals whose payout has no answer (the provider failed or timed out, or the server
 * stopped between approving and asking) are asked again, oldest first. The transaction id is the
 * provider's idempotency key, so a payout that did go through answers as it did and pays nothing
 * twice. A provider still failing leaves its withdrawal for the next round.
 */
export async function retryStalledPayouts(
  db: Kysely<DB>,
  provider: PaymentProvider,
  now: Date,
  options: { stalledAfterMs?: number; limit?: number } = {},
): Promise<{ asked: number; answered: number }> {
  const stalledBefore = new Date(now.getTime() - (options.stalledAfterMs ?? PAYOUT_RETRY_AFTER_MS))
  const stalled = await db
    .selectFrom('payment_transactions')
    .select('id')
    .where('type', '=', 'withdrawal')
    .where('status', '=', 'approved')
    .where('provider_reference', 'is', null)
    .where('updated_at', '<', stalledBefore)
    .orderBy('updated_at')
    .limit(options.limit ?? 50)
    .execute()
  let answered = 0
  for (const { id } of stalled) {
    try {
      await payOut(db, provider, id, now, async () => undefined)
      answered += 1
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err
    }
  }
  return { asked: stalled.length, answered }
}

const notCancellable = () => new WithdrawalNotCancellable()

export async function cancelWithdrawal(db: Kysely<DB>, playerId: bigint, id: string, now: Date) {
  return runTransaction(db, async (trx) => {
    // Read in the transaction that answers with it: the balance is the main wallet's of this currency.
    const currency = await playerCurrency(trx, playerId)
    const tx = await trx.selectFrom('payment_transactions').select(['player_id', 'type', 'status']).where('id', '=', id).forUpdate().executeTakeFirst()
    if (!tx || tx.player_id !== playerId || tx.type !== 'withdrawal' || tx.status !== 'pending') throw notCancellable()
    await settleLocked(trx, id, { status: 'cancelled', failureCode: 'cancelled_by_player' }, now)
    const [withdrawal] = await pendingWithdrawals(trx, playerId, id)
    const main = await trx.selectFrom('wallets').select('balance').where('player_id', '=', playerId).where('currency', '=', currency.code).where('kind', '=', 'main').executeTakeFirstOrThrow()
    return { withdrawal: withdrawal!, balance: money(main.balance, currency) }
  })
}

/** The operator's decision on a pending withdrawal: approve (paid out through the provider) or reject (reserve returned). */
export async function decideWithdrawal(db: Kysely<DB>, provider: PaymentProvider | null, id: string, decision: 'approve' | 'reject', now: Date) {
  const decided = await runTransaction(db, async (trx) => {
    const tx = await trx.selectFrom('payment_transactions').select(['type', 'status', 'player_id']).where('id', '=', id).forUpdate().executeTakeFirst()
    if (!tx || tx.type !== 'withdrawal') {
      throw new TransactionNotFound('No such withdrawal.')
    }
    if (tx.status !== 'pending') throw notCancellable()
    if (decision === 'approve') {
      if (!provider) throw new ProviderUnavailable('No payment provider is configured.')
      // Approved and committed before the provider is asked: the player can no longer cancel it.
      await trx.updateTable('payment_transactions').set({ status: 'approved', updated_at: now }).where('id', '=', id).execute()
      return { playerId: tx.player_id, answer: null }
    }
    await settleLocked(trx, id, { status: 'failed', failureCode: 'rejected' }, now)
    const [withdrawal] = await pendingWithdrawals(trx, tx.player_id, id)
    return { playerId: tx.player_id, answer: { withdrawal: withdrawal! } }
  })
  if (decided.answer) return decided.answer
  return payOut(db, provider!, id, now, async (trx) => {
    const [withdrawal] = await pendingWithdrawals(trx, decided.playerId, id)
    return { withdrawal: withdrawal! }
  })
}
