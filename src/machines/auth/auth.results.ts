// Turning API calls into the values the auth charts route on (ARCHITECTURE §7: expected failures
// as values, rejections only for bugs). Providers wrap their API calls with `settleAuthCall` when
// they implement the actors, so every actor of the flow fails the same way.
import { isApiError, type ApiError } from '../../shared/errors'
import type { AuthFailure, AuthResult } from './auth.types'

function finiteSeconds(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null
}

/** The routed part of an ApiError (SPEC §8). Retry seconds: resend_time, else error_data.retry_after. */
export function toAuthFailure(error: ApiError): AuthFailure {
  const retryAfterSec =
    error.type === 'TooManyRequestsException'
      ? (error.resendTime ?? finiteSeconds(error.errorData?.['retry_after']) ?? null)
      : null
  return {
    type: error.type,
    code: error.code,
    resendTime: error.resendTime,
    retryAfterSec,
    invalidParameters: error.invalidParameters,
    errorData: error.errorData,
  }
}

/**
 * Runs an API call and settles it as an AuthResult: data on success, `{ ok: false }` for an API
 * error of SPEC §8. Anything else (a TypeError, a schema mismatch) is a bug and stays a rejection,
 * which the chart sends to `onError` and `reportError`.
 */
export async function settleAuthCall<T extends object>(call: () => Promise<T>): Promise<AuthResult<T>> {
  try {
    return { ok: true, ...(await call()) }
  } catch (error) {
    if (isApiError(error)) return { ok: false, error: toAuthFailure(error) }
    throw error
  }
}

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
