// The games hall (/gamehall, /gamehall/{id}; docs/machines.md#games-hall): the query lives in the
// address; every new query goes through `loading` and shows its first page, "more" appends the
// next one. Typing searches after a pause; a page the server rendered starts shown. The favourites
// filter is one more part of the query, so it needs no state of its own.
import { and, assign, assertEvent, emit, setup } from 'xstate'
import { loadGames } from './hall.actors'
import { EMPTY_HALL_QUERY, hasMore, mergePage, normaliseSearch, sameHallQuery, withFilters } from './hall.rules'
import { HALL_ADDRESS_CHANGED, HALL_PAGE_SIZE, SEARCH_DEBOUNCE_MS, type HallActionParams, type HallContext, type HallEmitted, type HallEvent, type HallInput, type HallQuery, type LoadGamesResult } from './hall.types'

export const HALL_TAGS = {
  /** A first page is being read: the grid shows skeletons, or the games so far marked busy. */
  loading: 'loading.games',
  loadingMore: 'loading.more',
} as const

type Done = { event: { output: LoadGamesResult } }
const result = ({ event }: Done) => ({ result: event.output })

const hallSetup = setup({
  types: {
    input: {} as HallInput,
    context: {} as HallContext,
    events: {} as HallEvent,
    children: {} as { loadGames: 'loadGames'; loadMore: 'loadGames' },
    tags: {} as (typeof HALL_TAGS)[keyof typeof HALL_TAGS],
    emitted: {} as HallEmitted,
  },
  actors: { loadGames },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  actions: {
    /** Only the page holds the address: it writes the query the flow now shows there. */
    syncAddress: emit((_, params: HallActionParams['syncAddress']) => ({ type: HALL_ADDRESS_CHANGED, query: params.query })),
    reportError: (_, params: HallActionParams['reportError']) => {
      console.error('hallMachine:', params.error)
    },
    assignTyped: assign(({ event }) => {
      assertEvent(event, 'hall.search.change')
      return { typed: event.text }
    }),
    /** The typed search becomes the query; the games read so far stay on show until the new ones come. */
    assignSearch: assign(({ context }) => ({ query: { ...context.query, text: normaliseSearch(context.typed) }, failure: null })),
    clearSearch: assign(({ context }) => ({ typed: '', query: { ...context.query, text: '' }, failure: null })),
    assignFilters: assign(({ context, event }) => {
      assertEvent(event, 'hall.filter')
      return { query: withFilters(context.query, event.change), failure: null }
    }),
    reset: assign(({ context }) => ({ typed: '', query: { ...EMPTY_HALL_QUERY, category: context.query.category }, failure: null })),
    assignLocated: assign(({ event }) => {
      assertEvent(event, 'hall.locate')
      return { query: event.query, typed: event.query.text, failure: null }
    }),
    assignFirstPage: assign((_, params: { result: LoadGamesResult }) => (params.result.ok ? { items: params.result.page.items, total: params.result.page.total, failure: null } : {})),
    assignMore: assign(({ context }, params: { result: LoadGamesResult }) =>
      params.result.ok ? { items: mergePage(context.items, params.result.page.items), total: params.result.page.total, failure: null } : {},
    ),
    assignFailure: assign((_, params: { result: LoadGamesResult }) => (params.result.ok ? {} : { failure: params.result.error })),
    assignNetworkFailure: assign({ failure: { type: 'NetworkError' } }),
    dropInitial: assign({ initial: null }),
  },
  guards: {
    /** The server rendered this query's first page. */
    hasInitial: ({ context }) => context.initial != null && sameHallQuery(context.initial.query, context.query),
    initialHasGames: ({ context }) => (context.initial?.page.items.length ?? 0) > 0,
    /** The typed search reads as another query than the one shown. */
    searchChanges: ({ context }) => normaliseSearch(context.typed) !== context.query.text,
    querySearches: ({ context }) => context.query.text !== '',
    typedOnly: ({ context }) => context.typed !== '',
    filterChanges: ({ context, event }) => {
      assertEvent(event, 'hall.filter')
      return !sameHallQuery(withFilters(context.query, event.change), context.query)
    },
    canReset: ({ context }) => !sameHallQuery(context.query, { ...EMPTY_HALL_QUERY, category: context.query.category }),
    otherQuery: ({ context, event }) => {
      assertEvent(event, 'hall.locate')
      return !sameHallQuery(event.query, context.query)
    },
    hasMore: ({ context }) => hasMore(context.items, context.total),
    hasGames: ({ context }) => context.items.length > 0,
    firstPageFailed: ({ context }) => context.total === null && context.failure !== null,
    neverRead: ({ context }) => context.total === null,
    games: (_, params: { result: LoadGamesResult }) => params.result.ok && params.result.page.items.length > 0,
    none: (_, params: { result: LoadGamesResult }) => params.result.ok,
  },
})

const sync = { type: 'syncAddress', params: ({ context }: { context: HallContext }) => ({ query: context.query }) } as const

/** What every state but `loading more` answers the same way: a new query. */
const change = {
  'hall.search.change': { target: '#hall.typing', actions: 'assignTyped' },
  'hall.search.clear': [
    { guard: 'querySearches', target: '#hall.loading', reenter: true, actions: ['clearSearch', sync] },
    // Only typed, never sent: the field empties and the games shown stay.
    { guard: 'typedOnly', target: '#hall.settled', actions: 'clearSearch' },
  ],
  'hall.filter': { guard: 'filterChanges', target: '#hall.loading', reenter: true, actions: ['assignFilters', sync] },
  'hall.reset': { guard: 'canReset', target: '#hall.loading', reenter: true, actions: ['reset', sync] },
  'hall.locate': { guard: 'otherQuery', target: '#hall.loading', reenter: true, actions: 'assignLocated' },
} as const

export const hallMachine = hallSetup.createMachine({
  id: 'hall',
  context: ({ input }) => ({
    query: input.query,
    typed: input.query.text,
    pageSize: input.pageSize ?? HALL_PAGE_SIZE,
    items: input.initial && sameHallQuery(input.initial.query, input.query) ? input.initial.page.items : [],
    total: input.initial && sameHallQuery(input.initial.query, input.query) ? input.initial.page.total : null,
    failure: null,
    initial: input.initial ?? null,
  }),
  initial: 'deciding',
  states: {
    // A page the server rendered is already on show: hydration reads nothing again.
    deciding: {
      always: [
        { guard: and(['hasInitial', 'initialHasGames']), target: 'shown', actions: 'dropInitial' },
        // Rendered with no game (an unfilled category, a link to a search that finds nothing): `shown` would draw skeletons for ever.
        { guard: 'hasInitial', target: 'empty', actions: 'dropInitial' },
        { target: 'loading', actions: 'dropInitial' },
      ],
    },
    loading: {
      tags: HALL_TAGS.loading,
      on: change,
      invoke: {
        id: 'loadGames',
        src: 'loadGames',
        input: ({ context }) => ({ query: context.query, offset: 0, count: context.pageSize }),
        onDone: [
          { guard: { type: 'games', params: result }, target: 'shown', actions: { type: 'assignFirstPage', params: result } },
          { guard: { type: 'none', params: result }, target: 'empty', actions: { type: 'assignFirstPage', params: result } },
          { target: 'loadFailed', actions: { type: 'assignFailure', params: result } },
        ],
        onError: { target: 'loadFailed', actions: ['assignNetworkFailure', { type: 'reportError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    /** Typing: the query waits for a pause; the games shown stay. */
    typing: {
      on: { ...change, 'hall.search.change': { target: 'typing', reenter: true, actions: 'assignTyped' } },
      after: {
        searchDebounce: [
          { guard: 'searchChanges', target: 'loading', actions: ['assignSearch', sync] },
          { target: 'settled' },
        ],
      },
    },
    /** The typed text came back to the query shown: back to how the query stood. */
    settled: {
      always: [
        { guard: 'hasGames', target: 'shown' },
        { guard: 'firstPageFailed', target: 'loadFailed' },
        { guard: 'neverRead', target: 'loading' },
        { target: 'empty' },
      ],
    },
    shown: {
      initial: 'idle',
      on: change,
      states: {
        idle: { on: { 'hall.more': { guard: 'hasMore', target: 'loadingMore' } } },
        loadingMore: {
          tags: HALL_TAGS.loadingMore,
          invoke: {
            id: 'loadMore',
            src: 'loadGames',
            input: ({ context }) => ({ query: context.query, offset: context.items.length, count: context.pageSize }),
            onDone: [
              { guard: { type: 'none', params: result }, target: 'idle', actions: { type: 'assignMore', params: result } },
              { target: 'moreFailed', actions: { type: 'assignFailure', params: result } },
            ],
            onError: { target: 'moreFailed', actions: ['assignNetworkFailure', { type: 'reportError', params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        /** The next page failed: the games read stay, "try again" reads it again. */
        moreFailed: { on: { 'hall.retry': 'loadingMore', 'hall.more': 'loadingMore' } },
      },
    },
    /** No game for the query: the page offers the way out (clear the search, the filters). */
    empty: { on: change },
    loadFailed: { on: { ...change, 'hall.retry': 'loading' } },
  },
})

export type HallMachine = typeof hallMachine
export type { HallQuery }
