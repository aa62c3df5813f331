// Actors of the transaction history: cashier/gethistory through the page's API client, an API error
// coming back as a value (settleCashierCall). Tests swap it with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { gethistory, type GetHistoryParams } from '../../../services/api/contract/cashier'
import { settleCashierCall } from '../cashier.results'
import { HISTORY_PAGE_SIZE, type HistoryQuery, type LoadHistoryInput, type LoadHistoryResult } from './history.types'

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

/** Reads one page of cashier/gethistory for the query; an API error comes back as a value. */
export const loadHistory = fromPromise<LoadHistoryResult, LoadHistoryInput>(({ input }) =>
  settleCashierCall(async () => {
    const page = await browserApiClient().call(gethistory, historyParams(input.query, input.count))
    return { page: { items: page.items, total: page.total, offset: page.offset } }
  }),
)
