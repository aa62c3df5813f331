// Pure rules of the recovery request (SPEC §5, §8), kept out of the chart so each is tested alone.
import { mapServerErrors, validateForm, type FieldRules } from '../../../shared/validation/rules'
import type { AuthFailure } from '../auth.types'
import { normalizeLogin } from '../login/login.rules'
import type { RestoreAlert, RestoreFieldErrors, RestoreMessageId } from './restore.types'

/** The login is sent as at login: trimmed, one leading plus stripped (SPEC §4 'Login'). */
export const normalizeRestoreLogin = normalizeLogin

/**
 * SPEC §5: required, and the text rule (no control characters). Nothing stricter: the field takes a
 * login, an e-mail or a phone alike, and the server does not say which exist.
 */
const RESTORE_FORM: Readonly<Record<'login', FieldRules>> = {
  login: [{ rule: 'required' }, { rule: 'text' }],
}

export function validateRestoreForm(login: string): RestoreFieldErrors {
  return validateForm({ login: normalizeRestoreLogin(login) }, RESTORE_FORM)
}

export const hasRestoreErrors = (errors: RestoreFieldErrors): boolean => Object.keys(errors).length > 0

export const isThrottled = (failure: AuthFailure): boolean => failure.type === 'TooManyRequestsException'

/** Field errors the server put on the login (InvalidParameterException), if any. */
export function restoreFieldErrors(failure: AuthFailure): RestoreFieldErrors {
  if (failure.type !== 'InvalidParameterException') return {}
  const mapped = mapServerErrors(failure.invalidParameters, failure.errorData, { fields: ['login', 'email'] })
  const error = mapped.login ?? mapped.email
  return error ? { login: error } : {}
}

/** Whole seconds to wait after a 429; at least 1, since the server said to wait. */
export function waitSeconds(failure: AuthFailure): number {
  return Math.max(1, Math.ceil(failure.retryAfterSec ?? failure.resendTime ?? 1))
}

export function restoreAlert(messageId: RestoreMessageId, failure: AuthFailure | null): RestoreAlert {
  return { messageId, type: failure?.type ?? null, code: failure?.code ?? null }
}
