// Actors of a game's launch: the player's real-money purse for the game (games/purse) and the free
// spins it has (freespins/get, SPEC §9 count 99), an API error coming back as a value. Tests swap
// it with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { FREE_SPINS_FETCH_COUNT, getFreeSpins } from '../../../services/api/contract/free-spins'
import { getPurse } from '../../../services/api/contract/games'
import { isApiError } from '../../../shared/errors'
import type { ReadFundsResult } from './launch.types'

export const readFunds = fromPromise<ReadFundsResult, { sysname: string }>(async ({ input }) => {
  try {
    const api = browserApiClient()
    const [purse, packs] = await Promise.all([
      api.call(getPurse, { game: input.sysname, mode: 'real' }),
      api.call(getFreeSpins, { status: ['active'], count: FREE_SPINS_FETCH_COUNT }),
    ])
    // The table plays the oldest active pack of this game first: its count is the one shown.
    const pack = packs.filter((p) => p.game.sysname === input.sysname && p.currency === purse.currency).at(-1)
    return { ok: true, funds: { balance: purse.balance, currency: purse.currency, minBet: purse.limits?.min ?? null, freeSpins: pack?.remaining_count ?? 0 } }
  } catch (error) {
    if (isApiError(error)) return { ok: false, code: String(error.code ?? error.type) }
    throw error
  }
})
