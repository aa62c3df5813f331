// Pure rules of setting a new password from a recovery link (SPEC §5 'Password', §8).
import { FIELD_RULES, mapServerErrors, serverErrorCode, validateForm, type FormSchema } from '../../../shared/validation/rules'
import type { AuthFailure } from '../auth.types'
import type { ResetPasswordFieldErrors, ResetPasswordValues } from './reset-password.types'

/** The reset-token code of the auth contract (a machine may import only the contract's types). */
export const RESET_TOKEN_INVALID_CODE = 'reset_token_invalid'

/**
 * SPEC §5: the password is required, 6 to 20 allowed characters (the message lists the offending
 * ones); the confirmation is required and must equal it. Whether it is too common is the server's
 * call ('common'), mapped back onto the field.
 */
const RESET_FORM: FormSchema<keyof ResetPasswordValues> = {
  password: FIELD_RULES.password,
  confirmation: [{ rule: 'required' }, { rule: 'sameAs', field: 'password' }],
}

export function validateResetForm(values: ResetPasswordValues): ResetPasswordFieldErrors {
  return validateForm({ ...values }, RESET_FORM)
}

export const hasResetErrors = (errors: ResetPasswordFieldErrors): boolean => Object.keys(errors).length > 0

/** A token the link could have carried; anything else is answered 'invalid' without a request. */
export function isPlausibleToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(token)
}

/** 'invalid' or 'expired' when the server refused the token itself, else null. */
export function tokenProblem(failure: AuthFailure): 'invalid' | 'expired' | null {
  if (failure.type !== 'InvalidParameterException') return null
  const codes = failure.invalidParameters?.['token']
  const first = Array.isArray(codes) ? codes[0] : undefined
  if (first === 'expired') return 'expired'
  if (first !== undefined || failure.code === RESET_TOKEN_INVALID_CODE) return 'invalid'
  return null
}

/** The server's field errors on the password ('common', a SPEC §5 rule), for the form. */
export function resetFieldErrors(failure: AuthFailure): ResetPasswordFieldErrors {
  if (failure.type !== 'InvalidParameterException') return {}
  const mapped = mapServerErrors(failure.invalidParameters, failure.errorData, { fields: ['password'] })
  return mapped.password ? { password: mapped.password } : {}
}

/** A server field error meaning the password is among the most common (or the player's own login). */
export function isCommonPasswordError(error: { values?: Readonly<Record<string, string | number>> } | undefined): boolean {
  return serverErrorCode(error) === 'common'
}
