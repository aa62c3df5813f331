// Actors of the self-exclusion; the default calls this browser page's API client, settling API
// errors as values (auth.results). Tests swap it with `.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { selfExclude } from '../../../services/api/contract/account'
import { settleAuthCall } from '../../auth/auth.results'
import type { SubmitExclusionInput, SubmitExclusionResult } from './self-exclusion.types'

/** POST account/selfExclude. */
export const submitExclusion = fromPromise<SubmitExclusionResult, SubmitExclusionInput>(({ input }) =>
  settleAuthCall(async () => ({ until: (await browserApiClient().call(selfExclude, input)).self_excluded_until })),
)
