// Identity verification through a Sumsub-shaped vendor (docs/verification.md#a-vendor-sumsub),
// against a local stand-in of its REST API that checks every request's signature: the applicant
// made once, the SDK's token and our page around its web SDK, the webhooks checked by their payload
// digest and applied once, and the documents read back from the vendor for their owner.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SumsubConfig } from '../config'
import { KycUnavailable } from '../domain/kyc/errors'
import { SumsubKycProvider, sumsubWebhookDigest, SUMSUB_SDK_PATH } from '../domain/kyc/sumsub/provider'
import { WebhookRejected } from '../domain/kyc/provider'
import { apiPlayers, type ApiPlayer } from '../test/api-player'
import { useTestApp } from '../test/harness'
import { startSumsubStandIn, type SumsubStandIn } from '../test/sumsub-stand-in'

const WEBHOOK_SECRET = 'sumsub-webhook-secret-for-tests-0123'
const OPERATOR_TOKEN = 'operator-token-for-kyc-tests-0123456789abcdef'
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

let vendor: SumsubStandIn
// Filled once the stand-in listens, before the app below is built (hooks run in order).
const sumsub: SumsubConfig = { baseUrl: '', appToken: '', secretKey: '', webhookSecret: WEBHOOK_SECRET, levelName: 'basic-kyc-level', webSdkUrl: 'https://static.sumsub.example/websdk.js' }
beforeAll(async () => {
  vendor = await startSumsubStandIn()
  Object.assign(sumsub, { baseUrl: vendor.baseUrl, appToken: vendor.appToken, secretKey: vendor.secretKey })
})
afterAll(() => vendor?.close())

describe('the Sumsub adapter against its stand-in', () => {
  const provider = () => new SumsubKycProvider(sumsub)

  it('signs every call, makes an applicant once, and reads its status and documents', async () => {
    const p = provider()
    const { applicantId } = await p.createApplicant({ externalUserId: '901', levelName: 'basic-kyc-level' })
    // A second call (an answer lost on the way) is the same applicant, through the vendor's 409.
    expect(await p.createApplicant({ externalUserId: '901', levelName: 'basic-kyc-level' })).toEqual({ applicantId })
    expect(vendor.requests.every((r) => r.signed)).toBe(true)
    expect(vendor.applicants.get(applicantId)).toMatchObject({ externalUserId: '901', levelName: 'basic-kyc-level' })

    const token = await p.accessToken({ applicantId, externalUserId: '901', ttlSec: 600, now: new Date('2026-12-01T10:00:00Z') })
    expect(token).toEqual({ token: expect.stringMatching(/^_act-/), expiresAt: new Date('2026-12-01T10:10:00Z'), sdkUrl: SUMSUB_SDK_PATH })
    expect(vendor.requests.at(-1)!.path).toBe('/resources/accessTokens?userId=901&levelName=basic-kyc-level&ttlInSecs=600')

    expect(await p.applicantStatus(applicantId)).toEqual({ reviewStatus: 'init', reviewAnswer: null, rejectType: null, comment: null, rejectLabels: [], documents: 0 })
    const a = vendor.applicants.get(applicantId)!
    a.images.push({ id: 'img1', idDocType: 'PASSPORT', bytes: PNG, fileType: 'png', addedDate: '2026-12-01 10:01:00' })
    a.reviewStatus = 'completed'
    a.reviewResult = { reviewAnswer: 'RED', reviewRejectType: 'RETRY', moderationComment: 'Blurred', rejectLabels: ['BAD_QUALITY'] }
    expect(await p.applicantStatus(applicantId)).toEqual({ reviewStatus: 'completed', reviewAnswer: 'RED', rejectType: 'RETRY', comment: 'Blurred', rejectLabels: ['BAD_QUALITY'], documents: 1 })
    const docs = await p.documents(applicantId)
    expect(docs).toEqual([{ id: `${applicantId}_${a.inspectionId}_img1`, applicantId, docType: 'PASSPORT', contentType: 'image/png', byteSize: PNG.length, uploadedAt: new Date('2026-12-01T10:01:00Z') }])
    expect(await p.documentContent(docs[0]!.id)).toEqual({ applicantId, contentType: 'image/png', content: PNG })
    // Ids that are not the vendor's are never sent.
    const before = vendor.requests.length
    expect(await p.documentContent('../etc_x_y')).toBeNull()
    expect(await p.documentContent('a_b_c_d')).toBeNull()
    expect(vendor.requests.length).toBe(before)
  })

  it('a wrong secret is refused by the vendor, and that is kyc_unavailable, never a crash', async () => {
    const wrong = new SumsubKycProvider({ ...sumsub, secretKey: 'not-the-secret-key-0000' })
    await expect(wrong.createApplicant({ externalUserId: '902', levelName: 'basic-kyc-level' })).rejects.toBeInstanceOf(KycUnavailable)
    expect(vendor.requests.at(-1)!.signed).toBe(false)
    const gone = new SumsubKycProvider({ ...sumsub, baseUrl: 'http://127.0.0.1:9' })
    await expect(gone.applicantStatus('abc')).rejects.toBeInstanceOf(KycUnavailable)
  })

  it('checks a webhook by its payload digest, names a resend the same, and acknowledges kinds it does not follow', () => {
    const p = provider()
    const body = JSON.stringify({ applicantId: 'abc123', externalUserId: '901', type: 'applicantReviewed', reviewStatus: 'completed', createdAtMs: '2026-12-01 10:05:00.120', reviewResult: { reviewAnswer: 'GREEN' } })
    const headers = (raw: string, alg = 'HMAC_SHA256_HEX' as const) => ({ 'x-payload-digest': sumsubWebhookDigest(WEBHOOK_SECRET, raw, alg), 'x-payload-digest-alg': alg })
    const event = p.verifyWebhook(body, headers(body))
    expect(event).toEqual({
      eventId: `sha256_${createHash('sha256').update(body).digest('hex').slice(0, 48)}`,
      type: 'applicantReviewed',
      applicantId: 'abc123',
      externalUserId: '901',
      createdAt: new Date('2026-12-01T10:05:00.120Z'),
      reviewResult: { reviewAnswer: 'GREEN', reviewRejectType: null, moderationComment: null, rejectLabels: [] },
    })
    expect(p.verifyWebhook(body, headers(body, 'HMAC_SHA512_HEX' as never))!.eventId).toBe(event!.eventId)
    const rejected = (raw: string, h: Record<string, string>) => {
      try {
        p.verifyWebhook(raw, h)
        return null
      } catch (err) {
        expect(err).toBeInstanceOf(WebhookRejected)
        return (err as WebhookRejected).reason
      }
    }
    expect(rejected(body, {})).toBe('bad_signature')
    expect(rejected(body.replace('GREEN', 'RED  '), headers(body))).toBe('bad_signature')
    expect(rejected(body, { ...headers(body), 'x-payload-digest-alg': 'MD5' })).toBe('bad_signature')
    const odd = JSON.stringify({ applicantId: 'abc123', externalUserId: '901', type: 'applicantReviewed', createdAtMs: 'yesterday', reviewResult: { reviewAnswer: 'GREEN' } })
    expect(rejected(odd, headers(odd))).toBe('malformed')
    expect(rejected('not json', headers('not json'))).toBe('malformed')
    const created = JSON.stringify({ applicantId: 'abc123', externalUserId: '901', type: 'applicantCreated', createdAtMs: '2026-12-01 10:00:00.000' })
    expect(p.verifyWebhook(created, headers(created))).toBeNull()
  })
})

describe('identity verification with KYC_PROVIDER=sumsub', () => {
  const t = useTestApp('pglite', { config: { operatorToken: OPERATOR_TOKEN, providers: { payment: 'sandbox', kyc: 'sumsub', mail: 'devmailbox', sms: 'devoutbox', identity: 'dev' }, sumsub } })
  const players = apiPlayers(t, 138, 'sumsub-')

  const webhook = (body: Record<string, unknown>, secret = WEBHOOK_SECRET) => {
    const raw = JSON.stringify(body)
    return t.app.inject({
      method: 'POST',
      url: '/kyc/webhook/sumsub',
      headers: { 'content-type': 'application/json', 'x-payload-digest': sumsubWebhookDigest(secret, raw), 'x-payload-digest-alg': 'HMAC_SHA256_HEX' },
      payload: raw,
    })
  }
  const status = async (player: ApiPlayer) => (await players.get(player, 'verification/getStatus')).json().data

  it('makes the applicant, frames our page around the vendor SDK, and follows its signed webhooks once', async () => {
    const player = await players.newPlayer()
    await t.database.db.insertInto('player_profiles').values({ player_id: player.id, first_name: 'Ana', last_name: 'Silva', birth_date: '05.04.1990' }).onConflict((oc) => oc.column('player_id').doUpdateSet({ first_name: 'Ana', last_name: 'Silva' })).execute()
    const res = await players.post(player, 'verification/getAccessToken', {})
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ token: expect.stringMatching(/^_act-/), sdk_url: SUMSUB_SDK_PATH })
    const applicant = [...vendor.applicants.values()].find((a) => a.externalUserId === String(player.id))!
    expect(applicant).toBeDefined()
    expect(await status(player)).toMatchObject({ status: 'init' })

    // Our page around the SDK: its script and frames allowed on this page only, the token never in the HTML.
    const page = await t.app.inject({ method: 'GET', url: `${SUMSUB_SDK_PATH}?lang=de` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<html lang="de">')
    expect(page.body).toContain('src="https://static.sumsub.example/websdk.js"')
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/static\.sumsub\.example/)
    expect(csp).toContain(`frame-src 'self' https://static.sumsub.example ${vendor.baseUrl}`)
    // Nothing the SDK fetches from the vendor names our page.
    expect(page.body).toContain('<meta name="referrer" content="no-referrer">')
    expect((await t.app.inject({ method: 'GET', url: `${SUMSUB_SDK_PATH}?lang=<script>` })).body).toContain('<html lang="en">')

    const base = { applicantId: applicant.id, externalUserId: String(player.id), levelName: 'basic-kyc-level' }
    expect((await webhook({ ...base, type: 'applicantPending', reviewStatus: 'pending', createdAtMs: '2026-12-01 10:00:00.000' })).json().data).toMatchObject({ changed: true, status: 'pending' })
    const forged = await webhook({ ...base, type: 'applicantReviewed', createdAtMs: '2026-12-01 10:01:00.000', reviewResult: { reviewAnswer: 'GREEN' } }, 'not-the-webhook-secret-000000')
    expect(forged.statusCode).toBe(401)
    const approved = { ...base, type: 'applicantReviewed', reviewStatus: 'completed', createdAtMs: '2026-12-01 10:02:00.000', reviewResult: { reviewAnswer: 'GREEN' } }
    expect((await webhook(approved)).json().data).toMatchObject({ duplicate: false, changed: true, status: 'approved' })
    expect((await webhook(approved)).json().data).toEqual({ received: true, duplicate: true, changed: false })
    expect(await status(player)).toMatchObject({ status: 'approved' })
    const row = await t.database.db.selectFrom('accounts').select(['is_verified', 'is_on_verification']).where('id', '=', player.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ is_verified: true, is_on_verification: false })
    // A kind the check does not follow is acknowledged and changes nothing.
    const other = await webhook({ ...base, type: 'applicantPersonalInfoChanged', createdAtMs: '2026-12-01 10:03:00.000' })
    expect(other.json().data).toEqual({ received: true, duplicate: false, changed: false })

    // Staff read the documents from the vendor, through our endpoint.
    applicant.images.push({ id: 'img7', idDocType: 'ID_CARD', bytes: PNG, fileType: 'png', addedDate: '2026-12-01 10:00:30' })
    const login = (await t.database.db.selectFrom('accounts').select('login').where('id', '=', player.id).executeTakeFirstOrThrow()).login
    const listed = await t.app.inject({ method: 'GET', url: `/api/operator/listVerificationDocuments?login=${encodeURIComponent(login)}`, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })
    expect(listed.statusCode, listed.body).toBe(200)
    const [doc] = listed.json().data as { url: string; doc_type: string }[]
    expect(doc).toMatchObject({ doc_type: 'ID_CARD' })
    const bytes = await t.app.inject({ method: 'GET', url: doc!.url, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })
    expect(bytes.statusCode).toBe(200)
    expect(bytes.rawPayload.equals(PNG)).toBe(true)
    expect((await t.app.inject({ method: 'GET', url: doc!.url })).statusCode).toBe(404)
  })
})
