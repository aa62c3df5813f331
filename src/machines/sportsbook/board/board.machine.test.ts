import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock, type SnapshotFrom } from 'xstate'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { keyed } from '../../flow-entry'
import { BOARD_TAGS, boardMachine } from './board.machine'
import { boardParams } from './board.actors'
import { boardQueryFromSearch, EMPTY_BOARD_QUERY, listsEmpty, sameBoardQuery, searchFromBoardQuery, withBoardFilters } from './board.rules'
import { BOARD_FLASH_END, BOARD_SEARCH_PAUSE, BOARD_TICK, boardOutcomes, boardSamples, footballQuery, liveChange, sampleLists, type BoardOutcome } from './board.samples'
import { selectBoardView, selectFlashes, selectLive, selectMoves } from './board.selectors'
import { BOARD_SEARCH_DEBOUNCE_MS, CLOCK_TICK_MS, PRICE_FLASH_MS, type BoardEvent, type BoardInput, type BoardQuery, type LoadBoardInput, type LoadBoardResult } from './board.types'
import { parseLiveMessage } from '../live.rules'

type Snapshot = SnapshotFrom<typeof boardMachine>
const PAGE = 2

function startSut(input: BoardInput) {
  const load = controllable<LoadBoardInput, LoadBoardResult>()
  const addresses: BoardQuery[] = []
  const clock = new SimulatedClock()
  const ref = createActor(
    boardMachine.provide({
      actors: { loadBoard: load.actor, followLive: fromCallback(() => () => {}) },
      actions: { syncAddress: (_, { query }) => void addresses.push(query), reportError: () => {} },
    }),
    { input, clock },
  ).start()
  return { ref, load, addresses, clock }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, e: BoardEvent) => sut.ref.send(e)
const gestures = {
  'board.search.change': send, // typing a team's name
  'board.search.clear': send, // the field's clear button
  'board.filter': send, // a sport in the navigation, a league, live/upcoming
  'board.locate': send, // back, forward, a link
  'board.retry': send, // "try again"
  'board.live': send, // a message on sb.live
} satisfies GestureTable<BoardEvent, Sut, Snapshot>

const outcomeGestures = {
  ...settleGestures('loadBoard', (sut: Sut) => sut.load),
  ...keyed(BOARD_SEARCH_PAUSE, (sut: Sut) => sut.clock.increment(BOARD_SEARCH_DEBOUNCE_MS)),
  ...keyed(BOARD_FLASH_END, (sut: Sut) => sut.clock.increment(PRICE_FLASH_MS)),
  ...keyed(BOARD_TICK, (sut: Sut) => sut.clock.increment(CLOCK_TICK_MS)),
} satisfies GestureTable<BoardOutcome, Sut, Snapshot>

const isOutcome = (e: { type: string }): e is BoardOutcome => e.type in boardOutcomes

function runs(s: Snapshot, e: BoardOutcome): boolean {
  if (e.type === BOARD_SEARCH_PAUSE) return s.matches({ list: 'typing' })
  // A simulated clock moves every timer: a flash ending or a tick while typing would also end the pause.
  if (e.type === BOARD_FLASH_END) return s.matches({ flash: 'flashing' }) && !s.matches({ list: 'typing' })
  // The clock ticks for ever; walking it from a state or two is enough (and the flash's timer is shorter).
  if (e.type === BOARD_TICK) return s.matches({ list: 'shown', flash: 'calm' })
  return 'loadBoard' in s.children
}

const serializeState = (s: Snapshot) => JSON.stringify({ value: s.value, query: s.context.query, typed: s.context.typed, live: s.context.lists?.live?.events.length ?? null, flashes: Object.keys(s.context.flashes).length, failure: s.context.failure?.type ?? null })

function harnessFor(input: BoardInput) {
  return new ModelHarness<typeof boardMachine, Sut, BoardOutcome>({
    machine: boardMachine,
    input,
    events: (s) => [...fixtureEvents<BoardEvent, Snapshot>(boardSamples, s), ...fixtureEvents<BoardOutcome, Snapshot>(boardOutcomes, s)],
    filterEvents: (s, e) => (isOutcome(e) ? runs(s, e) : s.can(e)),
    serializeState,
    // One simulated clock moves every timer of the SUT at once: a run must start afresh per edge.
    chain: false,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeState(s)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      const last = sut.load.calls.at(-1)
      rule('reads the query shown', !('loadBoard' in s.children) || (last !== undefined && sameBoardQuery(last.query, s.context.query)))
      rule('skeletons only with nothing to show', selectBoardView(s) !== 'loading' || s.context.lists === null || listsEmpty(s.context.lists))
      rule('no stale "no events" while the next query is read', !(selectBoardView(s) === 'lists' && s.hasTag(BOARD_TAGS.loading) && listsEmpty(s.context.lists)))
      rule('a flash only while flashing', s.matches({ flash: 'flashing' }) || Object.keys(selectFlashes(s)).length === 0)
      rule('announces moves only while they show', (selectMoves(s) !== null) === s.matches({ flash: 'flashing' }))
      if (from && event?.type === 'board.live' && event.changes[0]?.version === from.context.lists?.live?.events[0]?.version) rule('a stale change is ignored', JSON.stringify(from.context.lists) === JSON.stringify(s.context.lists))
      const written = sut.addresses.splice(0)
      const moved = from && event && (['board.search.clear', 'board.filter'].includes(event.type) || (event.type === BOARD_SEARCH_PAUSE && from.context.query.text !== s.context.query.text))
      if (moved && !sameBoardQuery(from.context.query, s.context.query)) rule('the address follows the player', written.length === 1 && sameBoardQuery(written[0]!, s.context.query))
      else rule('nothing else writes the address', written.length === 0)
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'boardMachine',
  {
    'every sport': harnessFor({ query: EMPTY_BOARD_QUERY, pageSize: PAGE }),
    'a board the server rendered': harnessFor({ query: footballQuery, pageSize: PAGE, initial: { query: footballQuery, lists: sampleLists(2) } }),
    'an empty board the server rendered': harnessFor({ query: footballQuery, pageSize: PAGE, initial: { query: footballQuery, lists: sampleLists(0) } }),
  },
  { minShortestPaths: 10, timeoutMs: 240_000, reach: 'together' },
)

describe('the sportsbook board', () => {
  it('reads garbage in the address as no filter, never an error', () => {
    expect(boardQueryFromSearch(new URLSearchParams('sport=curling&league=<x>&status=soon&query=%00%00'))).toEqual(EMPTY_BOARD_QUERY)
    expect(boardQueryFromSearch(new URLSearchParams('sport=tennis&league=football-eng-1'))).toEqual({ ...EMPTY_BOARD_QUERY, sport: 'tennis' })
    const q = { sport: 'ice_hockey', league: 'ice-hockey-swe-1', status: 'live', text: 'rovers' } as const
    expect(boardQueryFromSearch(searchFromBoardQuery(q))).toEqual(q)
    expect(boardParams(q, 'live', 10)).toEqual({ status: 'live', count: 10, sport: 'ice_hockey', league: 'ice-hockey-swe-1', query: 'rovers' })
  })

  it('drops the league when the sport changes', () => {
    expect(withBoardFilters({ ...EMPTY_BOARD_QUERY, sport: 'football', league: 'football-eng-1' }, { sport: 'tennis' }).league).toBeNull()
  })

  it('applies a newer price with its direction, ignores an older one, and ticks a football clock up', async () => {
    const sut = startSut({ query: EMPTY_BOARD_QUERY, pageSize: PAGE })
    sut.load.resolve({ ok: true, lists: sampleLists(1) })
    await flush()
    const first = () => selectLive(sut.ref.getSnapshot())!.events[0]!
    sut.ref.send({ type: 'board.live', changes: [liveChange(sut.ref.getSnapshot(), 2500)] })
    expect(first().main!.outcomes[0]!.price).toBe(2500)
    expect(selectFlashes(sut.ref.getSnapshot())).toEqual({ '110': 'up' })
    sut.ref.send({ type: 'board.live', changes: [liveChange(sut.ref.getSnapshot(), 1200, true)] })
    expect(first().main!.outcomes[0]!.price).toBe(2500)
    const seconds = first().live!.seconds!
    sut.clock.increment(CLOCK_TICK_MS)
    expect(first().live!.seconds).toBe(seconds + 1)
    sut.clock.increment(PRICE_FLASH_MS)
    expect(selectFlashes(sut.ref.getSnapshot())).toEqual({})
  })

  it('keeps a price’s arrow for its moment only: a change that moves no price does not extend it', async () => {
    const sut = startSut({ query: EMPTY_BOARD_QUERY, pageSize: PAGE })
    sut.load.resolve({ ok: true, lists: sampleLists(1) })
    await flush()
    sut.ref.send({ type: 'board.live', changes: [liveChange(sut.ref.getSnapshot(), 2500)] })
    expect(selectFlashes(sut.ref.getSnapshot())).toEqual({ '110': 'up' })
    sut.clock.increment(PRICE_FLASH_MS / 2)
    // The same price again, as the feed sends with each score or clock change.
    sut.ref.send({ type: 'board.live', changes: [liveChange(sut.ref.getSnapshot(), 2500)] })
    sut.clock.increment(PRICE_FLASH_MS / 2)
    expect(selectFlashes(sut.ref.getSnapshot())).toEqual({})
    expect(sut.ref.getSnapshot().matches({ flash: 'calm' })).toBe(true)
    // A real move starts the arrow again, for its whole moment.
    sut.ref.send({ type: 'board.live', changes: [liveChange(sut.ref.getSnapshot(), 2100)] })
    expect(selectFlashes(sut.ref.getSnapshot())).toEqual({ '110': 'down' })
  })

  it('keeps an ended event in its place with its prices locked, and parses only well-formed messages', async () => {
    const sut = startSut({ query: EMPTY_BOARD_QUERY, pageSize: PAGE })
    sut.load.resolve({ ok: true, lists: sampleLists(2) })
    await flush()
    const [change] = parseLiveMessage({ events: [{ id: '1', status: 'ended', suspended: true, live: null, prices: [], markets: [] }, { id: 5 }] })
    sut.ref.send({ type: 'board.live', changes: [change!] })
    const live = selectLive(sut.ref.getSnapshot())!
    // A row taken out would move every row below it while the player reads or taps them.
    expect(live.events.map((e) => [e.id, e.status])).toEqual([['1', 'ended'], ['2', 'live']])
    expect(live.total).toBe(2)
    expect(live.events[0]!.main?.status).toBe('suspended')
    expect(live.events[0]!.live).toEqual(sampleLists(2).live!.events[0]!.live)
  })
})
