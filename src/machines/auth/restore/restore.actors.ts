// Actors the recovery request invokes; the defaults call this browser page's API client, and the
// call is wrapped in `settleAuthCall` so API errors come back as values. Tests swap them with
// `restoreMachine.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { restore } from '../../../services/api/contract/auth'
import { settleAuthCall } from '../auth.results'
import type { RequestResetInput, RequestResetResult } from './restore.types'

/** POST auth/restore (SPEC §7). Answers 1 whether or not the account exists. */
export const requestReset = fromPromise<RequestResetResult, RequestResetInput>(({ input }) =>
  settleAuthCall(async () => {
    await browserApiClient().call(restore, { login: input.login })
    return {}
  }),
)
