// The support page's feedback (SPEC §7 Support sendFeedback): the form's rules hold on the server,
// a message is kept and mailed to the support address as plain text, a visitor's address gets no
// mail, and the throttle stops a flood.
import { describe, expect, it } from 'vitest'
import { apiPlayers } from '../test/api-player'
import { useTestApp } from '../test/harness'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const MESSAGE = 'My withdrawal has been pending for two days. <b>Can you check?</b>'
const OPERATOR_TOKEN = 'operator-token-for-feedback-tests-0123456789'

describe('support feedback', () => {
  const t = useTestApp('pglite', { config: { supportEmail: 'help@casino.test', authThrottleMultiplier: 1, operatorToken: OPERATOR_TOKEN } })
  const players = apiPlayers(t, 97, 'feedback-')
  const visitor = (body: Record<string, string>, ip = '10.97.200.1') =>
    t.app.inject({ method: 'POST', url: '/api/support/sendFeedback', headers: FORM, remoteAddress: ip, payload: new URLSearchParams(body).toString() })
  const outbox = () => t.database.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').execute()

  it('keeps a visitor’s message and mails it to support, never to the address typed', async () => {
    const res = await visitor({ email: 'someone@example.com', topic: 'payments', message: MESSAGE })
    expect(res.statusCode, res.body).toBe(200)
    const reference = res.json().data.reference as string
    expect(reference).toMatch(/^FB-\d+$/)
    const stored = await t.database.db.selectFrom('support_feedback').selectAll().where('id', '=', BigInt(reference.slice(3))).executeTakeFirstOrThrow()
    expect(stored).toMatchObject({ player_id: null, email: 'someone@example.com', topic: 'payments', message: MESSAGE })
    const mails = (await outbox()).filter((m) => m.subject.includes(reference))
    expect(mails.map((m) => m.to_address)).toEqual(['help@casino.test'])
    expect(mails[0]!.body_text).toContain('Answer at: someone@example.com')
    expect(mails[0]!.body_text).toContain(MESSAGE)
  })

  it('answers a player at the account’s address', async () => {
    const player = await players.newPlayer()
    const res = await players.post(player, 'support/sendFeedback', { email: 'not-mine@example.com', topic: 'account', message: 'Please change my display name.' })
    expect(res.statusCode, res.body).toBe(200)
    const stored = await t.database.db.selectFrom('support_feedback').selectAll().where('player_id', '=', player.id).executeTakeFirstOrThrow()
    expect(stored.email).toMatch(/^feedback-.*@example\.com$/)
  })

  it.each([
    [{ topic: 'payments', message: MESSAGE }, { email: ['required'] }],
    [{ email: 'not-an-address', topic: 'payments', message: MESSAGE }, { email: ['email'] }],
    [{ email: 'a@example.com', topic: 'payments', message: '   short  ' }, { message: ['minLength'] }],
    [{ email: 'a@example.com', topic: 'payments', message: 'x'.repeat(4001) }, { message: ['maxLength'] }],
  ])('refuses %j on its field, keeping nothing', async (body, problems) => {
    const before = await t.database.db.selectFrom('support_feedback').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    const res = await visitor(body, '10.97.201.1')
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: problems })
    const after = await t.database.db.selectFrom('support_feedback').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    expect(after.n).toBe(before.n)
  })

  it('refuses an unknown topic, control characters and a 100,000-character message at the edge', async () => {
    expect((await visitor({ email: 'a@example.com', topic: 'casino', message: MESSAGE })).statusCode).toBe(400)
    const control = await visitor({ email: 'a@example.com', topic: 'other', message: 'hello\u0000 there friend' })
    expect(control.statusCode).toBe(400)
    const huge = await visitor({ email: 'a@example.com', topic: 'other', message: 'y'.repeat(100_000) })
    expect(huge.statusCode).toBe(400)
    expect(huge.json().error.type).toBe('InvalidParameterException')
  })

  it('stops the sixth message in an hour from one address', async () => {
    for (let i = 0; i < 5; i++) expect((await visitor({ email: 'b@example.com', topic: 'other', message: `Message number ${i} here` }, '10.97.202.1')).statusCode).toBe(200)
    const sixth = await visitor({ email: 'b@example.com', topic: 'other', message: 'Message number 6 here' }, '10.97.202.1')
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().error.type).toBe('TooManyRequestsException')
  })

  it('lists the messages for the operator, newest first, page by page and by topic, and to nobody else', async () => {
    const sent: string[] = []
    for (const [n, topic] of (['games', 'bonuses', 'games'] as const).entries()) {
      const res = await visitor({ email: `list-${n}@example.com`, topic, message: `Listed message number ${n}.` }, `10.97.210.${n + 1}`)
      expect(res.statusCode, res.body).toBe(200)
      sent.push(res.json().data.reference)
    }
    const list = (query: string, auth = `Bearer ${OPERATOR_TOKEN}`) => t.app.inject({ method: 'GET', url: `/api/operator/listFeedback${query}`, headers: { authorization: auth } })
    const first = (await list('?limit=2')).json().data
    expect(first.items.map((i: { reference: string }) => i.reference)).toEqual([sent[2], sent[1]])
    expect(first.items[0]).toMatchObject({ topic: 'games', email: 'list-2@example.com', login: null, locale: 'en', message: 'Listed message number 2.' })
    const next = (await list(`?limit=2&before=${first.next_before}`)).json().data
    expect(next.items[0].reference).toBe(sent[0])
    const games = (await list('?topic=games&limit=100')).json().data.items.map((i: { reference: string }) => i.reference)
    expect(games).toEqual(expect.arrayContaining([sent[0], sent[2]]))
    expect(games).not.toContain(sent[1])
    expect((await list('?topic=nonsense')).statusCode).toBe(400)
    expect((await list('', 'Bearer not-the-token')).json().error.type).toBe('AccessDeniedException')
  })
})
