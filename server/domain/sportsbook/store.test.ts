// The board in the database: leagues and events upserted by feed id, a board written with its
// price changes reported, lines the feed withdraws suspended, an ended event closed; a price set
// outside the feed kept from a board computed before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, PGLITE_ONLY, type TestDatabase } from '../../test/harness'
import { buildBoard, type BoardMarket } from './board'
import { endEvent, setOutcomePrice, syncLeagues, upsertEvents, writeBoard, type EventInput } from './store'

describe.each(PGLITE_ONLY)('the sportsbook store on %s', (backend) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(() => database?.close())

  const event = (feedId: string, startsAt: Date): EventInput => ({
    feedId,
    leagueId: 'test-football',
    sport: 'football',
    home: { id: 'north', names: { en: 'Northbridge Rovers', es: 'Northbridge Rovers', pt: 'Northbridge Rovers', de: 'Northbridge Rovers' } },
    away: { id: 'germany', names: { en: 'Germany', es: 'Alemania', pt: 'Alemanha', de: 'Deutschland' } },
    startsAt,
    model: { sport: 'football', rates: { home: 1.5, away: 1.1 } },
  })

  it('upserts leagues and events by the feed ids, moving only a start not yet reached', async () => {
    const db = database.db
    await syncLeagues(db, [{ id: 'test-football', sport: 'football', country: 'GB', names: { en: 'England. Test', es: 'Inglaterra. Test', pt: 'Inglaterra. Test', de: 'England. Test' }, position: 1 }])
    const start = new Date('2026-12-01T18:00:00Z')
    const first = await upsertEvents(db, [event('sim:t:1', start), event('sim:t:2', start)])
    const again = await upsertEvents(db, [event('sim:t:1', new Date('2026-12-01T18:30:00Z')), event('sim:t:2', start)])
    expect(again).toEqual(first)
    const row = await db.selectFrom('sb_events').selectAll().where('feed_id', '=', 'sim:t:1').executeTakeFirstOrThrow()
    expect(row.starts_at.toISOString()).toBe('2026-12-01T18:30:00.000Z')
    expect(row.search_text).toContain('deutschland')
    expect(row.search_text).toContain('northbridge rovers')
    expect(row.search_text).not.toMatch(/[A-Z]/)
    // Live: the start stays where it was.
    await db.updateTable('sb_events').set({ status: 'live' }).where('feed_id', '=', 'sim:t:2').execute()
    await upsertEvents(db, [event('sim:t:2', new Date('2026-12-02T18:00:00Z'))])
    expect((await db.selectFrom('sb_events').select('starts_at').where('feed_id', '=', 'sim:t:2').executeTakeFirstOrThrow()).starts_at.toISOString()).toBe(start.toISOString())
  })

  it('writes a board, reports only the prices that moved, and withdraws the lines no longer offered', async () => {
    const db = database.db
    const ids = await upsertEvents(db, [event('sim:t:3', new Date('2026-12-01T20:00:00Z'))])
    const eventId = ids.get('sim:t:3')!
    const board = buildBoard({ sport: 'football', rates: { home: 1.5, away: 1.1 } }, { sport: 'football', minute: 0, score: { home: 0, away: 0 } }, 0.05)
    const first = (await writeBoard(db, { eventId, status: 'scheduled', live: null, suspended: false, markets: board }))!
    const outcomes = board.reduce((n, m) => n + m.outcomes.length, 0)
    expect(first.changes).toHaveLength(outcomes)
    expect(first.changes.every((c) => c.outcomeId !== '' && c.before === null)).toBe(true)

    // Same board: a new version, nothing changed.
    const same = (await writeBoard(db, { eventId, status: 'scheduled', live: null, suspended: false, markets: board }))!
    expect(same.version).toBe(first.version + 1)
    expect(same.changes).toEqual([])
    expect(same.statuses).toEqual([])

    // One price moves, one line disappears, and a dangerous moment suspends the rest.
    const moved: BoardMarket[] = board
      .filter((m) => m.key !== 'total:4.5')
      .map((m) => (m.key === 'match_result' ? { ...m, outcomes: m.outcomes.map((o) => (o.key === 'home' ? { ...o, price: 9900 } : o)) } : m))
    const third = (await writeBoard(db, { eventId, status: 'live', live: { minute: 3 }, suspended: true, markets: moved }))!
    const homeBefore = board.find((m) => m.key === 'match_result')!.outcomes.find((o) => o.key === 'home')!.price
    expect(third.changes).toContainEqual(expect.objectContaining({ market: 'match_result', outcome: 'home', price: 9900, before: homeBefore }))
    expect(third.changes.filter((c) => c.market === 'total:4.5').every((c) => c.price === null)).toBe(true)
    expect(third.statuses.find((s) => s.market === 'total:4.5')).toEqual({ market: 'total:4.5', status: 'suspended' })
    expect(third.statuses.filter((s) => s.status === 'suspended')).toHaveLength(board.length)
    const gone = await db.selectFrom('sb_outcomes as o').innerJoin('sb_markets as m', 'm.id', 'o.market_id').select(['o.price', 'm.status']).where('m.event_id', '=', eventId).where('m.key', '=', 'total:4.5').execute()
    expect(gone.every((o) => o.price === null && o.status === 'suspended')).toBe(true)

    // Ended: no more writes.
    expect(await endEvent(db, eventId, { score: { home: 2, away: 1 } }, { minute: 90 })).toBe(true)
    expect(await endEvent(db, eventId, { score: { home: 2, away: 1 } }, { minute: 90 })).toBe(false)
    expect(await writeBoard(db, { eventId, status: 'live', live: null, suspended: false, markets: board })).toBeNull()
    const open = await db.selectFrom('sb_markets').select('id').where('event_id', '=', eventId).where('status', '=', 'open').execute()
    expect(open).toEqual([])
  })

  it('keeps a price set outside the feed from a board the feed computed before it', async () => {
    const db = database.db
    const eventId = (await upsertEvents(db, [event('sim:t:4', new Date('2026-12-01T21:00:00Z'))])).get('sim:t:4')!
    const board = buildBoard({ sport: 'football', rates: { home: 1.5, away: 1.1 } }, { sport: 'football', minute: 0, score: { home: 0, away: 0 } }, 0.05)
    const first = (await writeBoard(db, { eventId, status: 'scheduled', live: null, suspended: false, markets: board }))!
    const home = await db.selectFrom('sb_outcomes as o').innerJoin('sb_markets as m', 'm.id', 'o.market_id').select(['o.id', 'o.price']).where('o.event_id', '=', eventId).where('m.key', '=', 'match_result').where('o.key', '=', 'home').executeTakeFirstOrThrow()

    const set = await setOutcomePrice(db, home.id, 4200)
    expect(set.written).toEqual({ version: first.version + 1, changes: [{ outcomeId: String(home.id), market: 'match_result', outcome: 'home', price: 4200, before: home.price }], statuses: [] })
    // The feed read the event at the version before the price: its board is dropped, the price stays.
    expect(await writeBoard(db, { eventId, version: first.version, status: 'scheduled', live: null, suspended: false, markets: board })).toBeNull()
    expect((await db.selectFrom('sb_outcomes').select('price').where('id', '=', home.id).executeTakeFirstOrThrow()).price).toBe(4200)
    // Read again, the board is written.
    expect(await writeBoard(db, { eventId, version: set.written.version, status: 'scheduled', live: null, suspended: false, markets: board })).not.toBeNull()
    expect((await db.selectFrom('sb_outcomes').select('price').where('id', '=', home.id).executeTakeFirstOrThrow()).price).toBe(home.price)

    await expect(setOutcomePrice(db, 999_999_999n, 2000)).rejects.toMatchObject({ code: 'sportsbook_selection_unknown' })
    await db.updateTable('sb_markets').set({ status: 'suspended' }).where('event_id', '=', eventId).where('key', '=', 'match_result').execute()
    await expect(setOutcomePrice(db, home.id, 2000)).rejects.toMatchObject({ code: 'sportsbook_selection_closed' })
  })
})
