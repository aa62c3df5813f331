import { describe, expect, it } from 'vitest'
import { createSession } from '../domain/session/sessions'
import { ensureWallet, postEntry } from '../domain/wallet/ledger'
import { SESSION_COOKIE } from '../http/session'
import { apiPlayers } from '../test/api-player'
import { PGLITE_ONLY, useTestApp } from '../test/harness'

// SPEC §4 'Hints': the registration hint shows while the player has no deposit; the answer comes
// from the ledger, so it is "none" until a deposit entry exists.
describe.each(PGLITE_ONLY)('account/getDepositSummary on %s', (backend) => {
  const t = useTestApp(backend)
  const { newPlayer } = apiPlayers(t, 48, 'dsum')

  const summary = async (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/account/getDepositSummary', headers: cookie ? { cookie } : {} })

  it('answers no deposits, then the first one once the ledger has it; visitors are refused', async () => {
    // A new player: the demo players come with their deposits (server/seed/payments.ts).
    const { id } = await newPlayer()
    const player = await t.database.db.selectFrom('accounts').select(['id', 'currency']).where('id', '=', id).executeTakeFirstOrThrow()
    const { token } = await createSession(t.database.db, { playerId: player.id, now: new Date(), policy: t.database.config.session })
    const cookie = `${SESSION_COOKIE}=${token}`
    expect((await summary(cookie)).json().data).toEqual({ deposit_count: 0, first_deposit_at: null })

    await t.database.db.transaction().execute(async (trx) => {
      const walletId = await ensureWallet(trx, player.id, player.currency, 'main')
      await postEntry(trx, { walletId, amount: 5000n, kind: 'deposit', idempotencyKey: `test-deposit-${player.id}` })
    })
    const after = (await summary(cookie)).json().data
    expect(after.deposit_count).toBe(1)
    expect(Number.isNaN(Date.parse(after.first_deposit_at))).toBe(false)

    const visitor = await summary()
    expect(visitor.statusCode).toBe(401)
  })
})

describe.each(PGLITE_ONLY)('account/getDepositSummary of a demo player on %s', (backend) => {
  const t = useTestApp(backend)

  it('counts the deposits the seed made, which the history lists', async () => {
    const player = await t.database.db.selectFrom('accounts').select('id').where('login', '=', 'demo-es@example.com').executeTakeFirstOrThrow()
    const { token } = await createSession(t.database.db, { playerId: player.id, now: new Date(), policy: t.database.config.session })
    const res = await t.app.inject({ method: 'GET', url: '/api/account/getDepositSummary', headers: { cookie: `${SESSION_COOKIE}=${token}` } })
    expect(res.json().data.deposit_count).toBe(2)
  })
})
