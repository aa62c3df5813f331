// The nickname change's actor; the default calls this browser page's API client, settling API
// errors as values (auth.results). Tests swap it with `.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { changefakename } from '../../../services/api/contract/profile'
import { settleAuthCall } from '../../auth/auth.results'
import type { ChangeFakenameResult } from './fakename.types'

/** POST account/changefakename. */
export const changeFakename = fromPromise<ChangeFakenameResult, { fakename: string }>(({ input }) =>
  settleAuthCall(async () => {
    await browserApiClient().call(changefakename, { fakename: input.fakename })
    return {}
  }),
)
