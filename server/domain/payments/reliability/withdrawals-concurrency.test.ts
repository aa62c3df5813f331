import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertLedgerInvariant } from '../../wallet/invariant'
import { debit } from '../../wallet/seamless'
import { balancesOf, cashierPlayer, expectNoServerErrors, methodId, openCashierRig, operator, post, tally, withdraw, withoutConflicts, type CashierRig } from './fixtures'

describe('withdrawals under contention on PostgreSQL', () => {
  let rig: CashierRig
  let ewallet: number

  beforeAll(async () => {
    rig = await openCashierRig()
    ewallet = await methodId(rig, 'ewallet')
  })
  afterAll(async () => {
    await rig?.close()
  })

  it('many players withdrawing at once are all paid out', async () => {
    const players = await Promise.all(Array.from({ length: 24 }, (_, i) => cashierPlayer(rig, `many${i}`, 100_00n)))
    const started = Date.now()
    // Two auto-approved withdrawals each (below the operator's threshold): the provider pays at once.
    const answers = await withoutConflicts(() => Promise.all(players.flatMap((p) => [withdraw(rig, p, ewallet, '10'), withdraw(rig, p, ewallet, '20')])))
    const elapsed = Date.now() - started
    expectNoServerErrors(answers)
    expect(tally(answers)).toEqual({ ok: 48 })
    for (const a of answers) expect(a.json().data.withdrawal.status).toBe('success')
    for (const p of players) expect(await balancesOf(rig, p.id)).toMatchObject({ main: 70_00n, withdrawal_reserve: 0n })
    await assertLedgerInvariant(rig.database.db)
    // Deadlocks cost PostgreSQL's deadlock_timeout (1 s) each to find: 54 such requests took 45 s.
    expect(elapsed).toBeLessThan(10_000)
  })

  it('one player sending 50 withdrawals of 10 from 100 at once gets exactly 10 paid and 40 refused', async () => {
    const player = await cashierPlayer(rig, 'one', 100_00n)
    const started = Date.now()
    const answers = await withoutConflicts(() => Promise.all(Array.from({ length: 50 }, () => withdraw(rig, player, ewallet, '10'))))
    const elapsed = Date.now() - started
    expectNoServerErrors(answers)
    expect(tally(answers)).toEqual({ ok: 10, '422 insufficient_funds': 40 })
    for (const a of answers.filter((r) => r.statusCode === 422)) expect(a.json().error.type).toBe('WithdrawalDeclinedException')
    expect(await balancesOf(rig, player.id)).toMatchObject({ main: 0n, withdrawal_reserve: 0n })
    const paid = await rig.database.db.selectFrom('payment_transactions').select(['status']).where('player_id', '=', player.id).execute()
    expect(paid.map((t) => t.status)).toEqual(Array(10).fill('success'))
    await assertLedgerInvariant(rig.database.db)
    expect(elapsed).toBeLessThan(10_000)
  })

  it('cancels, operator approvals and rejections, new withdrawals and stakes of one player at once: one decision each, no money lost', async () => {
    const player = await cashierPlayer(rig, 'race', 3000_00n)
    // Pending: at or above the auto-approval amount (100), so they wait for the player or an operator.
    const waiting: string[] = []
    for (let i = 0; i < 12; i++) {
      const res = await withdraw(rig, player, ewallet, '100')
      expect(res.json().data.withdrawal.status).toBe('pending')
      waiting.push(res.json().data.withdrawal.id)
    }
    const options = { now: new Date(), sessionPolicy: rig.database.config.session }
    const started = Date.now()
    // Per waiting withdrawal the player cancels while one operator approves and another rejects;
    // meanwhile the player asks for more (pending and paid at once) and plays. A settlement moves
    // the reserve back to main, a new withdrawal main to the reserve, a stake locks every wallet:
    // unless all of them take the rows in one order, two of them deadlock.
    const [decided, asked, staked] = await withoutConflicts(() =>
      Promise.all([
        Promise.all(
          waiting.flatMap((id) => [post(rig, player, 'cashier/cancelwithdrawal', { id }), operator(rig, 'approveWithdrawal', id), operator(rig, 'rejectWithdrawal', id)]),
        ),
        // At most 12 × 100 + 6 × 100 + 6 × 20 are paid or held: under the daily cap of 2000.
        Promise.all([...Array.from({ length: 6 }, () => withdraw(rig, player, ewallet, '100')), ...Array.from({ length: 6 }, () => withdraw(rig, player, ewallet, '20'))]),
        Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            debit(rig.database.db, { provider: 'race', transactionId: `stake-${player.id}-${i}`, playerId: player.id, currency: 'USD', amount: '5.00', sessionId: player.sessionId }, options),
          ),
        ),
      ]),
    )
    const elapsed = Date.now() - started

    expectNoServerErrors([...decided, ...asked])
    for (let i = 0; i < waiting.length; i++) {
      // Exactly one of the three wins; the other two find it decided.
      expect(tally(decided.slice(i * 3, i * 3 + 3))).toEqual({ ok: 1, '400 withdrawal_not_cancellable': 2 })
    }
    expect(tally(asked)).toEqual({ ok: 12 })
    expect(staked.map((s) => s.answer.status)).toEqual(Array(20).fill('ok'))

    const rows = await rig.database.db.selectFrom('payment_transactions').select(['id', 'status', 'amount']).where('player_id', '=', player.id).execute()
    const statusOf = new Map(rows.map((r) => [r.id, r.status]))
    for (const id of waiting) expect(['cancelled', 'success', 'failed']).toContain(statusOf.get(id))
    const sum = (statuses: string[]) => rows.filter((r) => statuses.includes(r.status)).reduce((s, r) => s + r.amount, 0n)
    expect(await balancesOf(rig, player.id)).toMatchObject({
      main: 3000_00n - sum(['success', 'pending', 'approved']) - 20n * 5_00n,
      withdrawal_reserve: sum(['pending', 'approved']),
    })
    expect(sum(['pending'])).toBe(6n * 100_00n)
    await assertLedgerInvariant(rig.database.db)
    expect(elapsed).toBeLessThan(10_000)
  })
})
