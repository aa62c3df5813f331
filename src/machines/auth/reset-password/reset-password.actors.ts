// Actors of the reset-password dialog; the default calls this browser page's API client, wrapped in
// `settleAuthCall` so API errors come back as values. Tests swap it with `.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { resetPassword } from '../../../services/api/contract/auth'
import { settleAuthCall } from '../auth.results'
import type { SubmitResetInput, SubmitResetResult } from './reset-password.types'

/** POST auth/resetPassword (token, password). */
export const submitReset = fromPromise<SubmitResetResult, SubmitResetInput>(({ input }) =>
  settleAuthCall(async () => {
    await browserApiClient().call(resetPassword, input)
    return {}
  }),
)
