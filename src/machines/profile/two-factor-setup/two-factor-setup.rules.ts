// Pure rules of the two-factor set-up (SPEC §5 'Numeric code', §8 'Two-factor messages').
import { checkCode, validateForm } from '../../../shared/validation/rules'
import { isRecoveryCode } from '../../auth/login/login.rules'
import { TWO_FACTOR_CODES, type AuthFailure, type TwoFactorFieldErrors, type TwoFactorMessageId } from './two-factor-setup.types'

export const hasErrors = (errors: TwoFactorFieldErrors): boolean => Object.keys(errors).length > 0

export function validatePassword(password: string): TwoFactorFieldErrors {
  return validateForm({ password }, { password: [{ rule: 'required' }] })
}

/** SPEC §5: required, digits only, exactly 6 long. Confirming a new secret takes only that. */
export function validateSetupCode(code: string): TwoFactorFieldErrors {
  const value = code.trim()
  const required = validateForm({ code: value }, { code: [{ rule: 'required' }] })
  if (required.code) return required
  const digits = checkCode(value)
  return digits ? { code: digits } : {}
}

/** Turning it off also takes a recovery code: the authenticator may be what was lost. */
export function validateDisableCode(code: string): TwoFactorFieldErrors {
  return isRecoveryCode(code.trim()) ? {} : validateSetupCode(code)
}

/** Groups a base32 secret in fours, as people read it aloud and type it in. */
export function groupSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ')
}

export const isBanned = (failure: AuthFailure): boolean => failure.type === 'UserBannedException'

/** The alert a refused call shows (matched on type and code, ARCHITECTURE §4). */
export function failureMessage(failure: AuthFailure): TwoFactorMessageId {
  if (failure.type === 'TooManyRequestsException') return 'tooManyRequests'
  switch (failure.code) {
    case TWO_FACTOR_CODES.wrongPassword:
      return 'wrongPassword'
    case TWO_FACTOR_CODES.codeInvalid:
      return 'codeInvalid'
    case TWO_FACTOR_CODES.codeExpired:
      return 'codeExpired'
    case TWO_FACTOR_CODES.notPending:
      return 'notPending'
    default:
      return 'somethingWrong'
  }
}
