import { describe, expect, it } from 'vitest'
import { makeDeposit } from '../cashier'
import type { DepositStartResult, PaymentProvider } from '../provider'
import { SANDBOX } from '../sandbox/provider'
import { apiPlayers } from '../../../test/api-player'
import { BACKENDS, useTestApp } from '../../../test/harness'

// The payment provider is asked with no database transaction open: a provider that hangs holds no
// lock and no connection (PGlite has only one), so other players deposit and read their balance
// meanwhile, and the hung deposit's row is already committed as pending for its webhook or expiry.

let seq = 0
const newKey = () => `hang-${Date.now().toString(36)}-${(seq++).toString().padStart(4, '0')}`

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (err: unknown) => void
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

describe.each(BACKENDS)('a payment provider that hangs, on %s', (backend) => {
  const t = useTestApp(backend)
  const { newPlayer, get, post, now } = apiPlayers(t, 46, 'hang')

  async function cardMethodId(player: Awaited<ReturnType<typeof newPlayer>>) {
    const methods = (await get(player, 'cashier/getdepositinfo')).json().data.methods as { id: number; sysname: string }[]
    return methods.find((m) => m.sysname === 'card')!.id
  }
  const depositParams = (methodId: number, amount: string, key: string) => ({
    method_id: methodId,
    method: 'card',
    amount,
    currency: 'USD',
    campaign_offer_id: -1,
    requisites: { card_number: 'new' },
    idempotency_key: key,
  })
  const row = (id: string) =>
    t.database.db.selectFrom('payment_transactions').select(['status', 'session_expires_at', 'provider_reference', 'response']).where('id', '=', id).executeTakeFirstOrThrow()

  it("blocks neither another player's deposit nor a balance read, and a repeat meanwhile answers pending", async () => {
    const [hung, other] = [await newPlayer(), await newPlayer()]
    const methodId = await cardMethodId(hung)
    const answer = deferred<DepositStartResult>()
    const asked = deferred<string>()
    const hanging: PaymentProvider = {
      name: SANDBOX,
      startDeposit: (input) => {
        asked.resolve(input.transactionId)
        return answer.promise
      },
      startPayout: () => new Promise(() => {}),
      verifyWebhook: () => {
        throw new Error('not used')
      },
    }
    const key = newKey()
    const pending = makeDeposit(t.database.db, hanging, hung.id, depositParams(methodId, '30', key), now())
    const id = await asked.promise
    // Committed before the provider was asked: visible to every other connection, with the session
    // end that lets the expiry rule close it if the answer never comes.
    expect(await row(id)).toMatchObject({ status: 'pending', provider_reference: null, response: null })
    expect((await row(id)).session_expires_at).not.toBeNull()

    // While the provider hangs: another player's deposit through the API and balance reads answer.
    const deposit = await post(other, 'cashier/makedeposit', {
      method_id: String(methodId),
      method: 'card',
      amount: '20',
      currency: 'USD',
      campaign_offer_id: '-1',
      requisites: JSON.stringify({ card_number: 'new' }),
      idempotency_key: newKey(),
    })
    expect(deposit.statusCode, deposit.body).toBe(200)
    expect(deposit.json().data.status).toBe('redirect')
    expect((await get(other, 'account/getBalance')).statusCode).toBe(200)
    expect((await get(hung, 'account/getBalance')).statusCode).toBe(200)
    // The same request again, before the provider answered: pending, the same transaction.
    await expect(makeDeposit(t.database.db, hanging, hung.id, depositParams(methodId, '30', key), now())).resolves.toMatchObject({ status: 'pending', transaction_id: id })

    answer.resolve({ status: 'redirect', reference: 'sb_late', redirectUrl: `/sandbox/pay/${id}` })
    await expect(pending).resolves.toMatchObject({ status: 'redirect', transaction_id: id })
    expect(await row(id)).toMatchObject({ status: 'pending', provider_reference: 'sb_late' })
    // Now the first answer is kept for repeats.
    await expect(makeDeposit(t.database.db, hanging, hung.id, depositParams(methodId, '30', key), now())).resolves.toMatchObject({ status: 'redirect', transaction_id: id })
  })

  it('a provider that fails leaves the deposit pending with its session, answers a typed 502, and moves no money', async () => {
    const player = await newPlayer()
    const methodId = await cardMethodId(player)
    const broken: PaymentProvider = {
      name: SANDBOX,
      startDeposit: async () => {
        throw new Error('connection reset')
      },
      startPayout: async () => {
        throw new Error('connection reset')
      },
      verifyWebhook: () => {
        throw new Error('not used')
      },
    }
    const key = newKey()
    const err = await makeDeposit(t.database.db, broken, player.id, depositParams(methodId, '15', key), now()).catch((e: unknown) => e)
    expect(err).toMatchObject({ type: 'BillingUnavailableException', status: 502 })
    const rows = await t.database.db.selectFrom('payment_transactions').select(['id', 'status', 'session_expires_at']).where('player_id', '=', player.id).execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'pending' })
    expect(rows[0]!.session_expires_at).not.toBeNull()
    const entries = await t.database.db.selectFrom('ledger_entries').select('id').where('ref', '=', `ptx:${rows[0]!.id}`).execute()
    expect(entries).toEqual([])
  })
})
