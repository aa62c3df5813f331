// Identity verification where requests race on the PostgreSQL server (real connections, real
// locks): one applicant however many calls arrive at once, one change per webhook event however
// often it is delivered, and a review that lands while the SDK's submission is being confirmed.
import { describe, expect, it } from 'vitest'
import { apiPlayers, type ApiPlayer } from '../../test/api-player'
import { useTestApp } from '../../test/harness'
import { sandboxKycSecret, signSandboxKycWebhook, SANDBOX_KYC_SIGNATURE_HEADER } from './sandbox/provider'

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])

describe('identity verification under contention on PostgreSQL', () => {
  const t = useTestApp('postgres')
  const players = apiPlayers(t, 138, 'kyc-race-')

  async function readyPlayer(): Promise<ApiPlayer> {
    const player = await players.newPlayer()
    const details = { first_name: 'Anna', last_name: 'Müller', birth_date: '05.04.1990' }
    await t.database.db.insertInto('player_profiles').values({ player_id: player.id, ...details }).onConflict((oc) => oc.column('player_id').doUpdateSet(details)).execute()
    return player
  }
  const sdk = (token: string, path: string, body?: Buffer | string, contentType?: string) =>
    t.app.inject({ method: path === 'applicant' ? 'GET' : 'POST', url: `/sandbox/kyc/api/${path}`, headers: { authorization: `Bearer ${token}`, ...(contentType ? { 'content-type': contentType } : {}) }, ...(body ? { payload: body } : {}) })
  const webhook = (body: Record<string, unknown>) => {
    const raw = JSON.stringify(body)
    return t.app.inject({
      method: 'POST',
      url: '/kyc/webhook/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_KYC_SIGNATURE_HEADER]: signSandboxKycWebhook(sandboxKycSecret(t.database.config), raw, new Date()) },
      payload: raw,
    })
  }
  const rows = async (player: ApiPlayer) => ({
    ours: await t.database.db.selectFrom('kyc_applications').select(['applicant_id', 'status']).where('account_id', '=', player.id).execute(),
    theirs: await t.database.db.selectFrom('kyc_sandbox_applicants').select('id').where('external_user_id', '=', String(player.id)).execute(),
    account: await t.database.db.selectFrom('accounts').select(['is_verified', 'is_on_verification']).where('id', '=', player.id).executeTakeFirstOrThrow(),
  })

  it('makes one applicant when createApplicant and getAccessToken arrive together', async () => {
    const player = await readyPlayer()
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => players.post(player, 'verification/createApplicant', {})),
      ...Array.from({ length: 3 }, () => players.post(player, 'verification/getAccessToken', {})),
    ])
    for (const res of answers) expect(res.statusCode, res.body).toBe(200)
    const { ours, theirs } = await rows(player)
    expect(ours).toHaveLength(1)
    expect(theirs).toEqual([{ id: ours[0]!.applicant_id }])
    expect(new Set(answers.slice(0, 5).map((res) => res.json().data.applicant_id))).toEqual(new Set([ours[0]!.applicant_id]))
  })

  it('applies an event delivered many times at once exactly once, and the newest event wins whatever the order', async () => {
    const player = await readyPlayer()
    const applicantId = (await players.post(player, 'verification/createApplicant', {})).json().data.applicant_id as string
    const t0 = Date.now()
    const base = { applicantId, externalUserId: String(player.id) }
    const pending = { ...base, eventId: `evt_pend_${player.id}`, type: 'applicantPending', createdAt: new Date(t0 - 1000).toISOString() }
    const green = {
      ...base,
      eventId: `evt_green_${player.id}`,
      type: 'applicantReviewed',
      createdAt: new Date(t0).toISOString(),
      reviewResult: { reviewAnswer: 'GREEN', reviewRejectType: null, moderationComment: null, rejectLabels: [] },
    }
    const answers = await Promise.all([...Array.from({ length: 5 }, () => webhook(pending)), ...Array.from({ length: 5 }, () => webhook(green))])
    for (const res of answers) expect(res.statusCode, res.body).toBe(200)
    const fresh = answers.map((res) => res.json().data).filter((d) => !d.duplicate)
    expect(fresh).toHaveLength(2)
    const { ours, account } = await rows(player)
    expect(ours[0]!.status).toBe('approved')
    expect(account).toEqual({ is_verified: true, is_on_verification: false })
    expect(await t.database.db.selectFrom('kyc_webhook_events').select('event_id').where('event_id', 'in', [pending.eventId, green.eventId]).execute()).toHaveLength(2)
  })

  it('keeps a review that lands while the submission is being confirmed', async () => {
    const player = await readyPlayer()
    const token = (await players.post(player, 'verification/getAccessToken', {})).json().data.token as string
    expect((await sdk(token, 'documents?type=passport', PNG_MAGIC, 'image/png')).statusCode).toBe(200)
    expect((await sdk(token, 'submit')).statusCode).toBe(200)
    const [reviewed, ...confirmed] = await Promise.all([
      sdk(token, 'review', JSON.stringify({ answer: 'approve' }), 'application/json'),
      ...Array.from({ length: 4 }, () => players.post(player, 'account/setUserOnVerification', {})),
    ])
    expect(reviewed!.statusCode, reviewed!.body).toBe(200)
    // Each confirmation asked the provider before or after the review: 1, or not under review any more.
    for (const res of confirmed) expect([200, 400], res.body).toContain(res.statusCode)
    const { ours, account } = await rows(player)
    expect(ours[0]!.status).toBe('approved')
    expect(account).toEqual({ is_verified: true, is_on_verification: false })
  })
})
