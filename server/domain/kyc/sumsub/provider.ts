import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { KYC_SDK_SOURCE } from '../../../../src/services/api/contract/verification'
import type { SumsubConfig } from '../../../config'
import { KycUnavailable } from '../errors'
import {
  parseReviewResult,
  parseWebhookObject,
  WebhookRejected,
  type KycAccessToken,
  type KycApplicantStatus,
  type KycDocumentInfo,
  type KycProvider,
  type KycReviewStatus,
  type KycWebhookEvent,
  type KycWebhookType,
} from '../provider'

/**
 * A Sumsub-shaped KYC vendor (docs/verification.md#a-vendor-sumsub): its REST API with every request
 * signed (X-App-Token, X-App-Access-Ts, X-App-Access-Sig = HMAC-SHA256 of ts + method + path + body),
 * its webhooks checked by their payload digest, and its web SDK hosted on our origin at
 * SUMSUB_SDK_PATH. The vendor keeps the documents; we ask it for them when staff look.
 */

export const SUMSUB_KYC = 'sumsub'
export const SUMSUB_SDK_PATH = '/kyc/sdk/sumsub'
/** A call that has not answered by then failed: the player sees kyc_unavailable, not a hung page. */
const TIMEOUT_MS = 10_000
/** Vendor ids are hex; our account ids digits. Anything else in a path is refused before it is sent. */
const ID_RE = /^[A-Za-z0-9-]{1,64}$/
/** What its webhooks' digest may be computed with (X-Payload-Digest-Alg). */
const DIGESTS: Record<string, string> = { HMAC_SHA1_HEX: 'sha1', HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' }
/** Its notices that our check follows, as our three kinds; the rest are acknowledged and change nothing. */
const FOLLOWED: Record<string, KycWebhookType> = {
  applicantPending: 'applicantPending',
  applicantOnHold: 'applicantPending',
  applicantPrechecked: 'applicantPending',
  applicantReviewed: 'applicantReviewed',
  applicantReset: 'applicantReset',
}

type Fetch = typeof fetch

/** The signature Sumsub checks on a request: hex HMAC-SHA256 of `${ts}${METHOD}${path with query}${body}`. */
export function signSumsubRequest(secretKey: string, ts: number, method: string, pathWithQuery: string, body: string | Buffer = ''): string {
  return createHmac('sha256', secretKey).update(`${ts}${method.toUpperCase()}${pathWithQuery}`).update(body).digest('hex')
}

/** The digest Sumsub puts on a webhook: hex HMAC of the raw body under the webhooks secret. */
export function sumsubWebhookDigest(secret: string, rawBody: string, alg: keyof typeof DIGESTS = 'HMAC_SHA256_HEX'): string {
  return createHmac(DIGESTS[alg]!, secret).update(rawBody).digest('hex')
}

export class SumsubKycProvider implements KycProvider {
  readonly name = SUMSUB_KYC
  readonly sdkHost: NonNullable<KycProvider['sdkHost']>

  constructor(
    private readonly config: SumsubConfig,
    private readonly fetchImpl: Fetch = fetch,
    private readonly nowSec: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.sdkHost = { path: SUMSUB_SDK_PATH, render: (nonce, lang) => renderSumsubSdkPage(config, nonce, lang) }
  }

  async createApplicant(input: { externalUserId: string; levelName: string }): Promise<{ applicantId: string }> {
    checkId(input.externalUserId)
    const made = await this.request('POST', `/resources/applicants?levelName=${encodeURIComponent(input.levelName)}`, { externalUserId: input.externalUserId })
    // Made before (a call whose answer was lost): the vendor refuses a second one; read the first.
    if (made.status === 409) {
      const found = await this.json('GET', `/resources/applicants/-;externalUserId=${encodeURIComponent(input.externalUserId)}/one`)
      return { applicantId: applicantIdOf(found) }
    }
    return { applicantId: applicantIdOf(await this.answer(made)) }
  }

  async accessToken(input: { applicantId: string; externalUserId: string; externalActionId?: string; ttlSec: number; now: Date }): Promise<KycAccessToken> {
    checkId(input.externalUserId)
    const query = new URLSearchParams({ userId: input.externalUserId, levelName: this.config.levelName, ttlInSecs: String(input.ttlSec) })
    if (input.externalActionId) query.set('externalActionId', input.externalActionId)
    const body = await this.json('POST', `/resources/accessTokens?${query}`)
    const token = (body as { token?: unknown }).token
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) throw new KycUnavailable()
    return { token, expiresAt: new Date(input.now.getTime() + input.ttlSec * 1000), sdkUrl: SUMSUB_SDK_PATH }
  }

  async applicantStatus(applicantId: string): Promise<KycApplicantStatus> {
    checkId(applicantId)
    const applicant = (await this.json('GET', `/resources/applicants/${applicantId}/one`)) as { review?: { reviewStatus?: unknown; reviewResult?: unknown } }
    const review = applicant.review ?? {}
    const result = review.reviewResult ? safeReviewResult(review.reviewResult) : null
    const documents = (await this.resources(applicantId)).length
    return {
      reviewStatus: reviewStatusOf(review.reviewStatus),
      reviewAnswer: result?.reviewAnswer ?? null,
      rejectType: result?.reviewRejectType ?? null,
      comment: result?.moderationComment ?? null,
      rejectLabels: result?.rejectLabels ?? [],
      documents,
    }
  }

  async documents(applicantId: string): Promise<KycDocumentInfo[]> {
    checkId(applicantId)
    const applicant = (await this.json('GET', `/resources/applicants/${applicantId}/one`)) as { inspectionId?: unknown }
    const inspectionId = typeof applicant.inspectionId === 'string' && ID_RE.test(applicant.inspectionId) ? applicant.inspectionId : null
    if (!inspectionId) return []
    return (await this.resources(applicantId))
      .map((item) => ({
        // Our id names all three, so that the bytes can be asked for and their owner checked.
        id: `${applicantId}_${inspectionId}_${item.id}`,
        applicantId,
        docType: item.idDocDef?.idDocType ?? 'document',
        contentType: item.fileMetadata?.fileType ? `image/${item.fileMetadata.fileType}`.replace('image/jpg', 'image/jpeg') : 'application/octet-stream',
        byteSize: Number(item.fileMetadata?.fileSize ?? 0),
        uploadedAt: new Date(item.addedDate ? `${item.addedDate.replace(' ', 'T')}Z` : 0),
      }))
      .sort((a, b) => a.uploadedAt.getTime() - b.uploadedAt.getTime())
  }

  async documentContent(documentId: string): Promise<{ applicantId: string; contentType: string; content: Buffer } | null> {
    const [applicantId, inspectionId, imageId, extra] = documentId.split('_')
    if (extra !== undefined || ![applicantId, inspectionId, imageId].every((id) => id && ID_RE.test(id))) return null
    const res = await this.request('GET', `/resources/inspections/${inspectionId}/resources/${imageId}`)
    if (res.status === 404) return null
    if (!res.ok) throw new KycUnavailable()
    const contentType = res.headers.get('content-type')?.split(';')[0]?.trim() ?? 'application/octet-stream'
    return { applicantId: applicantId!, contentType, content: Buffer.from(await res.arrayBuffer()) }
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): KycWebhookEvent | null {
    const alg = header(headers, 'x-payload-digest-alg') ?? 'HMAC_SHA1_HEX'
    const given = header(headers, 'x-payload-digest')
    if (!DIGESTS[alg] || !given || !/^[0-9a-f]{40,128}$/i.test(given)) throw new WebhookRejected('bad_signature')
    const expected = Buffer.from(sumsubWebhookDigest(this.config.webhookSecret, rawBody, alg as keyof typeof DIGESTS), 'hex')
    const received = Buffer.from(given, 'hex')
    if (received.length !== expected.length || !timingSafeEqual(received, expected)) throw new WebhookRejected('bad_signature')

    const body = parseWebhookObject(rawBody)
    const type = typeof body.type === 'string' ? FOLLOWED[body.type] : undefined
    if (!type) return null
    const { applicantId, externalUserId } = body
    if (typeof applicantId !== 'string' || !ID_RE.test(applicantId) || typeof externalUserId !== 'string' || !ID_RE.test(externalUserId)) throw new WebhookRejected('malformed')
    const createdAt = vendorTime(body.createdAtMs ?? body.createdAt)
    if (!createdAt) throw new WebhookRejected('malformed')
    return {
      // Its notices carry no id of their own: the same bytes again are the same notice (a resend).
      eventId: `sha256_${createHash('sha256').update(rawBody).digest('hex').slice(0, 48)}`,
      type,
      applicantId,
      externalUserId,
      createdAt,
      reviewResult: type === 'applicantReviewed' ? parseReviewResult(body.reviewResult) : null,
    }
  }

  private async resources(applicantId: string) {
    const body = (await this.json('GET', `/resources/applicants/${applicantId}/metadata/resources`)) as { items?: unknown }
    const items = Array.isArray(body.items) ? body.items : []
    return items.filter(
      (item): item is { id: string; idDocDef?: { idDocType?: string }; addedDate?: string; fileMetadata?: { fileType?: string; fileSize?: number }; deactivated?: boolean } =>
        !!item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string' && ID_RE.test((item as { id: string }).id) && (item as { deactivated?: unknown }).deactivated !== true,
    )
  }

  private async json(method: string, path: string, payload?: unknown): Promise<unknown> {
    return this.answer(await this.request(method, path, payload))
  }

  private async answer(res: Response): Promise<unknown> {
    if (!res.ok) throw new KycUnavailable(undefined, { cause: new Error(`Sumsub answered ${res.status}`) })
    try {
      return await res.json()
    } catch (err) {
      throw new KycUnavailable(undefined, { cause: err })
    }
  }

  private async request(method: string, path: string, payload?: unknown): Promise<Response> {
    const body = payload === undefined ? '' : JSON.stringify(payload)
    const ts = this.nowSec()
    try {
      return await this.fetchImpl(`${this.config.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          'x-app-token': this.config.appToken,
          'x-app-access-ts': String(ts),
          'x-app-access-sig': signSumsubRequest(this.config.secretKey, ts, method, path, body),
        },
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      })
    } catch (err) {
      throw new KycUnavailable(undefined, { cause: err })
    }
  }
}

function checkId(id: string): void {
  if (!ID_RE.test(id)) throw new KycUnavailable(undefined, { cause: new Error(`Not an id: ${JSON.stringify(id)}`) })
}

function applicantIdOf(body: unknown): string {
  const id = (body as { id?: unknown } | null)?.id
  if (typeof id !== 'string' || !ID_RE.test(id)) throw new KycUnavailable(undefined, { cause: new Error('No applicant id in the answer') })
  return id
}

/** Its review statuses as ours: waiting in any queue is pending. */
function reviewStatusOf(value: unknown): KycReviewStatus {
  if (value === 'completed') return 'completed'
  if (value === 'pending' || value === 'queued' || value === 'onHold' || value === 'prechecked') return 'pending'
  return 'init'
}

function safeReviewResult(value: unknown) {
  try {
    return parseReviewResult(value)
  } catch {
    return null
  }
}

/** Its times: "2026-12-01 10:00:00.000" in UTC, or ISO 8601. */
function vendorTime(value: unknown): Date | null {
  if (typeof value !== 'string' || value.length > 40) return null
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value
  const at = new Date(iso)
  return Number.isNaN(at.getTime()) ? null : at
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

const PAGE_STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#fff;color:#111}
#sumsub-websdk-container{min-height:100vh}
#status{padding:16px}`

/**
 * Our page around the vendor's web SDK: its script from SUMSUB_WEBSDK_URL, launched with the token
 * from the fragment, its events told to the site as the sandbox's page tells them
 * (`{ source: 'kyc-sdk', type }` to our own origin only). A token running out is the site's to renew:
 * it frames the page again with a new one.
 */
export function renderSumsubSdkPage(config: Pick<SumsubConfig, 'webSdkUrl' | 'baseUrl'>, nonce: string, lang: string): { html: string; origins: string[] } {
  const safeNonce = nonce.replace(/[^A-Za-z0-9+/=]/g, '')
  const sdkOrigin = new URL(config.webSdkUrl).origin
  const apiOrigin = new URL(config.baseUrl).origin
  const script = `(function(){
var SOURCE=${JSON.stringify(KYC_SDK_SOURCE)},LANG=${JSON.stringify(lang)};
function tell(type){if(window.parent&&window.parent!==window){window.parent.postMessage({source:SOURCE,type:type},location.origin);}}
function say(text){document.getElementById('status').textContent=text;}
var token=new URLSearchParams(location.hash.slice(1)).get('token');
history.replaceState(null,'',location.pathname+location.search);
if(!token){say('This session has expired. Reopen identity verification to go on.');tell('tokenExpired');return;}
if(!window.snsWebSdk){say('Identity verification could not load. Try again later.');tell('error');return;}
say('');
window.snsWebSdk.init(token,function(){tell('tokenExpired');return Promise.reject(new Error('expired'));})
  .withConf({lang:LANG})
  .withOptions({addViewportTag:false,adaptIframeHeight:true})
  .on('idCheck.onReady',function(){tell('ready');})
  .on('idCheck.onApplicantSubmitted',function(){tell('submitted');})
  .on('idCheck.onApplicantResubmitted',function(){tell('submitted');})
  .on('idCheck.onApplicantStatusChanged',function(p){if(p&&p.reviewStatus==='completed')tell('reviewed');})
  .on('idCheck.onError',function(){tell('error');})
  .build()
  .launch('#sumsub-websdk-container');
})();`
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>Identity verification</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<p id="status" role="status">Loading…</p>
<div id="sumsub-websdk-container"></div>
<script nonce="${safeNonce}" src="${escapeAttr(config.webSdkUrl)}"></script>
<script nonce="${safeNonce}">${script}</script>
</body>
</html>`
  // The SDK's script, the frame it draws its steps in, and its API: nothing else is allowed.
  return { html, origins: [...new Set([sdkOrigin, apiOrigin])] }
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}
