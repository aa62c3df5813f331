import { describe, expect, it } from 'vitest'
import { apiPlayers } from '../test/api-player'
import { BACKENDS, useTestApp, wholeSecond, withClock } from '../test/harness'

// Several deposit limits at once (SPEC §3 'Deposit limit', §9 periods): one per
// period, each over its own rolling window, the lowest applying; per period, adding or lowering at
// once and raising or removing after 24 hours; deposits counted one after the other.

const HOUR = 3_600_000
const DAY = 24 * HOUR

type Limit = { period: number | 'none'; limit_amount: { amount: string } | null; available_amount: { amount: string } | null; expired_at: string | null; scheduled: unknown; limits: PeriodLimit[] }
type PeriodLimit = { period: number; limit_amount: { amount: string }; available_amount: { amount: string }; used_amount: { amount: string }; expired_at: string; scheduled: { period: number | 'none'; limit_amount: { amount: string } | null; effective_at: string } | null }

describe.each(BACKENDS)('deposit limits on %s', (backend) => {
  const t = useTestApp(backend)
  const { newPlayer, get, post, now, deposit } = apiPlayers(t, 44, 'dl')

  const limits = async (player: { id: bigint }): Promise<Limit> => (await get(player, 'account/getDepositLimit')).json().data
  const set = async (player: { id: bigint }, body: Record<string, string>): Promise<Limit> => {
    const res = await post(player, 'account/setDepositLimit', body)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  const period = (limit: Limit, days: number) => limit.limits.find((l) => l.period === days)
  /** A deposit paid on the sandbox's page at the clock's time. */
  async function paid(player: { id: bigint }, amount: string) {
    const res = await deposit(player, amount)
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().data.transaction_id as string
    expect((await post(player, `/sandbox/pay/${id}`, { outcome: 'success' })).statusCode).toBeLessThan(400)
    return id
  }
  const refusal = async (player: { id: bigint }, amount: string) => {
    const res = await deposit(player, amount)
    expect(res.statusCode, res.body).toBe(422)
    const error = res.json().error
    expect(error).toMatchObject({ type: 'BillingDepositLimitExceededException', code: 'deposit_limit_exceeded' })
    return error.error_data as { available_amount: { amount: string; currency: string }; expired_at: string; period: number }
  }

  it('the lowest of several limits applies, each window rolling on its own', () =>
    withClock(t.database, wholeSecond(), async (t0) => {
      const player = await newPlayer()
      expect(await limits(player)).toMatchObject({ period: 'none', limit_amount: null, available_amount: null, limits: [] })
      await set(player, { period: '1', limit_amount: '100' })
      const both = await set(player, { period: '7', limit_amount: '150' })
      expect(both.limits.map((l) => l.period)).toEqual([1, 7])
      // The binding limit is the one with the least left: the daily 100.
      expect(both).toMatchObject({ period: 1, limit_amount: { amount: '100.00', currency: 'USD' }, available_amount: { amount: '100.00' }, scheduled: null })

      await paid(player, '80')
      const after = await limits(player)
      expect(period(after, 1)).toMatchObject({ available_amount: { amount: '20.00' }, used_amount: { amount: '80.00' }, expired_at: new Date(t0.getTime() + DAY).toISOString() })
      expect(period(after, 7)).toMatchObject({ available_amount: { amount: '70.00' }, used_amount: { amount: '80.00' }, expired_at: new Date(t0.getTime() + 7 * DAY).toISOString() })
      expect(after).toMatchObject({ period: 1, available_amount: { amount: '20.00' } })
      expect(await refusal(player, '30')).toEqual({ available_amount: { amount: '20.00', currency: 'USD' }, expired_at: new Date(t0.getTime() + DAY).toISOString(), period: 1 })
      // The deposit settings carry the same binding limit.
      expect((await get(player, 'cashier/getdepositsettings')).json().data.deposit_limit).toEqual(after)

      // A day later the daily window is empty; the week still counts the 80: now it binds.
      t.database.clock.now = new Date(t0.getTime() + 25 * HOUR)
      const nextDay = await limits(player)
      expect(period(nextDay, 1)).toMatchObject({ available_amount: { amount: '100.00' }, used_amount: { amount: '0.00' } })
      expect(nextDay).toMatchObject({ period: 7, available_amount: { amount: '70.00' } })
      expect(await refusal(player, '80')).toMatchObject({ available_amount: { amount: '70.00' }, period: 7 })
      await paid(player, '70')

      // Eight days on the 80 has left the week, the 70 of day two has not.
      t.database.clock.now = new Date(t0.getTime() + 8 * DAY)
      const week = await limits(player)
      expect(period(week, 7)).toMatchObject({ used_amount: { amount: '70.00' }, available_amount: { amount: '80.00' }, expired_at: new Date(t0.getTime() + 25 * HOUR + 7 * DAY).toISOString() })
      expect(week).toMatchObject({ period: 7, available_amount: { amount: '80.00' } })
      expect((await deposit(player, '80')).statusCode).toBe(200)
    }))

  it('lowers one limit at once while a raise of another waits 24 h; removal waits too', () =>
    withClock(t.database, wholeSecond(), async (t0) => {
      const player = await newPlayer()
      await set(player, { period: '1', limit_amount: '100' })
      await set(player, { period: '7', limit_amount: '500' })
      // Lowering the weekly limit: at once.
      const lowered = await set(player, { period: '7', limit_amount: '300' })
      expect(period(lowered, 7)).toMatchObject({ limit_amount: { amount: '300.00' }, scheduled: null })
      // Raising the daily one: the 100 stays, the 200 is pending with its date.
      const raised = await set(player, { period: '1', limit_amount: '200' })
      expect(period(raised, 1)).toMatchObject({ limit_amount: { amount: '100.00' }, scheduled: { period: 1, limit_amount: { amount: '200.00' }, effective_at: new Date(t0.getTime() + DAY).toISOString() } })
      expect(period(raised, 7)!.scheduled).toBeNull()
      // The binding object carries its own pending raise.
      expect(raised).toMatchObject({ period: 1, scheduled: { period: 1, limit_amount: { amount: '200.00' } } })
      // Removing the weekly one: a raise too, pending; it binds until then.
      const removing = await set(player, { period: '7', remove: '1' })
      expect(period(removing, 7)).toMatchObject({ limit_amount: { amount: '300.00' }, scheduled: { period: 'none', limit_amount: null, effective_at: new Date(t0.getTime() + DAY).toISOString() } })

      // An hour later: lowering the daily one withdraws its raise; raising again restarts the clock.
      t.database.clock.now = new Date(t0.getTime() + HOUR)
      expect(period(await set(player, { period: '1', limit_amount: '90' }), 1)).toMatchObject({ limit_amount: { amount: '90.00' }, scheduled: null })
      const again = await set(player, { period: '1', limit_amount: '200' })
      expect(period(again, 1)!.scheduled!.effective_at).toBe(new Date(t0.getTime() + 25 * HOUR).toISOString())
      // The same raise asked once more keeps its date.
      t.database.clock.now = new Date(t0.getTime() + 2 * HOUR)
      expect(period(await set(player, { period: '1', limit_amount: '200' }), 1)!.scheduled!.effective_at).toBe(new Date(t0.getTime() + 25 * HOUR).toISOString())
      expect(await refusal(player, '95')).toMatchObject({ available_amount: { amount: '90.00' }, period: 1 })

      // A day on: the weekly limit is gone; the daily raise has an hour to go.
      t.database.clock.now = new Date(t0.getTime() + DAY + 60_000)
      const gone = await limits(player)
      expect(gone.limits.map((l) => l.period)).toEqual([1])
      expect(gone).toMatchObject({ period: 1, limit_amount: { amount: '90.00' }, scheduled: { limit_amount: { amount: '200.00' } } })
      t.database.clock.now = new Date(t0.getTime() + 26 * HOUR)
      expect(await limits(player)).toMatchObject({ period: 1, limit_amount: { amount: '200.00' }, available_amount: { amount: '200.00' }, scheduled: null })
      expect((await deposit(player, '150')).statusCode).toBe(200)

      // Adding a limit for a period without one is never a raise: at once, even above the others.
      const monthly = await set(player, { period: '30', limit_amount: '5000' })
      expect(period(monthly, 30)).toMatchObject({ limit_amount: { amount: '5000.00' }, available_amount: { amount: '4850.00' }, scheduled: null })
      // Removing a period that has no limit changes nothing.
      expect((await set(player, { period: '14', remove: '1' })).limits.map((l) => l.period)).toEqual([1, 30])

      // The one-limit call shape: 'none' removes every limit, each after the cooling-off.
      const none = await set(player, { period: 'none' })
      expect(none.limits.map((l) => l.scheduled?.period)).toEqual(['none', 'none'])
      t.database.clock.now = new Date(t0.getTime() + 51 * HOUR)
      expect(await limits(player)).toMatchObject({ period: 'none', limit_amount: null, limits: [] })
    }))

  it('a raise whose cooling-off is over is in force on every read, which writes nothing; the next change starts from it', () =>
    withClock(t.database, wholeSecond(), async (t0) => {
      const player = await newPlayer()
      await set(player, { period: '7', limit_amount: '100' })
      await set(player, { period: '7', limit_amount: '300' })
      const stored = () => t.database.db.selectFrom('deposit_limits').select(['amount', 'scheduled_amount', 'scheduled_at', 'updated_at']).where('player_id', '=', player.id).executeTakeFirstOrThrow()
      const before = await stored()
      expect(before).toMatchObject({ amount: 10_000n, scheduled_amount: 30_000n })

      // A day on: the raise binds on the limits page and at the deposit, and the row is untouched.
      t.database.clock.now = new Date(t0.getTime() + DAY + 1000)
      expect(await limits(player)).toMatchObject({ period: 7, limit_amount: { amount: '300.00' }, scheduled: null })
      expect((await deposit(player, '250')).statusCode).toBe(200)
      expect(await refusal(player, '60')).toMatchObject({ available_amount: { amount: '50.00' }, period: 7 })
      expect(await stored()).toEqual(before)

      // Removing it now waits 24 h from the raised 300, not from the 100 the row still held.
      const removing = await set(player, { period: '7', remove: '1' })
      expect(period(removing, 7)).toMatchObject({ limit_amount: { amount: '300.00' }, scheduled: { period: 'none', effective_at: new Date(t0.getTime() + 2 * DAY + 1000).toISOString() } })
      expect(await stored()).toMatchObject({ amount: 30_000n, scheduled_amount: null, scheduled_at: new Date(t0.getTime() + 2 * DAY + 1000) })
    }))

  it('refuses requests that do not say what to do', async () => {
    const player = await newPlayer()
    const bodies: Record<string, string>[] = [{ period: '3', limit_amount: '10' }, { period: '7' }, { period: 'none', remove: '1' }, { period: 'none', limit_amount: '10' }, { period: '7', remove: '1', limit_amount: '10' }, { period: '7', limit_amount: '12.345' }]
    for (const body of bodies) {
      const res = await post(player, 'account/setDepositLimit', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().error.type).toBe('InvalidParameterException')
    }
    expect((await limits(player)).limits).toEqual([])
  })

  it('deposits at the same time never pass the lowest limit together', async () => {
    const player = await newPlayer()
    await set(player, { period: '1', limit_amount: '100' })
    await set(player, { period: '7', limit_amount: '1000' })
    await set(player, { period: '30', limit_amount: '2000' })
    // Eight hosted-page deposits of 30 at once: each holds its share while it is in progress.
    const answers = await Promise.all(Array.from({ length: 8 }, () => deposit(player, '30')))
    const codes = answers.map((r) => r.statusCode).sort()
    expect(codes).toEqual([200, 200, 200, 422, 422, 422, 422, 422])
    const open = await t.database.db
      .selectFrom('payment_transactions')
      .select((eb) => eb.fn.sum<string>('amount').as('total'))
      .where('player_id', '=', player.id)
      .where('type', '=', 'deposit')
      .where('status', 'in', ['pending', 'success'])
      .executeTakeFirstOrThrow()
    expect(Number(open.total)).toBe(9000) // 90.00 in cents, within the daily 100
    expect((await limits(player)).available_amount).toMatchObject({ amount: '10.00' })
    // A cancelled one gives its share back.
    const id = answers.find((r) => r.statusCode === 200)!.json().data.transaction_id as string
    expect((await post(player, `/sandbox/pay/${id}`, { outcome: 'cancel' })).statusCode).toBeLessThan(400)
    expect((await limits(player)).available_amount).toMatchObject({ amount: '40.00' })
  })
})
