// The pure rules of completing a social registration (SPEC §2.3, §5 'Checkbox', §8 'Registration failure').
import type { AuthFailure } from '../auth.types'
import type { SocialRegistrationFieldErrors, SocialRegistrationValues } from './social-registration.types'

export function validateCompletion(values: SocialRegistrationValues, currencies: readonly string[]): SocialRegistrationFieldErrors {
  const errors: SocialRegistrationFieldErrors = {}
  if (values.currency === '') errors.currency = 'required'
  else if (currencies.length > 0 && !currencies.includes(values.currency)) errors.currency = 'invalid'
  if (!values.terms) errors.terms = 'required'
  return errors
}

export const hasErrors = (errors: SocialRegistrationFieldErrors): boolean => Object.keys(errors).length > 0

/** The server's invalid_parameters on the two fields this form has; empty when it named neither. */
export function serverFieldErrors(failure: AuthFailure): SocialRegistrationFieldErrors {
  const out: SocialRegistrationFieldErrors = {}
  const params = failure.invalidParameters ?? {}
  const pick = (codes: readonly string[] | undefined) =>
    codes?.includes('locked') ? 'locked' : codes?.includes('required') ? 'required' : codes?.length ? 'invalid' : undefined
  const currency = pick(params.currency)
  const terms = pick(params.terms)
  if (currency) out.currency = currency
  if (terms) out.terms = terms === 'invalid' ? 'required' : terms
  return out
}

/** The currency the form opens with: the site's default when offered, else the first offered. */
export function initialCurrency(currencies: readonly string[], preferred: string | null): string {
  if (preferred && currencies.includes(preferred)) return preferred
  return currencies[0] ?? ''
}
