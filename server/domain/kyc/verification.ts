import type { Kysely, Transaction } from 'kysely'
import type { VerificationState, VerificationStatus } from '../../../src/services/api/contract/verification'
import { runTransaction } from '../../db/transaction'
import { missingProfileFields } from '../account/profile-completeness'
import type { DB, KycApplicationsTable } from '../../db/schema'
import { KycAlreadyVerified, KycFinallyRejected, KycNotSubmitted, KycProfileIncomplete, KycUnavailable, KycUnknownApplicant } from './errors'
import type { KycProvider, KycWebhookEvent } from './provider'

/**
 * Identity verification, our side (docs/verification.md): the player's applicant at the KYC
 * provider, the SDK's token, and where the check stands as the provider's webhooks tell it. The
 * provider is never called while a transaction is open (ARCHITECTURE §5): calls go out first and
 * their answers are written after, idempotently.
 */

/** The provider's verification level our players go through. */
export const KYC_LEVEL_NAME = 'basic-kyc-level'
/** An SDK token's life: the page asks for a new one when it runs out. */
export const KYC_TOKEN_TTL_SEC = 600
/**
 * What the provider checks the documents against; without them it cannot start. The country always;
 * the others when the country's field list shows them, since /profile/settings asks only for those.
 */
export const KYC_PROFILE_FIELDS = ['country_code', 'first_name', 'last_name', 'birth_date'] as const
/** Our webhook endpoint for a provider. */
export const kycWebhookPath = (provider: string) => `/kyc/webhook/${provider}`
/** Where a document's bytes are served to its owner and to staff. */
export const KYC_DOCUMENTS_PATH = '/kyc/documents'

export interface KycDeps {
  db: Kysely<DB>
  /** Null when KYC_PROVIDER is not set. */
  provider: KycProvider | null
  now: Date
}

type Status = KycApplicationsTable['status']

/** The provider knows our player by this. */
const externalUserId = (accountId: bigint) => String(accountId)

function readApplication(db: Kysely<DB>, accountId: bigint) {
  return db.selectFrom('kyc_applications').selectAll().where('account_id', '=', accountId).executeTakeFirst()
}

/**
 * Where the player's check stands. A player staff verified by other means reads as approved,
 * whatever the provider last said.
 */
export async function verificationState(db: Kysely<DB>, accountId: bigint): Promise<VerificationState> {
  const row = await db
    .selectFrom('accounts')
    .leftJoin('kyc_applications as k', 'k.account_id', 'accounts.id')
    .select(['accounts.is_verified', 'k.status', 'k.comment', 'k.reject_labels', 'k.updated_at'])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst()
  const updatedAt = row?.updated_at ? row.updated_at.toISOString() : null
  if (row?.is_verified) return { status: 'approved', comment: null, reject_labels: [], updated_at: updatedAt }
  if (!row?.status) return { status: 'none', comment: null, reject_labels: [], updated_at: null }
  const explained = row.status === 'resubmit' || row.status === 'rejected'
  return { status: row.status, comment: explained ? row.comment : null, reject_labels: row.status === 'resubmit' ? (row.reject_labels ?? []) : [], updated_at: updatedAt }
}

/**
 * The player's applicant at the provider, made once: a second call answers the same one, and
 * calls at the same instant make one (the provider is idempotent by our player's id, and our row
 * is inserted ON CONFLICT DO NOTHING and read back).
 */
export async function createApplicant(deps: KycDeps, accountId: bigint): Promise<{ applicant_id: string; status: VerificationStatus }> {
  const { db, provider, now } = deps
  const account = await db
    .selectFrom('accounts')
    .select(['accounts.is_verified'])
    .where('accounts.id', '=', accountId)
    .executeTakeFirstOrThrow()
  if (account.is_verified) throw new KycAlreadyVerified()
  const existing = await readApplication(db, accountId)
  if (existing) return answer(existing)
  // The country is asked whatever the list shows: the provider checks documents of a country.
  const missing = await missingProfileFields(db, accountId, KYC_PROFILE_FIELDS, ['country_code'])
  if (missing.length) throw new KycProfileIncomplete([...missing])
  if (!provider) throw new KycUnavailable()
  let applicantId: string
  try {
    ;({ applicantId } = await provider.createApplicant({ externalUserId: externalUserId(accountId), levelName: KYC_LEVEL_NAME }))
  } catch (err) {
    throw new KycUnavailable(undefined, { cause: err })
  }
  await db
    .insertInto('kyc_applications')
    .values({ account_id: accountId, provider: provider.name, applicant_id: applicantId, status: 'init', created_at: now, updated_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute()
  const made = await readApplication(db, accountId)
  if (!made) throw new Error(`kyc_applications: no row for account ${accountId} after insert`)
  return answer(made)
}

function answer(row: { applicant_id: string; status: Status }): { applicant_id: string; status: VerificationStatus } {
  if (row.status === 'rejected') throw new KycFinallyRejected()
  return { applicant_id: row.applicant_id, status: row.status }
}

/** A short-lived token for the provider's web SDK; makes the applicant first when there is none (same rules). */
export async function getAccessToken(deps: KycDeps, accountId: bigint, externalActionId?: string): Promise<{ token: string; expires_at: string; sdk_url: string }> {
  const { applicant_id } = await createApplicant(deps, accountId)
  if (!deps.provider) throw new KycUnavailable()
  try {
    const token = await deps.provider.accessToken({
      applicantId: applicant_id,
      externalUserId: externalUserId(accountId),
      externalActionId,
      ttlSec: KYC_TOKEN_TTL_SEC,
      now: deps.now,
    })
    return { token: token.token, expires_at: token.expiresAt.toISOString(), sdk_url: token.sdkUrl }
  } catch (err) {
    throw new KycUnavailable(undefined, { cause: err })
  }
}

/**
 * The SDK said the documents were sent: the provider is asked (the page's word is not enough), and
 * only documents under review set the player on verification. A webhook that moved the check on
 * after the provider answered wins: the write is skipped then.
 */
export async function setUserOnVerification(deps: KycDeps, accountId: bigint): Promise<1> {
  const { db, provider, now } = deps
  const application = await readApplication(db, accountId)
  if (!application) throw new KycNotSubmitted()
  if (!provider) throw new KycUnavailable()
  let status
  try {
    status = await provider.applicantStatus(application.applicant_id)
  } catch (err) {
    throw new KycUnavailable(undefined, { cause: err })
  }
  if (status.reviewStatus !== 'pending' || status.documents === 0) throw new KycNotSubmitted()
  await runTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('kyc_applications')
      .select(['status', 'last_event_at'])
      .where('account_id', '=', accountId)
      .forUpdate('kyc_applications')
      .executeTakeFirstOrThrow()
    if (row.status === 'approved' || row.status === 'rejected') return
    if (row.last_event_at && row.last_event_at.getTime() > now.getTime()) return
    await trx.updateTable('kyc_applications').set({ status: 'pending', comment: null, reject_labels: [], updated_at: now }).where('account_id', '=', accountId).execute()
    await trx.updateTable('accounts').set({ is_on_verification: true }).where('id', '=', accountId).execute()
  })
  return 1
}

/** What an event makes of the check: the application's status and the account's flags. */
function effectOf(event: KycWebhookEvent): { status: Status; comment: string | null; labels: string[]; account: { is_on_verification: boolean; is_verified?: boolean } } {
  if (event.type === 'applicantPending') return { status: 'pending', comment: null, labels: [], account: { is_on_verification: true } }
  if (event.type === 'applicantReset') return { status: 'init', comment: null, labels: [], account: { is_on_verification: false } }
  const review = event.reviewResult!
  if (review.reviewAnswer === 'GREEN') return { status: 'approved', comment: null, labels: [], account: { is_on_verification: false, is_verified: true } }
  if (review.reviewRejectType === 'FINAL') {
    return { status: 'rejected', comment: review.moderationComment, labels: [], account: { is_on_verification: false, is_verified: false } }
  }
  return { status: 'resubmit', comment: review.moderationComment, labels: review.rejectLabels, account: { is_on_verification: false } }
}

/**
 * Applies a verified webhook event inside the caller's transaction (the one holding its replay
 * guard). Locks only the application's row; an event older than the last one applied changes nothing.
 */
export async function applyWebhookEvent(trx: Transaction<DB>, provider: string, event: KycWebhookEvent, now: Date): Promise<{ changed: boolean; status: Status }> {
  const row = await trx
    .selectFrom('kyc_applications')
    .select(['account_id', 'status', 'last_event_at'])
    .where('provider', '=', provider)
    .where('applicant_id', '=', event.applicantId)
    .forUpdate('kyc_applications')
    .executeTakeFirst()
  if (!row || externalUserId(row.account_id) !== event.externalUserId) throw new KycUnknownApplicant()
  if (row.last_event_at && event.createdAt.getTime() < row.last_event_at.getTime()) return { changed: false, status: row.status }
  const effect = effectOf(event)
  await trx
    .updateTable('kyc_applications')
    .set({ status: effect.status, comment: effect.comment, reject_labels: effect.labels, last_event_at: event.createdAt, updated_at: now })
    .where('account_id', '=', row.account_id)
    .execute()
  await trx.updateTable('accounts').set(effect.account).where('id', '=', row.account_id).execute()
  return { changed: effect.status !== row.status, status: effect.status }
}

/**
 * A verified webhook, handled once: its event id is recorded in the same transaction as the
 * change it causes (a crash leaves neither), and a replay answers duplicate and changes nothing.
 */
export async function handleWebhookEvent(db: Kysely<DB>, provider: string, event: KycWebhookEvent, now: Date): Promise<{ duplicate: true } | { duplicate: false; changed: boolean; status: Status }> {
  return runTransaction(db, async (trx) => {
    const fresh = await trx
      .insertInto('kyc_webhook_events')
      .values({ provider, event_id: event.eventId, received_at: now })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst()
    if (!fresh) return { duplicate: true as const }
    return { duplicate: false as const, ...(await applyWebhookEvent(trx, provider, event, now)) }
  })
}

/** The player's documents at the provider, every attempt, for staff. */
export async function verificationDocuments(deps: Pick<KycDeps, 'db' | 'provider'>, accountId: bigint) {
  const application = await readApplication(deps.db, accountId)
  if (!application) return []
  if (!deps.provider || deps.provider.name !== application.provider) throw new KycUnavailable()
  try {
    return await deps.provider.documents(application.applicant_id)
  } catch (err) {
    throw new KycUnavailable(undefined, { cause: err })
  }
}

/**
 * A document's bytes for whoever asks: its owner (`playerId`) or staff; null for anyone else, as
 * for a document that does not exist, so an id says nothing to those who may not see it.
 */
export async function documentFor(deps: Pick<KycDeps, 'db' | 'provider'>, documentId: string, who: { playerId: bigint | null; staff: boolean }) {
  if (!deps.provider || (who.playerId === null && !who.staff)) return null
  const doc = await deps.provider.documentContent(documentId)
  if (!doc) return null
  const owner = await deps.db
    .selectFrom('kyc_applications')
    .select('account_id')
    .where('provider', '=', deps.provider.name)
    .where('applicant_id', '=', doc.applicantId)
    .executeTakeFirst()
  if (!owner) return null
  return who.staff || owner.account_id === who.playerId ? { contentType: doc.contentType, content: doc.content } : null
}
