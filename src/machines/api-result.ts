// An API call as a flow's actor answers it: its data on success, an API error of SPEC §8 (a lost
// connection included) as a value the chart decides on. Anything else (a TypeError, a schema
// mismatch) is a bug and stays a rejection, which the chart sends to `onError` and `reportError`.
import { isApiError } from '../shared/errors'

/** An API error as a flow keeps it: its type, and its code when it has one. */
export interface ApiFailure {
  readonly type: string
  readonly code?: string
}

export type Settled<T> = ({ readonly ok: true } & T) | { readonly ok: false; readonly error: ApiFailure }

export async function settleApiCall<T extends object>(call: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, ...(await call()) }
  } catch (error) {
    if (isApiError(error)) return { ok: false, error: { type: error.type, ...(error.code !== null && error.code !== undefined ? { code: String(error.code) } : {}) } }
    throw error
  }
}
