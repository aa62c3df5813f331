// The crash table's default effects: the API calls (games/crashState, crashBet, crashCashOut) and
// the live topic `crash.{game}` on the public socket.
import { fromCallback, fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { cashOutCrash, getCrashState, placeCrashBet, type CrashBet, type CrashRound, type CrashState } from '../../../services/api/contract/games'
import { followPublicTopic } from '../../../services/socket/topics'
import type { CrashEvent, PlaceBetInput } from './crash.types'

export const loadState = fromPromise<CrashState, { game: string }>(({ input }) => browserApiClient().call(getCrashState, { game: input.game }))

export const placeBet = fromPromise<CrashBet, PlaceBetInput>(({ input }) =>
  browserApiClient().call(placeCrashBet, {
    game: input.game,
    amount: input.amount,
    key: input.key,
    mode: input.mode,
    ...(input.autoCashOut ? { auto_cash_out: input.autoCashOut } : {}),
  }),
)

export const cashOut = fromPromise<CrashBet, { game: string; bet: string }>(({ input }) => browserApiClient().call(cashOutCrash, { game: input.game, bet: input.bet }))

/** Follows the game's live topic while the table is open. */
export const followRound = fromCallback<CrashEvent, { game: string }>(({ input, sendBack }) => {
  return followPublicTopic(`crash.${input.game}`, (data) => {
    if (typeof data === 'object' && data !== null && 'phase' in data) sendBack({ type: 'crash.update', round: data as CrashRound })
  })
})

/** A fresh key for each bet: a retried request is the same bet. */
export function newBetKey(): string {
  const bytes = new Uint8Array(12)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
