// Placing and settling sports bets (docs/sportsbook.md#bets), on PGlite and PostgreSQL: the stake
// taken with the bet in one transaction, every price re-checked under the player's policy, refusals
// that move no money, a double submit that places one bet, concurrent placements that never
// overdraw, and settlement that pays each bet exactly once, even run twice or after a crash.
import { describe, expect, it } from 'vitest'
import type { SbBet } from '../../src/services/api/contract/sportsbook'
import { toMajor, toMinor } from '../../src/shared/money'
import { buildBoard } from '../domain/sportsbook/board'
import { endEvent, syncLeagues, upsertEvents, writeBoard } from '../domain/sportsbook/store'
import { settleBet, settleEndedEvents, settleOpenBets } from '../domain/sportsbook/settle-bets'
import { credit, walletOptions } from '../domain/wallet/seamless'
import { apiPlayers, type ApiPlayer } from '../test/api-player'
import { BACKENDS, useTestApp } from '../test/harness'

let keys = 0
const key = () => `sb${Date.now().toString(36)}${(keys++).toString(36).padStart(4, '0')}`

describe.each(BACKENDS)('sports bets on %s', (backend) => {
  const t = useTestApp(backend, { config: { operatorToken: 'operator-token-for-tests-0123456789abcdef' } })
  const players = apiPlayers(t, 94, 'sbbets-')
  const wallet = () => walletOptions(t.database.config)

  let fixture = 0
  /** A football event priced by the book's model, open for betting; answers its outcomes by market and key. */
  async function openEvent(): Promise<{ id: bigint; outcome: (market: string, key: string) => { id: string; price: number } }> {
    const db = t.database.db
    await syncLeagues(db, [{ id: 'test-bets', sport: 'football', country: 'GB', names: { en: 'England. Test' }, position: 0 }])
    const feedId = `test:bets:${backend}:${fixture++}`
    const ids = await upsertEvents(db, [
      { feedId, leagueId: 'test-bets', sport: 'football', home: { id: 'h', names: { en: 'Home FC' } }, away: { id: 'a', names: { en: 'Away FC' } }, startsAt: new Date(Date.now() + 3_600_000) },
    ])
    const id = ids.get(feedId)!
    await writeBoard(db, { eventId: id, status: 'scheduled', live: null, suspended: false, markets: buildBoard({ sport: 'football', rates: { home: 1.4, away: 1.2 } }, { sport: 'football', minute: 0, score: { home: 0, away: 0 } }, 0.05) })
    const rows = await db.selectFrom('sb_outcomes as o').innerJoin('sb_markets as m', 'm.id', 'o.market_id').select(['o.id', 'o.key', 'o.price', 'm.key as market']).where('o.event_id', '=', id).execute()
    return {
      id,
      outcome: (market, k) => {
        const row = rows.find((r) => r.market === market && r.key === k)!
        return { id: String(row.id), price: row.price! }
      },
    }
  }
  async function setPrice(outcomeId: string, price: number | null) {
    await t.database.db.updateTable('sb_outcomes').set({ price }).where('id', '=', BigInt(outcomeId)).execute()
  }
  async function fund(player: ApiPlayer, amount: string) {
    await credit(t.database.db, { provider: 'test', transactionId: key(), playerId: player.id, currency: 'USD', amount, kind: 'deposit' }, wallet())
  }
  async function main(player: ApiPlayer): Promise<bigint> {
    const row = await t.database.db.selectFrom('wallets').select('balance').where('player_id', '=', player.id).where('kind', '=', 'main').executeTakeFirst()
    return row?.balance ?? 0n
  }
  const place = (player: ApiPlayer, body: { key?: string; kind?: string; system?: string; stake: string; policy?: string; selections: Array<{ id: string; price: number }> }) =>
    players.post(player, 'sportsbook/placeBet', {
      key: body.key ?? key(),
      kind: body.kind ?? 'single',
      ...(body.system ? { system: body.system } : {}),
      stake: body.stake,
      odds_policy: body.policy ?? 'always_ask',
      selections: JSON.stringify(body.selections.map((s) => ({ outcome_id: s.id, price: s.price }))),
    })
  const ok = async (res: Awaited<ReturnType<typeof place>>): Promise<SbBet> => {
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as SbBet
  }
  const refused = (res: Awaited<ReturnType<typeof place>>, code: string, status = 400) => {
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json().error.code).toBe(code)
    return res.json().error as { code: string; error_data?: Record<string, unknown>; invalid_parameters?: Record<string, string[]> }
  }

  it('places a single: the stake leaves main in the same step, and a double submit is one bet', async () => {
    const player = await players.newPlayer()
    await fund(player, '100.00')
    const event = await openEvent()
    const home = event.outcome('match_result', 'home')
    const k = key()
    const bet = await ok(await place(player, { key: k, stake: '10.00', selections: [home] }))
    expect(bet).toMatchObject({ kind: 'single', lines: 1, stake: '10.00', status: 'open', payout: null, currency: 'USD' })
    expect(bet.potential).toBe(toMajor((1000n * BigInt(home.price)) / 1000n, 'USD'))
    expect(bet.legs[0]).toMatchObject({ event: { home: 'Home FC', away: 'Away FC' }, market: { kind: 'match_result' }, outcome: { key: 'home' }, price: home.price, result: null })
    expect(await main(player)).toBe(toMinor('90.00', 'USD'))
    // The same request again: the same bet, nothing taken twice.
    expect((await ok(await place(player, { key: k, stake: '10.00', selections: [home] }))).id).toBe(bet.id)
    expect(await main(player)).toBe(toMinor('90.00', 'USD'))
    // The same key for another bet: refused.
    refused(await place(player, { key: k, stake: '11.00', selections: [home] }), 'sportsbook_key_conflict')
    expect(await main(player)).toBe(toMinor('90.00', 'USD'))
  })

  it('re-checks every price under the player’s policy', async () => {
    const player = await players.newPlayer()
    await fund(player, '100.00')
    const event = await openEvent()
    const draw = event.outcome('match_result', 'draw')
    await setPrice(draw.id, draw.price + 200)
    const asked = refused(await place(player, { stake: '1.00', selections: [draw] }), 'sportsbook_price_changed')
    expect(asked.error_data?.changes).toEqual([{ outcome_id: draw.id, price: draw.price + 200 }])
    // Higher is taken under accept_higher, and the bet is struck at the new price.
    expect((await ok(await place(player, { stake: '1.00', policy: 'accept_higher', selections: [draw] }))).legs[0]!.price).toBe(draw.price + 200)
    await setPrice(draw.id, draw.price - 100)
    refused(await place(player, { stake: '1.00', policy: 'accept_higher', selections: [draw] }), 'sportsbook_price_changed')
    expect((await ok(await place(player, { stake: '1.00', policy: 'accept_any', selections: [draw] }))).legs[0]!.price).toBe(draw.price - 100)
    expect(await main(player)).toBe(toMinor('98.00', 'USD'))
  })

  it('combines selections of different events only, and places systems by their lines', async () => {
    const player = await players.newPlayer()
    await fund(player, '100.00')
    const [a, b, c] = [await openEvent(), await openEvent(), await openEvent()]
    const same = refused(await place(player, { kind: 'accumulator', stake: '1.00', selections: [a.outcome('match_result', 'home'), a.outcome('total:2.5', 'over')] }), 'sportsbook_same_event')
    expect(same.error_data?.event_id).toBe(String(a.id))
    const legs = [a.outcome('match_result', 'home'), b.outcome('match_result', 'draw'), c.outcome('both_score', 'yes')]
    const acca = await ok(await place(player, { kind: 'accumulator', stake: '2.00', selections: legs }))
    expect(acca).toMatchObject({ kind: 'accumulator', lines: 1, stake: '2.00' })
    const trixie = await ok(await place(player, { kind: 'system', system: 'trixie', stake: '1.00', selections: legs }))
    expect(trixie).toMatchObject({ kind: 'system', system: 'trixie', lines: 4, stake_per_line: '1.00', stake: '4.00' })
    refused(await place(player, { kind: 'system', system: 'yankee', stake: '1.00', selections: legs }), 'sportsbook_bad_bet')
    expect(await main(player)).toBe(toMinor('94.00', 'USD'))
  })

  it('refuses what cannot be bet, and moves no money for it', async () => {
    const player = await players.newPlayer()
    await fund(player, '50.00')
    const event = await openEvent()
    const home = event.outcome('match_result', 'home')
    refused(await place(player, { stake: '1.00', selections: [{ id: '999999999', price: 2000 }] }), 'sportsbook_selection_unknown')
    refused(await place(player, { stake: '0.05', selections: [home] }), 'sportsbook_stake_below_min')
    refused(await place(player, { stake: '5000.01', selections: [home] }), 'sportsbook_stake_above_max')
    refused(await place(player, { stake: '1.001', selections: [home] }), 'sportsbook_bad_bet')
    refused(await place(player, { stake: '60.00', selections: [home] }), 'insufficient_funds', 422)
    expect((await place(player, { stake: '-1', selections: [home] })).statusCode).toBe(400)
    expect((await players.post(player, 'sportsbook/placeBet', { key: key(), kind: 'single', stake: '1', odds_policy: 'accept_any', selections: '[{"outcome_id":"1"' })).statusCode).toBe(400)
    // A long shot whose return passes the maximum payout.
    const score = (await t.database.db.selectFrom('sb_outcomes').select(['id', 'price']).where('event_id', '=', event.id).where('price', 'is not', null).orderBy('price', 'desc').executeTakeFirstOrThrow())
    await fund(player, '5000.00')
    await setPrice(String(score.id), 500_000)
    refused(await place(player, { stake: '500.00', selections: [{ id: String(score.id), price: 500_000 }] }), 'sportsbook_payout_above_max')
    // Suspended, withdrawn or over: closed.
    await t.database.db.updateTable('sb_events').set({ suspended: true }).where('id', '=', event.id).execute()
    refused(await place(player, { stake: '1.00', selections: [home] }), 'sportsbook_selection_closed')
    await t.database.db.updateTable('sb_events').set({ suspended: false }).where('id', '=', event.id).execute()
    await setPrice(home.id, null)
    refused(await place(player, { stake: '1.00', selections: [home] }), 'sportsbook_selection_closed')
    expect(await main(player)).toBe(toMinor('5050.00', 'USD'))
    const bets = await t.database.db.selectFrom('sb_bets').select('id').where('player_id', '=', player.id).execute()
    expect(bets).toEqual([])
  })

  it('holds the per-event limit over the player’s open bets', async () => {
    const player = await players.newPlayer()
    await fund(player, '20000.00')
    const event = await openEvent()
    await ok(await place(player, { stake: '5000.00', policy: 'accept_any', selections: [event.outcome('match_result', 'home')] }))
    await ok(await place(player, { stake: '4000.00', policy: 'accept_any', selections: [event.outcome('match_result', 'away')] }))
    const over = refused(await place(player, { stake: '1500.00', policy: 'accept_any', selections: [event.outcome('total:2.5', 'over')] }), 'sportsbook_event_limit')
    expect(over.error_data).toMatchObject({ left: '1000.00', currency: 'USD' })
  })

  it('never overdraws under concurrent placements, and a burst of double submits is one bet', async () => {
    const player = await players.newPlayer()
    await fund(player, '50.00')
    const event = await openEvent()
    const home = event.outcome('match_result', 'home')
    const results = await Promise.all(Array.from({ length: 8 }, () => place(player, { stake: '10.00', policy: 'accept_any', selections: [home] })))
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5)
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(3)
    expect(await main(player)).toBe(0n)
    await fund(player, '10.00')
    const k = key()
    const twins = await Promise.all(Array.from({ length: 4 }, () => place(player, { key: k, stake: '10.00', policy: 'accept_any', selections: [home] })))
    expect(twins.every((r) => r.statusCode === 200)).toBe(true)
    expect(new Set(twins.map((r) => r.json().data.id)).size).toBe(1)
    expect(await main(player)).toBe(0n)
  })

  it('settles: a won single paid once, a lost one not, an accumulator when its last leg is known', async () => {
    const player = await players.newPlayer()
    await fund(player, '100.00')
    const [a, b] = [await openEvent(), await openEvent()]
    const win = await ok(await place(player, { stake: '10.00', selections: [a.outcome('match_result', 'home')] }))
    const lose = await ok(await place(player, { stake: '10.00', selections: [a.outcome('match_result', 'away')] }))
    const quarter = await ok(await place(player, { stake: '10.00', selections: [a.outcome('total:2.5', 'over')] }))
    const acca = await ok(await place(player, { kind: 'accumulator', stake: '5.00', selections: [a.outcome('match_result', 'home'), b.outcome('match_result', 'draw')] }))
    expect(await main(player)).toBe(toMinor('65.00', 'USD'))

    // The first event ends 2-1.
    await endEvent(t.database.db, a.id, { score: { home: 2, away: 1 } }, { score: { home: 2, away: 1 }, period: 'ended', seconds: null, running: false })
    expect(await settleEndedEvents(t.database.db)).toBeGreaterThanOrEqual(1)
    await settleOpenBets(t.database.db, wallet)
    await settleOpenBets(t.database.db, wallet)
    const read = async (id: string) => (await t.database.db.selectFrom('sb_bets').select(['status', 'payout']).where('id', '=', BigInt(id)).executeTakeFirstOrThrow())
    const winPrice = BigInt(win.legs[0]!.price)
    expect(await read(win.id)).toEqual({ status: 'won', payout: (1000n * winPrice) / 1000n })
    expect(await read(lose.id)).toEqual({ status: 'lost', payout: 0n })
    expect(await read(quarter.id)).toEqual({ status: 'won', payout: (1000n * BigInt(quarter.legs[0]!.price)) / 1000n })
    expect((await read(acca.id)).status).toBe('open')

    // The second ends 0-0: the accumulator is paid at both prices.
    await endEvent(t.database.db, b.id, { score: { home: 0, away: 0 } }, { score: { home: 0, away: 0 }, period: 'ended', seconds: null, running: false })
    await settleEndedEvents(t.database.db)
    await settleOpenBets(t.database.db, wallet)
    const accaPaid = (500n * BigInt(acca.legs[0]!.price) * BigInt(acca.legs[1]!.price)) / 1_000_000n
    expect(await read(acca.id)).toEqual({ status: 'won', payout: accaPaid })
    const expected = toMinor('65.00', 'USD') + (1000n * winPrice) / 1000n + (1000n * BigInt(quarter.legs[0]!.price)) / 1000n + accaPaid
    expect(await main(player)).toBe(expected)
    // Run again, as another instance would: nothing more is paid.
    await settleEndedEvents(t.database.db)
    await settleOpenBets(t.database.db, wallet)
    for (const bet of [win, lose, quarter, acca]) expect(await settleBet(t.database.db, BigInt(bet.id), wallet)).toBe(false)
    expect(await main(player)).toBe(expected)

    // The player's list, narrowed by status.
    const list = async (status?: string) => (await players.get(player, `sportsbook/bets${status ? `?status=${status}` : ''}`)).json().data as { bets: SbBet[]; total: number }
    expect((await list()).total).toBe(4)
    expect((await list('won')).bets.map((x) => x.id).sort()).toEqual([win.id, quarter.id, acca.id].sort())
    expect((await list('lost')).bets.map((x) => x.id)).toEqual([lose.id])
    expect((await list('settled')).total).toBe(4)
    expect((await list('open')).total).toBe(0)
    expect((await list('won')).bets.find((x) => x.id === acca.id)!.legs.map((l) => l.result)).toEqual(['won', 'won'])
    expect((await players.get(player, 'sportsbook/bets?status=bogus')).statusCode).toBe(400)
  })

  it('a crash between the payout and the bet’s close pays nothing, and the next run pays once', async () => {
    const player = await players.newPlayer()
    await fund(player, '10.00')
    const event = await openEvent()
    const bet = await ok(await place(player, { stake: '10.00', selections: [event.outcome('double_chance', 'home_draw')] }))
    await endEvent(t.database.db, event.id, { score: { home: 1, away: 1 } }, { score: { home: 1, away: 1 }, period: 'ended', seconds: null, running: false })
    await settleEndedEvents(t.database.db)
    await expect(
      settleBet(t.database.db, BigInt(bet.id), wallet, async (step) => {
        if (step === 'after-credit') throw new Error('the process died')
      }),
    ).rejects.toThrow('the process died')
    expect(await main(player)).toBe(0n)
    // Two runs at once, as two instances after the restart.
    const runs = await Promise.all([settleBet(t.database.db, BigInt(bet.id), wallet), settleBet(t.database.db, BigInt(bet.id), wallet)])
    expect(runs.filter(Boolean)).toHaveLength(1)
    expect(await main(player)).toBe((1000n * BigInt(bet.legs[0]!.price)) / 1000n)
  })

  it('cashes out at the offer seen, in part or whole, once per key; re-offers when the value fell; refuses on a suspended leg', async () => {
    const player = await players.newPlayer()
    await fund(player, '20.00')
    const event = await openEvent()
    const home = event.outcome('match_result', 'home')
    const bet = await ok(await place(player, { stake: '20.00', selections: [home] }))
    expect(await main(player)).toBe(0n)
    const offer = async () => (await players.get(player, `sportsbook/cashOutOffer?bet=${bet.id}`)).json().data as { amount: string | null; currency: string }
    // Unchanged price: worth the stake less the 5 % margin.
    expect(await offer()).toEqual({ bet_id: bet.id, amount: '19.00', currency: 'USD' })
    const cash = (body: Record<string, string>) => players.post(player, 'sportsbook/cashOut', { bet: bet.id, key: key(), ...body })

    // The home side's price halves: the bet is worth about twice as much.
    await setPrice(home.id, Math.max(1010, Math.round(home.price / 2 / 10) * 10))
    const seen = (await offer()).amount!
    expect(Number(seen)).toBeGreaterThan(30)
    // Half of it now: the stake left is halved too, and the bet stays open.
    const k = key()
    const half = (Math.floor(Number(seen) * 50) / 100).toFixed(2)
    const part = await ok(await players.post(player, 'sportsbook/cashOut', { bet: bet.id, key: k, seen, amount: half }))
    expect(part.status).toBe('open')
    expect(part.cashouts).toEqual([{ amount: half, stake: toMajor(toMinor(bet.stake, 'USD') - toMinor(part.stake, 'USD'), 'USD'), at: expect.any(String) }])
    expect(Number(part.stake)).toBeGreaterThanOrEqual(9.99)
    expect(Number(part.stake)).toBeLessThanOrEqual(10.01)
    expect(await main(player)).toBe(toMinor(half, 'USD'))
    // The same request again: paid once.
    await ok(await players.post(player, 'sportsbook/cashOut', { bet: bet.id, key: k, seen, amount: half }))
    expect(await main(player)).toBe(toMinor(half, 'USD'))
    refused(await cash({ seen: '1.00', amount: '2.00' }), 'sportsbook_cashout_amount')

    // The price goes back up: the old offer is far above the value now, and a new one comes back.
    const rest = (await offer()).amount!
    await setPrice(home.id, home.price * 2)
    const changed = refused(await cash({ seen: rest }), 'sportsbook_cashout_changed')
    expect(Number((changed.error_data as { amount: string }).amount)).toBeLessThan(Number(rest))
    // Suspended: no offer, and no cash-out.
    await t.database.db.updateTable('sb_events').set({ suspended: true }).where('id', '=', event.id).execute()
    expect((await offer()).amount).toBeNull()
    refused(await cash({ seen: '1.00' }), 'sportsbook_cashout_unavailable')
    await t.database.db.updateTable('sb_events').set({ suspended: false }).where('id', '=', event.id).execute()
    // The rest of it, whole: closed as cashed out, and settlement pays nothing more.
    const now = (await offer()).amount!
    const closed = await ok(await cash({ seen: now }))
    expect(closed).toMatchObject({ status: 'cashed_out', payout: now })
    // The history keeps both, oldest first; the stakes taken off add up to the whole stake placed.
    expect(closed.cashouts.map((c) => c.amount)).toEqual([half, now])
    expect(closed.cashouts.reduce((sum, c) => sum + toMinor(c.stake, 'USD'), 0n)).toBe(toMinor(bet.stake, 'USD'))
    expect(bet.cashouts).toEqual([])
    const listed = (await players.get(player, 'sportsbook/bets?status=cashed_out')).json().data as { bets: SbBet[] }
    expect(listed.bets.find((b) => b.id === bet.id)?.cashouts).toEqual(closed.cashouts)
    expect(await main(player)).toBe(toMinor(half, 'USD') + toMinor(now, 'USD'))
    refused(await cash({ seen: now }), 'sportsbook_cashout_unavailable')
    await endEvent(t.database.db, event.id, { score: { home: 1, away: 0 } }, { score: { home: 1, away: 0 }, period: 'ended', seconds: null, running: false })
    await settleEndedEvents(t.database.db)
    await settleOpenBets(t.database.db, wallet)
    expect(await main(player)).toBe(toMinor(half, 'USD') + toMinor(now, 'USD'))
    expect((await players.get(player, 'sportsbook/cashOutOffer?bet=999999999')).statusCode).toBe(404)
  })

  it('keeps the player’s odds format, policy and betslip on the server, for every device', async () => {
    const player = await players.newPlayer()
    const read = async () => (await players.get(player, 'sportsbook/settings')).json().data
    expect(await read()).toEqual({ odds_format: 'decimal', odds_policy: 'always_ask', slip: [], limits: { currency: 'USD', min_stake: '0.10', max_stake: '5000.00', max_payout: '100000.00' } })
    const saved = await players.post(player, 'sportsbook/saveSettings', { odds_format: 'american', slip: JSON.stringify([{ outcome_id: '12', price: 1850 }]) })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(await read()).toMatchObject({ odds_format: 'american', odds_policy: 'always_ask', slip: [{ outcome_id: '12', price: 1850 }] })
    expect((await players.post(player, 'sportsbook/saveSettings', { odds_policy: 'accept_higher' })).json().data).toMatchObject({ odds_format: 'american', odds_policy: 'accept_higher' })
    expect((await players.post(player, 'sportsbook/saveSettings', { odds_format: 'roman' })).statusCode).toBe(400)
    expect((await players.post(player, 'sportsbook/saveSettings', { slip: JSON.stringify(Array.from({ length: 21 }, (_, i) => ({ outcome_id: String(i + 1), price: 2000 }))) })).statusCode).toBe(400)
    expect((await t.app.inject({ method: 'GET', url: '/api/sportsbook/settings' })).statusCode).toBe(401)
  })

  it('settles again on a corrected result: the difference paid or taken back, never below zero, the rest recorded as owed', async () => {
    const player = await players.newPlayer()
    await fund(player, '20.00')
    const event = await openEvent()
    const home = await ok(await place(player, { stake: '10.00', selections: [event.outcome('match_result', 'home')] }))
    const away = await ok(await place(player, { stake: '10.00', selections: [event.outcome('match_result', 'away')] }))
    await endEvent(t.database.db, event.id, { score: { home: 2, away: 1 } }, { score: { home: 2, away: 1 }, period: 'ended', seconds: null, running: false })
    await settleEndedEvents(t.database.db)
    await settleOpenBets(t.database.db, wallet)
    const homePaid = (1000n * BigInt(home.legs[0]!.price)) / 1000n
    const awayPays = (1000n * BigInt(away.legs[0]!.price)) / 1000n
    expect(await main(player)).toBe(homePaid)
    // The player stakes most of the winnings elsewhere before the correction comes.
    const other = await openEvent()
    const spent = homePaid - 100n
    await ok(await place(player, { stake: toMajor(spent, 'USD'), policy: 'accept_any', selections: [other.outcome('match_result', 'draw')] }))
    expect(await main(player)).toBe(100n)

    const correct = (body: Record<string, string>, token = 'operator-token-for-tests-0123456789abcdef') =>
      t.app.inject({ method: 'POST', url: '/api/operator/correctSportsResult', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` }, payload: new URLSearchParams(body).toString() })
    const answer = await correct({ event: String(event.id), result: JSON.stringify({ score: { home: 1, away: 2 } }) })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json().data.resettled).toBe(2)
    const row = async (id: string) => t.database.db.selectFrom('sb_bets').select(['status', 'payout', 'settlement', 'correction_shortfall']).where('id', '=', BigInt(id)).executeTakeFirstOrThrow()
    // Home now lost: its payout is taken back as far as the balance holds (100 of it), the rest owed.
    expect(await row(home.id)).toEqual({ status: 'lost', payout: 0n, settlement: 2, correction_shortfall: homePaid - 100n })
    // Away now won: paid.
    expect(await row(away.id)).toEqual({ status: 'won', payout: awayPays, settlement: 2, correction_shortfall: 0n })
    expect(await main(player)).toBe(awayPays)
    // Twice the same correction: nothing moves again.
    expect((await correct({ event: String(event.id), result: JSON.stringify({ score: { home: 1, away: 2 } }) })).json().data.resettled).toBe(2)
    expect(await main(player)).toBe(awayPays)
    // Corrected back: home wins again, and what was owed on it is kept out of its payout.
    expect((await correct({ event: String(event.id), result: JSON.stringify({ score: { home: 2, away: 1 } }) })).statusCode).toBe(200)
    expect(await row(home.id)).toEqual({ status: 'won', payout: homePaid, settlement: 4, correction_shortfall: 0n })
    expect(await row(away.id)).toMatchObject({ status: 'lost', payout: 0n })
    expect(await main(player)).toBe(100n)
    expect((await correct({ event: String(event.id), result: '{"score":{"home":-1,"away":0}}' })).statusCode).toBe(400)
    expect((await correct({ event: '999999999', result: '{"score":{"home":1,"away":0}}' })).statusCode).toBe(404)
  })

  it('stakes from the betting-bonus balance: taken from it, paid back into it, cashed out into it, never from main', async () => {
    const player = await players.newPlayer()
    await fund(player, '20.00')
    await credit(t.database.db, { provider: 'test', transactionId: key(), playerId: player.id, currency: 'USD', amount: '10.00', kind: 'bonus', balance: 'betting_bonus' }, wallet())
    const bonus = async () => (await t.database.db.selectFrom('wallets').select('balance').where('player_id', '=', player.id).where('kind', '=', 'betting_bonus').executeTakeFirstOrThrow()).balance
    const fromBonus = (body: { key?: string; stake: string; selections: Array<{ id: string; price: number }>; balance?: string; free_bet?: string }) =>
      players.post(player, 'sportsbook/placeBet', {
        key: body.key ?? key(),
        kind: 'single',
        stake: body.stake,
        odds_policy: 'accept_any',
        balance: body.balance ?? 'betting_bonus',
        ...(body.free_bet ? { free_bet: body.free_bet } : {}),
        selections: JSON.stringify(body.selections.map((s) => ({ outcome_id: s.id, price: s.price }))),
      })
    const event = await openEvent()
    const home = event.outcome('match_result', 'home')
    // More than the bonus holds: refused, though main could cover it.
    const short = refused(await fromBonus({ stake: '10.01', selections: [home] }), 'insufficient_funds', 422)
    expect(short.error_data?.balance).toBe('10.00')
    expect((await fromBonus({ stake: '1.00', balance: 'fun', selections: [home] })).statusCode).toBe(400)
    refused(await fromBonus({ stake: '1.00', free_bet: '1', selections: [home] }), 'sportsbook_bad_bet')
    const k = key()
    const bet = await ok(await fromBonus({ key: k, stake: '4.00', selections: [home] }))
    expect(bet).toMatchObject({ funding: 'betting_bonus', stake: '4.00' })
    // A replay is the same bet; the same key from main is another bet, refused.
    expect((await ok(await fromBonus({ key: k, stake: '4.00', selections: [home] }))).id).toBe(bet.id)
    refused(await fromBonus({ key: k, stake: '4.00', balance: 'main', selections: [home] }), 'sportsbook_key_conflict')
    expect([await bonus(), await main(player)]).toEqual([600n, 2000n])

    // Cashed out in part: the amount goes back to the bonus balance.
    const offer = (await players.get(player, `sportsbook/cashOutOffer?bet=${bet.id}`)).json().data as { amount: string }
    expect(offer.amount).not.toBeNull()
    const half = toMinor(offer.amount, 'USD') / 2n
    const cashed = await players.post(player, 'sportsbook/cashOut', { bet: bet.id, key: key(), seen: offer.amount, amount: toMajor(half, 'USD') })
    expect(cashed.statusCode, cashed.body).toBe(200)
    expect([await bonus(), await main(player)]).toEqual([600n + half, 2000n])

    // It wins: the return goes to the bonus balance too.
    const score = { home: 2, away: 0 }
    await endEvent(t.database.db, event.id, { score }, { score, period: 'ended', seconds: null, running: false })
    await settleEndedEvents(t.database.db)
    await settleOpenBets(t.database.db, wallet)
    const settled = (await players.get(player, 'sportsbook/bets')).json().data.bets.find((b: SbBet) => b.id === bet.id) as SbBet
    expect(settled).toMatchObject({ status: 'won', funding: 'betting_bonus' })
    expect([await bonus(), await main(player)]).toEqual([600n + half + toMinor(settled.payout!, 'USD'), 2000n])
  })

  it('stakes a free bet: at its least odds, its own amount, nothing from the wallet, winnings only; given back when voided whole', async () => {
    const player = await players.newPlayer()
    const login = (await t.database.db.selectFrom('accounts').select('login').where('id', '=', player.id).executeTakeFirstOrThrow()).login
    const grant = async (body: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/operator/grantFreeBet', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer operator-token-for-tests-0123456789abcdef' }, payload: new URLSearchParams({ login, ...body }).toString() })
    const k = key()
    const granted = await grant({ amount: '5.00', min_odds: '1.50', key: k, descriptions: JSON.stringify({ en: 'On us' }) })
    expect(granted.statusCode, granted.body).toBe(200)
    expect(granted.json().data).toMatchObject({ kind: 'free_bet', status: 'available', amount: '5.00', currency: 'USD', min_price: 1500, description: 'On us' })
    expect((await grant({ amount: '5.00', min_odds: '1.50', key: k })).json().data.id).toBe(granted.json().data.id)
    const second = (await grant({ amount: '2.00', key: key() })).json().data
    const id = granted.json().data.id as string
    const bonuses = async () => (await players.get(player, 'bettingbonuses/get')).json().data as Array<{ id: string; status: string }>
    expect((await bonuses()).map((b) => b.status)).toEqual(['available', 'available'])
    // One on the slip at a time.
    expect((await players.post(player, 'bettingbonuses/activate', { bonus_id: id })).json().data.status).toBe('active')
    expect((await players.post(player, 'bettingbonuses/activate', { bonus_id: second.id })).json().data.status).toBe('active')
    expect((await bonuses()).find((b) => b.id === id)!.status).toBe('available')

    const event = await openEvent()
    const longest = (await t.database.db.selectFrom('sb_outcomes as o').innerJoin('sb_markets as m', 'm.id', 'o.market_id').select(['o.id', 'o.price']).where('o.event_id', '=', event.id).where('m.key', '=', 'match_result').orderBy('o.price', 'desc').executeTakeFirstOrThrow())
    const pick = { id: String(longest.id), price: longest.price! }
    await setPrice(pick.id, 3000)
    pick.price = 3000
    const shortOne = event.outcome('double_chance', 'home_draw')
    await setPrice(shortOne.id, 1200)
    const freeBet = (body: { stake: string; selections: Array<{ id: string; price: number }>; key?: string }) =>
      players.post(player, 'sportsbook/placeBet', { key: body.key ?? key(), kind: 'single', stake: body.stake, odds_policy: 'always_ask', free_bet: id, selections: JSON.stringify(body.selections.map((s) => ({ outcome_id: s.id, price: s.price }))) })
    refused(await freeBet({ stake: '5.00', selections: [{ id: shortOne.id, price: 1200 }] }), 'sportsbook_bonus_odds')
    refused(await freeBet({ stake: '4.00', selections: [pick] }), 'sportsbook_bonus_amount')
    const betKey = key()
    const bet = await ok(await freeBet({ key: betKey, stake: '5.00', selections: [pick] }))
    expect(bet).toMatchObject({ funding: 'free_bet', stake: '5.00', potential: '10.00' })
    expect((await ok(await freeBet({ key: betKey, stake: '5.00', selections: [pick] }))).id).toBe(bet.id)
    expect(await main(player)).toBe(0n)
    expect((await bonuses()).find((b) => b.id === id)!.status).toBe('used')
    refused(await freeBet({ stake: '5.00', selections: [pick] }), 'sportsbook_bonus_unavailable')
    // No cash-out on the book's stake.
    expect((await players.get(player, `sportsbook/cashOutOffer?bet=${bet.id}`)).json().data.amount).toBeNull()

    // It wins: the winnings only, into main.
    const [home, draw] = [event.outcome('match_result', 'home'), event.outcome('match_result', 'draw')]
    const score = pick.id === home.id ? { home: 1, away: 0 } : pick.id === draw.id ? { home: 0, away: 0 } : { home: 0, away: 1 }
    await endEvent(t.database.db, event.id, { score }, { score, period: 'ended', seconds: null, running: false })
    await settleEndedEvents(t.database.db)
    await settleOpenBets(t.database.db, wallet)
    expect(await main(player)).toBe(1000n)

    // A free bet voided whole comes back.
    const other = await openEvent()
    const dnb = other.outcome('draw_no_bet', 'home')
    await setPrice(dnb.id, 2000)
    const voided = await ok(await players.post(player, 'sportsbook/placeBet', { key: key(), kind: 'single', stake: '2.00', odds_policy: 'accept_any', free_bet: second.id, selections: JSON.stringify([{ outcome_id: dnb.id, price: 2000 }]) }))
    await endEvent(t.database.db, other.id, { score: { home: 1, away: 1 } }, { score: { home: 1, away: 1 }, period: 'ended', seconds: null, running: false })
    await settleEndedEvents(t.database.db)
    await settleOpenBets(t.database.db, wallet)
    expect((await t.database.db.selectFrom('sb_bets').select(['status', 'payout']).where('id', '=', BigInt(voided.id)).executeTakeFirstOrThrow())).toEqual({ status: 'void', payout: 0n })
    expect((await bonuses()).find((b) => b.id === second.id)!.status).toBe('available')
    expect(await main(player)).toBe(1000n)
    // Given up for good.
    expect((await players.post(player, 'bettingbonuses/remove', { bonus_id: second.id })).json().data.status).toBe('removed')
    refused(await players.post(player, 'bettingbonuses/remove', { bonus_id: second.id }), 'sportsbook_bonus_unavailable')
    expect((await players.post(player, 'bettingbonuses/activate', { bonus_id: '999999999' })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/api/bettingbonuses/get' })).statusCode).toBe(401)
  })
})
