import { describe, expect, it } from 'vitest'
import { makeDeposit, settle } from '../domain/payments/cashier'
import type { PaymentProvider } from '../domain/payments/provider'
import { SANDBOX, SANDBOX_SIGNATURE_HEADER, sandboxSecret, signSandboxWebhook } from '../domain/payments/sandbox/provider'
import { expireDepositSessions, SESSION_MINUTES_KEY } from '../domain/payments/sessions'
import { writeSetting } from '../domain/settings/settings'
import { apiPlayers, type ApiPlayer } from '../test/api-player'
import { BACKENDS, useTestApp, wholeSecond, withClock } from '../test/harness'

// Checkout sessions of deposits: a deposit waiting for the player at the provider's page
// (or its new window, or the hand-off to the phone) that the player never completes is cancelled as
// 'expired' after cashier_deposit_session_minutes (60 by default), no money moved, and stops
// counting against the deposit limits; a payment or webhook after that moves nothing; a deposit
// the provider accepted as pending (waiting for its webhook) never expires this way.

const MINUTE = 60_000

type Player = ApiPlayer

describe.each(BACKENDS)('deposit checkout sessions on %s', (backend) => {
  const t = useTestApp(backend)
  const { newPlayer, get, post, now, methodId, newKey, ...cashier } = apiPlayers(t, 45, 'ds')

  async function deposit(player: Player, amount: string, method = 'card', requisites: Record<string, string> = { card_number: 'new' }) {
    const res = await cashier.deposit(player, amount, { method, requisites })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as { status: string; transaction_id: string }
  }
  const pay = (player: Player, id: string, form: Record<string, string>) => post(player, `/sandbox/pay/${id}`, form)
  const transaction = async (player: Player, id: string) => (await get(player, `cashier/gettransaction?id=${id}`)).json().data
  const history = async (player: Player) => (await get(player, 'cashier/gethistory?type=deposit')).json().data.items as { id: string; status: string }[]
  const limit = async (player: Player) => (await get(player, 'account/getDepositLimit')).json().data
  const balance = async (player: Player) => (await get(player, 'account/getBalance')).json().data.balance_main.amount as string
  const row = (id: string) => t.database.db.selectFrom('payment_transactions').select(['status', 'failure_code', 'session_expires_at', 'completed_at']).where('id', '=', id).executeTakeFirstOrThrow()
  const entries = (id: string) => t.database.db.selectFrom('ledger_entries').select(['amount', 'kind']).where('ref', '=', `ptx:${id}`).execute()
  function webhook(body: Record<string, unknown>) {
    const raw = JSON.stringify(body)
    return t.app.inject({
      method: 'POST',
      url: '/sandbox/webhook',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(sandboxSecret(t.database.config), raw, now()) },
      payload: raw,
    })
  }

  it('an abandoned hosted page holds its share of the limit until its session expires, then shows cancelled as expired', () =>
    withClock(t.database, wholeSecond(), async (t0) => {
      const player = await newPlayer()
      expect((await post(player, 'account/setDepositLimit', { period: '1', limit_amount: '100' })).statusCode).toBe(200)
      const left = await deposit(player, '80')
      expect(left.status).toBe('redirect')
      expect((await row(left.transaction_id)).session_expires_at).toEqual(new Date(t0.getTime() + 60 * MINUTE))

      // A minute before the end it still counts.
      t.database.clock.now = new Date(t0.getTime() + 59 * MINUTE)
      expect(await limit(player)).toMatchObject({ available_amount: { amount: '20.00' } })
      expect((await transaction(player, left.transaction_id)).status).toBe('pending')

      // At the end it no longer counts, even before anything wrote the expiry.
      t.database.clock.now = new Date(t0.getTime() + 60 * MINUTE)
      expect(await limit(player)).toMatchObject({ available_amount: { amount: '100.00' }, limits: [{ used_amount: { amount: '0.00' } }] })
      expect((await row(left.transaction_id)).status).toBe('pending')
      const next = await deposit(player, '90')
      expect(next.status).toBe('redirect')
      expect(await limit(player)).toMatchObject({ available_amount: { amount: '10.00' } })

      // It ended when its session did: cancelled, 'expired', no money moved. Nothing needed to write
      // that (the new deposit does not): every read derives it.
      expect(await row(left.transaction_id)).toMatchObject({ status: 'pending', session_expires_at: new Date(t0.getTime() + 60 * MINUTE) })
      expect(await transaction(player, left.transaction_id)).toMatchObject({
        status: 'cancelled',
        failure_code: 'expired',
        redirect_url: null,
        completed_at: new Date(t0.getTime() + 60 * MINUTE).toISOString(),
      })
      expect((await history(player)).find((i) => i.id === left.transaction_id)).toMatchObject({ status: 'cancelled' })
      expect((await history(player)).find((i) => i.id === next.transaction_id)).toMatchObject({ status: 'pending' })
      expect(await entries(left.transaction_id)).toEqual([])
      expect(await balance(player)).toBe('0.00')
    }))

  it('reads after the expiry answer cancelled as expired and write nothing; a webhook then moves no money and changes no answer', () =>
    withClock(t.database, wholeSecond(), async (t0) => {
      const player = await newPlayer()
      expect((await post(player, 'account/setDepositLimit', { period: '1', limit_amount: '100' })).statusCode).toBe(200)
      const left = (await deposit(player, '50')).transaction_id
      // Two that do not expire: one paid, one the provider accepted (waiting for its webhook).
      const paid = (await deposit(player, '20')).transaction_id
      expect((await pay(player, paid, { outcome: 'success' })).headers.location).toBe(`/cashier/paysuccess/${paid}`)
      const accepted = (await deposit(player, '30')).transaction_id
      expect((await pay(player, accepted, { outcome: 'pending' })).headers.location).toBe(`/cashier/paypending/${accepted}`)
      const end = new Date(t0.getTime() + 60 * MINUTE)
      const ids = (items: { id: string }[]) => items.map((i) => i.id).sort()
      const filtered = async (query: string) => (await get(player, `cashier/gethistory?${query}`)).json().data as { items: { id: string; status: string }[]; total: number }

      // A second before the end: pending everywhere, the status filter included.
      t.database.clock.now = new Date(end.getTime() - 1000)
      expect(ids((await filtered('status=pending')).items)).toEqual([left, accepted].sort())
      expect((await filtered('status=cancelled')).total).toBe(0)
      expect(await limit(player)).toMatchObject({ available_amount: { amount: '0.00' } })

      t.database.clock.now = end
      const stored = await t.database.db.selectFrom('payment_transactions').selectAll().where('id', '=', left).executeTakeFirstOrThrow()
      expect(stored).toMatchObject({ status: 'pending', session_expires_at: end })

      // Every read, as the pending page polls it: cancelled as expired, ended when its session did.
      const seen = await transaction(player, left)
      expect(seen).toMatchObject({ status: 'cancelled', failure_code: 'expired', completed_at: end.toISOString(), updated_at: end.toISOString(), redirect_url: null, mobile: null })
      expect(await transaction(player, left)).toEqual(seen)
      const all = (await get(player, 'cashier/gethistory')).json().data
      expect(all.items.find((i: { id: string }) => i.id === left)).toMatchObject({ status: 'cancelled', failure_code: 'expired' })
      expect(all.items.find((i: { id: string }) => i.id === accepted)).toMatchObject({ status: 'pending', failure_code: null })
      // The history's filters use the same rule in SQL: by status, by type and status, and the total.
      const cancelled = await filtered('status=cancelled')
      expect(cancelled).toMatchObject({ total: 1, items: [{ id: left, status: 'cancelled', failure_code: 'expired' }] })
      expect(await filtered('type=deposit&status=cancelled')).toMatchObject({ total: 1, items: [{ id: left, status: 'cancelled' }] })
      expect(await filtered('type=withdrawal&status=cancelled')).toMatchObject({ total: 0, items: [] })
      expect(await filtered('status=pending')).toMatchObject({ total: 1, items: [{ id: accepted, status: 'pending' }] })
      expect(ids((await filtered('status=pending&status=cancelled')).items)).toEqual([left, accepted].sort())
      // Past the last page the total is counted on its own, by the same rule.
      expect(await filtered('status=cancelled&offset=5')).toMatchObject({ total: 1, items: [] })
      const page = await get(player, `/sandbox/pay/${left}`)
      expect(page.body).toContain('Payment session expired')
      expect(page.body).toContain(`href="/cashier/paycancel/${left}"`)
      expect((await get(player, `/sandbox/pay/${left}?window=1`)).body).toContain('Payment session expired')
      // It stopped counting against the limits too: 20 paid and 30 in progress still count.
      expect(await limit(player)).toMatchObject({ available_amount: { amount: '50.00' } })

      // None of that wrote anything.
      expect(await t.database.db.selectFrom('payment_transactions').selectAll().where('id', '=', left).executeTakeFirstOrThrow()).toEqual(stored)

      // The webhook after the end: the settlement refuses it under the lock and writes the expiry.
      t.database.clock.now = new Date(end.getTime() + 5 * MINUTE)
      const late = await webhook({ event_id: `evt_${newKey()}`, transaction_id: left, status: 'success' })
      expect(late.json().data).toMatchObject({ duplicate: false, changed: false, status: 'cancelled' })
      expect(await row(left)).toEqual({ status: 'cancelled', failure_code: 'expired', session_expires_at: null, completed_at: end })
      expect(await entries(left)).toEqual([])
      expect(await balance(player)).toBe('20.00')
      // Written or derived, the answer is the same.
      expect(await transaction(player, left)).toEqual(seen)
      expect((await get(player, 'cashier/gethistory')).json().data).toEqual(all)
      expect(await filtered('status=cancelled')).toEqual(cancelled)
    }))

  it('every way of waiting for the player has a session (hosted page, new window, phone); the length is cashier_deposit_session_minutes', () =>
    withClock(t.database, wholeSecond(), async (t0) => {
      await writeSetting(t.database.db, SESSION_MINUTES_KEY, 15)
      try {
        const player = await newPlayer()
        const card = await deposit(player, '20')
        const wallet = await deposit(player, '20', 'ewallet', { wallet_email: 'me@example.com' })
        const bank = await deposit(player, '20', 'banktransfer', { iban: 'DE89370400440532013000' })
        const coin = await deposit(player, '25', 'bitcoin', {})
        expect([card.status, wallet.status, bank.status, coin.status]).toEqual(['redirect', 'newwindow', 'redirect', 'mobile'])
        const ids = [card, wallet, bank, coin].map((d) => d.transaction_id)
        for (const id of ids) expect((await row(id)).session_expires_at).toEqual(new Date(t0.getTime() + 15 * MINUTE))

        t.database.clock.now = new Date(t0.getTime() + 15 * MINUTE - 1000)
        for (const id of ids) expect((await transaction(player, id)).status).toBe('pending')
        t.database.clock.now = new Date(t0.getTime() + 15 * MINUTE)
        for (const id of ids) expect(await transaction(player, id)).toMatchObject({ status: 'cancelled', failure_code: 'expired', mobile: null, redirect_url: null })
        // The phone's page of the expired hand-off says so and offers nothing to confirm.
        const code = await t.database.db.selectFrom('payment_transactions').select('handoff').where('id', '=', coin.transaction_id).executeTakeFirstOrThrow()
        const link = (typeof code.handoff === 'string' ? JSON.parse(code.handoff) : code.handoff) as { deep_link: string }
        const phone = await t.app.inject({ method: 'GET', url: link.deep_link.replace(/^https?:\/\/[^/]+/, '') })
        expect(phone.statusCode).toBe(200)
        expect(phone.body).toContain('Payment session expired')
        expect(phone.body).not.toContain('name="decision"')
      } finally {
        await t.database.db.deleteFrom('settings').where('key', '=', SESSION_MINUTES_KEY).execute()
      }
    }))

  it('a payment, a card or a webhook after the expiry moves no money; the page says it expired and leads back to paycancel', () =>
    withClock(t.database, wholeSecond(), async (t0) => {
      const player = await newPlayer()
      const [paid, carded, hooked, accepted] = [await deposit(player, '30'), await deposit(player, '31'), await deposit(player, '32'), await deposit(player, '33')].map((d) => d.transaction_id as string)
      t.database.clock.now = new Date(t0.getTime() + 61 * MINUTE)

      // The webhook finds the row still pending: the settlement sees the expiry under its lock.
      expect((await row(hooked!)).status).toBe('pending')
      const event = { event_id: 'evt_expired_0001', transaction_id: hooked, status: 'success' }
      const late = await webhook(event)
      expect(late.statusCode, late.body).toBe(200)
      expect(late.json().data).toMatchObject({ duplicate: false, changed: false, status: 'cancelled' })
      expect(await row(hooked!)).toMatchObject({ status: 'cancelled', failure_code: 'expired' })
      expect((await webhook(event)).json().data).toMatchObject({ duplicate: true, changed: false })
      expect((await webhook({ ...event, event_id: 'evt_expired_0002' })).json().data).toMatchObject({ duplicate: false, changed: false, status: 'cancelled' })

      // The hosted page's pay button, a test card, or 'pending' after the expiry: back to paycancel.
      const success = await pay(player, paid!, { outcome: 'success' })
      expect(success.statusCode).toBe(303)
      expect(success.headers.location).toBe(`/cashier/paycancel/${paid}`)
      const card = await pay(player, carded!, { outcome: 'card', card_number: '4242 4242 4242 4242', card_holder: 'Ada Lovelace', card_expiry: '12/39' })
      expect(card.headers.location).toBe(`/cashier/paycancel/${carded}`)
      expect(await t.database.db.selectFrom('saved_cards').select('id').where('player_id', '=', player.id).execute()).toEqual([])
      expect((await pay(player, accepted!, { outcome: 'pending' })).headers.location).toBe(`/cashier/paycancel/${accepted}`)
      const windowDone = await pay(player, paid!, { outcome: 'success', window: '1' })
      expect(windowDone.body).toContain('Payment session expired')

      // The page itself: it expired, and the way back is the cashier's paycancel page.
      const page = await get(player, `/sandbox/pay/${paid}`)
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain('Payment session expired')
      expect(page.body).toContain(`href="/cashier/paycancel/${paid}"`)
      expect(page.body).not.toContain('name="outcome"')
      const inWindow = await get(player, `/sandbox/pay/${paid}?window=1`)
      expect(inWindow.body).toContain('Payment session expired')
      expect(inWindow.body).not.toContain('href="/cashier/paycancel')

      for (const id of [paid, carded, hooked, accepted]) {
        expect(await row(id!)).toMatchObject({ status: 'cancelled', failure_code: 'expired' })
        expect(await entries(id!)).toEqual([])
      }
      expect(await balance(player)).toBe('0.00')
    }))

  it('a deposit the provider accepted as pending does not expire; its webhook still settles it', () =>
    withClock(t.database, wholeSecond(), async (t0) => {
      const player = await newPlayer()
      expect((await post(player, 'account/setDepositLimit', { period: '1', limit_amount: '100' })).statusCode).toBe(200)
      // The sandbox page's 'Pending': the provider took the payment and will say later.
      const accepted = (await deposit(player, '40')).transaction_id
      t.database.clock.now = new Date(t0.getTime() + 10 * MINUTE)
      expect((await pay(player, accepted, { outcome: 'pending' })).headers.location).toBe(`/cashier/paypending/${accepted}`)
      expect((await row(accepted)).session_expires_at).toBeNull()
      // A provider that answers 'pending' at once (a bank transfer, say) never had a session.
      const bank: PaymentProvider = {
        name: SANDBOX,
        startDeposit: async () => ({ status: 'pending', reference: 'bank_ref_1' }),
        startPayout: async () => ({ status: 'pending', reference: 'bank_ref_2' }),
        verifyWebhook: () => {
          throw new Error('not used')
        },
      }
      const direct = await makeDeposit(
        t.database.db,
        bank,
        player.id,
        { method_id: await methodId(player, 'card'), method: 'card', amount: '25', currency: 'USD', campaign_offer_id: -1, requisites: { card_number: 'new' }, idempotency_key: newKey() },
        now(),
      )
      expect(direct.status).toBe('pending')
      expect((await row(direct.transaction_id)).session_expires_at).toBeNull()

      t.database.clock.now = new Date(t0.getTime() + 3 * 60 * MINUTE)
      expect(await transaction(player, accepted)).toMatchObject({ status: 'pending', failure_code: null })
      expect(await transaction(player, direct.transaction_id)).toMatchObject({ status: 'pending' })
      expect((await history(player)).filter((i) => i.status === 'pending').map((i) => i.id).sort()).toEqual([accepted, direct.transaction_id].sort())
      // Both still hold their share of the limit.
      expect(await limit(player)).toMatchObject({ available_amount: { amount: '35.00' } })
      const ok = await webhook({ event_id: 'evt_accepted_0001', transaction_id: accepted, status: 'success' })
      expect(ok.json().data).toMatchObject({ changed: true, status: 'success' })
      expect(await entries(accepted)).toEqual([{ amount: 4000n, kind: 'deposit' }])
      expect(await balance(player)).toBe('40.00')
      // The other one is cancelled by its provider as any pending payment may be.
      expect((await settle(t.database.db, direct.transaction_id, { status: 'cancelled' }, now())).changed).toBe(true)
    }))

  it('an expiry racing a completion ends the transaction exactly once', () =>
    withClock(t.database, wholeSecond(), async (t0) => {
      const player = await newPlayer()
      const ids: string[] = []
      for (let i = 0; i < 12; i++) ids.push((await deposit(player, String(10 + i))).transaction_id)
      const end = t0.getTime() + 60 * MINUTE
      const before = new Date(end - 1)
      const after = new Date(end + 1)
      // For each: the pay button just before the end, the expiry just after it, and a webhook just
      // after it, all at once.
      const results = await Promise.all(
        ids.map(async (id) => {
          const [paid, expired, late] = await Promise.all([
            settle(t.database.db, id, { status: 'success' }, before),
            expireDepositSessions(t.database.db, { playerId: player.id, id }, after),
            settle(t.database.db, id, { status: 'success' }, after),
          ])
          return { id, paid, expired, late }
        }),
      )
      let credited = 0n
      for (const { id, paid, expired, late } of results) {
        const final = await row(id)
        const money = await entries(id)
        // The webhook after the end never settles.
        expect(late.changed).toBe(false)
        if (final.status === 'success') {
          expect(paid.changed).toBe(true)
          expect(expired).toBe(0)
          expect(money).toHaveLength(1)
          credited += money[0]!.amount
        } else {
          expect(final).toMatchObject({ status: 'cancelled', failure_code: 'expired' })
          expect(paid.changed).toBe(false)
          expect(expired).toBeLessThanOrEqual(1)
          expect(money).toEqual([])
        }
      }
      t.database.clock.now = after
      expect(BigInt(Math.round(Number(await balance(player)) * 100))).toBe(credited)
      expect(results.filter((r) => r.paid.changed).length + (await Promise.all(ids.map(row))).filter((r) => r.status === 'cancelled').length).toBe(ids.length)
    }))
})
