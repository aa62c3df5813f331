// Actors of the betting bonuses list: bettingbonuses/get, activate and remove through the page's
// API client, an API error coming back as a value. Tests swap them with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { isApiError } from '../../../shared/errors'
import type { BettingBonusFailure, BonusActionInput, BonusActionResult, LoadBonusesResult } from './betting-bonuses.types'

/** Data on success; an API error of SPEC §8 (the network's included) as a value; a bug stays a rejection. */
async function settle<T extends object>(call: () => Promise<T>): Promise<({ ok: true } & T) | { ok: false; error: BettingBonusFailure }> {
  try {
    return { ok: true, ...(await call()) }
  } catch (error) {
    if (isApiError(error)) return { ok: false, error: { type: error.type, ...(error.code !== null && error.code !== undefined ? { code: String(error.code) } : {}) } }
    throw error
  }
}

// The contract's schemas load with the first call, not with every page's bundle.
const contract = () => import('../../../services/api/contract/betting-bonuses')

export const loadBonuses = fromPromise<LoadBonusesResult, void>(() =>
  settle(async () => {
    const { getBettingBonuses } = await contract()
    return { bonuses: await browserApiClient().call(getBettingBonuses, {}) }
  }),
)

export const activateBonus = fromPromise<BonusActionResult, BonusActionInput>(({ input }) =>
  settle(async () => {
    const { activateBettingBonus } = await contract()
    return { bonus: await browserApiClient().call(activateBettingBonus, { bonus_id: input.id }) }
  }),
)

export const removeBonus = fromPromise<BonusActionResult, BonusActionInput>(({ input }) =>
  settle(async () => {
    const { removeBettingBonus } = await contract()
    return { bonus: await browserApiClient().call(removeBettingBonus, { bonus_id: input.id }) }
  }),
)
