// Actors of the unsubscribe page: the default calls the API from the browser (ARCHITECTURE §3);
// tests swap it with `unsubscribeMachine.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { unsubscribe as unsubscribeCall } from '../../../services/api/contract/account'
import { settleAuthCall } from '../../auth/auth.results'
import type { UnsubscribeCallInput, UnsubscribeResult } from './unsubscribe.types'

/** POST account/unsubscribe (token); API errors settle as `{ ok: false }`. */
export const unsubscribe = fromPromise<UnsubscribeResult, UnsubscribeCallInput>(({ input }) =>
  settleAuthCall(async () => browserApiClient().call(unsubscribeCall, { token: input.token })),
)
