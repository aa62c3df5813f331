// Sample events of the sportsbook board, walked by its model test and listed in the flows registry.
import type { AnyMachineSnapshot } from 'xstate'
import type { SbEvent, SbEventSummary, SbMarket } from '../../../services/api/contract/sportsbook'
import { defineEntry, delayEvent, delaySamples, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import type { SbChange } from '../live.rules'
import { boardMachine } from './board.machine'
import { EMPTY_BOARD_QUERY } from './board.rules'
import type { BoardContext, BoardEvent, BoardLists, BoardQuery, LoadBoardResult } from './board.types'

export const sampleMarket = (eventId: string, key = 'match_result', price = 2000): SbMarket => ({
  id: `${eventId}1`,
  key,
  kind: key === 'match_result' ? 'match_result' : key.startsWith('total') ? 'total' : 'match_winner',
  line: key.startsWith('total:') ? Number(key.slice(6)) : null,
  status: 'open',
  outcomes: (key === 'match_result' ? ['home', 'draw', 'away'] : key.startsWith('total') ? ['over', 'under'] : ['home', 'away']).map((k, i) => ({ id: `${eventId}1${i}`, key: k, price: price + i * 500 })),
})

/** A football match, live (with a running clock) or to come. */
export const sampleEvent = (id: string, live: boolean): SbEventSummary => ({
  id,
  sport: 'football',
  league: { id: 'football-eng-1', name: 'Premier Division', country: 'gb' },
  home: { id: 'h', name: 'Northbridge Rovers' },
  away: { id: 'a', name: 'Castlemoor Athletic' },
  starts_at: '2026-11-27T12:00:00.000Z',
  status: live ? 'live' : 'scheduled',
  suspended: false,
  live: live ? { score: { home: 1, away: 0 }, period: 'first_half', seconds: 1200, running: true } : null,
  main: sampleMarket(id),
  markets_count: 7,
  version: 1,
})

export const sampleFullEvent = (id: string, live = true): SbEvent => ({ ...sampleEvent(id, live), markets: [sampleMarket(id), { ...sampleMarket(`${id}9`, 'total:2.5', 1800), id: `${id}2` }] })

export const sampleLists = (n: number): BoardLists => ({
  live: { events: Array.from({ length: n }, (_, i) => sampleEvent(String(i + 1), true)), total: n },
  upcoming: { events: Array.from({ length: n }, (_, i) => sampleEvent(String(i + 101), false)), total: n },
})

export const footballQuery: BoardQuery = { ...EMPTY_BOARD_QUERY, sport: 'football' }

const contextOf = (s: AnyMachineSnapshot) => s.context as BoardContext

/** A change of the first live event: its home price moved to `price`, newer (or as old) as shown. */
export function liveChange(s: { context: BoardContext }, price: number, stale = false): SbChange {
  const first = s.context.lists?.live?.events[0]
  const version = (first?.version ?? 1) + (stale ? 0 : 1)
  return { id: first?.id ?? '1', version, status: 'live', suspended: false, live: first?.live ?? null, prices: [{ id: `${first?.id ?? '1'}10`, market: 'match_result', outcome: 'home', price }], markets: [] }
}

export const boardSamples = {
  'board.search.change': (s: AnyMachineSnapshot) =>
    [
      { type: 'board.search.change', text: 'nortbridge' },
      { type: 'board.search.change', text: ` ${contextOf(s).query.text} ` },
    ] as const,
  'board.search.clear': [{ type: 'board.search.clear' }],
  'board.filter': [{ type: 'board.filter', change: { sport: 'football' } }],
  'board.locate': [{ type: 'board.locate', query: EMPTY_BOARD_QUERY }],
  'board.retry': [{ type: 'board.retry' }],
  // A price up (a price down follows from another walk), and a stale one that changes nothing.
  'board.live': (s: AnyMachineSnapshot) => [
    { type: 'board.live', changes: [liveChange(s as unknown as { context: BoardContext }, 2500)] },
    { type: 'board.live', changes: [liveChange(s as unknown as { context: BoardContext }, 1500, true)] },
  ],
} satisfies SampleTable<BoardEvent>

export const BOARD_SEARCH_PAUSE = delayEvent(boardMachine, 'searchDebounce').type
export const BOARD_FLASH_END = delayEvent(boardMachine, 'flash').type
export const BOARD_TICK = delayEvent(boardMachine, 'tick').type
const LOADED = doneEventType(boardMachine, 'loadBoard')
const FAILED = errorEventType(boardMachine, 'loadBoard')
export type BoardOutcome =
  | { type: typeof BOARD_SEARCH_PAUSE }
  | { type: typeof BOARD_FLASH_END }
  | { type: typeof BOARD_TICK }
  | { type: typeof LOADED; output: LoadBoardResult }
  | { type: typeof FAILED; error: unknown }

export const boardOutcomes = {
  ...delaySamples(BOARD_SEARCH_PAUSE),
  ...delaySamples(BOARD_FLASH_END),
  ...delaySamples(BOARD_TICK),
  [LOADED]: [
    { type: LOADED, output: { ok: true, lists: sampleLists(2) } },
    { type: LOADED, output: { ok: true, lists: sampleLists(0) } },
    { type: LOADED, output: { ok: false, error: { type: 'ApplicationUnavailableException' } } },
  ],
  [FAILED]: [{ type: FAILED, error: 'network down' }],
} satisfies SampleTable<BoardOutcome>

export const boardEntry = defineEntry<typeof boardMachine, BoardOutcome>({
  name: 'sportsbook-board',
  area: 'sportsbook',
  spec: '§2.1 /betting (docs/sportsbook.md): sportsbook/events, the public topic sb.live',
  description: 'The sportsbook board: sport, league, live/upcoming and a team search in the address, the first view server-rendered; live prices flash, suspended markets lock, clocks tick',
  machine: boardMachine,
  input: { query: EMPTY_BOARD_QUERY, pageSize: 2 },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: BoardContext }
    return JSON.stringify({ value, query: context.query, typed: context.typed, live: context.lists?.live?.events.length ?? null, flashes: Object.keys(context.flashes).length })
  },
  events: boardSamples,
  outcomes: boardOutcomes,
})
