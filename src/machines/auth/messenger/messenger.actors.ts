// What the messenger sign-in does outside its chart: the sign-in call, on this browser page's API
// client wrapped in `settleAuthCall` so API errors come back as values, and its analytics. Tests
// swap them with `messengerMachine.provide({ actors, actions })`.
import { fromPromise } from 'xstate'
import { pageAnalytics } from '../../../services/analytics/analytics'
import { browserApiClient } from '../../../services/api/browser-client'
import { register } from '../../../services/api/contract/auth'
import type { ErrorCode, ErrorType } from '../../../shared/errors'
import { settleAuthCall } from '../auth.results'
import type { SignInInput, SignInResult } from './messenger.types'

/** POST auth/register with is_tg (SPEC §4, §7). */
export const signIn = fromPromise<SignInResult, SignInInput>(({ input }) =>
  settleAuthCall(async () => ({ account: await browserApiClient().call(register, input) })),
)

/** The page's dataLayer: the visitor is this player now, signed in by the messenger. */
export function trackMessengerSignIn(uid: number): void {
  const analytics = pageAnalytics()
  analytics.identify(uid)
  analytics.track({ event: 'messenger_sign_in' })
}

/** The page's dataLayer: the sign-in failed, with its §8 type and code. */
export function trackMessengerSignInError(type: ErrorType | null, code: ErrorCode): void {
  pageAnalytics().track({ event: 'messenger_sign_in_error', error_type: type, error_code: code === null ? null : String(code) })
}
