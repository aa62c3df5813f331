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
   * Throws WebhookRejected when it is forged, stale or malformed; null is a genuine notice of a
   * kind our check does not follow (acknowledged, changing nothing, so the provider stops resending).
   */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): KycWebhookEvent | null
  /**
   * The page the site frames as `sdkUrl`, when this server serves it (a vendor's web SDK hosted on
   * our origin): its path, its HTML for a request's nonce, and the vendor's origins the page loads
   * scripts, frames and calls from.
   */
  readonly sdkHost?: { path: string; render(nonce: string, lang: string): { html: string; origins: string[] } }
}

import { WebhookRejected } from '../payments/provider'
export { WebhookRejected }

/** A webhook's body as a JSON object; anything else is malformed (WebhookRejected). */
export function parseWebhookObject(rawBody: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(rawBody)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>
  } catch {
    // Not JSON: malformed, as below.
  }
  throw new WebhookRejected('malformed')
}

/** A webhook's reviewResult as the providers send it; anything else is malformed (WebhookRejected). */
export function parseReviewResult(value: unknown): KycReviewResult {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new WebhookRejected('malformed')
  const r = value as Record<string, unknown>
  if (r.reviewAnswer !== 'GREEN' && r.reviewAnswer !== 'RED') throw new WebhookRejected('malformed')
  const rejectType = r.reviewRejectType ?? null
  if (r.reviewAnswer === 'RED' ? rejectType !== 'RETRY' && rejectType !== 'FINAL' : rejectType !== null) throw new WebhookRejected('malformed')
  const comment = r.moderationComment ?? null
  if (comment !== null && (typeof comment !== 'string' || comment.length > 1000)) throw new WebhookRejected('malformed')
  const labels = r.rejectLabels ?? []
  if (!Array.isArray(labels) || labels.length > 20 || !labels.every((l) => typeof l === 'string' && l.length > 0 && l.length <= 64)) throw new WebhookRejected('malformed')
  return { reviewAnswer: r.reviewAnswer, reviewRejectType: rejectType as KycRejectType | null, moderationComment: comment as string | null, rejectLabels: labels as string[] }
}
