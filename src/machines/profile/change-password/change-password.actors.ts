// Actors of the password change; the default calls this browser page's API client, settling API
// errors as values (auth.results). Tests swap it with `.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { changepassword } from '../../../services/api/contract/account'
import { settleAuthCall } from '../../auth/auth.results'
import type { SubmitChangeInput, SubmitChangeResult } from './change-password.types'

/** POST account/changepassword: the other devices signed out, counted. */
export const submitChange = fromPromise<SubmitChangeResult, SubmitChangeInput>(({ input }) =>
  settleAuthCall(async () => {
    const data = await browserApiClient().call(changepassword, { current_password: input.currentPassword, password: input.password })
    return { othersEnded: data.other_sessions_ended }
  }),
)
