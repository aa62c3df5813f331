import { fileURLToPath } from 'node:url'
import { killChildWhenPaused } from '../../../test/kill-child'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, openTestDatabase, type TestDatabase } from '../../../test/harness'
import { assertLedgerInvariant } from '../../wallet/invariant'
import { requestHash } from '../cashier'
import { sandboxSecret, SANDBOX_SIGNATURE_HEADER, signSandboxWebhook } from '../sandbox/provider'

const child = fileURLToPath(new URL('./crash-child.ts', import.meta.url))

const killMidSettlement = (args: string[]) => killChildWhenPaused(child, args)

describe('a server killed in the middle of a payment settlement', { timeout: 120_000 }, () => {
  let database: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    database = await openTestDatabase('postgres')
    app = await buildTestApp(database)
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('leaves the deposit pending with no money moved, and the retried webhook credits once', async () => {
    const player = await database.db.selectFrom('accounts').select(['id', 'currency']).where('login', '=', 'demo@example.com').executeTakeFirstOrThrow()
    const method = await database.db.selectFrom('payment_methods').select('id').where('sysname', '=', 'card').executeTakeFirstOrThrow()
    const id = 'ptx_crash_test_0001'
    await database.db
      .insertInto('payment_transactions')
      .values({ id, player_id: player.id, type: 'deposit', status: 'pending', method_id: method.id, provider: 'sandbox', currency: 'USD', amount: 12_345n, idempotency_key: 'crash-key-0000000001', request_hash: requestHash('crash') })
      .execute()
    const main = async () =>
      (await database.db.selectFrom('wallets').select('balance').where('player_id', '=', player.id).where('kind', '=', 'main').where('currency', '=', 'USD').executeTakeFirstOrThrow()).balance
    const before = await main()

    await killMidSettlement([database.config.databaseUrl!, database.config.databaseSchema!, id, 'evt_crash_0001'])

    // The restarted server sees only committed state: nothing half-written.
    expect((await database.db.selectFrom('payment_transactions').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('pending')
    expect(await database.db.selectFrom('ledger_entries').select('id').where('ref', '=', `ptx:${id}`).execute()).toHaveLength(0)
    expect(await database.db.selectFrom('payment_webhook_events').select('event_id').where('event_id', '=', 'evt_crash_0001').execute()).toHaveLength(0)
    expect(await main()).toBe(before)
    await assertLedgerInvariant(database.db)

    // The provider retries the same event: it lands once however often it comes.
    const raw = JSON.stringify({ event_id: 'evt_crash_0001', transaction_id: id, status: 'success' })
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/sandbox/webhook',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(sandboxSecret(database.config), raw, new Date()) },
        payload: raw,
      })
    expect((await send()).json().data).toMatchObject({ duplicate: false, changed: true })
    expect((await send()).json().data).toMatchObject({ duplicate: true, changed: false })
    expect(await main()).toBe(before + 12_345n)
    await assertLedgerInvariant(database.db)
  })
})
