// Actors the recovery request invokes. The default fails loudly: the auth popup binds it to the
// page's API client with `restoreMachine.provide` (src/ui/auth/restore/restore-provider.ts).
import { fromPromise } from 'xstate'
import type { RequestResetInput, RequestResetResult } from './restore.types'

/** POST auth/restore (SPEC §7). Answers 1 whether or not the account exists. */
export const requestReset = fromPromise<RequestResetResult, RequestResetInput>(async () => {
  throw new Error('restoreMachine: actor "requestReset" not provided; bind it to the API client with .provide()')
})
