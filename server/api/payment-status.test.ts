import { describe, expect, it } from 'vitest'
import { paymentStatus, type PaymentState, type PaymentStatus } from '../../src/shared/payment-status'
import { createSession } from '../domain/session/sessions'
import { SESSION_COOKIE } from '../http/session'
import { BACKENDS, useTestApp, withClock } from '../test/harness'

// One status told everywhere: whatever page asks about a transaction (the history, the receipt and
// result pages through gettransaction, the withdrawal page through makewithdrawal and
// getwithdrawsettings), the server's answers read the same through paymentStatus. Cases that went
// wrong: a deposit left on the provider's page, and a withdrawal paid out at once.

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const MINUTE = 60_000
let seq = 0
const newKey = () => `status-${Date.now().toString(36)}-${(seq++).toString().padStart(6, '0')}`

describe.each(BACKENDS)('payment statuses on %s', (backend) => {
  const t = useTestApp(backend)
  const login = 'demo@example.com' // USD: auto-approval below 100

  async function cookie() {
    const player = await t.database.db.selectFrom('accounts').select('id').where('login', '=', login).executeTakeFirstOrThrow()
    const { token } = await createSession(t.database.db, { playerId: player.id, now: t.database.clock.now ?? new Date(), policy: t.database.config.session })
    return `${SESSION_COOKIE}=${token}`
  }
  async function get(path: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/${path}`, headers: { cookie: await cookie() } })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  async function post(path: string, body: Record<string, string>) {
    const res = await t.app.inject({ method: 'POST', url: `/api/${path}`, headers: { ...FORM, cookie: await cookie() }, payload: new URLSearchParams(body).toString() })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  async function methodId(sysname: string, call: string) {
    const methods = (await get(call)).methods as { id: number; sysname: string }[]
    return String(methods.find((m) => m.sysname === sysname)!.id)
  }
  const withdraw = async (amount: string) =>
    post('cashier/makewithdrawal', {
      method_id: await methodId('ewallet', 'cashier/getwithdrawsettings'),
      method: 'ewallet',
      amount,
      currency: 'USD',
      requisites: JSON.stringify({ wallet_email: 'ada@example.com' }),
      idempotency_key: newKey(),
    })

  /** What each read says of `id`, as the player is told it. */
  async function everywhere(id: string) {
    const history = (await get('cashier/gethistory?count=100')).items as (PaymentState & { id: string })[]
    const row = history.find((r) => r.id === id)
    return { history: row && paymentStatus(row), transaction: paymentStatus(await get(`cashier/gettransaction?id=${id}`)) }
  }

  it('a deposit left on the provider page, a withdrawal paid out at once and one waiting read the same on every page', () =>
    withClock(t.database, new Date(Math.floor(Date.now() / 1000) * 1000), async (t0) => {
      const left = await post('cashier/makedeposit', {
        method_id: await methodId('card', 'cashier/getdepositinfo'),
        method: 'card',
        amount: '105',
        currency: 'USD',
        campaign_offer_id: '-1',
        requisites: JSON.stringify({ card_number: 'new' }),
        idempotency_key: newKey(),
      })
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
