/**
 * Why identity verification refused a request: plain values only. server/api/kyc-errors.ts maps
 * each to its SPEC §8 type and the verification contract's code (VERIFICATION_ERROR_CODE).
 */

export abstract class KycError extends Error {}

/** The provider checks documents against the profile: these fields of it are empty. */
export class KycProfileIncomplete extends KycError {
  override name = 'KycProfileIncomplete'
  constructor(readonly fields: string[]) {
    super('Fill in your personal details before verifying your identity.')
  }
}

export class KycAlreadyVerified extends KycError {
  override name = 'KycAlreadyVerified'
  constructor() {
    super('Your identity is already verified.')
  }
}

/** A final refusal by the provider; only support reopens it. */
export class KycFinallyRejected extends KycError {
  override name = 'KycFinallyRejected'
  constructor() {
    super('Your identity check was declined. Contact support to reopen it.')
  }
}

/** setUserOnVerification while the provider has no documents of the player under review. */
export class KycNotSubmitted extends KycError {
  override name = 'KycNotSubmitted'
  constructor() {
    super('No documents have been sent for review yet.')
  }
}

/** No provider is configured, or it did not answer. */
export class KycUnavailable extends KycError {
  override name = 'KycUnavailable'
  constructor(message = 'Identity verification is not available right now. Try again later.', options?: { cause?: unknown }) {
    super(message, options)
  }
}

/** A webhook about an applicant we never made. */
export class KycUnknownApplicant extends KycError {
  override name = 'KycUnknownApplicant'
  constructor() {
    super('Unknown applicant')
  }
}
