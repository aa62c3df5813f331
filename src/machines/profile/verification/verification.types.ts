// Types of identity verification on /profile/verification (SPEC §4 'Identity verification flow
// steps', §7 createApplicant, getAccessToken, setUserOnVerification, §8 Kyc errors).
import type { KycSdkMessage, VerificationState, VerificationStatus } from '../../../services/api/contract/verification'
import type { AuthResult } from '../../auth/auth.types'

export type { VerificationState, VerificationStatus }

/** The provider's web SDK as the page frames it: its page and a short-lived token for it. */
export interface SdkSession {
  readonly url: string
  readonly token: string
  readonly expiresAt: string
}

export type VerificationMessageId = 'loadFailed' | 'startFailed' | 'unavailable' | 'submitFailed' | 'notSubmitted'

export interface VerificationContext {
  /** The check as the server last answered; null before the first answer. */
  readonly state: VerificationState | null
  /** The SDK while it is shown (verification, and the review it may still show); null otherwise. */
  readonly sdk: SdkSession | null
  /** Profile fields the provider needs and the profile lacks (the fill-profile prompt). */
  readonly missingFields: readonly string[]
  readonly alert: VerificationMessageId | null
}

/**
 * The player's gestures and what the SDK's frame posts that moves the flow: the documents were
 * sent, a review came back, the token ran out (SDK_EVENTS).
 */
export type VerificationEvent =
  | { type: 'verification.start' }
  | { type: 'verification.retry' }
  | { type: 'sdk.submitted' }
  | { type: 'sdk.reviewed' }
  | { type: 'sdk.tokenExpired' }

/** The SDK's messages as events; 'ready' and 'error' are the SDK's own to show, so none. */
export const SDK_EVENTS: Readonly<Record<KycSdkMessage, VerificationEvent | null>> = {
  ready: null,
  error: null,
  submitted: { type: 'sdk.submitted' },
  reviewed: { type: 'sdk.reviewed' },
  tokenExpired: { type: 'sdk.tokenExpired' },
}

export type LoadVerificationResult = AuthResult<{ state: VerificationState }>
export type OpenSdkResult = AuthResult<{ sdk: SdkSession }>

export const VERIFICATION_CHANGED = 'verification.changed'
/** Emitted when the status changed while the page was open: the account (is_verified) is read again. */
export interface VerificationEmitted {
  readonly type: typeof VERIFICATION_CHANGED
  readonly status: VerificationStatus
}

export interface VerificationActionParams {
  readonly reportError: { readonly error: unknown }
}
