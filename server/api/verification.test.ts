// Identity verification through the sandbox KYC provider (docs/verification.md): the profile the
// provider needs, one applicant per player, the SDK's token and API (images only, 10 MB), the
// signed webhooks that move the check on, and the documents served to their owner and staff only.
import { crc32, deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { sandboxKycSecret, signSandboxKycWebhook, SANDBOX_KYC_SIGNATURE_HEADER } from '../domain/kyc/sandbox/provider'
import { apiPlayers, type ApiPlayer } from '../test/api-player'
import { useTestApp, withClock } from '../test/harness'

const OPERATOR_TOKEN = 'operator-token-for-kyc-tests-0123456789abcdef'

/** A real 2×2 PNG (signature, IHDR, IDAT, IEND), made here rather than read from a file. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body), body.length + 4)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(2, 0)
  ihdr.writeUInt32BE(2, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const rows = Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 255, 0, 255, 255, 255])
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
}
const PNG = png()

describe('identity verification with the sandbox provider', () => {
  const t = useTestApp('pglite', { config: { operatorToken: OPERATOR_TOKEN } })
  const players = apiPlayers(t, 137, 'kyc-')

  /** The details the provider checks documents against (the country came with registration). */
  const fillProfile = (player: ApiPlayer) => {
    const details = { first_name: 'Anna', last_name: 'Müller', birth_date: '05.04.1990' }
    return t.database.db
      .insertInto('player_profiles')
      .values({ player_id: player.id, ...details })
      .onConflict((oc) => oc.column('player_id').doUpdateSet(details))
      .execute()
  }
  const status = async (player: ApiPlayer) => {
    const res = await players.get(player, 'verification/getStatus')
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  const account = (player: ApiPlayer) => t.database.db.selectFrom('accounts').select(['is_verified', 'is_on_verification']).where('id', '=', player.id).executeTakeFirstOrThrow()
  async function token(player: ApiPlayer): Promise<string> {
    const res = await players.post(player, 'verification/getAccessToken', {})
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.token
  }
  /** The SDK's API as its page calls it: the token in the Authorization header, nothing else. */
  function sdk(tok: string | null, method: 'GET' | 'POST', path: string, body?: Buffer | string, contentType?: string, headers: Record<string, string> = {}) {
    return t.app.inject({
      method,
      url: `/sandbox/kyc/api/${path}`,
      headers: { ...(tok ? { authorization: `Bearer ${tok}` } : {}), ...(contentType ? { 'content-type': contentType } : {}), ...headers },
      ...(body !== undefined ? { payload: body } : {}),
    })
  }
  const upload = (tok: string, type = 'passport', bytes: Buffer = PNG, contentType = 'image/png') => sdk(tok, 'POST', `documents?type=${type}`, bytes, contentType)
  const review = (tok: string, answer: string, comment?: string) => sdk(tok, 'POST', 'review', JSON.stringify({ answer, comment }), 'application/json')
  /** A player with the profile filled and documents sent for review; their SDK token. */
  async function submitted(player: ApiPlayer): Promise<string> {
    await fillProfile(player)
    const tok = await token(player)
    expect((await upload(tok)).statusCode).toBe(200)
    const sent = await sdk(tok, 'POST', 'submit')
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toMatchObject({ applicant: { status: 'pending' }, webhook_delivered: true })
    return tok
  }
  function webhook(body: Record<string, unknown> | string, at = new Date(), secret = sandboxKycSecret(t.database.config)) {
    const raw = typeof body === 'string' ? body : JSON.stringify(body)
    return t.app.inject({
      method: 'POST',
      url: '/kyc/webhook/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_KYC_SIGNATURE_HEADER]: signSandboxKycWebhook(secret, raw, at) },
      payload: raw,
    })
  }
  const operator = (call: string, query: Record<string, string>, bearer = OPERATOR_TOKEN) =>
    t.app.inject({ method: 'GET', url: `/api/operator/${call}?${new URLSearchParams(query)}`, headers: { authorization: `Bearer ${bearer}` } })
  const loginOf = async (player: ApiPlayer) => (await t.database.db.selectFrom('accounts').select('login').where('id', '=', player.id).executeTakeFirstOrThrow()).login

  it('asks for the profile fields the provider needs, those the country’s list shows, before anything starts, naming them', async () => {
    const player = await players.newPlayer({ birthDate: false })
    expect(await status(player)).toEqual({ status: 'none', comment: null, reject_labels: [], updated_at: null })
    // The United States' list asks for no names; Germany's does.
    const refused = async (fields: string[]) => {
      for (const call of ['verification/createApplicant', 'verification/getAccessToken']) {
        const res = await players.post(player, call, {})
        expect(res.statusCode, res.body).toBe(422)
        expect(res.json().error).toMatchObject({ type: 'KycUserProfileException', code: 'kyc_profile_incomplete' })
        expect(res.json().error.error_data.fields).toEqual(fields)
      }
    }
    await refused(['birth_date'])
    await t.database.db.updateTable('accounts').set({ country_code: null }).where('id', '=', player.id).execute()
    await refused(['country_code', 'birth_date'])
    await t.database.db.updateTable('accounts').set({ country_code: 'DE' }).where('id', '=', player.id).execute()
    await refused(['first_name', 'last_name', 'birth_date'])
    const nothing = await players.post(player, 'account/setUserOnVerification', {})
    expect(nothing.statusCode, nothing.body).toBe(400)
    expect(nothing.json().error).toMatchObject({ type: 'InvalidParameterException', code: 'verification_not_submitted' })
    expect(await t.database.db.selectFrom('kyc_applications').select('account_id').where('account_id', '=', player.id).execute()).toEqual([])
  })

  it('makes one applicant however often and however many times at once it is asked', async () => {
    const player = await players.newPlayer()
    await fillProfile(player)
    const answers = await Promise.all(Array.from({ length: 5 }, () => players.post(player, 'verification/createApplicant', {})))
    for (const res of answers) expect(res.statusCode, res.body).toBe(200)
    const ids = new Set(answers.map((res) => res.json().data.applicant_id))
    expect(ids.size).toBe(1)
    const [applicantId] = [...ids]
    expect(applicantId).toMatch(/^sbapp_/)
    expect((await players.post(player, 'verification/createApplicant', {})).json().data).toEqual({ applicant_id: applicantId, status: 'init' })
    expect(await t.database.db.selectFrom('kyc_applications').select('applicant_id').where('account_id', '=', player.id).execute()).toEqual([{ applicant_id: applicantId }])
    expect(await t.database.db.selectFrom('kyc_sandbox_applicants').select('id').where('external_user_id', '=', String(player.id)).execute()).toEqual([{ id: applicantId }])
    expect((await status(player)).status).toBe('init')
  })

  it('gives a ten-minute SDK token; the SDK takes images of up to 10 MB, with the token alone', async () => {
    const player = await players.newPlayer()
    await fillProfile(player)
    const at = new Date(Math.floor(Date.now() / 1000) * 1000)
    const answer = await withClock(t.database, at, async () => (await players.post(player, 'verification/getAccessToken', {})).json().data)
    expect(answer).toMatchObject({ sdk_url: '/sandbox/kyc/sdk', expires_at: new Date(at.getTime() + 600_000).toISOString() })
    const tok: string = answer.token

    const page = await t.app.inject({ method: 'GET', url: '/sandbox/kyc/sdk' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1]
    expect(page.body).toContain(`<script nonce="${nonce}">`)
    for (const id of ['kyc-status', 'kyc-doc-type', 'kyc-file', 'kyc-upload', 'kyc-error', 'kyc-submit', 'kyc-review-approve', 'kyc-review-resubmit', 'kyc-review-reject']) {
      expect(page.body).toContain(`data-testid="${id}"`)
    }

    // Never the player's cookie: only the token opens the API.
    expect((await players.get(player, '/sandbox/kyc/api/applicant')).statusCode).toBe(401)
    expect((await sdk(null, 'GET', 'applicant')).json().error.code).toBe('invalid_token')
    const forged = `${tok.slice(0, -4)}AAAA`
    expect((await sdk(forged, 'GET', 'applicant')).json().error.code).toBe('invalid_token')
    expect((await sdk(tok, 'GET', 'applicant')).json()).toMatchObject({ applicant: { status: 'init', documents: [] } })

    const text = await upload(tok, 'passport', Buffer.from('not an image'), 'text/plain')
    expect(text.statusCode, text.body).toBe(415)
    expect(text.json().error).toMatchObject({ code: 'not_an_image', message: expect.stringMatching(/JPEG, PNG or WebP/) })
    // A declared image type proves nothing: the bytes are read.
    const disguised = await upload(tok, 'passport', Buffer.from('GIF89a not a png at all'), 'image/png')
    expect(disguised.statusCode, disguised.body).toBe(415)
    expect(disguised.json().error.code).toBe('not_an_image')
    const huge = Buffer.alloc(11 * 1024 * 1024)
    PNG.copy(huge)
    const tooBig = await upload(tok, 'passport', huge)
    expect(tooBig.statusCode, tooBig.body).toBe(413)
    expect(tooBig.json().error).toMatchObject({ code: 'file_too_large', message: expect.stringMatching(/10 MB/) })
    expect((await upload(tok, 'selfie')).statusCode).toBe(400)
    expect((await upload(tok, 'passport', Buffer.alloc(0))).statusCode).toBe(400)
    expect((await sdk(tok, 'POST', 'submit')).json().error.code).toBe('no_documents')

    const ok = await upload(tok)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().applicant.documents).toEqual([{ id: expect.stringMatching(/^sbdoc_/), doc_type: 'passport', content_type: 'image/png', byte_size: PNG.length, uploaded_at: expect.any(String) }])

    // The page's word is not enough: uploaded is not submitted.
    const early = await players.post(player, 'account/setUserOnVerification', {})
    expect(early.json().error).toMatchObject({ type: 'InvalidParameterException', code: 'verification_not_submitted' })
    expect((await account(player)).is_on_verification).toBe(false)

    const sent = await sdk(tok, 'POST', 'submit')
    expect(sent.json()).toMatchObject({ applicant: { status: 'pending' }, webhook_delivered: true })
    // The applicantPending webhook moved our side already; the SDK's call confirms it.
    expect(await status(player)).toMatchObject({ status: 'pending', comment: null, reject_labels: [] })
    expect(await account(player)).toEqual({ is_verified: false, is_on_verification: true })
    const confirmed = await players.post(player, 'account/setUserOnVerification', {})
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().data).toBe(1)
    expect((await upload(tok)).json().error.code).toBe('not_accepting_documents')
  })

  it('refuses an SDK token past its ten minutes', async () => {
    const player = await players.newPlayer()
    await fillProfile(player)
    const at = new Date(Math.floor(Date.now() / 1000) * 1000)
    const tok = await withClock(t.database, at, () => token(player))
    await withClock(t.database, new Date(at.getTime() + 599_000), async () => expect((await sdk(tok, 'GET', 'applicant')).statusCode).toBe(200))
    await withClock(t.database, new Date(at.getTime() + 600_000), async () => {
      const late = await sdk(tok, 'GET', 'applicant')
      expect(late.statusCode).toBe(401)
      expect(late.json().error).toMatchObject({ code: 'token_expired', message: expect.stringMatching(/expired/) })
      expect((await upload(tok)).statusCode).toBe(401)
    })
  })

  it('verifies the player on approval, and the withdrawal the KYC threshold held back goes through', async () => {
    const player = await players.newPlayer()
    const deposit = (await players.deposit(player, '700')).json().data.transaction_id as string
    expect((await players.post(player, `/sandbox/pay/${deposit}`, { outcome: 'success' })).statusCode).toBe(303)
    await t.database.db.updateTable('accounts').set({ email_confirmed_at: new Date() }).where('id', '=', player.id).execute()
    const held = await players.withdraw(player, '600')
    expect(held.statusCode, held.body).toBe(422)
    expect(held.json().error).toMatchObject({ type: 'KycWithdrawalException', code: 'kyc_required' })

    const tok = await submitted(player)
    expect((await players.post(player, 'account/setUserOnVerification', {})).json().data).toBe(1)
    const approved = await review(tok, 'approve')
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json()).toMatchObject({ applicant: { status: 'approved' }, webhook_delivered: true })
    expect(await status(player)).toMatchObject({ status: 'approved', comment: null, reject_labels: [] })
    expect(await account(player)).toEqual({ is_verified: true, is_on_verification: false })
    expect((await review(tok, 'reject')).json().error.code).toBe('not_pending')

    const paid = await players.withdraw(player, '600')
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json().data.withdrawal).toMatchObject({ status: expect.stringMatching(/pending|approved|success/) })
    const again = await players.post(player, 'verification/createApplicant', {})
    expect(again.statusCode).toBe(403)
    expect(again.json().error).toMatchObject({ type: 'AccessDeniedException', code: 'already_verified' })
    expect((await operator('getPlayerStatus', { login: await loginOf(player) })).statusCode).toBe(200)
  })

  it('asks for documents again with the reviewer’s words, and a new upload goes back to review', async () => {
    const player = await players.newPlayer()
    const tok = await submitted(player)
    const asked = await review(tok, 'resubmit', 'The photo is blurred.')
    expect(asked.json()).toMatchObject({ applicant: { status: 'resubmit', comment: 'The photo is blurred.', reject_labels: ['passport'], documents: [] }, webhook_delivered: true })
    expect(await status(player)).toMatchObject({ status: 'resubmit', comment: 'The photo is blurred.', reject_labels: ['passport'] })
    expect(await account(player)).toEqual({ is_verified: false, is_on_verification: false })
    // The earlier attempt's document does not count for the new one.
    expect((await sdk(tok, 'POST', 'submit')).json().error.code).toBe('no_documents')
    expect((await players.post(player, 'account/setUserOnVerification', {})).json().error.code).toBe('verification_not_submitted')

    expect((await upload(tok, 'id_card')).json().applicant.documents).toHaveLength(1)
    expect((await sdk(tok, 'POST', 'submit')).json()).toMatchObject({ applicant: { status: 'pending', comment: null } })
    expect(await status(player)).toMatchObject({ status: 'pending', comment: null, reject_labels: [] })
    expect((await players.post(player, 'account/setUserOnVerification', {})).json().data).toBe(1)
    expect((await account(player)).is_on_verification).toBe(true)
  })

  it('ends the check on a final rejection: no new applicant, no token', async () => {
    const player = await players.newPlayer()
    const tok = await submitted(player)
    expect((await review(tok, 'reject')).json()).toMatchObject({ applicant: { status: 'rejected' } })
    expect(await status(player)).toMatchObject({ status: 'rejected', comment: 'The document could not be accepted.', reject_labels: [] })
    expect(await account(player)).toEqual({ is_verified: false, is_on_verification: false })
    for (const call of ['verification/createApplicant', 'verification/getAccessToken']) {
      const res = await players.post(player, call, {})
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json().error).toMatchObject({ type: 'AccessDeniedException', code: 'verification_rejected' })
    }
    // Staff read the provider's word beside their own flag.
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/operator/confirmPlayerEmail',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ login: await loginOf(player) }).toString(),
    })
    expect(staff.json().data).toMatchObject({ is_verified: false, kyc_status: 'rejected' })
  })

  it('refuses forged, stale and malformed webhooks, applies one once, and ignores an older one arriving late', async () => {
    const player = await players.newPlayer()
    await fillProfile(player)
    const applicantId = (await players.post(player, 'verification/createApplicant', {})).json().data.applicant_id as string
    const t0 = Date.now()
    const event = (eventId: string, type: string, at: number, extra: Record<string, unknown> = {}) => ({
      eventId,
      type,
      applicantId,
      externalUserId: String(player.id),
      reviewStatus: type === 'applicantReviewed' ? 'completed' : 'pending',
      createdAt: new Date(at).toISOString(),
      ...extra,
    })
    const pending = event(`evt_p_${player.id}_1`, 'applicantPending', t0 - 2000)

    const forged = await webhook(pending, new Date(), 'f'.repeat(64))
    expect(forged.statusCode).toBe(401)
    expect(forged.json().error.code).toBe('bad_signature')
    const unsigned = await t.app.inject({ method: 'POST', url: '/kyc/webhook/sandbox', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(pending) })
    expect(unsigned.statusCode).toBe(401)
    const stale = await webhook(pending, new Date(Date.now() - 301_000))
    expect(stale.statusCode).toBe(401)
    expect(stale.json().error.code).toBe('stale')
    for (const bad of ['not json', JSON.stringify({ ...pending, type: 'applicantDeleted' }), JSON.stringify({ ...pending, createdAt: 'yesterday' }), JSON.stringify(event(`evt_r_${player.id}_x`, 'applicantReviewed', t0, { reviewResult: { reviewAnswer: 'RED' } }))]) {
      const res = await webhook(bad)
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().error.code).toBe('malformed')
    }
    const tooLong = await webhook(JSON.stringify({ ...pending, padding: 'x'.repeat(17 * 1024) }))
    expect(tooLong.statusCode).toBe(413)
    const stranger = await webhook({ ...pending, eventId: `evt_s_${player.id}_1`, applicantId: 'sbapp_nobody' })
    expect(stranger.statusCode).toBe(400)
    expect(stranger.json().error.code).toBe('applicant_not_found')
    const otherPlayer = await webhook({ ...pending, eventId: `evt_s_${player.id}_2`, externalUserId: '999999999' })
    expect(otherPlayer.json().error.code).toBe('applicant_not_found')
    expect((await status(player)).status).toBe('init')

    const applied = await webhook(pending)
    expect(applied.statusCode, applied.body).toBe(200)
    expect(applied.json().data).toEqual({ received: true, duplicate: false, changed: true, status: 'pending' })
    expect(await account(player)).toEqual({ is_verified: false, is_on_verification: true })
    const replay = await webhook(pending)
    expect(replay.statusCode).toBe(200)
    expect(replay.json().data).toMatchObject({ received: true, duplicate: true })

    const green = event(`evt_r_${player.id}_2`, 'applicantReviewed', t0, { reviewResult: { reviewAnswer: 'GREEN', reviewRejectType: null, moderationComment: null, rejectLabels: [] } })
    expect((await webhook(green)).json().data).toMatchObject({ changed: true, status: 'approved' })
    // Sent before the approval, delivered after it: the approval stands.
    const late = event(`evt_r_${player.id}_3`, 'applicantReviewed', t0 - 1000, { reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL', moderationComment: 'Expired document.', rejectLabels: [] } })
    expect((await webhook(late)).json().data).toMatchObject({ duplicate: false, changed: false, status: 'approved' })
    expect(await status(player)).toMatchObject({ status: 'approved' })
    expect(await account(player)).toEqual({ is_verified: true, is_on_verification: false })

    // A reset from the provider starts the check over on its side; staff's flag is theirs to lift.
    expect((await webhook(event(`evt_x_${player.id}_4`, 'applicantReset', t0 + 1000))).json().data).toMatchObject({ changed: true, status: 'init' })
    expect((await t.database.db.selectFrom('kyc_applications').select('status').where('account_id', '=', player.id).executeTakeFirstOrThrow()).status).toBe('init')
  })

  it('serves a document to its owner and to staff, and to nobody else', async () => {
    const [owner, other] = [await players.newPlayer(), await players.newPlayer()]
    await fillProfile(owner)
    const tok = await token(owner)
    const id = (await upload(tok)).json().applicant.documents[0].id as string
    const url = `/kyc/documents/${id}`

    const own = await players.get(owner, url)
    expect(own.statusCode).toBe(200)
    expect(own.rawPayload.equals(PNG)).toBe(true)
    expect(own.headers).toMatchObject({ 'content-type': 'image/png', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-disposition': 'inline' })
    const staff = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })
    expect(staff.statusCode).toBe(200)
    expect(staff.rawPayload.equals(PNG)).toBe(true)

    expect((await players.get(other, url)).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer wrong-token' } })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tok}` } })).statusCode).toBe(404)
    expect((await players.get(owner, '/kyc/documents/sbdoc_nothing')).statusCode).toBe(404)

    const listed = await operator('listVerificationDocuments', { login: await loginOf(owner) })
    expect(listed.statusCode, listed.body).toBe(200)
    expect(listed.json().data).toEqual([{ id, doc_type: 'passport', content_type: 'image/png', byte_size: PNG.length, uploaded_at: expect.any(String), url }])
    expect((await operator('listVerificationDocuments', { login: await loginOf(other) })).json().data).toEqual([])
    expect((await operator('listVerificationDocuments', { login: await loginOf(owner) }, 'wrong-token')).statusCode).toBe(403)
  })
})
