import { describe, expect, it } from 'vitest'
import { MAX_AMOUNTS } from '../../src/shared/amount-limits'
import { apiPlayers, paymentCounts } from '../test/api-player'
import { useTestApp } from '../test/harness'

// One maximum per currency for every amount a player names (src/shared/amount-limits.ts): a deposit
// limit, a deposit and a withdrawal above it are refused with the rule named, and nothing changes.

describe('the largest amount per currency', () => {
  const t = useTestApp('pglite', {
    // Methods an operator set up without a maximum of their own: only the shared one bounds them.
    beforeBuild: async (database) => {
      await database.db.updateTable('payment_method_currencies').set({ max_amount: null }).where('currency', '=', 'USD').execute()
    },
  })
  const { newPlayer, get, post, deposit, withdraw } = apiPlayers(t, 46, 'maximum-')

  const limits = async (player: { id: bigint }) => (await get(player, 'account/getDepositLimit')).json().data
  const counts = () => paymentCounts(t.database.db)

  it('a deposit limit above the maximum is refused, naming the rule and the maximum; one at it is set', async () => {
    const player = await newPlayer()
    const before = await limits(player)
    for (const amount of ['99999999999999', '1000001', '9223372036854775807']) {
      const res = await post(player, 'account/setDepositLimit', { period: '1', limit_amount: amount })
      expect(res.statusCode, amount).toBe(400)
      expect(res.json().error).toMatchObject({
        type: 'InvalidParameterException',
        code: 'amount_out_of_bounds',
        invalid_parameters: { limit_amount: ['maxValue'] },
        error_data: { max: { amount: '1000000.00', currency: 'USD' } },
      })
    }
    expect(await limits(player)).toEqual(before)
    const at = await post(player, 'account/setDepositLimit', { period: '1', limit_amount: MAX_AMOUNTS.USD })
    expect(at.statusCode, at.body).toBe(200)
    expect(at.json().data.limits[0].limit_amount).toEqual({ amount: '1000000.00', currency: 'USD' })
  })

  it('a deposit above the maximum is refused even by a method without a maximum of its own', async () => {
    const player = await newPlayer()
    const before = await counts()
    for (const amount of ['99999999999999', '1000001', '9223372036854775807']) {
      const res = await deposit(player, amount)
      expect(res.statusCode, amount).toBe(400)
      expect(res.json().error).toMatchObject({
        type: 'InvalidParameterException',
        code: 'amount_out_of_bounds',
        invalid_parameters: { amount: ['maxValue'] },
        error_data: { max: { amount: '1000000.00', currency: 'USD' } },
      })
    }
    expect(await counts()).toEqual(before)
  })

  it('a withdrawal above the maximum is refused as over the limit, and nothing is reserved', async () => {
    const player = await newPlayer()
    const before = await counts()
    for (const amount of ['99999999999999', '1000001', '9223372036854775807']) {
      const res = await withdraw(player, amount, { method: 'banktransfer', requisites: { iban: 'DE89370400440532013000' } })
      expect(res.statusCode, amount).toBe(422)
      expect(res.json().error).toMatchObject({ type: 'WithdrawalLimitsExceededException', code: 'withdrawal_limit_exceeded' })
    }
    expect(await counts()).toEqual(before)
  })
})
