// Actors of the player's sports bets: sportsbook/bets, cashOutOffer and cashOut through the page's
// API client, an API error coming back as a value. Tests swap them with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { isApiError } from '../../../shared/errors'
import { statusParam } from './bets.rules'
import type { BetsFailure, CashOutInput, CashOutResult, LoadBetsInput, LoadBetsResult, LoadOfferInput, LoadOfferResult } from './bets.types'

const failureOf = (error: { type: string; code?: unknown }): BetsFailure => ({ type: error.type, ...(error.code !== null && error.code !== undefined ? { code: String(error.code) } : {}) })

// The contract's schemas load with the first call, not with every page's bundle.
const contract = () => import('../../../services/api/contract/sportsbook')

/** One page of the player's bets under the filter, newest first. */
export const loadBets = fromPromise<LoadBetsResult, LoadBetsInput>(async ({ input }) => {
  try {
    const { getSportsBets } = await contract()
    const page = await browserApiClient().call(getSportsBets, { offset: input.offset, count: input.count, ...statusParam(input.filter) })
    return { ok: true, bets: page.bets, total: page.total }
  } catch (error) {
    if (isApiError(error)) return { ok: false, error: failureOf(error) }
    throw error
  }
})

/** What the book pays for the bet now. */
export const loadOffer = fromPromise<LoadOfferResult, LoadOfferInput>(async ({ input }) => {
  try {
    const { getCashOutOffer } = await contract()
    const offer = await browserApiClient().call(getCashOutOffer, { bet: input.bet })
    return { ok: true, offer: { amount: offer.amount, currency: offer.currency } }
  } catch (error) {
    if (isApiError(error)) return { ok: false, error: failureOf(error) }
    throw error
  }
})

/** Sells the bet back, whole or in part, at the offer seen; the refusals of the contract come back by code. */
export const cashOut = fromPromise<CashOutResult, CashOutInput>(async ({ input }) => {
  try {
    const { cashOutSportsBet } = await contract()
    const bet = await browserApiClient().call(cashOutSportsBet, { bet: input.bet, key: input.key, seen: input.seen, ...(input.amount === undefined ? {} : { amount: input.amount }) })
    return { ok: true, bet }
  } catch (error) {
    if (!isApiError(error)) throw error
    if (error.code === 'sportsbook_cashout_changed') {
      const data = error.errorData ?? {}
      const amount = typeof data.amount === 'string' ? data.amount : null
      const currency = typeof data.currency === 'string' ? data.currency : ''
      return amount === null ? { ok: false, reason: 'unavailable' } : { ok: false, reason: 'changed', offer: { amount, currency } }
    }
    if (error.code === 'sportsbook_cashout_unavailable') return { ok: false, reason: 'unavailable' }
    if (error.code === 'sportsbook_cashout_amount') return { ok: false, reason: 'amount' }
    return { ok: false, reason: 'failed', error: failureOf(error) }
  }
})
