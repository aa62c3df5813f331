// Actors of the games hall: games/get through the page's API client, an API error coming back as a
// value. Tests swap it with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import type { ApiClient } from '../../../services/api/client'
import type { GamePart } from '../../../services/api/contract/game-catalogue'
import { settleApiCall } from '../../api-result'
import { CARD_FIELDS, type HallGame, type HallPage, type HallQuery, type LoadGamesInput, type LoadGamesResult } from './hall.types'

/** games/get's parameters for a page of the query. */
export function hallParams(query: HallQuery, offset: number, count: number) {
  return {
    offset,
    count,
    fields: [...CARD_FIELDS],
    ...(query.text ? { query: query.text } : {}),
    ...(query.category ? { category: query.category } : {}),
    ...(query.providers.length ? { providers: [...query.providers] } : {}),
    ...(query.types.length ? { types: [...query.types] } : {}),
    ...(query.sort ? { sort: query.sort } : {}),
    ...(query.order ? { order: query.order } : {}),
    // The server answers the caller's likes, by the session the request carries.
    ...(query.favourites ? { options: ['favourites' as const] } : {}),
  }
}

/** A card's game from an entry of games/get; null when the server left out a field the card needs. */
function cardOf(part: GamePart): HallGame | null {
  const { sysname, title, provider, type, tags, image, rtp, demo, url } = part
  if (title === undefined || provider === undefined || type === undefined || tags === undefined || image === undefined || rtp === undefined || demo === undefined || url === undefined) return null
  return { sysname, title, provider, type, tags, image, rtp, demo, url }
}

/** One page of games for the query, through `api` (the browser's client, or the server's in SSR). */
export function readGames(api: ApiClient, input: LoadGamesInput): Promise<LoadGamesResult> {
  return settleApiCall(async () => {
    // The contract's schemas load with the first read, not with the pages that show cards.
    const { getGames } = await import('../../../services/api/contract/game-catalogue')
    const page = await api.call(getGames, hallParams(input.query, input.offset, input.count))
    const items = page.items.map(cardOf).filter((g): g is HallGame => g !== null)
    return { page: { items, total: page.total } satisfies HallPage }
  })
}

export const loadGames = fromPromise<LoadGamesResult, LoadGamesInput>(({ input }) => readGames(browserApiClient(), input))
