// Actors of a game's launch: the player's real-money purse for the game (games/purse), an API
// error coming back as a value. Tests swap it with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { getPurse } from '../../../services/api/contract/games'
import { isApiError } from '../../../shared/errors'
import type { ReadFundsResult } from './launch.types'

export const readFunds = fromPromise<ReadFundsResult, { sysname: string }>(async ({ input }) => {
  try {
    const purse = await browserApiClient().call(getPurse, { game: input.sysname, mode: 'real' })
    return { ok: true, funds: { balance: purse.balance, currency: purse.currency, minBet: purse.limits?.min ?? null } }
  } catch (error) {
    if (isApiError(error)) return { ok: false, code: String(error.code ?? error.type) }
    throw error
  }
})
