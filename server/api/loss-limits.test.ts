import { describe, expect, it } from 'vitest'
import { credit, walletOptions } from '../domain/wallet/seamless'
import { apiPlayers, type ApiPlayer } from '../test/api-player'
import { BACKENDS, useTestApp } from '../test/harness'

// Loss limits over the API (account/getLossLimit, setLossLimit): the deposit limits' request and
// answer shapes, and a studio stake the limit refuses with loss_limit_exceeded and what is left.

let keys = 0
const key = () => `ll${Date.now().toString(36)}${(keys++).toString(36).padStart(4, '0')}`

describe.each(BACKENDS)('loss limits over the API on %s', (backend) => {
  const t = useTestApp(backend)
  const { newPlayer, get, post } = apiPlayers(t, 46, 'll')

  async function fund(player: ApiPlayer, amount: string) {
    await credit(t.database.db, { provider: 'test-cashier', transactionId: key(), playerId: player.id, currency: 'USD', amount, kind: 'deposit' }, walletOptions(t.database.config))
  }
  const dice = (player: ApiPlayer, amount: string) =>
    post(player, 'games/play', { game: 'dice-classic', amount, bet: JSON.stringify({ target: 50.5, direction: 'over' }), key: key() })

  it('sets, reads and lowers a loss limit; a raise waits; bad amounts are field errors', async () => {
    const player = await newPlayer()
    expect((await get(player, 'account/getLossLimit')).json().data).toMatchObject({ period: 'none', limit_amount: null, limits: [] })
    const set = await post(player, 'account/setLossLimit', { period: '7', limit_amount: '1000' })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json().data).toMatchObject({ period: 7, limit_amount: { amount: '1000.00', currency: 'USD' }, available_amount: { amount: '1000.00' } })
    const raised = (await post(player, 'account/setLossLimit', { period: '7', limit_amount: '2000' })).json().data
    expect(raised).toMatchObject({ limit_amount: { amount: '1000.00' }, scheduled: { limit_amount: { amount: '2000.00' }, period: 7 } })
    const lowered = (await post(player, 'account/setLossLimit', { period: '7', limit_amount: '50' })).json().data
    expect(lowered).toMatchObject({ limit_amount: { amount: '50.00' }, scheduled: null })
    // The deposit limits are apart.
    expect((await get(player, 'account/getDepositLimit')).json().data.limits).toEqual([])
    for (const bad of ['abc', '-5', '1e3', '0.001', '99999999999999999999']) {
      const res = await post(player, 'account/setLossLimit', { period: '1', limit_amount: bad })
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400)
      expect(res.json().error.invalid_parameters).toHaveProperty('limit_amount')
    }
    expect((await post(player, 'account/setLossLimit', { period: '3', limit_amount: '10' })).statusCode).toBe(400)
    expect((await get(player, 'account/getLossLimit')).json().data.limits).toHaveLength(1)
  })

  it('a studio stake past the limit is refused with what is left, and nothing moves', async () => {
    const player = await newPlayer()
    await fund(player, '100.00')
    await post(player, 'account/setLossLimit', { period: '1', limit_amount: '5' })
    const refused = await dice(player, '6.00')
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json().error).toMatchObject({ type: 'InvalidRequestException', code: 'loss_limit_exceeded', error_data: { available: '5.00', currency: 'USD', period: '1' } })
    expect((await get(player, 'games/purse?game=dice-classic')).json().data.balance).toBe('100.00')
    const played = await dice(player, '5.00')
    expect(played.statusCode, played.body).toBe(200)
    const limit = (await get(player, 'account/getLossLimit')).json().data
    const won = played.json().data.payout as string
    const net = 500 - Math.round(Number(won) * 100)
    expect(limit.limits[0].used_amount.amount).toBe((Math.max(net, 0) / 100).toFixed(2))
  })

  it('keeps the currency while a loss limit applies', async () => {
    const player = await newPlayer()
    await post(player, 'account/setLossLimit', { period: '30', limit_amount: '300' })
    const res = await post(player, 'account/setCurrency', { currency: 'EUR' })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().error.code).toBe('currency_locked_by_loss_limit')
  })
})
