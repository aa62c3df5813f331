// A payout to a card the player never deposited with: the number goes to the sandbox provider's
// card fields (POST /sandbox/cards), which answer a token and the mask; makewithdrawal carries the
// token only, the payout goes through the provider, and our database and logs keep the mask alone.
import { Writable } from 'node:stream'
import { sql } from 'kysely'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { loginPlayers } from '../test/api-player'
import { BACKENDS, useTestApp } from '../test/harness'

const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789abcdef'
const LOGIN = 'demo@example.com' // USD, 1000.00 main, e-mail confirmed, verified
const PAN = '4242424242424242'
const DECLINED_PAN = '4000000000000002'

describe.each(BACKENDS)('withdrawal to a new card on %s', (backend) => {
  const logged: string[] = []
  const logger = pino(
    { level: 'trace' },
    new Writable({
      write(chunk, _enc, done) {
        logged.push(String(chunk))
        done()
      },
    }),
  )
  const t = useTestApp(backend, { config: { operatorToken: OPERATOR_TOKEN }, app: { logger } })

  const demo = loginPlayers(t, 'newcard')
  const newKey = demo.newKey
  const form = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) => demo.post(LOGIN, url, body, headers)
  const get = (path: string) => demo.get(LOGIN, path)
  const settings = async () => (await get('cashier/getwithdrawsettings')).json().data
  const tokenize = (cardNumber: string) => form('/sandbox/cards', { card_number: cardNumber })
  const withdraw = (amount: string, extra: Record<string, string>, key = newKey()) =>
    demo.withdraw(LOGIN, amount, { method: 'card', requisites: { card_number: 'new' }, key, fields: extra })
  /** Every row of every table of ours, as text. */
  async function wholeDatabase(): Promise<string> {
    const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
      t.database.db,
    )
    const texts: string[] = []
    for (const { name } of tables.rows) {
      const rows = await sql<{ row: string }>`select x::text as row from ${sql.table(name)} x`.execute(t.database.db)
      texts.push(...rows.rows.map((r) => r.row))
    }
    return texts.join('\n')
  }

  it('the withdraw settings name the card fields; they refuse a wrong number with the field and its rule', async () => {
    expect((await settings()).card_vault).toEqual({ url: '/sandbox/cards' })
    const empty = await tokenize('')
    expect(empty.statusCode).toBe(422)
    expect(empty.json()).toEqual({ error: { field: 'card_number', code: 'required' } })
    for (const bad of ['4242 4242 4242 4241', '4242-abc', '1234']) {
      const res = await tokenize(bad)
      expect(res.statusCode, bad).toBe(422)
      expect(res.json(), bad).toEqual({ error: { field: 'card_number', code: 'cardNumber' } })
      expect(res.body).not.toContain(bad)
    }
  })

  it('pays out to the new card through the provider and keeps only its mask', async () => {
    const vaulted = await tokenize('4242 4242 4242 4242')
    expect(vaulted.statusCode).toBe(200)
    const card = vaulted.json()
    expect(card).toEqual({ token: expect.stringMatching(/^sbcard_/), masked: '424242...4242', brand: 'Visa' })
    expect(Buffer.from(card.token.slice(7).split('.')[0], 'base64url').toString()).not.toContain(PAN)

    const paid = await withdraw('50', { card_token: card.token })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json().data).toMatchObject({
      withdrawal: { status: 'success', amount: { amount: '50.00', currency: 'USD' }, requisite: '424242...4242', method: { sysname: 'card' } },
      balance: { amount: '950.00', currency: 'USD' },
    })
    const tx = await t.database.db.selectFrom('payment_transactions').selectAll().where('id', '=', paid.json().data.withdrawal.id).executeTakeFirstOrThrow()
    expect(tx).toMatchObject({ status: 'success', requisite: '424242...4242', provider: 'sandbox' })
    expect(tx.provider_reference).toMatch(/^sbp_/)
    // The card is saved as token and mask, and offered again for the next withdrawal.
    const saved = (await settings()).methods.find((m: { sysname: string }) => m.sysname === 'card').saved_requisites
    expect(saved).toEqual([{ field: 'card_number', value: '424242...4242', label: 'Visa ···· 4242', expires: null }])
    const again = await form('/api/cashier/makewithdrawal', {
      method_id: String(tx.method_id),
      method: 'card',
      amount: '20',
      currency: 'USD',
      requisites: JSON.stringify({ card_number: '424242...4242' }),
      idempotency_key: newKey(),
    })
    expect(again.json().data.withdrawal).toMatchObject({ status: 'success', requisite: '424242...4242' })

    // The full number is nowhere: no row of any table, no log line (the log did record the calls).
    expect(logged.join('')).toContain('/sandbox/cards')
    expect(await wholeDatabase()).not.toContain(PAN)
    expect(logged.join('')).not.toContain(PAN)
    expect(logged.join('')).not.toContain('4242 4242 4242 4242')
  })

  it('a repeat with a fresh token for the same card is the same request; another card is a conflict', async () => {
    const key = newKey()
    const first = await withdraw('30', { card_token: (await tokenize('5555 5555 5555 4444')).json().token }, key)
    expect(first.json().data.withdrawal).toMatchObject({ status: 'success', requisite: '555555...4444' })
    const repeat = await withdraw('30', { card_token: (await tokenize('5555555555554444')).json().token }, key)
    expect(repeat.json().data).toEqual(first.json().data)
    const other = await withdraw('30', { card_token: (await tokenize(PAN)).json().token }, key)
    expect(other.json().error).toMatchObject({ code: 'idempotency_conflict' })
  })

  it('waits for an operator above the auto-approval amount, then pays out to the new card with its token', async () => {
    const card = (await tokenize('5105 1051 0510 5100')).json()
    const asked = (await withdraw('150', { card_token: card.token })).json().data
    expect(asked.withdrawal).toMatchObject({ status: 'pending', requisite: '510510...5100' })
    const approved = await form(`/api/operator/approveWithdrawal`, { id: asked.withdrawal.id }, { authorization: `Bearer ${OPERATOR_TOKEN}` })
    expect(approved.json().data.withdrawal).toMatchObject({ status: 'success', requisite: '510510...5100' })
  })

  it('a payout the provider declines returns the reserve', async () => {
    const before = (await settings()).withdrawable.amount
    const card = (await tokenize(DECLINED_PAN)).json()
    const declined = await withdraw('40', { card_token: card.token })
    expect(declined.json().data.withdrawal).toMatchObject({ status: 'failed', requisite: '400000...0002' })
    expect((await settings()).withdrawable.amount).toBe(before)
    expect(await wholeDatabase()).not.toContain(DECLINED_PAN)
  })

  it('refuses a new card without a token, or with one the provider did not make, and moves nothing', async () => {
    const before = (await settings()).withdrawable.amount
    const none = await withdraw('25', {})
    expect(none.statusCode).toBe(400)
    expect(none.json().error).toMatchObject({ type: 'InvalidParameterException', code: 'invalid_requisites', invalid_parameters: { card_token: ['required'] } })
    const real = (await tokenize(PAN)).json().token as string
    const forged = `sbcard_${Buffer.from('411111...1111|Visa').toString('base64url')}.${real.split('.')[1]}`
    for (const token of [forged, 'sbcard_nothing.AAAAAAAAAAAAAAAAAAAAAA', 'sbtok_not-a-vault-token']) {
      const res = await withdraw('25', { card_token: token })
      expect(res.json().error, token).toMatchObject({ code: 'invalid_requisites', invalid_parameters: { card_token: ['cardNumber'] } })
    }
    // A full number in place of the choice is refused unread, as for deposits.
    const card = (await settings()).methods.find((m: { sysname: string }) => m.sysname === 'card')
    const full = await form('/api/cashier/makewithdrawal', {
      method_id: String(card.id),
      method: 'card',
      amount: '25',
      currency: 'USD',
      requisites: JSON.stringify({ card_number: PAN }),
      idempotency_key: newKey(),
    })
    expect(full.json().error).toMatchObject({ code: 'card_number_not_accepted' })
    expect((await settings()).withdrawable.amount).toBe(before)
  })
})
