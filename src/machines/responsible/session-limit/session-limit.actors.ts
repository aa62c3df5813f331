// Actors of the session-time limit; the defaults call this browser page's API client, settling API
// errors as values (auth.results). Tests swap them with `.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { getSessionLimit, setSessionLimit, type SetSessionLimitParams } from '../../../services/api/contract/profile'
import { settleAuthCall } from '../../auth/auth.results'
import type { LoadSessionLimitResult, SaveSessionLimitResult } from './session-limit.types'

/** GET account/getSessionLimit. */
export const loadLimit = fromPromise<LoadSessionLimitResult>(() => settleAuthCall(async () => ({ limit: await browserApiClient().call(getSessionLimit, {}) })))

/** POST account/setSessionLimit (minutes, 0 for none). */
export const saveLimit = fromPromise<SaveSessionLimitResult, { minutes: number }>(({ input }) =>
  settleAuthCall(async () => ({ limit: await browserApiClient().call(setSessionLimit, { minutes: String(input.minutes) as SetSessionLimitParams['minutes'] }) })),
)
