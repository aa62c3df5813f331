// Actors of the player's game history: games/getHistory, games/get (the titles for the filter) and
// the export calls through the page's API client, an API error coming back as a value. Tests swap
// them with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { settleApiCall } from '../../api-result'
import type { CheckExportInput, ExportResult, GameHistoryFilters, LoadRoundsInput, LoadRoundsResult, LoadTitlesResult, RequestExportInput } from './history.types'

/** The filters as games/getHistory and createhistoryexportrequest take them: only what is set. */
export function historyFilterParams(filters: GameHistoryFilters) {
  return {
    ...(filters.game ? { game: filters.game } : {}),
    ...(filters.mode ? { mode: filters.mode } : {}),
    ...(filters.dateFrom ? { date_from: filters.dateFrom } : {}),
    ...(filters.dateTo ? { date_to: filters.dateTo } : {}),
  }
}


// The contract's schemas load with the first call, not with every page's bundle.
const contract = () => import('../../../services/api/contract/game-catalogue')

/** One page of the player's rounds for the filters. */
export const loadRounds = fromPromise<LoadRoundsResult, LoadRoundsInput>(({ input }) =>
  settleApiCall(async () => {
    const { getGameHistory } = await contract()
    const page = await browserApiClient().call(getGameHistory, { offset: input.offset, count: input.count, ...historyFilterParams(input.filters) })
    return { page: { items: page.items, total: page.total } }
  }),
)

/** Every studio title, sysname and title in the player's language, for the game filter (the studio has fewer than a page of them). */
export const loadTitles = fromPromise<LoadTitlesResult>(() =>
  settleApiCall(async () => {
    const { getGames, GAME_PAGE_MAX } = await contract()
    const page = await browserApiClient().call(getGames, { count: GAME_PAGE_MAX, sort: 'name', fields: ['sysname', 'title'] })
    return { titles: page.items.flatMap((g) => (g.title === undefined ? [] : [{ sysname: g.sysname, title: g.title }])) }
  }),
)

/** Asks for a CSV of the rounds the filters match; the server answers the player's pending request instead while there is one. */
export const requestExport = fromPromise<ExportResult, RequestExportInput>(({ input }) =>
  settleApiCall(async () => {
    const { createHistoryExport } = await contract()
    return { export: await browserApiClient().call(createHistoryExport, historyFilterParams(input.filters)) }
  }),
)

/** Where the export request stands now. */
export const checkExport = fromPromise<ExportResult, CheckExportInput>(({ input }) =>
  settleApiCall(async () => {
    const { getHistoryExport } = await contract()
    return { export: await browserApiClient().call(getHistoryExport, { id: input.id }) }
  }),
)
