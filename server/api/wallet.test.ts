import { beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '../domain/session/sessions'
import { PGLITE_ONLY, useTestApp } from '../test/harness'
import { signWalletBody, walletProviderSecret } from './wallet'

describe.each(PGLITE_ONLY)('seamless wallet over HTTP on %s', (backend) => {
  const t = useTestApp(backend)
  let player: { id: bigint; sessionId: string }
  let seq = 0

  beforeAll(async () => {
    const { id } = await t.database.db.selectFrom('accounts').select('id').where('login', '=', 'demo@example.com').executeTakeFirstOrThrow()
    const { session } = await createSession(t.database.db, { playerId: id, now: new Date(), policy: t.database.config.session })
    player = { id, sessionId: session.id }
  })

  function call(action: string, body: Record<string, unknown>, { provider = 'acmegames', signAs = provider, signature }: { provider?: string; signAs?: string; signature?: string } = {}) {
    const payload = JSON.stringify(body)
    return t.app.inject({
      method: 'POST',
      url: `/platform/wallet/${provider}/${action}`,
      headers: { 'content-type': 'application/json', 'x-signature': signature ?? signWalletBody(walletProviderSecret(t.database.config, signAs), payload) },
      payload,
    })
  }
  const stake = (amount: string, transaction_id = `bet-${++seq}`) => ({
    transaction_id,
    player_id: String(player.id),
    currency: 'USD',
    amount,
    round_id: 'round-1',
    session_id: player.sessionId,
  })
  const mainBalance = async () =>
    (await t.database.db.selectFrom('wallets').select('balance').where('player_id', '=', player.id).where('currency', '=', 'USD').where('kind', '=', 'main').executeTakeFirstOrThrow()).balance

  it('takes a signed stake and answers the balances', async () => {
    const before = await mainBalance()
    const res = await call('debit', stake('12.50'))
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ status: 'ok', error_code: null, currency: 'USD', parts: { main: '12.50' } })
    expect(await mainBalance()).toBe(before - 1_250n)
  })

  it('applies a replayed webhook once and answers it with the first answer', async () => {
    const before = await mainBalance()
    const body = { transaction_id: `win-${++seq}`, player_id: String(player.id), currency: 'USD', amount: '40.00' }
    const first = await call('credit', body)
    const again = await call('credit', body)
    expect(first.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(await mainBalance()).toBe(before + 4_000n)
    const changed = await call('credit', { ...body, amount: '41.00' })
    expect(changed.statusCode).toBe(400)
    expect(changed.json().error).toMatchObject({ type: 'InvalidRequestException', code: 'idempotency_conflict' })
  })

  it('refuses a missing, wrong or other provider\'s signature, moving nothing', async () => {
    const before = await mainBalance()
    for (const res of [
      await call('debit', stake('1.00'), { signature: '' }),
      await call('debit', stake('1.00'), { signature: 'ab'.repeat(32) }),
      await call('debit', stake('1.00'), { signAs: 'othergames' }),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json().error).toMatchObject({ type: 'AuthorizationException', code: 'bad_signature' })
    }
    expect(await mainBalance()).toBe(before)
  })

  it('answers a declined stake with 200 and its reason, and a rollback before its debit', async () => {
    expect((await call('debit', stake('999999.00'))).json().data).toMatchObject({ status: 'declined', error_code: 'insufficient_funds' })
    const id = `late-${++seq}`
    const early = await call('rollback', { transaction_id: `rb-${seq}`, player_id: String(player.id), currency: 'USD', reference_transaction_id: id })
    expect(early.json().data).toMatchObject({ status: 'ok', parts: {} })
    expect((await call('debit', stake('5.00', id))).json().data).toMatchObject({ status: 'rolled_back' })
  })

  it('refuses bad amounts and bodies with §8 field errors', async () => {
    const res = await call('debit', stake('1.000,50'))
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ type: 'InvalidParameterException', code: 'invalid_amount', invalid_parameters: { amount: ['locale_formatted'] } })
    expect((await call('debit', { ...stake('1.00'), player_id: 'abc' })).json().error.invalid_parameters).toEqual({ player_id: ['invalid'] })
    expect((await call('rollback', { transaction_id: 'x', player_id: String(player.id), currency: 'USD' })).json().error.invalid_parameters).toEqual({
      reference_transaction_id: ['required'],
    })
    expect((await call('refund', stake('1.00'))).statusCode).toBe(404)
  })
})
