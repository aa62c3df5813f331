// Pure rules of changing the password (SPEC §5 'Password', §8).
import { FIELD_RULES, mapServerErrors, validateForm, type FormSchema } from '../../../shared/validation/rules'
import type { AuthFailure } from '../../auth/auth.types'
import type { ChangePasswordFieldErrors, ChangePasswordValues } from './change-password.types'

/**
 * The current password is only required (whatever it was, the server knows it); the new one takes
 * SPEC §5's rule and the confirmation must equal it. Whether the new one is too common, or the
 * current one again, is the server's call ('common', 'same'), mapped back onto its field.
 */
const CHANGE_FORM: FormSchema<keyof ChangePasswordValues> = {
  current: [{ rule: 'required' }],
  password: FIELD_RULES.password,
  confirmation: [{ rule: 'required' }, { rule: 'sameAs', field: 'password' }],
}

export function validateChangeForm(values: ChangePasswordValues): ChangePasswordFieldErrors {
  return validateForm({ ...values }, CHANGE_FORM)
}

export const hasChangeErrors = (errors: ChangePasswordFieldErrors): boolean => Object.keys(errors).length > 0

/** The server's field errors, on the form's fields: current_password is the form's `current`. */
export function changeFieldErrors(failure: AuthFailure): ChangePasswordFieldErrors {
  if (failure.type !== 'InvalidParameterException') return {}
  const mapped = mapServerErrors(failure.invalidParameters, failure.errorData, { fields: ['current_password', 'password'] })
  return {
    ...(mapped['current_password'] ? { current: mapped['current_password'] } : {}),
    ...(mapped.password ? { password: mapped.password } : {}),
  }
}
