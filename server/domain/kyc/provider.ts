/**
 * The KYC adapter: what our verification (server/domain/kyc/verification.ts) asks of an identity
 * verification provider, shaped like a real one with a web SDK (Sumsub's applicants, access tokens
 * and webhooks). The provider keeps the documents and does the review; we keep where the player's
 * check stands, as its webhooks tell us, and the rules that depend on it (is_verified).
 */

export type KycReviewStatus = 'init' | 'pending' | 'completed'
export type KycReviewAnswer = 'GREEN' | 'RED'
export type KycRejectType = 'RETRY' | 'FINAL'

/** The reviewer's verdict, as a review's webhook and the applicant's status carry it. */
export interface KycReviewResult {
  reviewAnswer: KycReviewAnswer
  /** RED only: RETRY asks for documents again, FINAL ends the check. */
  reviewRejectType: KycRejectType | null
  /** The reviewer's words to the player. */
  moderationComment: string | null
  /** What to send again (document types). */
  rejectLabels: string[]
}

export interface KycApplicantStatus {
  reviewStatus: KycReviewStatus
  reviewAnswer: KycReviewAnswer | null
  rejectType: KycRejectType | null
  comment: string | null
  rejectLabels: string[]
  /** Documents of the current attempt (the ones a submission sends for review). */
  documents: number
}

export interface KycAccessToken {
  token: string
  expiresAt: Date
  /** The SDK's page, which the site frames with the token in its fragment. */
  sdkUrl: string
}

export interface KycDocumentInfo {
  id: string
  applicantId: string
  docType: string
  contentType: string
  byteSize: number
  uploadedAt: Date
}

export const KYC_WEBHOOK_TYPES = ['applicantPending', 'applicantReviewed', 'applicantReset'] as const
export type KycWebhookType = (typeof KYC_WEBHOOK_TYPES)[number]

/** A provider's verified notice about an applicant. */
export interface KycWebhookEvent {
  eventId: string
  type: KycWebhookType
  applicantId: string
  externalUserId: string
  /** When the provider says it happened: events are applied in this order, not as they arrive. */
  createdAt: Date
  /** applicantReviewed only. */
  reviewResult: KycReviewResult | null
}

export interface KycProvider {
  readonly name: string
  /**
   * The applicant of one of our players; idempotent by `externalUserId` (a second call answers
   * the applicant made first), so a call whose answer was lost may be made again.
   */
  createApplicant(input: { externalUserId: string; levelName: string }): Promise<{ applicantId: string }>
  /** A short-lived token for the web SDK, naming the applicant (and an action, when asked for one). */
  accessToken(input: { applicantId: string; externalUserId: string; externalActionId?: string; ttlSec: number; now: Date }): Promise<KycAccessToken>
  applicantStatus(applicantId: string): Promise<KycApplicantStatus>
  /** The applicant's documents, every attempt, oldest first. */
  documents(applicantId: string): Promise<KycDocumentInfo[]>
  /** A document's bytes; null when the provider has no such document. */
  documentContent(documentId: string): Promise<{ applicantId: string; contentType: string; content: Buffer } | null>
  /**
   * Checks a webhook's signature and freshness over the exact bytes received and parses it.
   * Throws WebhookRejected when it is forged, stale or malformed.
   */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): KycWebhookEvent
}

export { WebhookRejected } from '../payments/provider'
