// Turning API calls into the values the auth charts route on (ARCHITECTURE §7: expected failures
// as values, rejections only for bugs). Providers wrap their API calls with `settleAuthCall` when
// they implement the actors, so every actor of the flow fails the same way.
import type { AuthFailure, AuthResult } from './auth.types'

// Every flow that shows a failure's detail settles its calls the same way (api-result.ts).
export { settleDetailedCall as settleAuthCall, toDetailedFailure as toAuthFailure } from '../api-result'

/** The failure of a result a guard has already found failed; `flow` names the chart in the bug's message. */
export function failureOf(result: AuthResult, flow: string): AuthFailure {
  if (result.ok) throw new Error(`${flow}: expected a failed result`)
  return result.error
}

/** A form's alert as the password-asking forms show it: the message, the failure's type and code, the wait. */
export interface FormAlert<M extends string> {
  readonly messageId: M
  readonly type: AuthFailure['type'] | null
  readonly code: AuthFailure['code']
  readonly retryAfterSec: number | null
}

export function formAlert<M extends string>(messageId: M, failure: AuthFailure | null): FormAlert<M> {
  return { messageId, type: failure?.type ?? null, code: failure?.code ?? null, retryAfterSec: failure?.retryAfterSec ?? null }
}
