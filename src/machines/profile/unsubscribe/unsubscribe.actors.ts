// Actors of the unsubscribe page. The default fails loudly: the page binds it to its API client
// with `unsubscribeMachine.provide` (src/ui/profile/unsubscribe/unsubscribe-provider.ts).
import { fromPromise } from 'xstate'
import type { UnsubscribeCallInput, UnsubscribeResult } from './unsubscribe.types'

/** POST account/unsubscribe (token). */
export const unsubscribe = fromPromise<UnsubscribeResult, UnsubscribeCallInput>(async () => {
  throw new Error('unsubscribeMachine: actor "unsubscribe" not provided; bind it to the API client with .provide()')
})
