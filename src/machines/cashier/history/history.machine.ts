// The transaction history (/cashier/history; SPEC §7 gethistory, §4 loading flag 'history'). Every change of
// what is shown goes through `loading`, and the query lives in the address too (docs/machines.md#history).
import { assign, assertEvent, emit, setup } from 'xstate'
import { loadHistory } from './history.actors'
import { draftOf, hasNextPage, hasPreviousPage, isValidRange, nextOffset, previousOffset, readDraft, sameQuery, searchFromHistoryQuery, withoutError } from './history.rules'
import {
  HISTORY_ADDRESS_CHANGED,
  HISTORY_PAGE_SIZE,
  type HistoryActionParams,
  type HistoryContext,
  type HistoryEmitted,
  type HistoryEvent,
  type HistoryInput,
  type HistoryQuery,
  type LoadHistoryResult,
} from './history.types'
import type { CASHIER_ERROR_CODE } from '../../../services/api/contract/cashier'

/** The contract's CASHIER_ERROR_CODE.invalidDateRange (a machine imports only types from services). */
const INVALID_DATE_RANGE = 'invalid_date_range' satisfies typeof CASHIER_ERROR_CODE.invalidDateRange

export const HISTORY_TAGS = {
  /** SPEC §4 cashier loading flag 'history'. */
  loadingHistory: 'loading.history',
} as const

type Done = { event: { output: LoadHistoryResult } }
const result = ({ event }: Done) => ({ result: event.output })

const historySetup = setup({
  types: {
    input: {} as HistoryInput,
    context: {} as HistoryContext,
    events: {} as HistoryEvent,
    children: {} as { loadHistory: 'loadHistory' },
    tags: {} as (typeof HISTORY_TAGS)[keyof typeof HISTORY_TAGS],
    emitted: {} as HistoryEmitted,
  },
  actors: { loadHistory },
  actions: {
    /** Only the page holds the address: it writes what the flow now shows there. */
    syncAddress: emit((_, params: HistoryActionParams['syncAddress']) => ({ type: HISTORY_ADDRESS_CHANGED, search: searchFromHistoryQuery(params.query).toString() })),
    reportError: (_, params: HistoryActionParams['reportError']) => {
      console.error('historyMachine:', params.error)
    },
    assignType: assign(({ context, event }) => {
      assertEvent(event, 'history.type.change')
      return { draft: { ...context.draft, type: event.value } }
    }),
    assignDate: assign(({ context, event }) => {
      assertEvent(event, 'history.date.change')
      return { draft: { ...context.draft, [event.field]: event.value }, draftErrors: withoutError(context.draftErrors, event.field) }
    }),
    assignDraftErrors: assign(({ context }) => {
      const read = readDraft(context.draft)
      return read.ok ? {} : { draftErrors: read.errors }
    }),
    assignFilters: assign(({ context }) => {
      const read = readDraft(context.draft)
      if (!read.ok) throw new Error('historyMachine: assignFilters on a draft that does not read')
      // The form shows what was read, as the site writes it (31012026 becomes 31.01.2026).
      return { query: { ...read.filters, offset: 0 }, page: null, failure: null, draft: draftOf(read.filters), draftErrors: {} }
    }),
    assignLocated: assign(({ context, event }) => {
      assertEvent(event, 'history.locate')
      const sameFilters = event.query.type === context.query.type && event.query.dateFrom === context.query.dateFrom && event.query.dateTo === context.query.dateTo
      return { query: event.query, page: sameFilters ? context.page : null, failure: null, draft: draftOf(event.query), draftErrors: {} }
    }),
    assignNext: assign(({ context }) => ({ query: { ...context.query, offset: nextOffset(context.query, context.pageSize) } })),
    assignPrevious: assign(({ context }) => ({ query: { ...context.query, offset: previousOffset(context.query, context.pageSize) } })),
    assignPage: assign((_, params: { result: LoadHistoryResult }) => (params.result.ok ? { page: params.result.page, failure: null } : {})),
    assignFailure: assign((_, params: { result: LoadHistoryResult }) => (params.result.ok ? {} : { failure: params.result.error, page: null })),
    clearPage: assign({ page: null }),
  },
  guards: {
    draftUnreadable: ({ context }) => !readDraft(context.draft).ok,
    validRange: ({ context }) => {
      const read = readDraft(context.draft)
      return read.ok && isValidRange(read.filters)
    },
    otherQuery: ({ context, event }) => {
      assertEvent(event, 'history.locate')
      return !sameQuery(context.query, event.query)
    },
    hasNext: ({ context }) => hasNextPage(context.page),
    hasPrevious: ({ context }) => hasPreviousPage(context.query),
    rows: (_, params: { result: LoadHistoryResult }) => params.result.ok && params.result.page.items.length > 0,
    none: (_, params: { result: LoadHistoryResult }) => params.result.ok,
    rangeRefused: (_, params: { result: LoadHistoryResult }) => !params.result.ok && params.result.error.code === INVALID_DATE_RANGE,
  },
})

const sync = { type: 'syncAddress', params: ({ context }: { context: HistoryContext }) => ({ query: context.query }) } as const

/** What every resting state answers: new filters, and the address moving. */
const change = {
  'history.filter': [
    { guard: 'draftUnreadable', actions: 'assignDraftErrors' },
    { guard: 'validRange', target: '#history.loading', reenter: true, actions: ['assignFilters', sync] },
    { target: '#history.invalidRange', actions: ['assignFilters', sync] },
  ],
  'history.locate': [
    { guard: 'otherQuery', target: '#history.loading', reenter: true, actions: 'assignLocated' },
  ],
} as const

export const historyMachine = historySetup.createMachine({
  id: 'history',
  context: ({ input }) => ({ query: input.query, pageSize: input.pageSize ?? HISTORY_PAGE_SIZE, page: null, failure: null, draft: draftOf(input.query), draftErrors: {} }),
  initial: 'loading',
  on: {
    'history.type.change': { actions: 'assignType' },
    'history.date.change': { actions: 'assignDate' },
  },
  states: {
    loading: {
      tags: HISTORY_TAGS.loadingHistory,
      on: change,
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        input: ({ context }) => ({ query: context.query, count: context.pageSize }),
        onDone: [
          { guard: { type: 'rows', params: result }, target: 'shown', actions: { type: 'assignPage', params: result } },
          { guard: { type: 'none', params: result }, target: 'empty', actions: { type: 'assignPage', params: result } },
          { guard: { type: 'rangeRefused', params: result }, target: 'invalidRange', actions: { type: 'assignFailure', params: result } },
          { target: 'loadFailed', actions: { type: 'assignFailure', params: result } },
        ],
        onError: { target: 'loadFailed', actions: ['clearPage', { type: 'reportError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    shown: {
      on: {
        ...change,
        'history.next': { guard: 'hasNext', target: 'loading', actions: ['assignNext', sync] },
        'history.prev': { guard: 'hasPrevious', target: 'loading', actions: ['assignPrevious', sync] },
      },
    },
    /** No rows for these filters (or past the last page, from an old address). */
    empty: {
      on: {
        ...change,
        'history.prev': { guard: 'hasPrevious', target: 'loading', actions: ['assignPrevious', sync] },
      },
    },
    invalidRange: { on: change },
    loadFailed: {
      on: { ...change, 'history.retry': 'loading' },
    },
  },
})

export type HistoryMachine = typeof historyMachine
export type { HistoryQuery }
