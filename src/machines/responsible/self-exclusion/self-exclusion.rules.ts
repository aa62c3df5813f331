// Pure rules of the player's own self-exclusion (SPEC §9, §8).
import { mapServerErrors } from '../../../shared/validation/rules'
import type { AuthFailure } from '../../auth/auth.types'
import type { SelfExclusionFieldErrors } from './self-exclusion.types'

/** The operator contract's code for a period that would end before the one running. */
export const SELF_EXCLUSION_SHORTER_CODE = 'self_exclusion_shorter'

export const isShorter = (failure: AuthFailure): boolean => failure.code === SELF_EXCLUSION_SHORTER_CODE

/** When the running self-exclusion ends, from the refusal; null for a permanent one. */
export function runningUntil(failure: AuthFailure): string | null {
  const until = failure.errorData?.['until']
  return typeof until === 'string' ? until : null
}

/** A wrong password, on its field. */
export function exclusionFieldErrors(failure: AuthFailure): SelfExclusionFieldErrors {
  if (failure.type !== 'InvalidParameterException') return {}
  const mapped = mapServerErrors(failure.invalidParameters, failure.errorData, { fields: ['password'] })
  return mapped.password ? { password: mapped.password } : {}
}
