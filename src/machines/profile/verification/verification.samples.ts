// Identity verification's sample events and answers: its model test walks them, and so does the
// flows registry.
import { defineEntry, delaySamples, doneEventType, errorEventType, delayEvent, type SampleTable } from '../../flow-entry'
import { fail, failure, unavailable } from '../../auth/auth.samples'
import { VERIFICATION_CODES, verificationMachine } from './verification.machine'
import type { LoadVerificationResult, OpenSdkResult, SdkSession, VerificationContext, VerificationEvent, VerificationState } from './verification.types'

const AT = '2026-11-28T10:00:00.000Z'
const state = (status: VerificationState['status'], extra: Partial<VerificationState> = {}): VerificationState => ({
  status,
  comment: null,
  reject_labels: [],
  updated_at: status === 'none' ? null : AT,
  ...extra,
})
export const NOT_STARTED = state('none')
export const PENDING = state('pending')
export const APPROVED = state('approved')
export const RESUBMIT = state('resubmit', { comment: 'The photo is blurred.', reject_labels: ['passport'] })
export const REJECTED = state('rejected', { comment: 'The document is not valid.' })
export const SDK: SdkSession = { url: '/sandbox/kyc/sdk', token: 'sdk-token', expiresAt: '2026-11-28T10:10:00.000Z' }

export const profileIncomplete = fail(failure('KycUserProfileException', VERIFICATION_CODES.profileIncomplete, { errorData: { fields: ['first_name', 'last_name', 'birth_date'] } }))
export const notSubmitted = fail(failure('InvalidParameterException', VERIFICATION_CODES.notSubmitted))
export const alreadyVerified = fail(failure('AccessDeniedException', VERIFICATION_CODES.alreadyVerified))
export const finallyRejected = fail(failure('AccessDeniedException', VERIFICATION_CODES.finalRejection))
export const providerDown = fail(failure('ApplicationUnavailableException', VERIFICATION_CODES.providerUnavailable))
export { unavailable }

export const STATUS_POLL = delayEvent(verificationMachine, 'statusPoll').type

export const verificationSamples = {
  'verification.start': [{ type: 'verification.start' }],
  'verification.retry': [{ type: 'verification.retry' }],
  'sdk.submitted': [{ type: 'sdk.submitted' }],
  'sdk.reviewed': [{ type: 'sdk.reviewed' }],
  'sdk.tokenExpired': [{ type: 'sdk.tokenExpired' }],
} satisfies SampleTable<VerificationEvent>

const LOADED = doneEventType(verificationMachine, 'loadStatus')
const LOAD_CRASHED = errorEventType(verificationMachine, 'loadStatus')
const OPENED = doneEventType(verificationMachine, 'openSdk')
const OPEN_CRASHED = errorEventType(verificationMachine, 'openSdk')
const RENEWED = doneEventType(verificationMachine, 'renewToken')
const RENEW_CRASHED = errorEventType(verificationMachine, 'renewToken')
const SUBMITTED = doneEventType(verificationMachine, 'submitDocuments')
const SUBMIT_CRASHED = errorEventType(verificationMachine, 'submitDocuments')

export type VerificationOutcome =
  | { type: typeof LOADED; output: LoadVerificationResult }
  | { type: typeof LOAD_CRASHED; error: unknown }
  | { type: typeof OPENED; output: OpenSdkResult }
  | { type: typeof OPEN_CRASHED; error: unknown }
  | { type: typeof RENEWED; output: OpenSdkResult }
  | { type: typeof RENEW_CRASHED; error: unknown }
  | { type: typeof SUBMITTED; output: LoadVerificationResult }
  | { type: typeof SUBMIT_CRASHED; error: unknown }
  | { type: typeof STATUS_POLL }

export const verificationOutcomes = {
  [LOADED]: [
    { type: LOADED, output: { ok: true, state: NOT_STARTED } },
    { type: LOADED, output: { ok: true, state: PENDING } },
    { type: LOADED, output: { ok: true, state: APPROVED } },
    { type: LOADED, output: { ok: true, state: RESUBMIT } },
    { type: LOADED, output: { ok: true, state: REJECTED } },
    { type: LOADED, output: unavailable },
  ],
  [LOAD_CRASHED]: [{ type: LOAD_CRASHED, error: 'bug' }],
  [OPENED]: [
    { type: OPENED, output: { ok: true, sdk: SDK } },
    { type: OPENED, output: profileIncomplete },
    { type: OPENED, output: alreadyVerified },
    { type: OPENED, output: finallyRejected },
    { type: OPENED, output: providerDown },
    { type: OPENED, output: unavailable },
  ],
  [OPEN_CRASHED]: [{ type: OPEN_CRASHED, error: 'bug' }],
  [RENEWED]: [
    { type: RENEWED, output: { ok: true, sdk: { ...SDK, token: 'sdk-token-2' } } },
    { type: RENEWED, output: unavailable },
  ],
  [RENEW_CRASHED]: [{ type: RENEW_CRASHED, error: 'bug' }],
  [SUBMITTED]: [
    { type: SUBMITTED, output: { ok: true, state: PENDING } },
    { type: SUBMITTED, output: notSubmitted },
    { type: SUBMITTED, output: unavailable },
  ],
  [SUBMIT_CRASHED]: [{ type: SUBMIT_CRASHED, error: 'bug' }],
  ...delaySamples(STATUS_POLL),
} satisfies SampleTable<VerificationOutcome>

export const verificationEntry = defineEntry<typeof verificationMachine, VerificationOutcome>({
  name: 'verification',
  area: 'profile',
  spec: '§4 Identity verification flow steps, §7 createApplicant, getAccessToken, setUserOnVerification, §8 Kyc errors, §2.4 fill-profile-info confirm',
  description: 'Identity verification on /profile/verification: start, the provider’s SDK, the review, and documents asked again; the provider’s webhook decides',
  machine: verificationMachine,
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: VerificationContext }
    return JSON.stringify({
      value,
      status: context.state?.status ?? null,
      sdk: context.sdk?.token ?? null,
      missing: context.missingFields.length,
      alert: context.alert,
    })
  },
  events: verificationSamples,
  outcomes: verificationOutcomes,
})
