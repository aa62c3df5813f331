import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import { recordCoverage } from '../../testing/coverage'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { keyed } from '../../flow-entry'
import { GAME_QUERY_MAX } from '../../../services/api/contract/game-catalogue'
import { hallMachine } from './hall.machine'
import { hallParams } from './hall.actors'
import { EMPTY_HALL_QUERY, hallQueryForViewer, hallQueryFromSearch, hasFilters, mergePage, normaliseSearch, sameHallQuery, searchFromHallQuery } from './hall.rules'
import { hallGame, hallOutcomes, hallPageFor, hallSamples, HALL_SAMPLE_TOTAL, SEARCH_PAUSE, slotsQuery, type HallOutcome } from './hall.samples'
import { selectBusy, selectCanMore, selectEmptyReason, selectFavouritesOn, selectHallView, selectItems, selectLoadingMore } from './hall.selectors'
import { SEARCH_DEBOUNCE_MS, type HallEvent, type HallInput, type HallQuery, type LoadGamesInput, type LoadGamesResult } from './hall.types'

type Snapshot = SnapshotFrom<typeof hallMachine>

const PAGE = 2

function startSut(input: HallInput) {
  const load = controllable<LoadGamesInput, LoadGamesResult>()
  const more = controllable<LoadGamesInput, LoadGamesResult>()
  const addresses: HallQuery[] = []
  const clock = new SimulatedClock()
  const ref = createActor(
    hallMachine.provide({
      actors: { loadGames: load.actor },
      actions: { syncAddress: (_, { query }) => void addresses.push(query), reportError: () => {} },
    }),
    { input, clock },
  ).start()
  return { ref, load, more, addresses, clock }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, e: HallEvent) => sut.ref.send(e)
const gestures = {
  'hall.search.change': send, // typing in the search field
  'hall.search.clear': send, // the field's clear button
  'hall.filter': send, // a provider chip, the sort select
  'hall.reset': send, // the empty state's "show every game"
  'hall.locate': send, // back, forward, a link
  'hall.more': send, // "load more", or the grid's end scrolled into view
  'hall.retry': send, // "try again"
} satisfies GestureTable<HallEvent, Sut, Snapshot>

// One controllable serves both invokes: the last call is the one in flight.
const outcomeGestures = {
  ...settleGestures('loadGames', (sut: Sut) => sut.load),
  ...settleGestures('loadMore', (sut: Sut) => sut.load),
  ...keyed(SEARCH_PAUSE, (sut: Sut) => sut.clock.increment(SEARCH_DEBOUNCE_MS)),
} satisfies GestureTable<HallOutcome, Sut, Snapshot>

const isOutcome = (e: { type: string }): e is HallOutcome => e.type in hallOutcomes

function runs(s: Snapshot, e: HallOutcome): boolean {
  if (e.type === SEARCH_PAUSE) return s.matches('typing')
  const id = e.type.replace(/^xstate\.(done|error)\.actor\./, '') as keyof Snapshot['children']
  return s.children[id] !== undefined
}

const serializeState = (s: Snapshot) => JSON.stringify({ value: s.value, query: s.context.query, typed: s.context.typed, n: s.context.items.length, total: s.context.total, failure: s.context.failure?.type ?? null })

const ADDRESS_EVENTS = new Set(['hall.search.clear', 'hall.filter', 'hall.reset'])

function harnessFor(input: HallInput) {
  return new ModelHarness<typeof hallMachine, Sut, HallOutcome>({
    machine: hallMachine,
    input,
    events: (s) => [...fixtureEvents<HallEvent, Snapshot>(hallSamples, s), ...fixtureEvents<HallOutcome, Snapshot>(hallOutcomes, s)],
    filterEvents: (s, e) => (isOutcome(e) ? runs(s, e) : s.can(e)),
    serializeState,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeState(s)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      const last = sut.load.calls.at(-1)
      rule('reads the query shown', !('loadGames' in s.children) || (last !== undefined && sameHallQuery(last.query, s.context.query) && last.offset === 0))
      rule('reads the next page from the games read', !('loadMore' in s.children) || (last !== undefined && last.offset === s.context.items.length))
      rule('asks for a page of the page size', sut.load.calls.every((c) => c.count === PAGE))
      rule('never sends a search longer than the limit', sut.load.calls.every((c) => Array.from(c.query.text).length <= GAME_QUERY_MAX))
      rule('never reads past the last game', sut.load.calls.every((c) => c.offset === 0 || c.offset < HALL_SAMPLE_TOTAL))
      rule('a game is shown once', new Set(selectItems(s).map((g) => g.sysname)).size === selectItems(s).length)
      rule('more only while more games follow', !selectCanMore(s) || (s.context.total !== null && s.context.items.length < s.context.total))
      rule('skeletons only with nothing to show', selectHallView(s) !== 'loading' || selectItems(s).length === 0)
      rule('busy while a first page is read', selectBusy(s) === s.matches('loading'))
      rule('one read at a time', !(selectBusy(s) && selectLoadingMore(s)))
      rule('asks for the likes exactly when the favourites filter is on', sut.load.calls.every((c) => (hallParams(c.query, c.offset, c.count).options?.includes('favourites') ?? false) === (c.query.favourites === true)))
      rule('the toggle shows the query', selectFavouritesOn(s) === (s.context.query.favourites === true))
      rule('an empty favourites view says how to add some', !s.matches('empty') || (selectEmptyReason(s) === 'favourites') === (s.context.query.favourites === true))
      const written = sut.addresses.splice(0)
      const moved = from && event && (ADDRESS_EVENTS.has(event.type) || (event.type === SEARCH_PAUSE && from.context.query.text !== s.context.query.text))
      if (moved && !sameHallQuery(from.context.query, s.context.query)) rule('the address follows the player', written.length === 1 && sameHallQuery(written[0]!, s.context.query))
      else rule('nothing else writes the address', written.length === 0)
      if (from && event?.type === 'hall.search.change') rule('the field keeps what was typed', s.context.typed === event.text)
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'hallMachine',
  {
    'every game': harnessFor({ query: EMPTY_HALL_QUERY, pageSize: PAGE }),
    'a page the server rendered': harnessFor({ query: slotsQuery, pageSize: PAGE, initial: { query: slotsQuery, page: { items: [hallGame(0), hallGame(1)], total: HALL_SAMPLE_TOTAL } } }),
  },
  { minShortestPaths: 20, timeoutMs: 240_000, reach: 'together' },
)

describe('the games hall', () => {
  it('searches after a pause in typing, keeping the games on show, and appends the next page', async () => {
    const sut = startSut({ query: EMPTY_HALL_QUERY, pageSize: PAGE })
    recordCoverage(sut.ref)
    sut.load.resolve(hallPageFor(0, PAGE))
    await flush()
    expect(selectCanMore(sut.ref.getSnapshot())).toBe(true)
    sut.ref.send({ type: 'hall.search.change', text: 'a' })
    sut.clock.increment(SEARCH_DEBOUNCE_MS - 1)
    sut.ref.send({ type: 'hall.search.change', text: 'au' })
    sut.clock.increment(SEARCH_DEBOUNCE_MS - 1)
    sut.ref.send({ type: 'hall.search.change', text: 'auroa\u0000  lant' })
    expect(sut.load.calls).toHaveLength(1)
    sut.clock.increment(SEARCH_DEBOUNCE_MS)
    expect(sut.load.calls.at(-1)).toEqual({ query: { ...EMPTY_HALL_QUERY, text: 'auroa lant' }, offset: 0, count: PAGE })
    expect(sut.addresses.map((q) => q.text)).toEqual(['auroa lant'])
    // The games of the last query stay on show while the search is read.
    expect(selectHallView(sut.ref.getSnapshot())).toBe('games')
    sut.load.resolve(hallPageFor(0, PAGE))
    await flush()
    sut.ref.send({ type: 'hall.more' })
    expect(sut.load.calls.at(-1)).toMatchObject({ offset: 2 })
    sut.load.resolve(hallPageFor(2, PAGE))
    await flush()
    expect(selectItems(sut.ref.getSnapshot()).map((g) => g.sysname)).toEqual(['game-0', 'game-1', 'game-2', 'game-3'])
  })

  it('starts with the page the server rendered, without reading it again', () => {
    const sut = startSut({ query: slotsQuery, pageSize: PAGE, initial: { query: slotsQuery, page: { items: [hallGame(0)], total: 1 } } })
    expect(sut.ref.getSnapshot().matches('shown')).toBe(true)
    expect(sut.load.calls).toHaveLength(0)
    // A page rendered for another query (the address moved before hydration) is read again.
    const other = startSut({ query: EMPTY_HALL_QUERY, pageSize: PAGE, initial: { query: slotsQuery, page: { items: [hallGame(0)], total: 1 } } })
    expect(other.load.calls).toHaveLength(1)
  })

  it('starts empty from a page the server rendered with no game, and never shows skeletons for it', () => {
    const sut = startSut({ query: slotsQuery, pageSize: PAGE, initial: { query: slotsQuery, page: { items: [], total: 0 } } })
    recordCoverage(sut.ref)
    expect(sut.ref.getSnapshot().matches('empty')).toBe(true)
    expect(selectHallView(sut.ref.getSnapshot())).toBe('empty')
    expect(sut.load.calls).toHaveLength(0)
  })
})

describe('the favourites filter', () => {
  it('reads only the likes, writes ?favourites=1, and the reset or the toggle turns it off', async () => {
    const sut = startSut({ query: EMPTY_HALL_QUERY, pageSize: PAGE })
    sut.load.resolve(hallPageFor(0, PAGE))
    await flush()
    sut.ref.send({ type: 'hall.filter', change: { favourites: true } })
    expect(sut.load.calls.at(-1)!.query.favourites).toBe(true)
    expect(hallParams(sut.load.calls.at(-1)!.query, 0, PAGE)).toMatchObject({ options: ['favourites'] })
    expect(searchFromHallQuery(sut.addresses.at(-1)!).toString()).toBe('favourites=1')
    // No likes yet: the empty state is the favourites' own, with its way back to every game.
    sut.load.resolve(hallPageFor(0, PAGE, 0))
    await flush()
    const empty = sut.ref.getSnapshot()
    expect(selectHallView(empty)).toBe('empty')
    expect(selectEmptyReason(empty)).toBe('favourites')
    expect(selectFavouritesOn(empty)).toBe(true)
    sut.ref.send({ type: 'hall.reset' })
    expect(sut.load.calls.at(-1)!.query).toEqual(EMPTY_HALL_QUERY)
    expect(hallParams(sut.load.calls.at(-1)!.query, 0, PAGE)).not.toHaveProperty('options')
    expect(searchFromHallQuery(sut.addresses.at(-1)!).toString()).toBe('')
    sut.load.resolve(hallPageFor(0, PAGE))
    await flush()
    // On with a studio, then off by the toggle: the studio stays.
    sut.ref.send({ type: 'hall.filter', change: { favourites: true, providers: ['redfox'] } })
    sut.load.resolve(hallPageFor(0, PAGE, 1))
    await flush()
    sut.ref.send({ type: 'hall.filter', change: { favourites: false } })
    expect(sut.load.calls.at(-1)!.query).toMatchObject({ favourites: false, providers: ['redfox'] })
    expect(sut.load.calls).toHaveLength(5)
  })

  it('starts from a favourites page the server rendered for a player without reading it again', () => {
    const favourites: HallQuery = { ...EMPTY_HALL_QUERY, favourites: true }
    const sut = startSut({ query: favourites, pageSize: PAGE, initial: { query: favourites, page: { items: [hallGame(3)], total: 1 } } })
    expect(sut.ref.getSnapshot().matches('shown')).toBe(true)
    expect(sut.load.calls).toHaveLength(0)
    // A visitor's page: the server read their (empty) favourites, the hall shows them every game.
    const visitor = startSut({ query: hallQueryForViewer(favourites, false), pageSize: PAGE, initial: { query: favourites, page: { items: [], total: 0 } } })
    expect(visitor.load.calls).toEqual([{ query: { ...EMPTY_HALL_QUERY, favourites: false }, offset: 0, count: PAGE }])
  })
})

describe('the hall’s address', () => {
  it('reads what it knows and drops the rest, never failing', () => {
    const q = hallQueryFromSearch(new URLSearchParams('query=%20fox%00%20&providers=redfox,Bad Name,redfox&types=slot&types=nope&sort=drop table&order=desc&offset=abc&count=-1&favourites=yes'))
    expect(q).toEqual({ text: 'fox', category: null, providers: ['redfox'], types: ['slot'], sort: null, order: 'desc', favourites: false })
    expect(hallQueryFromSearch(new URLSearchParams('favourites=1')).favourites).toBe(true)
    for (const garbage of ['favourites=0', 'favourites=true', 'favourites=', 'favourites=%00']) expect(hallQueryFromSearch(new URLSearchParams(garbage)).favourites, garbage).toBe(false)
    expect(hallQueryFromSearch(new URLSearchParams('category=slots'), 'table').category).toBe('table')
    expect(hallQueryFromSearch(new URLSearchParams(`query=${'x'.repeat(10_000)}`)).text).toHaveLength(GAME_QUERY_MAX)
  })

  it('writes a query back as it reads it', () => {
    const q: HallQuery = { text: 'fox leap', category: 'fast', providers: ['redfox', 'northlight'], types: ['fast'], sort: 'popularity', order: 'desc', favourites: true }
    expect(hallQueryFromSearch(searchFromHallQuery(q))).toEqual(q)
    expect(searchFromHallQuery(q).get('favourites')).toBe('1')
    expect(searchFromHallQuery(q, { categoryInPath: true }).has('category')).toBe(false)
    expect(searchFromHallQuery(EMPTY_HALL_QUERY).toString()).toBe('')
  })

  it('keeps the favourites filter for a player only, and counts it as a filter', () => {
    const favourites: HallQuery = { ...EMPTY_HALL_QUERY, favourites: true, providers: ['redfox'] }
    expect(hallQueryForViewer(favourites, true)).toBe(favourites)
    expect(hallQueryForViewer(favourites, false)).toEqual({ ...favourites, favourites: false })
    expect(hasFilters({ ...EMPTY_HALL_QUERY, favourites: true })).toBe(true)
    // A query built without the field (a home rail's) is the same as one with it off.
    const { favourites: _, ...bare } = EMPTY_HALL_QUERY
    expect(sameHallQuery(bare, EMPTY_HALL_QUERY)).toBe(true)
    expect(sameHallQuery(bare, { ...EMPTY_HALL_QUERY, favourites: true })).toBe(false)
  })

  it('sends the search clean and whole: no control characters, no half emoji', () => {
    expect(normaliseSearch('  aurora\t\n lanterns ')).toBe('aurora lanterns')
    expect(normaliseSearch('\u202eevil\u200b')).toBe('evil')
    expect(Array.from(normaliseSearch('🦊'.repeat(150)))).toHaveLength(GAME_QUERY_MAX)
  })

  it('asks games/get for the card fields of one page', () => {
    expect(hallParams({ ...EMPTY_HALL_QUERY, text: 'fox', providers: ['redfox'] }, 24, 24)).toMatchObject({ offset: 24, count: 24, query: 'fox', providers: ['redfox'] })
    expect(hallParams(EMPTY_HALL_QUERY, 0, 24)).not.toHaveProperty('query')
    expect(mergePage([hallGame(0), hallGame(1)], [hallGame(1), hallGame(2)]).map((g) => g.sysname)).toEqual(['game-0', 'game-1', 'game-2'])
  })
})
