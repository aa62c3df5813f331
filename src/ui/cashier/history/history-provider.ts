import { fromPromise } from 'xstate'
import { settleCashierCall } from '../../../machines/cashier/cashier.results'
import { historyMachine } from '../../../machines/cashier/history/history.machine'
import { HISTORY_PAGE_SIZE, type HistoryQuery, type LoadHistoryInput, type LoadHistoryResult } from '../../../machines/cashier/history/history.types'
import { gethistory, TRANSACTION_TYPES, type GetHistoryParams, type TransactionType } from '../../../services/api/contract/cashier'
import type { AppServices } from '../../app/AppProviders'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The history's query from the address (?type=deposit&from=2026-01-01&to=...&offset=20); what the contract refuses is dropped. */
export function historyQueryFromSearch(search: URLSearchParams): HistoryQuery {
  const type = search.get('type')
  const from = search.get('from')
  const to = search.get('to')
  const offset = Number(search.get('offset') ?? '0')
  return {
    type: type && (TRANSACTION_TYPES as readonly string[]).includes(type) ? (type as TransactionType) : null,
    dateFrom: from && DAY.test(from) ? from : null,
    dateTo: to && DAY.test(to) ? to : null,
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  }
}

/** The address of a query: only what is set, so the first page of everything is the bare /cashier/history. */
export function searchFromHistoryQuery(query: HistoryQuery): URLSearchParams {
  const search = new URLSearchParams()
  if (query.type) search.set('type', query.type)
  if (query.dateFrom) search.set('from', query.dateFrom)
  if (query.dateTo) search.set('to', query.dateTo)
  if (query.offset > 0) search.set('offset', String(query.offset))
  return search
}

/** cashier/gethistory's parameters for a page of the query. */
export function historyParams(query: HistoryQuery, count = HISTORY_PAGE_SIZE): GetHistoryParams {
  return {
    offset: query.offset,
    count,
    ...(query.type ? { type: [query.type] } : {}),
    ...(query.dateFrom ? { date_from: query.dateFrom } : {}),
    ...(query.dateTo ? { date_to: query.dateTo } : {}),
  }
}

/** The history machine bound to cashier/gethistory; the query it shows is written into the address. */
export function provideHistory({ services, setSearch }: { services: Pick<AppServices, 'api'>; setSearch: (search: URLSearchParams) => void }) {
  const { api } = services
  return historyMachine.provide({
    actors: {
      loadHistory: fromPromise<LoadHistoryResult, LoadHistoryInput>(({ input }) =>
        settleCashierCall(async () => {
          const page = await api.call(gethistory, historyParams(input.query, input.count))
          return { page: { items: page.items, total: page.total, offset: page.offset } }
        }),
      ),
    },
    actions: {
      syncAddress: (_, { query }) => setSearch(searchFromHistoryQuery(query)),
      reportError: (_, { error }) => console.error('history:', error),
    },
  })
}
