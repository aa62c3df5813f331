import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '../http/session'
import { PGLITE_ONLY, cookiePair, useTestApp } from '../test/harness'

// Bad input: every field of the account forms' calls, tried with empty, 10 kB,
// wrong-type (the field twice), Unicode and emoji, SQL and script injection. Each answer is a
// SPEC §8 error (or, where the SPEC says the answer never varies, that same answer), never a
// server error or a stack trace, never the input echoed back, and nothing is stored half-way.

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const SCRIPT = '<script>alert(1)</script>'
const BAD_VALUES: readonly [string, string | string[]][] = [
  ['empty', ''],
  ['10 kB', 'x'.repeat(10 * 1024)],
  ['wrong type (twice)', ['a', 'b']],
  ['unicode and emoji', 'Zoë 🎰💥 ليلى 测试'],
  ['sql injection', "' OR 1=1; DROP TABLE accounts; --"],
  ['script injection', SCRIPT],
]

interface Case {
  call: string
  fields: Record<string, string>
  /** Needs a logged-in player. */
  session?: boolean
  /** The one success answer a call may give whatever it is sent (restore: the same answer always). */
  benign?: unknown
}

const CASES: readonly Case[] = [
  // A wrong password: whatever else comes with it, the answer is a refusal.
  { call: 'auth/login', fields: { login: 'demo@example.com', password: 'not-the-password', code: '123456' } },
  { call: 'auth/restore', fields: { login: 'demo@example.com' }, benign: 1 },
  { call: 'auth/resetPassword', fields: { token: 'a'.repeat(43), password: 'Zq7-unusual-Pw' } },
  { call: 'campaigns/checkPromocode', fields: { promo_code: 'WELCOME100' }, benign: null },
  { call: 'account/setCurrency', fields: { currency: 'EUR' }, session: true },
  { call: 'account/changeTwoFactorAuth', fields: { enable: '1', password: 'Zq7-unusual-Pw' }, session: true },
  { call: 'account/confirmTwoFactorAuth', fields: { code: '123456' }, session: true },
  { call: 'oauth/completeRegistration', fields: { currency: 'EUR', terms: '1', notify: '0' }, session: true },
]

function encode(fields: Record<string, string | string[]>): string {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(name, v)
  return body.toString()
}

describe.each(PGLITE_ONLY)('bad input on the account forms\' calls, on %s', (backend) => {
  const t = useTestApp(backend)
  let cookie = ''
  let nextIp = 1
  const freshIp = () => `10.9.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`

  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register?locale=es',
      payload: encode({ email: 'bad-input@example.com', password: 'Zq7-unusual-Pw', currency: 'USD', country_code: 'US', notify: '0' }),
      headers: FORM,
      remoteAddress: freshIp(),
    })
    expect(res.statusCode, res.body).toBe(200)
    cookie = cookiePair(res.headers['set-cookie'], SESSION_COOKIE) ?? ''
  })

  const counts = async () => {
    const n = async (table: 'accounts' | 'wallets' | 'ledger_entries' | 'promo_code_redemptions') =>
      Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n)
    return { accounts: await n('accounts'), wallets: await n('wallets'), ledger: await n('ledger_entries'), redemptions: await n('promo_code_redemptions') }
  }

  function expectCleanRefusal(res: LightMyRequestResponse, what: string, benign: unknown) {
    expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBeLessThan(500)
    expect(res.body, what).not.toMatch(/\n\s+at \S+ \(/) // no stack trace
    expect(res.body, what).not.toContain(SCRIPT)
    expect(res.headers['content-type'], what).toMatch(/^application\/json/)
    const body = res.json() as { data?: unknown; error?: { type?: string; message?: string } }
    if (res.statusCode === 200) {
      expect(benign, `${what}: a success answer`).not.toBeUndefined()
      expect(body.data, what).toEqual(benign)
      return
    }
    expect(body.error?.type, what).toMatch(/Exception$/)
    expect(body.error?.message, what).toEqual(expect.any(String))
    expect(body.error?.message, what).not.toContain('x'.repeat(200))
  }

  for (const c of CASES) {
    it(`${c.call}: every field refuses empty, 10 kB, wrong-type, emoji and injected values cleanly`, async () => {
      const before = await counts()
      for (const field of Object.keys(c.fields)) {
        for (const [label, value] of BAD_VALUES) {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/${c.call}?locale=es&v=1`,
            payload: encode({ ...c.fields, [field]: value }),
            headers: { ...FORM, ...(c.session ? { cookie } : {}) },
            remoteAddress: freshIp(),
          })
          expectCleanRefusal(res, `${c.call} ${field} ${label}`, c.benign)
        }
      }
      // Nothing stored half-way: no account, wallet, money movement or promo redemption appeared.
      expect(await counts()).toEqual(before)
    })
  }

  it('the player is still whole afterwards: logs in with the same password, currency unchanged', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: encode({ login: 'bad-input@example.com', password: 'Zq7-unusual-Pw' }),
      headers: FORM,
      remoteAddress: freshIp(),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.balance_main.currency).toBe('USD')
  })
})
