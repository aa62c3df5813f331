// Actors of the betting bonuses list: bettingbonuses/get, activate and remove through the page's
// API client, an API error coming back as a value. Tests swap them with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { settleApiCall } from '../../api-result'
import type { BonusActionInput, BonusActionResult, LoadBonusesResult } from './betting-bonuses.types'


// The contract's schemas load with the first call, not with every page's bundle.
const contract = () => import('../../../services/api/contract/betting-bonuses')

export const loadBonuses = fromPromise<LoadBonusesResult, void>(() =>
  settleApiCall(async () => {
    const { getBettingBonuses } = await contract()
    return { bonuses: await browserApiClient().call(getBettingBonuses, {}) }
  }),
)

export const activateBonus = fromPromise<BonusActionResult, BonusActionInput>(({ input }) =>
  settleApiCall(async () => {
    const { activateBettingBonus } = await contract()
    return { bonus: await browserApiClient().call(activateBettingBonus, { bonus_id: input.id }) }
  }),
)

export const removeBonus = fromPromise<BonusActionResult, BonusActionInput>(({ input }) =>
  settleApiCall(async () => {
    const { removeBettingBonus } = await contract()
    return { bonus: await browserApiClient().call(removeBettingBonus, { bonus_id: input.id }) }
  }),
)
