import { describe, expect, it } from 'vitest'
import { apiPlayers } from '../test/api-player'
import { useTestApp } from '../test/harness'

// Every redirect the server builds from input goes through src/shared/redirect.ts: here the
// deposit's return_url, taken by makedeposit and followed by the sandbox provider's page.

/** Targets a browser would follow off the site, each spelled the way an attacker would. */
const HOSTILE_RETURN_URLS = [
  '/\\evil.example',
  '/\\/evil.example',
  '//evil.example',
  '///evil.example',
  '/%5Cevil.example',
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%252F%252Fevil.example',
  '/..//evil.example',
  '/%2e%2e/%2fevil.example',
  'https://evil.example',
  'http://evil.example/cashier',
  'javascript:alert(1)',
  '/\t/evil.example',
  '/\n/evil.example',
  '/ /evil.example',
  '\t//evil.example',
  '/\u2028/evil.example',
  'evil.example',
] as const

describe('redirects built from a deposit return_url', () => {
  const t = useTestApp('pglite')
  const players = apiPlayers(t, 31, 'redirects-')
  let keys = 0
  const key = () => `redirect-test-${Date.now().toString(36)}-${(keys++).toString().padStart(4, '0')}`

  async function cardMethodId(player: Awaited<ReturnType<typeof players.newPlayer>>): Promise<number> {
    const methods = (await players.get(player, 'cashier/getdepositinfo')).json().data.methods as { id: number; sysname: string }[]
    return methods.find((m) => m.sysname === 'card')!.id
  }
  async function deposit(player: Awaited<ReturnType<typeof players.newPlayer>>, returnUrl: string | null) {
    const form: Record<string, string> = {
      method_id: String(await cardMethodId(player)),
      method: 'card',
      amount: '20',
      currency: 'USD',
      campaign_offer_id: '-1',
      requisites: JSON.stringify({ card_number: 'new' }),
      idempotency_key: key(),
    }
    if (returnUrl !== null) form.return_url = returnUrl
    return players.post(player, 'cashier/makedeposit', form)
  }

  it('makedeposit refuses a return_url that leads off the site, naming the field, and starts no payment', async () => {
    const player = await players.newPlayer()
    for (const hostile of HOSTILE_RETURN_URLS) {
      const res = await deposit(player, hostile)
      expect(res.statusCode, JSON.stringify(hostile)).toBe(400)
      expect(res.json().error.type).toBe('InvalidParameterException')
      expect(Object.keys(res.json().error.invalid_parameters), JSON.stringify(hostile)).toContain('return_url')
    }
    const started = await t.database.db.selectFrom('payment_transactions').select('id').where('player_id', '=', player.id).execute()
    expect(started).toEqual([])
  })

  it("the provider's page sends the player back to the given path on the site", async () => {
    const player = await players.newPlayer()
    const res = await deposit(player, '/es/cashier/')
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().data.transaction_id as string
    const back = await players.post(player, `/sandbox/pay/${id}`, { outcome: 'cancel' })
    expect(back.statusCode).toBe(303)
    expect(back.headers.location).toBe(`/es/cashier/paycancel/${id}`)
  })

  it('a hostile return_url already stored (written before the rule) still never leads off the site', async () => {
    const player = await players.newPlayer()
    for (const [i, hostile] of HOSTILE_RETURN_URLS.entries()) {
      const res = await deposit(player, '/cashier')
      expect(res.statusCode, res.body).toBe(200)
      const id = res.json().data.transaction_id as string
      await t.database.db.updateTable('payment_transactions').set({ return_url: hostile }).where('id', '=', id).execute()
      const outcome = (['cancel', 'fail', 'newwindow', 'mobile'] as const)[i % 4]!
      const back = await players.post(player, `/sandbox/pay/${id}`, { outcome })
      expect(back.statusCode, JSON.stringify(hostile)).toBe(303)
      const location = back.headers.location as string
      const page = { cancel: 'paycancel', fail: 'payfail', newwindow: 'paynewwindow', mobile: 'paymobile' }[outcome]
      expect(location, JSON.stringify(hostile)).toBe(`/cashier/${page}/${id}`)
      expect(new URL(location, 'https://casino.test').origin).toBe('https://casino.test')
    }
  })
})
