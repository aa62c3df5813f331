// The sportsbook board (/betting; docs/machines.md#sportsbook-board): the games hall's shape (a query
// in the address, typing debounced, a server-rendered first view shown at once) with the live
// parts beside it as parallel regions: `sb.live` changes apply in every state, a moved price flashes
// for a moment, and the clocks tick each second between the feed's changes.
import { assign, assertEvent, emit, setup } from 'xstate'
import { followLive, loadBoard } from './board.actors'
import { applyToLists, EMPTY_BOARD_QUERY, listsEmpty, normaliseBoardSearch, sameBoardQuery, withBoardFilters } from './board.rules'
import { tickLive } from '../live.rules'
import {
  BOARD_ADDRESS_CHANGED,
  BOARD_PAGE_SIZE,
  BOARD_SEARCH_DEBOUNCE_MS,
  CLOCK_TICK_MS,
  PRICE_FLASH_MS,
  type BoardContext,
  type BoardEmitted,
  type BoardEvent,
  type BoardInput,
  type BoardLists,
  type BoardQuery,
  type LoadBoardResult,
} from './board.types'

export const BOARD_TAGS = {
  /** The lists are being read: skeletons, or the rows so far marked busy. */
  loading: 'board.loading',
} as const

type Done = { event: { output: LoadBoardResult } }
const result = ({ event }: Done) => ({ result: event.output })

const boardSetup = setup({
  types: {
    input: {} as BoardInput,
    context: {} as BoardContext,
    events: {} as BoardEvent,
    children: {} as { loadBoard: 'loadBoard'; followLive: 'followLive' },
    tags: {} as (typeof BOARD_TAGS)[keyof typeof BOARD_TAGS],
    emitted: {} as BoardEmitted,
  },
  actors: { loadBoard, followLive },
  delays: { searchDebounce: BOARD_SEARCH_DEBOUNCE_MS, flash: PRICE_FLASH_MS, tick: CLOCK_TICK_MS },
  actions: {
    /** Only the page holds the address: it writes the query the board now shows there. */
    syncAddress: emit((_, params: { query: BoardQuery }) => ({ type: BOARD_ADDRESS_CHANGED, query: params.query })),
    reportError: (_, params: { error: unknown }) => {
      console.error('boardMachine:', params.error)
    },
    assignTyped: assign(({ event }) => {
      assertEvent(event, 'board.search.change')
      return { typed: event.text }
    }),
    assignSearch: assign(({ context }) => ({ query: { ...context.query, text: normaliseBoardSearch(context.typed) }, failure: null })),
    clearSearch: assign(({ context }) => ({ typed: '', query: { ...context.query, text: '' }, failure: null })),
    assignFilters: assign(({ context, event }) => {
      assertEvent(event, 'board.filter')
      return { query: withBoardFilters(context.query, event.change), failure: null }
    }),
    assignLocated: assign(({ event }) => {
      assertEvent(event, 'board.locate')
      return { query: event.query, typed: event.query.text, failure: null }
    }),
    assignLists: assign((_, params: { result: LoadBoardResult }) => (params.result.ok ? { lists: params.result.lists, failure: null, flashes: {} } : {})),
    assignFailure: assign((_, params: { result: LoadBoardResult }) => (params.result.ok ? {} : { failure: params.result.error })),
    assignNetworkFailure: assign({ failure: { type: 'NetworkError' } }),
    dropInitial: assign({ initial: null }),
    /** Applies `sb.live`: stale changes are ignored, moved prices join the flashes. */
    applyLive: assign(({ context, event }) => {
      assertEvent(event, 'board.live')
      if (!context.lists) return {}
      const moved: Record<string, 'up' | 'down'> = {}
      const lists = applyToLists(context.lists, event.changes, moved)
      const dirs = Object.values(moved)
      if (dirs.length === 0) return { lists }
      return {
        lists,
        flashes: { ...context.flashes, ...moved },
        moves: { up: dirs.filter((d) => d === 'up').length, down: dirs.filter((d) => d === 'down').length },
      }
    }),
    clearFlashes: assign({ flashes: {} }),
    tickClocks: assign(({ context }) => {
      if (!context.lists) return {}
      // An event whose clock stands keeps its object, so its row is not drawn again.
      const next = (e: NonNullable<BoardLists['live']>['events'][number]) => {
        const live = e.status === 'live' ? tickLive(e.live, e.sport) : e.live
        return live === e.live ? e : { ...e, live }
      }
      const tick = (list: BoardLists['live']) => list && { ...list, events: list.events.map(next) }
      return { lists: { live: tick(context.lists.live), upcoming: context.lists.upcoming } }
    }),
  },
  guards: {
    hasInitial: ({ context }) => context.initial != null && sameBoardQuery(context.initial.query, context.query),
    initialEmpty: ({ context }) => listsEmpty(context.initial?.lists ?? null),
    searchChanges: ({ context }) => normaliseBoardSearch(context.typed) !== context.query.text,
    querySearches: ({ context }) => context.query.text !== '',
    typedOnly: ({ context }) => context.typed !== '',
    filterChanges: ({ context, event }) => {
      assertEvent(event, 'board.filter')
      return !sameBoardQuery(withBoardFilters(context.query, event.change), context.query)
    },
    otherQuery: ({ context, event }) => {
      assertEvent(event, 'board.locate')
      return !sameBoardQuery(event.query, context.query)
    },
    hasEvents: ({ context }) => context.lists !== null && !listsEmpty(context.lists),
    neverRead: ({ context }) => context.lists === null,
    failed: ({ context }) => context.failure !== null,
    hasFlashes: ({ context }) => Object.keys(context.flashes).length > 0,
    movesPrice: ({ context, event }) => {
      assertEvent(event, 'board.live')
      const moved: Record<string, 'up' | 'down'> = {}
      if (context.lists) applyToLists(context.lists, event.changes, moved)
      return Object.keys(moved).length > 0
    },
    events: (_, params: { result: LoadBoardResult }) => params.result.ok && !listsEmpty(params.result.lists),
    none: (_, params: { result: LoadBoardResult }) => params.result.ok,
  },
})

const sync = { type: 'syncAddress', params: ({ context }: { context: BoardContext }) => ({ query: context.query }) } as const

/** What every state of the lists answers the same way: a new query. */
const change = {
  'board.search.change': { target: '#board.list.typing', actions: 'assignTyped' },
  'board.search.clear': [
    { guard: 'querySearches', target: '#board.list.loading', reenter: true, actions: ['clearSearch', sync] },
    { guard: 'typedOnly', target: '#board.list.settled', actions: 'clearSearch' },
  ],
  'board.filter': { guard: 'filterChanges', target: '#board.list.loading', reenter: true, actions: ['assignFilters', sync] },
  'board.locate': { guard: 'otherQuery', target: '#board.list.loading', reenter: true, actions: 'assignLocated' },
} as const

export const boardMachine = boardSetup.createMachine({
  id: 'board',
  context: ({ input }) => {
    const initial = input.initial && sameBoardQuery(input.initial.query, input.query) ? input.initial : null
    return {
      query: input.query,
      typed: input.query.text,
      pageSize: input.pageSize ?? BOARD_PAGE_SIZE,
      lists: initial?.lists ?? null,
      failure: null,
      initial,
      flashes: {},
      moves: { up: 0, down: 0 },
    }
  },
  type: 'parallel',
  // The board listens from its first moment: a change during a read is applied to the lists shown.
  invoke: { id: 'followLive', src: 'followLive' },
  states: {
    list: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            { guard: 'initialEmpty', target: 'empty', actions: 'dropInitial' },
            { guard: 'hasInitial', target: 'shown', actions: 'dropInitial' },
            { target: 'loading', actions: 'dropInitial' },
          ],
        },
        loading: {
          tags: BOARD_TAGS.loading,
          on: change,
          invoke: {
            id: 'loadBoard',
            src: 'loadBoard',
            input: ({ context }) => ({ query: context.query, count: context.pageSize }),
            onDone: [
              { guard: { type: 'events', params: result }, target: 'shown', actions: { type: 'assignLists', params: result } },
              { guard: { type: 'none', params: result }, target: 'empty', actions: { type: 'assignLists', params: result } },
              { target: 'loadFailed', actions: { type: 'assignFailure', params: result } },
            ],
            onError: { target: 'loadFailed', actions: ['assignNetworkFailure', { type: 'reportError', params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        /** Typing: the search waits for a pause; the rows shown stay. */
        typing: {
          on: { ...change, 'board.search.change': { target: 'typing', reenter: true, actions: 'assignTyped' } },
          after: {
            searchDebounce: [{ guard: 'searchChanges', target: 'loading', actions: ['assignSearch', sync] }, { target: 'settled' }],
          },
        },
        /** The typed text came back to the query shown. */
        settled: {
          always: [{ guard: 'neverRead', target: 'loading' }, { guard: 'failed', target: 'loadFailed' }, { guard: 'hasEvents', target: 'shown' }, { target: 'empty' }],
        },
        shown: { on: change },
        /** Nothing for the query: the page offers the way out (upcoming events, every sport). */
        empty: { on: change },
        loadFailed: { on: { ...change, 'board.retry': 'loading' } },
      },
    },
    /** A moved price shows its direction for a moment; a later move keeps it on. */
    flash: {
      initial: 'calm',
      on: { 'board.live': { actions: 'applyLive' } },
      states: {
        calm: { always: { guard: 'hasFlashes', target: 'flashing' } },
        flashing: {
          // Only a change that moves a price keeps the arrows on: the feed sends scores and clocks
          // every second, and each restarting the timer left an arrow on for as long as a match ran.
          on: { 'board.live': [{ guard: 'movesPrice', target: 'flashing', reenter: true, actions: 'applyLive' }, { actions: 'applyLive' }] },
          after: { flash: { target: 'calm', actions: 'clearFlashes' } },
        },
      },
    },
    /** The clocks of live events between the feed's changes. */
    clock: {
      initial: 'ticking',
      states: { ticking: { after: { tick: { target: 'ticking', reenter: true, actions: 'tickClocks' } } } },
    },
  },
})

export type BoardMachine = typeof boardMachine
export { EMPTY_BOARD_QUERY }
