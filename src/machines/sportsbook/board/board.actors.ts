// Actors of the sportsbook board: sportsbook/events through the page's API client (an API error
// comes back as a value) and the public topic `sb.live`. Tests swap them with `.provide()`.
import { fromCallback, fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import type { ApiClient } from '../../../services/api/client'
import { settleApiCall } from '../../api-result'
import { followPublicTopic } from '../../../services/socket/topics'
import { parseLiveMessage } from '../live.rules'
import { readsLive, readsUpcoming } from './board.rules'
import type { BoardEvent, BoardList, BoardQuery, LoadBoardInput, LoadBoardResult } from './board.types'

/** sportsbook/events' parameters for one list of the query. */
export function boardParams(query: BoardQuery, status: 'live' | 'upcoming', count: number) {
  return {
    status,
    count,
    ...(query.sport ? { sport: query.sport } : {}),
    ...(query.league ? { league: query.league } : {}),
    ...(query.text ? { query: query.text } : {}),
  }
}

/** The lists the query asks for, through `api` (the browser's client, or the server's in SSR). */
export function readBoard(api: ApiClient, input: LoadBoardInput): Promise<LoadBoardResult> {
  return settleApiCall(async () => {
    const { getSportsEvents } = await import('../../../services/api/contract/sportsbook')
    const read = (status: 'live' | 'upcoming'): Promise<BoardList> => api.call(getSportsEvents, boardParams(input.query, status, input.count))
    const [live, upcoming] = await Promise.all([readsLive(input.query) ? read('live') : null, readsUpcoming(input.query) ? read('upcoming') : null])
    return { lists: { live, upcoming } }
  })
}

export const loadBoard = fromPromise<LoadBoardResult, LoadBoardInput>(({ input }) => readBoard(browserApiClient(), input))

/** Follows `sb.live` while the board is open: every live event's prices, score and clock. */
export const followLive = fromCallback<BoardEvent>(({ sendBack }) =>
  followPublicTopic('sb.live', (data) => {
    const changes = parseLiveMessage(data)
    if (changes.length > 0) sendBack({ type: 'board.live', changes })
  }),
)
