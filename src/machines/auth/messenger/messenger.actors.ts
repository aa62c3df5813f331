// Actors the messenger sign-in invokes. The default fails loudly: the browser binds it to the
// page's API client with `messengerMachine.provide({ actors: { signIn } })`, wrapping the call in
// `settleAuthCall` so API errors come back as values.
import { fromPromise } from 'xstate'
import type { SignInInput, SignInResult } from './messenger.types'

/** POST auth/register with is_tg (SPEC §4, §7). */
export const signIn = fromPromise<SignInResult, SignInInput>(async () => {
  throw new Error('messengerMachine: actor "signIn" not provided; bind it to the API client with .provide()')
})
