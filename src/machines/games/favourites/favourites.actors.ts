// Actors of the favourites: games/getLikes, addLike and removeLike through the page's API client,
// an API error coming back as a value. Tests swap them with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { isApiError } from '../../../shared/errors'
import type { FavouritesResult, SaveLikeInput } from './favourites.types'

async function settle(call: () => Promise<readonly string[]>): Promise<FavouritesResult> {
  try {
    return { ok: true, likes: await call() }
  } catch (error) {
    if (isApiError(error)) return { ok: false, code: String(error.code ?? error.type) }
    throw error
  }
}

// Every page's root actor holds the favourites: the catalogue's contract loads with the first call, not with the page.
const contract = () => import('../../../services/api/contract/game-catalogue')

export const loadLikes = fromPromise<FavouritesResult>(() => settle(async () => browserApiClient().call((await contract()).getLikes, {})))

export const saveLike = fromPromise<FavouritesResult, SaveLikeInput>(({ input }) =>
  settle(async () => {
    const { addLike, removeLike } = await contract()
    return browserApiClient().call(input.like ? addLike : removeLike, { sysname: input.sysname })
  }),
)
