// Actors of the reality check: the page's API client, an API error coming back as a value. Tests
// swap them with `.provide()`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { isApiError } from '../../../shared/errors'
import type { RealityCheck } from '../../../services/api/contract/account'
import type { LoadRealityResult, SaveRealityInput } from './reality-check.types'

async function settle(call: () => Promise<RealityCheck>): Promise<LoadRealityResult> {
  try {
    return { ok: true, figures: await call() }
  } catch (error) {
    if (isApiError(error)) return { ok: false, code: String(error.code ?? error.type) }
    throw error
  }
}

// Every page's root actor holds the check: the account contract loads with the first call.
const contract = () => import('../../../services/api/contract/account')

export const loadReality = fromPromise<LoadRealityResult>(() => settle(async () => browserApiClient().call((await contract()).getRealityCheck, {})))

export const saveReality = fromPromise<LoadRealityResult, SaveRealityInput>(({ input }) =>
  settle(async () => browserApiClient().call((await contract()).setRealityCheck, { interval_minutes: String(input.minutes) })),
)
