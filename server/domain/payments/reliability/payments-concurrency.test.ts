import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { assertLedgerInvariant } from '../../wallet/invariant'
import { debit } from '../../wallet/seamless'
import {
  balancesOf,
  cashierPlayer,
  deposit,
  expectNoServerErrors,
  methodId,
  openCashierRig,
  operator,
  post,
  tally,
  webhook,
  withdraw,
  withoutConflicts,
  type CashierPlayer,
  type CashierRig,
} from './fixtures'

describe('deposits, settlements and account changes under contention on PostgreSQL', () => {
  let rig: CashierRig
  let card: number
  let ewallet: number

  beforeAll(async () => {
    rig = await openCashierRig()
    card = await methodId(rig, 'card')
    ewallet = await methodId(rig, 'ewallet')
  })
  afterAll(async () => {
    await rig?.close()
  })

  const stake = (player: CashierPlayer, n: number, amount: string) =>
    debit(
      rig.database.db,
      { provider: 'conc', transactionId: `stake-${player.id}-${n}`, playerId: player.id, currency: 'USD', amount, sessionId: player.sessionId },
      { now: new Date(), sessionPolicy: rig.database.config.session },
    )

  it('webhooks settle each deposit once while they race each other and the player pays, withdraws and plays', async () => {
    const player = await cashierPlayer(rig, 'hooks', 500_00n)
    const waiting: string[] = []
    for (let i = 0; i < 10; i++) {
      const res = await deposit(rig, player, card, '20')
      expect(res.json().data.status).toBe('redirect')
      waiting.push(res.json().data.transaction_id)
    }
    const started = Date.now()
    // Per deposit: a success notice, the same notice again, and a contradicting failure notice.
    const [notices, paid, asked, staked] = await withoutConflicts(() =>
      Promise.all([
        Promise.all(waiting.flatMap((id, i) => [webhook(rig, `evt_ok_${player.id}_${i}`, id, 'success'), webhook(rig, `evt_ok_${player.id}_${i}`, id, 'success'), webhook(rig, `evt_no_${player.id}_${i}`, id, 'failed')])),
        Promise.all(Array.from({ length: 5 }, () => deposit(rig, player, card, '20'))),
        Promise.all(Array.from({ length: 10 }, () => withdraw(rig, player, ewallet, '10'))),
        Promise.all(Array.from({ length: 10 }, (_, i) => stake(player, i, '5.00'))),
      ]),
    )
    const elapsed = Date.now() - started

    expectNoServerErrors([...notices, ...paid, ...asked])
    expect(tally(notices)).toEqual({ ok: 30 })
    expect(tally(paid)).toEqual({ ok: 5 })
    expect(tally(asked)).toEqual({ ok: 10 })
    expect(staked.map((s) => s.answer.status)).toEqual(Array(10).fill('ok'))
    let credited = 0n
    for (let i = 0; i < waiting.length; i++) {
      const three = notices.slice(i * 3, i * 3 + 3).map((r) => r.json().data as { duplicate: boolean; changed: boolean })
      // One notice ends the deposit, the repeated one is recognised, the third comes too late.
      expect(three.filter((d) => d.changed)).toHaveLength(1)
      expect(three.filter((d) => d.duplicate)).toHaveLength(1)
      const entries = await rig.database.db.selectFrom('ledger_entries').select('amount').where('ref', '=', `ptx:${waiting[i]}`).execute()
      const { status } = await rig.database.db.selectFrom('payment_transactions').select('status').where('id', '=', waiting[i]!).executeTakeFirstOrThrow()
      expect(['success', 'failed']).toContain(status)
      expect(entries.map((e) => e.amount)).toEqual(status === 'success' ? [20_00n] : [])
      credited += status === 'success' ? 20_00n : 0n
    }
    expect(await balancesOf(rig, player.id)).toMatchObject({ main: 500_00n + credited - 10n * 10_00n - 10n * 5_00n, withdrawal_reserve: 0n })
    await assertLedgerInvariant(rig.database.db)
    expect(elapsed).toBeLessThan(10_000)
  })

  it('deposits at once never pass the deposit limit, and the currency stays while the limit is set', async () => {
    const player = await cashierPlayer(rig, 'limit', 0n)
    const set = await post(rig, player, 'account/setDepositLimit', { period: '1', limit_amount: '100' })
    expect(set.statusCode, set.body).toBe(200)
    const started = Date.now()
    const [answers, switched] = await withoutConflicts(() =>
      Promise.all([Promise.all(Array.from({ length: 25 }, () => deposit(rig, player, card, '10'))), post(rig, player, 'account/setCurrency', { currency: 'EUR' })]),
    )
    const elapsed = Date.now() - started
    expectNoServerErrors([...answers, switched])
    // Deposits waiting on the provider's page count against the limit: 10 of 10 fit in 100.
    expect(tally(answers)).toEqual({ ok: 10, '422 deposit_limit_exceeded': 15 })
    expect(switched.json().error.code).toBe('currency_locked_by_deposit_limit')
    const open = await rig.database.db.selectFrom('payment_transactions').select((eb) => eb.fn.sum<string>('amount').as('sum')).where('player_id', '=', player.id).executeTakeFirstOrThrow()
    expect(BigInt(open.sum)).toBe(100_00n)
    expect(elapsed).toBeLessThan(10_000)
  })

  it('a change of currency and payments at once: no withdrawal is left open in the old currency, no money moves twice', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, (_, i) => cashierPlayer(rig, `switch${i}`, 500_00n)))
    const started = Date.now()
    const rounds = await withoutConflicts(() =>
      Promise.all(
        players.map((p) =>
          Promise.all([
            post(rig, p, 'account/setCurrency', { currency: 'EUR' }),
            // Pending (an operator decides), so a switch after it must be refused.
            withdraw(rig, p, ewallet, '150'),
            ...Array.from({ length: 3 }, () => deposit(rig, p, card, '10')),
            ...Array.from({ length: 2 }, () => withdraw(rig, p, ewallet, '10')),
          ]),
        ),
      ),
    )
    const elapsed = Date.now() - started
    expectNoServerErrors(rounds.flat())
    for (const [i, p] of players.entries()) {
      const [switched, ...payments] = rounds[i]!
      const { currency } = await rig.database.db.selectFrom('accounts').select('currency').where('id', '=', p.id).executeTakeFirstOrThrow()
      const open = await rig.database.db
        .selectFrom('payment_transactions')
        .select(['currency'])
        .where('player_id', '=', p.id)
        .where('type', '=', 'withdrawal')
        .where('status', 'in', ['pending', 'approved'])
        .execute()
      if (switched!.statusCode === 200) {
        expect(currency).toBe('EUR')
        // Every payment either came before the switch or was refused for the currency.
        expect(open.filter((w) => w.currency === 'USD')).toEqual([])
        for (const r of payments) if (r.statusCode !== 200) expect(r.json().error.code).toBe('method_unavailable')
      } else {
        expect(currency).toBe('USD')
        expect(switched!.json().error.code).toBe('currency_locked_by_pending_withdrawal')
        expect(tally(payments)).toEqual({ ok: 6 })
      }
      // Whatever the order, the player's dollars are where the ledger says.
      const usd = await balancesOf(rig, p.id, 'USD')
      const paidOut = await rig.database.db
        .selectFrom('payment_transactions')
        .select((eb) => eb.fn.sum<string>('amount').as('sum'))
        .where('player_id', '=', p.id)
        .where('type', '=', 'withdrawal')
        .where('status', '=', 'success')
        .executeTakeFirstOrThrow()
      expect(usd.main! + (usd.withdrawal_reserve ?? 0n)).toBe(500_00n - BigInt(paidOut.sum ?? 0))
    }
    await assertLedgerInvariant(rig.database.db)
    expect(elapsed).toBeLessThan(10_000)
  })

  describe('lock order: a money path that waits for a wallet holds none of the player\'s other wallets', () => {
    /**
     * Every path locks the wallets it moves in id order (server/domain/payments/cashier.ts), so one
     * that finds the player's first wallet held must wait there holding no other: otherwise a path
     * coming the other way would hold that one and wait for it, and the two deadlock. Races show
     * this only sometimes; holding the first wallet from outside shows it every time.
     */
    async function walletsHeldWhileWaiting(player: CashierPlayer, path: () => Promise<unknown>): Promise<bigint[]> {
      const wallets = (await rig.database.db.selectFrom('wallets').select('id').where('player_id', '=', player.id).orderBy('id').execute()).map((w) => w.id)
      const connect = async () => {
        const client = new pg.Client({ connectionString: rig.database.config.databaseUrl!, options: `-c search_path=${rig.database.config.databaseSchema}` })
        await client.connect()
        return client
      }
      const [holder, prober] = [await connect(), await connect()]
      try {
        await holder.query('begin')
        await holder.query('select id from wallets where id = $1 for update', [wallets[0]!.toString()])
        const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
        let finished = false
        const running = path().finally(() => (finished = true))
        // Until the path waits behind the holder (or finishes without needing that wallet).
        await vi.waitFor(
          async () => {
            const { rows } = await prober.query<{ n: string }>('select count(*) as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [holderPid])
            expect(finished || rows[0]!.n !== '0').toBe(true)
          },
          { timeout: 5_000, interval: 20 },
        )
        const held: bigint[] = []
        if (!finished) {
          for (const id of wallets.slice(1)) {
            await prober.query('begin')
            try {
              await prober.query('select id from wallets where id = $1 for update nowait', [id.toString()])
            } catch (err) {
              if ((err as { code?: string }).code !== '55P03') throw err
              held.push(id)
            } finally {
              await prober.query('rollback')
            }
          }
        }
        await holder.query('rollback')
        await running
        return held
      } finally {
        await holder.end()
        await prober.end()
      }
    }

    async function withPending(label: string) {
      const player = await cashierPlayer(rig, label, 1000_00n)
      const res = await withdraw(rig, player, ewallet, '200')
      expect(res.json().data.withdrawal.status).toBe('pending')
      return { player, id: res.json().data.withdrawal.id as string }
    }

    it('a player cancelling a withdrawal', async () => {
      const { player, id } = await withPending('order-cancel')
      expect(await walletsHeldWhileWaiting(player, () => post(rig, player, 'cashier/cancelwithdrawal', { id }))).toEqual([])
      expect(await balancesOf(rig, player.id)).toMatchObject({ main: 1000_00n, withdrawal_reserve: 0n })
    })

    it('an operator rejecting a withdrawal', async () => {
      const { player, id } = await withPending('order-reject')
      expect(await walletsHeldWhileWaiting(player, () => operator(rig, 'rejectWithdrawal', id))).toEqual([])
      expect(await balancesOf(rig, player.id)).toMatchObject({ main: 1000_00n, withdrawal_reserve: 0n })
    })

    it('an operator approving a withdrawal', async () => {
      const { player, id } = await withPending('order-approve')
      expect(await walletsHeldWhileWaiting(player, () => operator(rig, 'approveWithdrawal', id))).toEqual([])
      expect(await balancesOf(rig, player.id)).toMatchObject({ main: 800_00n, withdrawal_reserve: 0n })
    })

    it('a new withdrawal, a stake and a deposit webhook', async () => {
      const { player } = await withPending('order-new')
      expect(await walletsHeldWhileWaiting(player, () => withdraw(rig, player, ewallet, '100'))).toEqual([])
      expect(await walletsHeldWhileWaiting(player, () => stake(player, 0, '5.00'))).toEqual([])
      const pending = (await deposit(rig, player, card, '20')).json().data.transaction_id as string
      expect(await walletsHeldWhileWaiting(player, () => webhook(rig, `evt_order_${player.id}`, pending, 'success'))).toEqual([])
      expect(await balancesOf(rig, player.id)).toMatchObject({ main: 1000_00n - 200_00n - 100_00n - 5_00n + 20_00n, withdrawal_reserve: 300_00n })
    })
  })
})
