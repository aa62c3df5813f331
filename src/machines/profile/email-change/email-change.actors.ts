// Actors of the e-mail change; the default calls this browser page's API client, settling API
// errors as values (auth.results). Tests swap it with `.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { changeemail } from '../../../services/api/contract/profile'
import { settleAuthCall } from '../../auth/auth.results'
import type { SubmitEmailChangeInput, SubmitEmailChangeResult } from './email-change.types'

/** POST account/changeemail: where the new address's code went. */
export const submitEmailChange = fromPromise<SubmitEmailChangeResult, SubmitEmailChangeInput>(({ input }) =>
  settleAuthCall(async () => {
    const data = await browserApiClient().call(changeemail, { email: input.email.trim(), password: input.password })
    return { contact: data.contact }
  }),
)
