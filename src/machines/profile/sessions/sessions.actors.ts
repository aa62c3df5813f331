// Actors of the signed-in devices list; the defaults call this browser page's API client, settling
// API errors as values (auth.results). Tests swap them with `.provide({ actors })`.
import { fromPromise } from 'xstate'
import { browserApiClient } from '../../../services/api/browser-client'
import { endSession, getSessions } from '../../../services/api/contract/profile'
import { settleAuthCall } from '../../auth/auth.results'
import type { EndSessionsInput, EndSessionsResult, LoadSessionsResult } from './sessions.types'

/** GET account/getSessions. */
export const loadSessions = fromPromise<LoadSessionsResult>(() =>
  settleAuthCall(async () => ({ sessions: (await browserApiClient().call(getSessions, {})).sessions })),
)

/** POST account/endSession: one device by its id, or every other one. */
export const endSessions = fromPromise<EndSessionsResult, EndSessionsInput>(({ input }) =>
  settleAuthCall(async () => ({ ended: (await browserApiClient().call(endSession, 'id' in input ? { id: input.id } : { others: true })).ended })),
)
