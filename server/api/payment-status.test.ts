import { describe, expect, it } from 'vitest'
import { paymentStatus, type PaymentState, type PaymentStatus } from '../../src/shared/payment-status'
import { loginPlayers } from '../test/api-player'
import { BACKENDS, useTestApp, withClock } from '../test/harness'

// One status told everywhere: whatever page asks about a transaction (the history, the receipt and
// result pages through gettransaction, the withdrawal page through makewithdrawal and
// getwithdrawsettings), the server's answers read the same through paymentStatus. Cases that went
// wrong: a deposit left on the provider's page, and a withdrawal paid out at once.

const MINUTE = 60_000

describe.each(BACKENDS)('payment statuses on %s', (backend) => {
  const t = useTestApp(backend)
  const login = 'demo@example.com' // USD: auto-approval below 100

  // The clock moves on past a session's life: a session per request, made at the clock's time.
  const demo = loginPlayers(t, 'status', { freshSessions: true })
  const data = (res: Awaited<ReturnType<typeof demo.get>>) => {
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  const get = async (path: string) => data(await demo.get(login, path))
  const withdraw = async (amount: string) => data(await demo.withdraw(login, amount))

  /** What each read says of `id`, as the player is told it. */
  async function everywhere(id: string) {
    const history = (await get('cashier/gethistory?count=100')).items as (PaymentState & { id: string })[]
    const row = history.find((r) => r.id === id)
    return { history: row && paymentStatus(row), transaction: paymentStatus(await get(`cashier/gettransaction?id=${id}`)) }
  }

  it('a deposit left on the provider page, a withdrawal paid out at once and one waiting read the same on every page', () =>
    withClock(t.database, new Date(Math.floor(Date.now() / 1000) * 1000), async (t0) => {
      const left = data(await demo.deposit(login, '105'))
      expect(left.status).toBe('redirect')
      const paid = await withdraw('50')
      const waiting = await withdraw('300')
      // The withdrawal page's own answers.
      expect(paymentStatus(paid.withdrawal)).toBe('completed')
      expect(paymentStatus(waiting.withdrawal)).toBe('pending')

      const expected: Record<string, PaymentStatus> = { [left.transaction_id]: 'pending', [paid.withdrawal.id]: 'completed', [waiting.withdrawal.id]: 'pending' }
      for (const [id, status] of Object.entries(expected)) expect(await everywhere(id), id).toEqual({ history: status, transaction: status })
      // The withdrawal page lists only what is under way.
      expect(((await get('cashier/getwithdrawsettings')).pending as PaymentState[]).map(paymentStatus)).toEqual(['pending'])

      // Past the checkout session (60 minutes) the abandoned deposit has expired, on every read.
      t.database.clock.now = new Date(t0.getTime() + 61 * MINUTE)
      expect(await everywhere(left.transaction_id)).toEqual({ history: 'expired', transaction: 'expired' })
      expect((await get('cashier/gethistory?status=pending')).items.map((r: { id: string }) => r.id)).toEqual([waiting.withdrawal.id])
    }))
})
