// Pure rules of replacing the e-mail (SPEC §5 'E-mail', §8).
import { FIELD_RULES, mapServerErrors, validateForm, type FormSchema } from '../../../shared/validation/rules'
import type { AuthFailure } from '../../auth/auth.types'
import type { EmailChangeFieldErrors, EmailChangeValues } from './email-change.types'

/**
 * The new address takes the registration's e-mail rule; the password is only required (the server
 * knows whether it is the player's). Whether the address is the same or another player's is the
 * server's call ('same', 'taken'), mapped back onto the field.
 */
const EMAIL_CHANGE_FORM: FormSchema<keyof EmailChangeValues> = {
  email: FIELD_RULES.email,
  password: [{ rule: 'required' }],
}

export function validateEmailChange(values: EmailChangeValues): EmailChangeFieldErrors {
  return validateForm({ ...values }, EMAIL_CHANGE_FORM)
}

export const hasEmailChangeErrors = (errors: EmailChangeFieldErrors): boolean => Object.keys(errors).length > 0

/** The server's field errors, on the form's two fields. */
export function emailChangeFieldErrors(failure: AuthFailure): EmailChangeFieldErrors {
  if (failure.type !== 'InvalidParameterException') return {}
  const mapped = mapServerErrors(failure.invalidParameters, failure.errorData, { fields: ['email', 'password'] })
  return {
    ...(mapped['email'] ? { email: mapped['email'] } : {}),
    ...(mapped['password'] ? { password: mapped['password'] } : {}),
  }
}
