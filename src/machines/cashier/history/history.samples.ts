// Sample events of the transaction history, walked by its model test and listed in the flows registry.
import type { AnyMachineSnapshot } from 'xstate'
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { cashierFailure, cashierUnavailable } from '../cashier.samples'
import { historyMachine } from './history.machine'
import type { HistoryContext, HistoryEvent, HistoryItem, HistoryQuery, LoadHistoryResult } from './history.types'

/** Rows the sample server holds for every query. */
export const HISTORY_SAMPLE_TOTAL = 5
/** The first page of everything. */
export const firstHistoryPage: HistoryQuery = { type: null, dateFrom: null, dateTo: null, offset: 0 }

export const historyItem = (n: number): HistoryItem => ({
  id: `tx_${n}`,
  type: 'deposit',
  status: 'success',
  amount: { amount: '10.00', currency: 'EUR' },
  created_at: '2026-11-22T10:00:00Z',
  method: { sysname: 'card', name: 'Card' },
  title: null,
})

/** The page the server answers for the query being read: up to `count` of the total rows. */
export const historyPageFor = (offset: number, count: number): LoadHistoryResult => ({
  ok: true,
  page: {
    items: Array.from({ length: Math.max(0, Math.min(count, HISTORY_SAMPLE_TOTAL - offset)) }, (_, i) => historyItem(offset + i)),
    total: HISTORY_SAMPLE_TOTAL,
    offset,
  },
})

const contextOf = (s: AnyMachineSnapshot) => s.context as HistoryContext
const resting = (s: AnyMachineSnapshot) => !s.matches('loading')

export const historySamples = {
  // Edits where the form rests, and only those that change it: a repeated keystroke is the same state.
  'history.type.change': (s: AnyMachineSnapshot) =>
    resting(s) && contextOf(s).draft.type !== 'withdrawal' ? [{ type: 'history.type.change', value: 'withdrawal' } as const] : [],
  // A day as the site writes it, a start after that end, and a date in the browser's US order.
  'history.date.change': (s: AnyMachineSnapshot) =>
    resting(s)
      ? (
          [
            { type: 'history.date.change', field: 'dateFrom', value: '01.02.2026' },
            { type: 'history.date.change', field: 'dateTo', value: '01.01.2026' },
            { type: 'history.date.change', field: 'dateFrom', value: '02/01/2026' },
          ] as const
        ).filter((e) => contextOf(s).draft[e.field] !== e.value)
      : [],
  'history.filter': [{ type: 'history.filter' }],
  'history.next': [{ type: 'history.next' }],
  'history.prev': [{ type: 'history.prev' }],
  // Back to the first page of everything, and forward to a later page of it.
  'history.locate': [
    { type: 'history.locate', query: firstHistoryPage },
    { type: 'history.locate', query: { ...firstHistoryPage, offset: 4 } },
  ],
  'history.retry': [{ type: 'history.retry' }],
} satisfies SampleTable<HistoryEvent>

const LOADED = doneEventType(historyMachine, 'loadHistory')
const FAILED = errorEventType(historyMachine, 'loadHistory')
export type HistoryOutcome = { type: typeof LOADED; output: LoadHistoryResult } | { type: typeof FAILED; error: unknown }

export const historyOutcomes = {
  [LOADED]: (s: AnyMachineSnapshot) => {
    const { query, pageSize } = contextOf(s)
    return [
      { type: LOADED, output: historyPageFor(query.offset, pageSize) },
      { type: LOADED, output: { ok: true, page: { items: [], total: 0, offset: query.offset } } },
      { type: LOADED, output: cashierFailure('InvalidParameterException', 'invalid_date_range') },
      { type: LOADED, output: cashierUnavailable },
    ]
  },
  [FAILED]: [{ type: FAILED, error: 'network down' }],
} satisfies SampleTable<HistoryOutcome>

export const historyEntry = defineEntry<typeof historyMachine, HistoryOutcome>({
  name: 'history',
  area: 'cashier',
  spec: '§2.1 cashier/history, §7 Cashier gethistory (offset, count, type), §4 loading flag history; filters and 12 months',
  description: 'The transaction history: type and date filters, paging by offset, the query kept in the address; loading, empty, refused range and failure states',
  machine: historyMachine,
  input: { query: firstHistoryPage, pageSize: 1 },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: { query: unknown; page: { offset: number } | null } }
    return JSON.stringify({ value, query: context.query, page: context.page?.offset ?? null })
  },
  events: historySamples,
  outcomes: historyOutcomes,
})
