// Identity verification (SPEC §4 'Identity verification flow steps', §7 Identity verification
// createApplicant, getAccessToken and Account setUserOnVerification, §8 Kyc and Sumsub errors).
// Only /profile/verification loads these, so other pages do not download them.
import { array, enums, literal, nullable, object, optional, pattern, string, type Infer } from 'superstruct'
import { defineCall } from './define'

/**
 * Where the player's check stands, as our server last heard from the KYC provider:
 * - none: never started; init: an applicant exists, nothing sent yet;
 * - pending: documents sent, the provider is reviewing (is_on_verification);
 * - approved: verified (is_verified), withdrawals above the KYC threshold are open;
 * - resubmit: the provider asks for documents again (a retry);
 * - rejected: a final refusal; only support can reopen it.
 */
export const VERIFICATION_STATUSES = ['none', 'init', 'pending', 'approved', 'resubmit', 'rejected'] as const
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number]

/** The document kinds the provider accepts (the sandbox page's choices). */
export const VERIFICATION_DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence'] as const
export type VerificationDocumentType = (typeof VERIFICATION_DOCUMENT_TYPES)[number]

/** Which image types and how many bytes a document upload may have. */
export const VERIFICATION_UPLOAD = {
  contentTypes: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 10 * 1024 * 1024,
} as const

/**
 * Failure codes of these calls, in `error.code`:
 * - profileIncomplete: KycUserProfileException 422, error_data.fields names the profile fields the
 *   provider needs (first_name, last_name, birth_date, country_code); the page offers the
 *   fill-profile prompt and comes back.
 * - alreadyVerified: AccessDeniedException 403, nothing to start.
 * - finalRejection: AccessDeniedException 403, a final refusal; support reopens it.
 * - notSubmitted: InvalidParameterException 400 from setUserOnVerification when the provider has
 *   no documents of the player under review (the server asks it, the page's word is not enough).
 * - providerUnavailable: ApplicationUnavailableException 503, no provider or it did not answer.
 */
export const VERIFICATION_ERROR_CODE = {
  profileIncomplete: 'kyc_profile_incomplete',
  alreadyVerified: 'already_verified',
  finalRejection: 'verification_rejected',
  notSubmitted: 'verification_not_submitted',
  providerUnavailable: 'kyc_unavailable',
} as const

export const VerificationStateSchema = object({
  status: enums(VERIFICATION_STATUSES),
  /** The reviewer's words to the player (resubmit, rejected); null otherwise. */
  comment: nullable(string()),
  /** What to send again on resubmit (document types); empty otherwise. */
  reject_labels: array(string()),
  /** When the status last changed (ISO 8601); null for none. */
  updated_at: nullable(string()),
})
export type VerificationState = Infer<typeof VerificationStateSchema>

/** GET /api/verification/getStatus: where the player's check stands. */
export const getVerificationStatus = defineCall({
  area: 'verification',
  name: 'getStatus',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: VerificationStateSchema,
})

/**
 * POST /api/verification/createApplicant (SPEC §7): the player's applicant at the provider, made
 * once (a second call answers the same one). Refused with kyc_profile_incomplete until the profile
 * holds the fields the provider needs.
 */
export const createApplicant = defineCall({
  area: 'verification',
  name: 'createApplicant',
  method: 'POST',
  access: 'player',
  request: object({}),
  response: object({ applicant_id: string(), status: enums(VERIFICATION_STATUSES) }),
})

/**
 * POST /api/verification/getAccessToken (SPEC §7): a short-lived token for the provider's web SDK,
 * and where the SDK is (`sdk_url`, a page the site frames; the token travels in its fragment).
 * `externalActionId` asks for a check tied to one action (a withdrawal) instead of the account's.
 */
export const getAccessToken = defineCall({
  area: 'verification',
  name: 'getAccessToken',
  method: 'POST',
  access: 'player',
  request: object({ externalActionId: optional(pattern(string(), /^[A-Za-z0-9_.:-]{1,64}$/)) }),
  response: object({ token: string(), expires_at: string(), sdk_url: string() }),
})

/**
 * POST /api/account/setUserOnVerification (SPEC §7): the SDK said the documents were sent. The
 * server asks the provider before it sets is_on_verification; answers 1.
 */
export const setUserOnVerification = defineCall({
  area: 'account',
  name: 'setUserOnVerification',
  method: 'POST',
  access: 'player',
  request: object({}),
  response: literal(1),
})

/**
 * What the provider's SDK page posts to the page that frames it (window.postMessage, same origin
 * as sdk_url): `{ source: KYC_SDK_SOURCE, type }`.
 */
export const KYC_SDK_SOURCE = 'kyc-sdk'
export const KYC_SDK_MESSAGES = ['ready', 'submitted', 'reviewed', 'tokenExpired', 'error'] as const
export type KycSdkMessage = (typeof KYC_SDK_MESSAGES)[number]
