import { VERIFICATION_ERROR_CODE } from '../../src/services/api/contract/verification'
import { ApiError } from '../../src/shared/errors'
import { KycAlreadyVerified, KycError, KycFinallyRejected, KycNotSubmitted, KycProfileIncomplete, KycUnavailable, KycUnknownApplicant } from '../domain/kyc/errors'

/**
 * Identity verification's refusals (server/domain/kyc/errors.ts) as SPEC §8 errors, with the codes
 * of the verification contract (VERIFICATION_ERROR_CODE documents each one's type).
 */
export function kycApiError(err: unknown): ApiError | null {
  if (!(err instanceof KycError)) return null
  const message = err.message
  if (err instanceof KycProfileIncomplete) {
    return new ApiError({ type: 'KycUserProfileException', code: VERIFICATION_ERROR_CODE.profileIncomplete, message, errorData: { fields: err.fields } })
  }
  if (err instanceof KycAlreadyVerified) return new ApiError({ type: 'AccessDeniedException', code: VERIFICATION_ERROR_CODE.alreadyVerified, message })
  if (err instanceof KycFinallyRejected) return new ApiError({ type: 'AccessDeniedException', code: VERIFICATION_ERROR_CODE.finalRejection, message })
  if (err instanceof KycNotSubmitted) return new ApiError({ type: 'InvalidParameterException', code: VERIFICATION_ERROR_CODE.notSubmitted, message })
  if (err instanceof KycUnavailable) return new ApiError({ type: 'ApplicationUnavailableException', code: VERIFICATION_ERROR_CODE.providerUnavailable, message })
  if (err instanceof KycUnknownApplicant) return new ApiError({ type: 'InvalidParameterException', code: 'applicant_not_found', message })
  return null
}
