import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { transientConflicts } from '../../../db/transaction'
import { SESSION_COOKIE } from '../../../http/session'
import { buildTestApp, openTestDatabase, type TestDatabase } from '../../../test/harness'
import { createSession } from '../../session/sessions'
import { ensureWallet, postEntry } from '../../wallet/ledger'
import { sandboxSecret, SANDBOX_SIGNATURE_HEADER, signSandboxWebhook } from '../sandbox/provider'

/**
 * The cashier under contention, on the PostgreSQL server only (PGlite has one connection and runs
 * one transaction at a time, so it cannot show what racing connections do). The app is driven over
 * HTTP (inject), as players, operators and the provider's webhooks reach it, so a refusal is seen
 * as the status and §8 error a player gets, and a 5xx shows as what it is.
 */

export const OPERATOR_TOKEN = 'operator-token-for-concurrency-tests-0123456789'
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

export interface CashierRig {
  database: TestDatabase
  app: FastifyInstance
  close(): Promise<void>
}

export async function openCashierRig(): Promise<CashierRig> {
  const database = await openTestDatabase('postgres', { operatorToken: OPERATOR_TOKEN })
  const app = await buildTestApp(database)
  await app.ready()
  return {
    database,
    app,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

export interface CashierPlayer {
  id: bigint
  cookie: string
  /** The stored session's id, for the seamless wallet's stakes. */
  sessionId: string
}

let seq = 0

/**
 * A new USD player who may withdraw (e-mail confirmed, identity verified, name and birth date given), with `main` minor units
 * on the main balance written as a ledger entry, and a live session.
 */
export async function cashierPlayer(rig: CashierRig, label: string, main: bigint): Promise<CashierPlayer> {
  const { db, config } = rig.database
  const login = `${label}-${process.pid}-${seq++}-${Math.random().toString(36).slice(2, 6)}@example.com`
  const now = new Date()
  const { id } = await db
    .insertInto('accounts')
    .values({ login, email: login, password_hash: 'x', locale: 'en', currency: 'USD', is_verified: true, email_confirmed_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.insertInto('player_profiles').values({ player_id: id, first_name: 'Ada', last_name: 'Lovelace', birth_date: '10.12.1985' }).execute()
  await db.transaction().execute(async (trx) => {
    const wallet = await ensureWallet(trx, id, 'USD', 'main')
    if (main) await postEntry(trx, { walletId: wallet, amount: main, kind: 'adjustment', idempotencyKey: `test:${login}:main` })
  })
  const { token, session } = await createSession(db, { playerId: id, now, policy: config.session })
  return { id, cookie: `${SESSION_COOKIE}=${token}`, sessionId: session.id }
}

export function post(rig: CashierRig, player: CashierPlayer | null, path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  return rig.app.inject({
    method: 'POST',
    url: path.startsWith('/') ? path : `/api/${path}`,
    headers: { ...FORM, ...(player ? { cookie: player.cookie } : {}), ...headers },
    payload: new URLSearchParams(body).toString(),
  })
}

export function operator(rig: CashierRig, call: 'approveWithdrawal' | 'rejectWithdrawal', id: string) {
  return post(rig, null, `operator/${call}`, { id }, { authorization: `Bearer ${OPERATOR_TOKEN}` })
}

export async function methodId(rig: CashierRig, sysname: string): Promise<number> {
  const row = await rig.database.db.selectFrom('payment_methods').select('id').where('sysname', '=', sysname).executeTakeFirstOrThrow()
  return row.id
}

let keySeq = 0
export const newKey = () => `conc-${process.pid}-${Date.now().toString(36)}-${(keySeq++).toString().padStart(6, '0')}`

/** makewithdrawal to an e-wallet, `amount` in whole USD. */
export function withdraw(rig: CashierRig, player: CashierPlayer, ewallet: number, amount: string, key = newKey()) {
  return post(rig, player, 'cashier/makewithdrawal', {
    method_id: String(ewallet),
    method: 'ewallet',
    amount,
    currency: 'USD',
    requisites: JSON.stringify({ wallet_email: 'ada@example.com' }),
    idempotency_key: key,
  })
}

/** makedeposit by card on the provider's page (the deposit waits there, pending), `amount` in whole USD. */
export function deposit(rig: CashierRig, player: CashierPlayer, card: number, amount: string, currency = 'USD', key = newKey()) {
  return post(rig, player, 'cashier/makedeposit', {
    method_id: String(card),
    method: 'card',
    amount,
    currency,
    campaign_offer_id: '-1',
    requisites: JSON.stringify({ card_number: 'new' }),
    idempotency_key: key,
  })
}

/** The provider's signed notice that `transactionId` ended with `status`. */
export function webhook(rig: CashierRig, eventId: string, transactionId: string, status: 'success' | 'failed' | 'cancelled') {
  const raw = JSON.stringify({ event_id: eventId, transaction_id: transactionId, status })
  return rig.app.inject({
    method: 'POST',
    url: '/sandbox/webhook',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(sandboxSecret(rig.database.config), raw, new Date()) },
    payload: raw,
  })
}

/** Every answer is a 200 or a §8 refusal a player can act on: never a 5xx. */
export function expectNoServerErrors(responses: readonly LightMyRequestResponse[]): void {
  const failed = responses.filter((r) => r.statusCode >= 500).map((r) => `${r.statusCode} ${r.body.slice(0, 200)}`)
  expect(failed, `${failed.length} of ${responses.length} answers were 5xx`).toEqual([])
}

/**
 * Runs `race` and checks that PostgreSQL aborted none of the app's transactions as deadlocked or
 * unserializable on the way. Retrying (server/db/transaction.ts) keeps such aborts from the player,
 * so the answers alone would not show a lock order that can deadlock; this count does.
 */
export async function withoutConflicts<T>(race: () => Promise<T>): Promise<T> {
  const before = { ...transientConflicts }
  const result = await race()
  const happened = Object.fromEntries(Object.entries(transientConflicts).filter(([code, n]) => n !== (before[code] ?? 0)).map(([code, n]) => [code, n - (before[code] ?? 0)]))
  expect(happened, 'transactions aborted by PostgreSQL (40P01 deadlock, 40001 serialization), by SQLSTATE').toEqual({})
  return result
}

/** The §8 error code of each refusal, counted; 'ok' for answers with data. */
export function tally(responses: readonly LightMyRequestResponse[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const r of responses) {
    const key = r.statusCode === 200 ? 'ok' : `${r.statusCode} ${(r.json() as { error?: { code?: string } }).error?.code ?? '?'}`
    out[key] = (out[key] ?? 0) + 1
  }
  return out
}

export async function balancesOf(rig: CashierRig, playerId: bigint, currency = 'USD'): Promise<Record<string, bigint>> {
  const rows = await rig.database.db.selectFrom('wallets').select(['kind', 'balance']).where('player_id', '=', playerId).where('currency', '=', currency).execute()
  return Object.fromEntries(rows.map((r) => [r.kind, r.balance]))
}
