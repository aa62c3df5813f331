// Placements group-committed (placement.ts), on PGlite and PostgreSQL: in a batch of several
// players' bets, a refused one fails only itself and moves no money while the rest are placed with
// their stakes, the ledger balanced; a placement key twice in one batch is one bet; and the limits
// count the bets placed before in the same batch as they count those stored.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildBoard } from './board'
import { setLossLimit } from '../wallet/loss-limits'
import { SportsbookError } from './errors'
import { configurePlacements, DEFAULT_BET_LIMITS, placeBet, placementStats, type BetLimitsMajor, type PlaceInput } from './placement'
import { syncLeagues, upsertEvents, writeBoard } from './store'
import { BACKENDS, openTestDatabase, type TestDatabase } from '../../test/harness'
import { playerBalances } from '../wallet/balances'
import { assertLedgerInvariant } from '../wallet/invariant'
import { fundedPlayer, walletOptions } from '../wallet/reliability/fixtures'

describe.each(BACKENDS)('placements in one batch on %s', (backend) => {
  let database: TestDatabase
  let seq = 0
  const key = (label: string) => `${label}-${++seq}`

  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterEach(async () => {
    await assertLedgerInvariant(database.db)
  })
  afterAll(() => database?.close())

  const newPlayer = (main: bigint) => fundedPlayer(database, `sbbatch-${backend}`, { main })
  type Player = Awaited<ReturnType<typeof newPlayer>>
  type Pick = { id: string; price: number }

  /** A football event open for betting: its match-result outcomes at their prices. */
  async function openEvent(): Promise<Record<'home' | 'draw' | 'away', Pick>> {
    const db = database.db
    await syncLeagues(db, [{ id: 'test-batch', sport: 'football', country: 'GB', names: { en: 'Batch' }, position: 0 }])
    const feedId = key(`test:batch:${backend}`)
    const ids = await upsertEvents(db, [
      { feedId, leagueId: 'test-batch', sport: 'football', home: { id: 'h', names: { en: 'Home' } }, away: { id: 'a', names: { en: 'Away' } }, startsAt: new Date(Date.now() + 3_600_000) },
    ])
    const eventId = ids.get(feedId)!
    await writeBoard(db, { eventId, status: 'scheduled', live: null, suspended: false, markets: buildBoard({ sport: 'football', rates: { home: 1.4, away: 1.2 } }, { sport: 'football', minute: 0, score: { home: 0, away: 0 } }, 0.05) })
    const rows = await db.selectFrom('sb_outcomes as o').innerJoin('sb_markets as m', 'm.id', 'o.market_id').select(['o.id', 'o.key', 'o.price']).where('o.event_id', '=', eventId).where('m.key', '=', 'match_result').execute()
    const pick = (k: string) => {
      const row = rows.find((r) => r.key === k)!
      return { id: String(row.id), price: row.price! }
    }
    return { home: pick('home'), draw: pick('draw'), away: pick('away') }
  }

  const place = (p: Player, pick: Pick, stake: bigint, extra: Partial<PlaceInput> = {}, limits: BetLimitsMajor = DEFAULT_BET_LIMITS) =>
    placeBet(
      database.db,
      { playerId: p.id, sessionId: p.sessionId, key: key('bet'), kind: 'single', stakePerLine: stake, policy: 'accept_any', selections: [{ outcomeId: pick.id, price: pick.price }], locale: 'en', now: new Date(), ...extra },
      () => walletOptions(database),
      limits,
    )

  /**
   * Sends `first` and, while its batch runs (one batch at a time), the rest in one tick: the rest
   * wait and go together in the next batch. Checks that they did.
   */
  async function inOneBatch(first: () => Promise<unknown>, rest: () => Promise<Awaited<ReturnType<typeof place>>>[]) {
    configurePlacements(database.db, { maxConcurrent: 1 })
    try {
      const before = { ...placementStats }
      const lead = first()
      const settled = Promise.allSettled(rest())
      await lead
      const results = await settled
      expect(placementStats.batches - before.batches).toBe(2)
      expect(placementStats.placements - before.placements).toBe(1 + results.length)
      return results
    } finally {
      configurePlacements(database.db)
    }
  }

  const value = <T,>(r: PromiseSettledResult<T> | undefined): T => {
    if (r?.status !== 'fulfilled') throw r?.reason
    return r.value
  }
  const refusal = (r: PromiseSettledResult<unknown> | undefined) => {
    expect(r?.status).toBe('rejected')
    const reason = (r as PromiseRejectedResult).reason
    expect(reason).toBeInstanceOf(SportsbookError)
    return (reason as SportsbookError).code
  }
  const main = async (p: Player) => (await playerBalances(database.db, p.id))!.minor.main
  const betsOf = async (p: Player) => database.db.selectFrom('sb_bets').select(['id', 'placement_key', 'stake']).where('player_id', '=', p.id).orderBy('id').execute()
  const stakesOf = async (p: Player) =>
    database.db.selectFrom('wallet_transactions').select(['transaction_id', 'status']).where('player_id', '=', p.id).where('provider', '=', 'sportsbook').orderBy('id').execute()

  it('places the rest of a batch when some bets are refused, and moves money for the placed ones only', async () => {
    const event = await openEvent()
    const closed = await openEvent()
    await database.db.updateTable('sb_outcomes').set({ price: null }).where('id', '=', BigInt(closed.home.id)).execute()
    const [p, q, r, lead] = await Promise.all([newPlayer(3_000n), newPlayer(10_000n), newPlayer(500n), newPlayer(1_000n)])

    const [pHome, qClosed, pBroke, rHome, qDraw, pDraw] = await inOneBatch(
      () => place(lead, event.home, 100n),
      () => [
        place(p, event.home, 1_000n),
        place(q, closed.home, 1_000n),
        place(p, event.away, 2_500n),
        place(r, event.home, 500n),
        place(q, event.draw, 2_000n),
        place(p, event.draw, 2_000n),
      ],
    )
    expect(value(pHome)).toMatchObject({ stake: '10.00', status: 'open', legs: [{ outcome: { id: event.home.id } }] })
    expect(refusal(qClosed)).toBe('sportsbook_selection_closed')
    expect(refusal(pBroke)).toBe('insufficient_funds')
    expect(value(rHome)).toMatchObject({ stake: '5.00' })
    expect(value(qDraw)).toMatchObject({ stake: '20.00' })
    // Decided after the refused one, against the balance the placed ones left.
    expect(value(pDraw)).toMatchObject({ stake: '20.00' })

    expect([await main(p), await main(q), await main(r)]).toEqual([0n, 8_000n, 0n])
    expect((await betsOf(p)).map((b) => b.stake)).toEqual([1_000n, 2_000n])
    expect((await betsOf(q)).map((b) => b.stake)).toEqual([2_000n])
    expect((await betsOf(r)).map((b) => b.stake)).toEqual([500n])
    // A refused bet leaves no stake behind, not even a declined one.
    expect((await stakesOf(p)).map((t) => t.status)).toEqual(['ok', 'ok'])
    expect(await stakesOf(q)).toHaveLength(1)
    expect(new Set([value(pHome).id, value(rHome).id, value(qDraw).id, value(pDraw).id]).size).toBe(4)
  })

  it('refuses a stake past the player\'s loss limit with what is left, in the same batch as the stakes under it', async () => {
    const event = await openEvent()
    const [p, lead] = await Promise.all([newPlayer(10_000n), newPlayer(1_000n)])
    await setLossLimit(database.db, p.id, { period: 7, limitAmount: 3_000n }, new Date())
    const [first, over, last] = await inOneBatch(
      () => place(lead, event.home, 100n),
      () => [place(p, event.home, 2_000n), place(p, event.draw, 1_500n), place(p, event.away, 1_000n)],
    )
    expect(value(first)).toMatchObject({ stake: '20.00' })
    expect(refusal(over)).toBe('loss_limit_exceeded')
    expect((over as PromiseRejectedResult).reason).toMatchObject({ field: 'stake', details: { available: '10.00', currency: 'USD', period: 7 } })
    expect(value(last)).toMatchObject({ stake: '10.00' })
    expect(await main(p)).toBe(7_000n)
    expect((await stakesOf(p)).map((t) => t.status)).toEqual(['ok', 'ok'])
  })

  it('places a key twice in one batch as one bet, and refuses another bet under it', async () => {
    const event = await openEvent()
    const [p, q, lead] = await Promise.all([newPlayer(5_000n), newPlayer(5_000n), newPlayer(1_000n)])
    const k = key('twice')

    const [first, again, other, elsewhere] = await inOneBatch(
      () => place(lead, event.home, 100n),
      () => [place(p, event.home, 1_000n, { key: k }), place(p, event.home, 1_000n, { key: k }), place(p, event.home, 1_200n, { key: k }), place(q, event.home, 1_000n, { key: k })],
    )
    expect(value(again)).toEqual(value(first))
    expect(refusal(other)).toBe('sportsbook_key_conflict')
    // The key is the player's own: another player's bet under it is theirs.
    expect(value(elsewhere).id).not.toBe(value(first).id)

    expect(await betsOf(p)).toEqual([{ id: BigInt(value(first).id), placement_key: k, stake: 1_000n }])
    expect(await stakesOf(p)).toEqual([{ transaction_id: `bet:${p.id}:${k}`, status: 'ok' }])
    expect(await main(p)).toBe(4_000n)
    // And after the batch, the same.
    expect(await place(p, event.home, 1_000n, { key: k })).toEqual(value(first))
    expect(await main(p)).toBe(4_000n)
  })

  it('counts the bets placed earlier in the batch, and those stored, against the player’s limits', async () => {
    const limits: BetLimitsMajor = { ...DEFAULT_BET_LIMITS, maxEventStake: '15', maxOpenStake: '25' }
    const [one, two, three] = [await openEvent(), await openEvent(), await openEvent()]
    const [p, q, lead] = await Promise.all([newPlayer(10_000n), newPlayer(10_000n), newPlayer(1_000n)])
    // q comes with a bet on the first event already open.
    await place(q, one.home, 1_000n, {}, limits)

    const [pOne, pOneAgain, pTwo, pThree, qOne, qTwo] = await inOneBatch(
      () => place(lead, one.home, 100n),
      () => [
        place(p, one.home, 1_000n, {}, limits),
        place(p, one.away, 1_000n, {}, limits),
        place(p, two.home, 1_000n, {}, limits),
        place(p, three.home, 1_000n, {}, limits),
        place(q, one.draw, 1_000n, {}, limits),
        place(q, two.draw, 500n, {}, limits),
      ],
    )
    expect(value(pOne)).toMatchObject({ stake: '10.00' })
    expect(refusal(pOneAgain)).toBe('sportsbook_event_limit')
    expect((pOneAgain as PromiseRejectedResult).reason.details).toMatchObject({ left: '5.00', currency: 'USD' })
    expect(value(pTwo)).toMatchObject({ stake: '10.00' })
    expect(refusal(pThree)).toBe('sportsbook_player_limit')
    expect((pThree as PromiseRejectedResult).reason.details).toMatchObject({ left: '5.00', currency: 'USD' })
    expect(refusal(qOne)).toBe('sportsbook_event_limit')
    expect(value(qTwo)).toMatchObject({ stake: '5.00' })

    expect(await main(p)).toBe(8_000n)
    expect(await main(q)).toBe(8_500n)
  })
})
