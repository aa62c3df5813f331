import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { VERIFICATION_DOCUMENT_TYPES, VERIFICATION_UPLOAD, type VerificationDocumentType } from '../../../../src/services/api/contract/verification'
import type { Config } from '../../../config'
import type { DB, KycSandboxApplicantsTable } from '../../../db/schema'
import { checkTimestamped, derivedSecret, signTimestamped } from '../../webhook-signature'
import {
  KYC_WEBHOOK_TYPES,
  parseReviewResult,
  parseWebhookObject,
  WebhookRejected,
  type KycAccessToken,
  type KycApplicantStatus,
  type KycDocumentInfo,
  type KycProvider,
  type KycReviewResult,
  type KycWebhookEvent,
  type KycWebhookType,
} from '../provider'

/**
 * The sandbox KYC provider (demo's default; production refuses to start with it): a real web-SDK
 * provider's shape, with its own applicants and documents in its own tables, its SDK page and API
 * (server/http/sandbox-kyc.ts) and signed webhooks, so verification is played end to end without
 * one (docs/verification.md).
 */

export const SANDBOX_KYC = 'sandbox'
export const SANDBOX_KYC_SDK_PATH = '/sandbox/kyc/sdk'
export const SANDBOX_KYC_API_PATH = '/sandbox/kyc/api'
export const SANDBOX_KYC_SIGNATURE_HEADER = 'x-sandbox-kyc-signature'
/** The longest an SDK token lives, whatever is asked. */
export const SANDBOX_KYC_TOKEN_MAX_TTL_SEC = 600
/** Documents one attempt may hold: enough for both sides of two documents, not a store. */
export const SANDBOX_KYC_MAX_DOCUMENTS = 6

const TOKEN_RE = /^sbkyc_([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/

export function sandboxKycSecret(config: Pick<Config, 'sessionSecret'>): string {
  return derivedSecret(config, 'kyc-provider:sandbox')
}

/** The X-Sandbox-Kyc-Signature header for `body` sent at `at`. */
export const signSandboxKycWebhook = signTimestamped

/** What the bytes are, by their first bytes (a name or a declared type proves nothing). */
export function sniffImage(bytes: Uint8Array): (typeof VERIFICATION_UPLOAD.contentTypes)[number] | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg'
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png'
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp'
  return null
}

export function isDocumentType(value: unknown): value is VerificationDocumentType {
  return typeof value === 'string' && (VERIFICATION_DOCUMENT_TYPES as readonly string[]).includes(value)
}

/** What the SDK page shows: the applicant's review as the site's statuses name it. */
export type SandboxSdkStatus = 'init' | 'pending' | 'approved' | 'resubmit' | 'rejected'

type ApplicantRow = Pick<Selectable<KycSandboxApplicantsTable>, 'review_status' | 'review_answer' | 'reject_type'>

export function sdkStatus(row: ApplicantRow): SandboxSdkStatus {
  if (row.review_status === 'init') return 'init'
  if (row.review_status === 'pending') return 'pending'
  if (row.review_answer === 'GREEN') return 'approved'
  return row.reject_type === 'FINAL' ? 'rejected' : 'resubmit'
}

/** The applicant a valid SDK token names. */
export interface SdkTokenClaims {
  applicantId: string
  externalUserId: string
  externalActionId: string | null
  expiresAt: Date
}

/** Why the sandbox's SDK API refused a request: its own codes, as an outside provider answers. */
export class SandboxKycRefusal extends Error {
  override name = 'SandboxKycRefusal'
  constructor(
    readonly status: 400 | 404 | 409 | 413 | 415,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export type SandboxReviewAnswer = 'approve' | 'resubmit' | 'reject'

const DEFAULT_COMMENT: Record<Exclude<SandboxReviewAnswer, 'approve'>, string> = {
  resubmit: 'The photo is not clear enough. Please upload the document again.',
  reject: 'The document could not be accepted.',
}

export interface SandboxApplicantView {
  id: string
  status: SandboxSdkStatus
  comment: string | null
  reject_labels: string[]
  attempt: number
  /** The current attempt's documents. */
  documents: { id: string; doc_type: string; content_type: string; byte_size: number; uploaded_at: string }[]
}

export class SandboxKycProvider implements KycProvider {
  readonly name = SANDBOX_KYC
  private readonly secret: string

  constructor(
    config: Pick<Config, 'sessionSecret'>,
    private readonly db: Kysely<DB>,
  ) {
    this.secret = sandboxKycSecret(config)
  }

  async createApplicant({ externalUserId, levelName }: { externalUserId: string; levelName: string }): Promise<{ applicantId: string }> {
    // One applicant per user, whoever asks first: a repeated or concurrent call finds that one.
    await this.db
      .insertInto('kyc_sandbox_applicants')
      .values({ id: `sbapp_${randomBytes(12).toString('base64url')}`, external_user_id: externalUserId, level: levelName })
      .onConflict((oc) => oc.column('external_user_id').doNothing())
      .execute()
    const row = await this.db.selectFrom('kyc_sandbox_applicants').select('id').where('external_user_id', '=', externalUserId).executeTakeFirstOrThrow()
    return { applicantId: row.id }
  }

  async accessToken(input: { applicantId: string; externalUserId: string; externalActionId?: string; ttlSec: number; now: Date }): Promise<KycAccessToken> {
    const ttl = Math.max(1, Math.min(input.ttlSec, SANDBOX_KYC_TOKEN_MAX_TTL_SEC))
    const expiresAt = new Date(Math.floor(input.now.getTime() / 1000) * 1000 + ttl * 1000)
    const claims = { a: input.applicantId, u: input.externalUserId, x: input.externalActionId ?? null, e: expiresAt.getTime() / 1000 }
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
    return { token: `sbkyc_${payload}.${this.tokenSignature(payload)}`, expiresAt, sdkUrl: SANDBOX_KYC_SDK_PATH }
  }

  /** The claims of a token this sandbox signed: 'expired' past its life, null when it is not one of ours. */
  readToken(token: string, now: Date): SdkTokenClaims | 'expired' | null {
    const match = TOKEN_RE.exec(token)
    if (!match) return null
    const expected = Buffer.from(this.tokenSignature(match[1]!))
    const given = Buffer.from(match[2]!)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
    let claims: { a?: unknown; u?: unknown; x?: unknown; e?: unknown }
    try {
      claims = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as typeof claims
    } catch {
      return null
    }
    if (typeof claims.a !== 'string' || typeof claims.u !== 'string' || typeof claims.e !== 'number') return null
    const expiresAt = new Date(claims.e * 1000)
    if (expiresAt.getTime() <= now.getTime()) return 'expired'
    return { applicantId: claims.a, externalUserId: claims.u, externalActionId: typeof claims.x === 'string' ? claims.x : null, expiresAt }
  }

  private tokenSignature(payload: string): string {
    return createHmac('sha256', this.secret).update(`sdk-token:${payload}`).digest('base64url')
  }

  async applicantStatus(applicantId: string): Promise<KycApplicantStatus> {
    const row = await this.row(applicantId)
    if (!row) throw new Error(`Sandbox KYC: no applicant ${applicantId}`)
    return {
      reviewStatus: row.review_status,
      reviewAnswer: row.review_answer,
      rejectType: row.reject_type,
      comment: row.comment,
      rejectLabels: row.reject_labels,
      documents: (await this.currentDocuments(row)).length,
    }
  }

  async documents(applicantId: string): Promise<KycDocumentInfo[]> {
    const rows = await this.db
      .selectFrom('kyc_sandbox_documents')
      .select(['id', 'applicant_id', 'doc_type', 'content_type', 'byte_size', 'created_at'])
      .where('applicant_id', '=', applicantId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    return rows.map((r) => ({ id: r.id, applicantId: r.applicant_id, docType: r.doc_type, contentType: r.content_type, byteSize: r.byte_size, uploadedAt: r.created_at }))
  }

  async documentContent(documentId: string): Promise<{ applicantId: string; contentType: string; content: Buffer } | null> {
    if (!ID_RE.test(documentId)) return null
    const row = await this.db.selectFrom('kyc_sandbox_documents').select(['applicant_id', 'content_type', 'content']).where('id', '=', documentId).executeTakeFirst()
    if (!row) return null
    return { applicantId: row.applicant_id, contentType: row.content_type, content: Buffer.from(row.content) }
  }

  // ── The sandbox's own API, behind its SDK page (server/http/sandbox-kyc.ts) ──

  async applicant(applicantId: string): Promise<SandboxApplicantView | null> {
    const row = await this.row(applicantId)
    if (!row) return null
    const docs = await this.currentDocuments(row)
    return {
      id: row.id,
      status: sdkStatus(row),
      comment: row.comment,
      reject_labels: row.reject_labels,
      attempt: row.attempt,
      documents: docs.map((d) => ({ id: d.id, doc_type: d.doc_type, content_type: d.content_type, byte_size: d.byte_size, uploaded_at: d.created_at.toISOString() })),
    }
  }

  /** Takes a document of the current attempt, while documents are asked for (init, or sent back). */
  async addDocument(applicantId: string, input: { docType: string; content: Buffer; now: Date }): Promise<SandboxApplicantView> {
    if (!isDocumentType(input.docType)) throw new SandboxKycRefusal(400, 'bad_document_type', 'Choose the kind of document: passport, ID card or driving licence.')
    if (input.content.length > VERIFICATION_UPLOAD.maxBytes) throw new SandboxKycRefusal(413, 'file_too_large', 'The file is larger than 10 MB. Choose a smaller photo or scan.')
    const contentType = sniffImage(input.content)
    if (!contentType) throw new SandboxKycRefusal(415, 'not_an_image', 'This file is not a photo or scan we can read. Choose a JPEG, PNG or WebP image.')
    const row = await this.row(applicantId)
    if (!row) throw new SandboxKycRefusal(404, 'applicant_not_found', 'No such applicant.')
    const status = sdkStatus(row)
    if (status !== 'init' && status !== 'resubmit') throw new SandboxKycRefusal(409, 'not_accepting_documents', 'Your documents have been sent; nothing more is needed now.')
    if ((await this.currentDocuments(row)).length >= SANDBOX_KYC_MAX_DOCUMENTS) {
      throw new SandboxKycRefusal(409, 'too_many_documents', `Up to ${SANDBOX_KYC_MAX_DOCUMENTS} documents can be sent at a time.`)
    }
    await this.db
      .insertInto('kyc_sandbox_documents')
      .values({
        id: `sbdoc_${randomBytes(12).toString('base64url')}`,
        applicant_id: applicantId,
        attempt: row.attempt,
        doc_type: input.docType,
        content_type: contentType,
        byte_size: input.content.length,
        sha256: createHash('sha256').update(input.content).digest('hex'),
        content: input.content,
        created_at: input.now,
      })
      .execute()
    return (await this.applicant(applicantId))!
  }

  /**
   * Sends the current attempt's documents for review (pending); the webhook to send follows.
   * Null when the applicant was pending already (nothing happened, nothing to tell).
   */
  async submit(applicantId: string, now: Date): Promise<{ view: SandboxApplicantView; event: KycWebhookEvent | null }> {
    const row = await this.row(applicantId)
    if (!row) throw new SandboxKycRefusal(404, 'applicant_not_found', 'No such applicant.')
    const status = sdkStatus(row)
    if (status === 'pending') return { view: (await this.applicant(applicantId))!, event: null }
    if (status !== 'init' && status !== 'resubmit') throw new SandboxKycRefusal(409, 'not_accepting_documents', 'This check is closed.')
    if ((await this.currentDocuments(row)).length === 0) throw new SandboxKycRefusal(400, 'no_documents', 'Upload at least one document first.')
    // Only from the state just read: a second submit racing this one changes nothing.
    const moved = await this.db
      .updateTable('kyc_sandbox_applicants')
      .set({ review_status: 'pending', review_answer: null, reject_type: null, comment: null, reject_labels: [], updated_at: now })
      .where('id', '=', applicantId)
      .where('review_status', '=', row.review_status)
      .where('attempt', '=', row.attempt)
      .executeTakeFirst()
    const view = (await this.applicant(applicantId))!
    if (moved.numUpdatedRows === 0n) return { view, event: null }
    return { view, event: this.event('applicantPending', row, now, null) }
  }

  /** The sandbox reviewer's verdict on a pending applicant; the webhook to send follows. */
  async review(applicantId: string, answer: SandboxReviewAnswer, comment: string | null, now: Date): Promise<{ view: SandboxApplicantView; event: KycWebhookEvent }> {
    const row = await this.row(applicantId)
    if (!row) throw new SandboxKycRefusal(404, 'applicant_not_found', 'No such applicant.')
    if (row.review_status !== 'pending') throw new SandboxKycRefusal(409, 'not_pending', 'Only documents waiting for review can be reviewed.')
    const labels = answer === 'resubmit' ? [...new Set((await this.currentDocuments(row)).map((d) => d.doc_type))] : []
    const result: KycReviewResult =
      answer === 'approve'
        ? { reviewAnswer: 'GREEN', reviewRejectType: null, moderationComment: null, rejectLabels: [] }
        : { reviewAnswer: 'RED', reviewRejectType: answer === 'resubmit' ? 'RETRY' : 'FINAL', moderationComment: comment || DEFAULT_COMMENT[answer], rejectLabels: labels }
    const moved = await this.db
      .updateTable('kyc_sandbox_applicants')
      .set({
        review_status: 'completed',
        review_answer: result.reviewAnswer,
        reject_type: result.reviewRejectType,
        comment: result.moderationComment,
        reject_labels: result.rejectLabels,
        // Sent back: the next documents are a new attempt's.
        attempt: answer === 'resubmit' ? row.attempt + 1 : row.attempt,
        updated_at: now,
      })
      .where('id', '=', applicantId)
      .where('review_status', '=', 'pending')
      .executeTakeFirst()
    if (moved.numUpdatedRows === 0n) throw new SandboxKycRefusal(409, 'not_pending', 'Only documents waiting for review can be reviewed.')
    return { view: (await this.applicant(applicantId))!, event: this.event('applicantReviewed', row, now, result) }
  }

  /** The webhook's body as the provider sends it (Sumsub-like names). */
  webhookBody(event: KycWebhookEvent): string {
    return JSON.stringify({
      eventId: event.eventId,
      type: event.type,
      applicantId: event.applicantId,
      externalUserId: event.externalUserId,
      reviewStatus: event.type === 'applicantReviewed' ? 'completed' : event.type === 'applicantPending' ? 'pending' : 'init',
      createdAt: event.createdAt.toISOString(),
      ...(event.reviewResult ? { reviewResult: event.reviewResult } : {}),
    })
  }

  signWebhook(body: string, at: Date): string {
    return signSandboxKycWebhook(this.secret, body, at)
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): KycWebhookEvent {
    checkTimestamped(headers[SANDBOX_KYC_SIGNATURE_HEADER], this.secret, rawBody, now)
    return parseWebhook(rawBody)
  }

  private async row(applicantId: string) {
    if (!ID_RE.test(applicantId)) return undefined
    return this.db.selectFrom('kyc_sandbox_applicants').selectAll().where('id', '=', applicantId).executeTakeFirst()
  }

  private currentDocuments(row: { id: string; attempt: number }) {
    return this.db
      .selectFrom('kyc_sandbox_documents')
      .select(['id', 'doc_type', 'content_type', 'byte_size', 'created_at'])
      .where('applicant_id', '=', row.id)
      .where('attempt', '=', row.attempt)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  }

  private event(type: KycWebhookType, row: { id: string; external_user_id: string }, now: Date, reviewResult: KycReviewResult | null): KycWebhookEvent {
    return { eventId: `evt_${randomBytes(12).toString('base64url')}`, type, applicantId: row.id, externalUserId: row.external_user_id, createdAt: now, reviewResult }
  }
}

/** A signed body's fields; anything not of the expected shape is malformed. */
function parseWebhook(rawBody: string): KycWebhookEvent {
  const body = parseWebhookObject(rawBody)
  const { eventId, type, applicantId, externalUserId, createdAt, reviewResult } = body
  if (typeof eventId !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(eventId)) throw new WebhookRejected('malformed')
  if (typeof type !== 'string' || !(KYC_WEBHOOK_TYPES as readonly string[]).includes(type)) throw new WebhookRejected('malformed')
  if (typeof applicantId !== 'string' || !ID_RE.test(applicantId)) throw new WebhookRejected('malformed')
  if (typeof externalUserId !== 'string' || !ID_RE.test(externalUserId)) throw new WebhookRejected('malformed')
  const at = typeof createdAt === 'string' ? new Date(createdAt) : null
  if (!at || Number.isNaN(at.getTime())) throw new WebhookRejected('malformed')
  const result = type === 'applicantReviewed' ? parseReviewResult(reviewResult) : null
  return { eventId, type: type as KycWebhookType, applicantId, externalUserId, createdAt: at, reviewResult: result }
}
