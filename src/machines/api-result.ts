// An API call as a flow's actor answers it: its data on success, an API error of SPEC §8 (a lost
// connection included) as a value the chart decides on. Anything else (a TypeError, a schema
// mismatch) is a bug and stays a rejection, which the chart sends to `onError` and `reportError`.
import { isApiError, type ApiError, type ErrorCode, type ErrorType, type InvalidParameters } from '../shared/errors'

/** An API error as a flow keeps it: its type, and its code when it has one. */
export interface ApiFailure {
  readonly type: string
  readonly code?: string
}

export type Settled<T> = ({ readonly ok: true } & T) | { readonly ok: false; readonly error: ApiFailure }

/** Runs a call and settles it: its data, or an API error as the failure `toFailure` keeps of it. */
export async function settleWith<T extends object, F>(call: () => Promise<T>, toFailure: (error: ApiError) => F): Promise<({ readonly ok: true } & T) | { readonly ok: false; readonly error: F }> {
  try {
    return { ok: true, ...(await call()) }
  } catch (error) {
    if (isApiError(error)) return { ok: false, error: toFailure(error) }
    throw error
  }
}

const toApiFailure = (error: ApiError): ApiFailure => ({ type: error.type, ...(error.code !== null && error.code !== undefined ? { code: String(error.code) } : {}) })

export function settleApiCall<T extends object>(call: () => Promise<T>): Promise<Settled<T>> {
  return settleWith(call, toApiFailure)
}

/**
 * An API error with what a form or a conversation shows of it (SPEC §8): type and code to route
 * on, never the translated message; the wait before trying again; the refused fields.
 */
export interface DetailedFailure {
  readonly type: ErrorType
  readonly code: ErrorCode
  /** Seconds until a new two-factor code may be asked for (SPEC §3 'Two-factor pending data'). */
  readonly resendTime: number | null
  /** Seconds to wait before trying again, for TooManyRequestsException. */
  readonly retryAfterSec: number | null
  /** Field name -> error codes (SPEC §8 'Registration failure'). */
  readonly invalidParameters: InvalidParameters | null
  readonly errorData: Readonly<Record<string, unknown>> | null
}

export type DetailedResult<T extends object = object> = ({ readonly ok: true } & T) | { readonly ok: false; readonly error: DetailedFailure }

function finiteSeconds(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null
}

/** The routed part of an ApiError. Retry seconds: resend_time, else error_data.retry_after. */
export function toDetailedFailure(error: ApiError): DetailedFailure {
  const retryAfterSec =
    error.type === 'TooManyRequestsException' ? (error.resendTime ?? finiteSeconds(error.errorData?.['retry_after']) ?? null) : null
  return {
    type: error.type,
    code: error.code,
    resendTime: error.resendTime,
    retryAfterSec,
    invalidParameters: error.invalidParameters,
    errorData: error.errorData,
  }
}

/** As settleApiCall, keeping the failure's detail (toDetailedFailure). */
export function settleDetailedCall<T extends object>(call: () => Promise<T>): Promise<DetailedResult<T>> {
  return settleWith(call, toDetailedFailure)
}
