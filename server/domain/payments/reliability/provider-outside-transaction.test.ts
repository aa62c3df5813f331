import { describe, expect, it } from 'vitest'
import { toApiError } from '../../../api/errors'
import { makeDeposit } from '../cashier'
import type { DepositStartResult, PaymentProvider, PayoutResult } from '../provider'
import { SANDBOX, SandboxProvider } from '../sandbox/provider'
import { cancelWithdrawal, makeWithdrawal, PAYOUT_RETRY_AFTER_MS, retryStalledPayouts } from '../withdrawals'
import { ensureWallet, postEntry } from '../../wallet/ledger'
import { apiPlayers, type ApiPlayer } from '../../../test/api-player'
import { BACKENDS, useTestApp } from '../../../test/harness'

// The payment provider is asked with no database transaction open: a provider that hangs holds no
// lock and no connection (PGlite has only one), so other players deposit and read their balance
// meanwhile, and the hung payment's row is already committed for its webhook or expiry.

/** How long the hanging provider takes to answer: every other request must be done well before. */
const HANG_MS = 10_000

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (err: unknown) => void
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

/** An answer the provider gives after HANG_MS, or at once when the test releases it. */
function slowAnswer<T>(value: () => T) {
  const d = deferred<T>()
  const timer = setTimeout(() => d.resolve(value()), HANG_MS)
  return {
    promise: d.promise,
    release() {
      clearTimeout(timer)
      d.resolve(value())
    },
  }
}

/** Whether `promise` has settled yet, read synchronously. */
function track(promise: Promise<unknown>) {
  const state = { settled: false }
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  )
  return state
}

const notUsed = () => {
  throw new Error('not used')
}

describe.each(BACKENDS)('a payment provider that hangs, on %s', (backend) => {
  const t = useTestApp(backend)
  const { newPlayer, get, now, deposit, methodId, newKey } = apiPlayers(t, 46, 'hang')
  const depositParams = (methodId: number, amount: string, key: string) => ({
    method_id: methodId,
    method: 'card',
    amount,
    currency: 'USD',
    campaign_offer_id: -1,
    requisites: { card_number: 'new' },
    idempotency_key: key,
  })
  const withdrawalParams = (methodId: number, amount: string, key: string) => ({
    method_id: methodId,
    method: 'ewallet',
    amount,
    currency: 'USD',
    requisites: { wallet_email: 'ada@example.com' },
    idempotency_key: key,
  })
  const row = (id: string) =>
    t.database.db.selectFrom('payment_transactions').select(['status', 'session_expires_at', 'provider_reference', 'response']).where('id', '=', id).executeTakeFirstOrThrow()
  const wallet = async (playerId: bigint, kind: 'main' | 'withdrawal_reserve') =>
    (await t.database.db.selectFrom('wallets').select('balance').where('player_id', '=', playerId).where('currency', '=', 'USD').where('kind', '=', kind).executeTakeFirst())?.balance ?? 0n

  /** A player who may withdraw (e-mail confirmed, verified) with `main` minor units on main. */
  async function withdrawingPlayer(main: bigint) {
    const player = await newPlayer()
    await t.database.db.updateTable('accounts').set({ email_confirmed_at: now(), is_verified: true }).where('id', '=', player.id).execute()
    await t.database.db.transaction().execute(async (trx) => {
      const walletId = await ensureWallet(trx, player.id, 'USD', 'main')
      await postEntry(trx, { walletId, amount: main, kind: 'adjustment', idempotencyKey: `test:hang:${player.id}:main` })
    })
    return player
  }

  /** While something hangs at the provider: another player deposits through the API, and balances read. */
  async function othersGoOn(hungPlayer: ApiPlayer, hung: { settled: boolean }) {
    const started = Date.now()
    const other = await newPlayer()
    const paid = await deposit(other, '20')
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json().data.status).toBe('redirect')
    expect((await get(other, 'account/getBalance')).statusCode).toBe(200)
    const own = await get(hungPlayer, 'account/getBalance')
    expect(own.statusCode).toBe(200)
    // Far from the provider's delay, and the hung call is still waiting: nothing here waited for it.
    expect(Date.now() - started).toBeLessThan(HANG_MS / 2)
    expect(hung.settled).toBe(false)
    return own.json().data
  }

  it("a deposit blocks neither another player's deposit nor a balance read, and a repeat meanwhile answers pending", async () => {
    const hung = await newPlayer()
    const method = await methodId(hung, 'card')
    const asked = deferred<string>()
    let answer!: ReturnType<typeof slowAnswer<DepositStartResult>>
    const hanging: PaymentProvider = {
      name: SANDBOX,
      startDeposit: (input) => {
        asked.resolve(input.transactionId)
        answer = slowAnswer(() => ({ status: 'redirect', reference: 'sb_late', redirectUrl: `/sandbox/pay/${input.transactionId}` }))
        return answer.promise
      },
      startPayout: () => new Promise(() => {}),
      verifyWebhook: notUsed,
    }
    const key = newKey()
    const pending = makeDeposit(t.database.db, hanging, hung.id, depositParams(method, '30', key), now())
    const state = track(pending)
    const id = await asked.promise
    // Committed before the provider was asked: visible to every other connection, with the session
    // end that lets the expiry rule close it if the answer never comes.
    expect(await row(id)).toMatchObject({ status: 'pending', provider_reference: null, response: null })
    expect((await row(id)).session_expires_at).not.toBeNull()

    await othersGoOn(hung, state)
    // The same request again, before the provider answered: pending, the same transaction.
    await expect(makeDeposit(t.database.db, hanging, hung.id, depositParams(method, '30', key), now())).resolves.toMatchObject({ status: 'pending', transaction_id: id })

    answer.release()
    await expect(pending).resolves.toMatchObject({ status: 'redirect', transaction_id: id })
    expect(await row(id)).toMatchObject({ status: 'pending', provider_reference: 'sb_late' })
    // Now the first answer is kept for repeats.
    await expect(makeDeposit(t.database.db, hanging, hung.id, depositParams(method, '30', key), now())).resolves.toMatchObject({ status: 'redirect', transaction_id: id })
  })

  it("a withdrawal's payout blocks neither another player's deposit nor a balance read; the reserve is committed first", async () => {
    const hung = await withdrawingPlayer(50_000n)
    const method = await methodId(hung, 'ewallet', 'withdrawal')
    const asked = deferred<string>()
    let answer!: ReturnType<typeof slowAnswer<PayoutResult>>
    const hanging: PaymentProvider = {
      name: SANDBOX,
      startDeposit: () => new Promise(() => {}),
      startPayout: (input) => {
        asked.resolve(input.transactionId)
        answer = slowAnswer(() => ({ status: 'success', reference: 'sbp_late' }))
        return answer.promise
      },
      verifyWebhook: notUsed,
    }
    const key = newKey()
    // Below the auto-approval amount: paid out at once, without an operator.
    const pending = makeWithdrawal(t.database.db, hanging, hung.id, withdrawalParams(method, '40', key), now())
    const state = track(pending)
    const id = await asked.promise
    // Approved, its reserve taken and its answer kept, all committed before the payout was asked.
    expect(await row(id)).toMatchObject({ status: 'approved', provider_reference: null })
    expect((await row(id)).response).not.toBeNull()
    expect(await wallet(hung.id, 'withdrawal_reserve')).toBe(4_000n)

    const balance = await othersGoOn(hung, state)
    expect(balance.balance_main).toMatchObject({ amount: '460.00', currency: 'USD' })
    // A repeat meanwhile answers the approved withdrawal; approved, the player can no longer cancel it.
    await expect(makeWithdrawal(t.database.db, hanging, hung.id, withdrawalParams(method, '40', key), now())).resolves.toMatchObject({ withdrawal: { id, status: 'approved' } })
    const refused = await cancelWithdrawal(t.database.db, hung.id, id, now()).catch((e: unknown) => e)
    expect(toApiError(refused).error).toMatchObject({ type: 'InvalidParameterException', code: 'withdrawal_not_cancellable' })

    answer.release()
    await expect(pending).resolves.toMatchObject({ withdrawal: { id, status: 'success' } })
    expect(await row(id)).toMatchObject({ status: 'success', provider_reference: 'sbp_late' })
    expect(await wallet(hung.id, 'withdrawal_reserve')).toBe(0n)
    expect(await wallet(hung.id, 'main')).toBe(46_000n)
  })

  it('a provider that fails leaves the deposit pending with its session, answers a typed 502, and moves no money', async () => {
    const player = await newPlayer()
    const method = await methodId(player, 'card')
    const broken: PaymentProvider = {
      name: SANDBOX,
      startDeposit: async () => {
        throw new Error('connection reset')
      },
      startPayout: async () => {
        throw new Error('connection reset')
      },
      verifyWebhook: notUsed,
    }
    const key = newKey()
    const err = await makeDeposit(t.database.db, broken, player.id, depositParams(method, '15', key), now()).catch((e: unknown) => e)
    expect(toApiError(err).error).toMatchObject({ type: 'BillingUnavailableException', status: 502 })
    const rows = await t.database.db.selectFrom('payment_transactions').select(['id', 'status', 'session_expires_at']).where('player_id', '=', player.id).execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'pending' })
    expect(rows[0]!.session_expires_at).not.toBeNull()
    const entries = await t.database.db.selectFrom('ledger_entries').select('id').where('ref', '=', `ptx:${rows[0]!.id}`).execute()
    expect(entries).toEqual([])
  })

  it('a payout that fails leaves the withdrawal approved with its reserve held, and answers a typed 502', async () => {
    const player = await withdrawingPlayer(10_000n)
    const method = await methodId(player, 'ewallet', 'withdrawal')
    const broken: PaymentProvider = {
      name: SANDBOX,
      startDeposit: async () => {
        throw new Error('connection reset')
      },
      startPayout: async () => {
        throw new Error('connection reset')
      },
      verifyWebhook: notUsed,
    }
    const key = newKey()
    const err = await makeWithdrawal(t.database.db, broken, player.id, withdrawalParams(method, '25', key), now()).catch((e: unknown) => e)
    expect(toApiError(err).error).toMatchObject({ type: 'BillingUnavailableException', status: 502 })
    const rows = await t.database.db.selectFrom('payment_transactions').select(['id', 'status']).where('player_id', '=', player.id).execute()
    expect(rows).toEqual([expect.objectContaining({ status: 'approved' })])
    // Whether it was paid is the provider's to say (its webhook): the money stays in the reserve.
    expect(await wallet(player.id, 'withdrawal_reserve')).toBe(2_500n)
    expect(await wallet(player.id, 'main')).toBe(7_500n)
    // The repeat answers the approved withdrawal instead of asking again.
    await expect(makeWithdrawal(t.database.db, broken, player.id, withdrawalParams(method, '25', key), now())).resolves.toMatchObject({ withdrawal: { id: rows[0]!.id, status: 'approved' } })
  })

  it('a payout the provider never answered is asked again after a while, once, and then settles', async () => {
    const player = await withdrawingPlayer(10_000n)
    const method = await methodId(player, 'ewallet', 'withdrawal')
    let up = false
    const asked: string[] = []
    const flaky: PaymentProvider = {
      name: SANDBOX,
      startDeposit: () => new Promise(() => {}),
      startPayout: async (input) => {
        asked.push(input.transactionId)
        if (!up) throw new Error('connection reset')
        return { status: 'success', reference: `sbp_${input.transactionId}` }
      },
      verifyWebhook: notUsed,
    }
    // Payouts other tests left unanswered are settled first: the sweep takes every player's.
    const healthy: PaymentProvider = { ...flaky, startPayout: async (input) => ({ status: 'success', reference: `sbp_${input.transactionId}` }) }
    await retryStalledPayouts(t.database.db, healthy, new Date(now().getTime() + 1_000 * PAYOUT_RETRY_AFTER_MS))
    const approvedAt = now()
    await makeWithdrawal(t.database.db, flaky, player.id, withdrawalParams(method, '25', newKey()), approvedAt).catch(() => undefined)
    const [tx] = await t.database.db.selectFrom('payment_transactions').select(['id', 'status']).where('player_id', '=', player.id).execute()
    expect(tx).toMatchObject({ status: 'approved' })
    const later = (ms: number) => new Date(approvedAt.getTime() + ms)
    // Too early: a provider may still be answering.
    expect(await retryStalledPayouts(t.database.db, flaky, later(PAYOUT_RETRY_AFTER_MS / 2))).toEqual({ asked: 0, answered: 0 })
    // Still down: asked, nothing moves, the reserve stays.
    expect(await retryStalledPayouts(t.database.db, flaky, later(PAYOUT_RETRY_AFTER_MS + 1_000))).toEqual({ asked: 1, answered: 0 })
    expect(await wallet(player.id, 'withdrawal_reserve')).toBe(2_500n)
    up = true
    expect(await retryStalledPayouts(t.database.db, flaky, later(PAYOUT_RETRY_AFTER_MS + 2_000))).toEqual({ asked: 1, answered: 1 })
    expect(await row(tx!.id)).toMatchObject({ status: 'success', provider_reference: `sbp_${tx!.id}` })
    expect(await wallet(player.id, 'withdrawal_reserve')).toBe(0n)
    expect(await wallet(player.id, 'main')).toBe(7_500n)
    // Settled: never asked again.
    expect(await retryStalledPayouts(t.database.db, flaky, later(10 * PAYOUT_RETRY_AFTER_MS))).toEqual({ asked: 0, answered: 0 })
    expect(asked).toEqual([tx!.id, tx!.id, tx!.id])
  })

  it("the sandbox answers a repeated payout as it did the first time: the transaction id is the payout's idempotency key", async () => {
    const sandbox = new SandboxProvider({ sessionSecret: 'test-secret-of-thirty-two-characters!' })
    const payout = { playerId: 1n, amount: 2_500n, currency: 'USD', method: { sysname: 'sandbox_ewallet', kind: 'ewallet' as const }, requisite: 'ada@example.com', cardToken: null }
    const first = await sandbox.startPayout({ ...payout, transactionId: 'tx-1' })
    expect(await sandbox.startPayout({ ...payout, transactionId: 'tx-1' })).toEqual(first)
    expect((await sandbox.startPayout({ ...payout, transactionId: 'tx-2' })).reference).not.toBe(first.reference)
  })
})
