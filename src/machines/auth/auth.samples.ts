// Sample values the auth flows' samples share: failures as the actors resolve them and the accounts
// they load. Free of test and Node-only code: the flows registry (and the /_flows page) import it.
import { VISITOR } from '../../services/api/contract/account'
import type { AccountInfo, AuthFailure } from './auth.types'

/** A §8 failure as `toAuthFailure` maps it, with only the fields a sample cares about set. */
export function failure(type: AuthFailure['type'], code: AuthFailure['code'], extra: Partial<AuthFailure> = {}): AuthFailure {
  return { type, code, resendTime: null, retryAfterSec: null, invalidParameters: null, errorData: null, ...extra }
}

/** An actor's answer carrying an expected failure. */
export const fail = (error: AuthFailure) => ({ ok: false as const, error })

/** The platform is down: every auth call may answer this. */
export const unavailable = fail(failure('ApplicationUnavailableException', null))

/** Nobody logged in. */
export const sampleVisitor: AccountInfo = { ...VISITOR }
