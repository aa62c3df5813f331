import fc from 'fast-check'
import { sql } from 'kysely'
import type { LightMyRequestResponse } from 'fastify'
import type { Struct } from 'superstruct'
import { beforeAll, describe, expect, it } from 'vitest'
import { callPath, type CallDef } from '../../src/services/api/contract/define'
import { MAX_PARAM_LENGTH } from '../../src/services/api/contract/params'
import { isErrorType } from '../../src/shared/errors'
import { createSession } from '../domain/session/sessions'
import { SESSION_COOKIE } from '../http/session'
import { apiPlayers } from '../test/api-player'
import { CONTRACT_CALLS } from '../test/contract-calls'
import { useTestApp } from '../test/harness'
import { declaredKeys } from './registrar'

// Every call of the contract, found by reading the contract's files (a new call is in here
// without anyone adding it), sent random and hostile values in every parameter it declares:
// - no input answers a 5xx, and every answer is the §8 shape;
// - a value with a control character (NUL above all) or past the length bound is refused with a
//   400 InvalidParameterException naming the field, whatever else the call would have said;
// - a refused request changes nothing: accounts, money, payments, limits, sessions as they were.

const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789abcdef'

const CALLS = CONTRACT_CALLS

const fieldsOf = (call: CallDef<unknown, unknown>) => [...declaredKeys(call.request as Struct<unknown, unknown>)]

// What the edge refuses: C0 controls but tab, LF and CR; DEL; C1; lone surrogates; overlong.
// eslint-disable-next-line no-control-regex
const REFUSED_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const isRefusedText = (value: string) => value.length > MAX_PARAM_LENGTH || REFUSED_TEXT.test(value)

/** Hostile values each declared field of each call is sent, one field at a time. */
const HOSTILE: readonly string[] = [
  "\u0000'",
  '\u0000',
  'demo@example.com\u0000',
  '1\u0000',
  '\u001b[2J',
  '\u007f',
  '\u0085',
  '\ud800',
  'x'.repeat(MAX_PARAM_LENGTH + 1),
]

/** Values that look like something: some requests get past the schema and into the handlers. */
const PLAUSIBLE = [
  '1', '0', '-1', '7', '10', '100', '20.50', '99999999999999', '9223372036854775808', 'USD', 'EUR', 'en', 'es', 'card', 'slot', 'none',
  'nobody@example.com', '+4915123456789', 'Zq7-unusual-Pw', '123456', 'ABCD-EFGH-JKLM-NPQR', '2024-01-01', '2024-01-01T00:00:00Z',
  '{"card_number":"new"}', '{"iban":"DE89370400440532013000"}', '[]', '{}', 'null', 'true', 'fuzz-key-0123456789abcdef', 'ptx_x',
  '/cashier', '/\\evil.example', "' OR 1=1; --", '<script>alert(1)</script>', 'Zoë 🎰 ليلى 测试', ' ', '__proto__',
]

/** Any UTF-16 code unit: controls, lone surrogates, anything. */
const anyUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 24 })
const textValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PLAUSIBLE) },
  { weight: 2, arbitrary: anyUnits },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE) },
)
/** One field on the wire: absent, one value, or the key repeated. */
const wireValue = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 6, arbitrary: textValue },
  { weight: 1, arbitrary: fc.array(textValue, { minLength: 2, maxLength: 3 }) },
)
/** A JSON body's value: what a script may post instead of a form. */
const jsonValue = fc.oneof(textValue, fc.integer(), fc.boolean(), fc.constant(null), fc.array(textValue, { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'card_number', 'iban'), textValue, { maxKeys: 2 }))

type Sent = Record<string, unknown>

describe('every contract call, fed random and hostile values (property)', () => {
  const t = useTestApp('pglite', { config: { operatorToken: OPERATOR_TOKEN, e2eTestOverrides: true } })
  const players = apiPlayers(t, 47, 'fuzz-')
  let playerId = 0n
  let ip = 0
  const freshIp = () => `10.48.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`

  beforeAll(async () => {
    playerId = (await players.newPlayer()).id
  })

  /** One text that changes when anything a request could wrongly touch changes (throttle counters aside). */
  async function state(): Promise<string> {
    const { rows } = await sql<{ digest: string }>`
      select md5(concat_ws('#',
        (select string_agg(x::text, '|' order by x.id) from accounts x),
        (select string_agg(x::text, '|' order by x.id) from wallets x),
        (select string_agg(x::text, '|' order by x.id) from ledger_entries x),
        (select string_agg(x::text, '|' order by x.id) from wallet_transactions x),
        (select string_agg(x::text, '|' order by x::text) from player_profiles x),
        (select string_agg(x::text, '|' order by x.id) from two_factor_recovery_codes x),
        (select string_agg(x::text, '|' order by x::text) from password_reset_tokens x),
        (select string_agg(x::text, '|' order by x.id) from mail_outbox x),
        (select string_agg(x::text, '|' order by x::text) from promo_code_redemptions x),
        (select string_agg(x::text, '|' order by x.id) from payment_transactions x),
        (select string_agg(x::text, '|' order by x::text) from saved_cards x),
        (select string_agg(x::text, '|' order by x::text) from deposit_limits x),
        (select string_agg(x::text, '|' order by x::text) from cashbacks x),
        (select string_agg(x::text, '|' order by x.key) from settings x),
        (select string_agg(x.id::text || ':' || x.player_id::text, '|' order by x.id) from sessions x)
      )) as digest`.execute(t.database.db)
    return rows[0]!.digest
  }

  /** The player's session; a new one after every success (which may have been a logout or a rotation). */
  let cookie: string | null = null
  async function send(call: CallDef<unknown, unknown>, sent: Sent, json = false): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { cookie: cookie!, authorization: `Bearer ${OPERATOR_TOKEN}` }
    if (json) {
      return t.app.inject({
        method: 'POST',
        url: `${callPath(call)}?locale=es&v=1`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(sent),
        remoteAddress: freshIp(),
      })
    }
    const form = new URLSearchParams()
    for (const [name, value] of Object.entries(sent)) {
      if (value === undefined) continue
      for (const one of Array.isArray(value) ? value : [value]) form.append(name, String(one))
    }
    if (call.method === 'GET') {
      return t.app.inject({ method: 'GET', url: `${callPath(call)}?${form}&locale=es&v=1`, headers, remoteAddress: freshIp() })
    }
    return t.app.inject({
      method: 'POST',
      url: `${callPath(call)}?locale=es&v=1`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
      remoteAddress: freshIp(),
    })
  }

  /**
   * The texts a field carries as the server receives them (every string in a list or a JSON
   * value). A form encodes text as UTF-8, which turns a lone surrogate into U+FFFD on the way;
   * JSON carries it as an escape, intact.
   */
  function textsOf(value: unknown, json: boolean): string[] {
    if (typeof value === 'string') return [json ? value : new URLSearchParams({ v: value }).get('v')!]
    if (Array.isArray(value)) return value.flatMap((v) => textsOf(v, json))
    if (value !== null && typeof value === 'object') return Object.values(value).flatMap((v) => textsOf(v, json))
    return []
  }

  let before = ''
  /** Sends one request and checks the three properties; answers the response for more checks. */
  async function check(call: CallDef<unknown, unknown>, sent: Sent, json = false, extraFields: readonly string[] = []): Promise<LightMyRequestResponse> {
    if (cookie === null) {
      const { token } = await createSession(t.database.db, { playerId, now: players.now(), policy: t.database.config.session })
      cookie = `${SESSION_COOKIE}=${token}`
      before = await state()
    }
    const res = await send(call, sent, json)
    const what = `${callPath(call)} ${JSON.stringify(sent).slice(0, 300)}`
    expect(res.statusCode, `${what} -> ${res.body.slice(0, 300)}`).toBeLessThan(500)
    expect(res.headers['content-type'], what).toMatch(/^application\/json/)
    const body = res.json() as { data?: unknown; error?: { type?: string; invalid_parameters?: Record<string, string[]> } }
    if (res.statusCode >= 400) {
      expect(isErrorType(body.error?.type), `${what} -> ${res.body.slice(0, 300)}`).toBe(true)
      expect(await state(), `${what} was refused (${res.statusCode}) but changed something`).toBe(before)
    } else {
      expect(body, what).toHaveProperty('data')
      cookie = null
    }
    // String fields carrying refused text: the edge's typed 400, naming one of them.
    const refused = Object.entries(sent)
      .filter(([name, value]) => (fieldsOf(call).includes(name) || extraFields.includes(name)) && textsOf(value, json).some(isRefusedText))
      .map(([name]) => name)
    if (refused.length) {
      expect(res.statusCode, `${what} -> ${res.body.slice(0, 300)}`).toBe(400)
      expect(body.error?.type, what).toBe('InvalidParameterException')
      expect(Object.keys(body.error?.invalid_parameters ?? {}).some((f) => refused.includes(f)), `${what} -> ${res.body.slice(0, 300)}`).toBe(true)
    }
    return res
  }

  it('finds the contract\'s calls, every one mounted on the server', () => {
    expect(CALLS.length).toBeGreaterThan(40)
    for (const call of CALLS) expect(t.app.hasRoute({ method: call.method, url: callPath(call) }), callPath(call)).toBe(true)
  })

  it("the issue's cases: a NUL in a login, a recovery and an operator's look-up is a typed 400", async () => {
    const byPath = new Map(CALLS.map((c) => [callPath(c), c]))
    for (const [path, field] of [
      ['/api/auth/login', 'login'],
      ['/api/auth/restore', 'login'],
      ['/api/operator/getPlayerStatus', 'login'],
    ] as const) {
      const res = await check(byPath.get(path)!, { [field]: "\u0000'", password: 'whatever-1' })
      expect(res.json().error).toMatchObject({ type: 'InvalidParameterException', invalid_parameters: { [field]: ['text'] } })
    }
  })

  it('each field of each call refuses hostile text with a typed 400 that names it', async () => {
    let turn = 0
    for (const call of CALLS) {
      const fields = fieldsOf(call)
      // A NUL and an overlong value in every field; the other hostile values take turns.
      for (const field of fields) {
        for (const hostile of [HOSTILE[0]!, HOSTILE[HOSTILE.length - 1]!, HOSTILE[1 + (turn++ % (HOSTILE.length - 2))]!]) await check(call, { [field]: hostile })
      }
      if (fields[0]) await check(call, { [fields[0]]: ['fine', '\u0000'] })
      // A parameter the call does not know is dropped, but not with a NUL in it.
      await check(call, { not_a_parameter: 'x\u0000' }, false, ['not_a_parameter'])
    }
  }, 60_000)

  it('random values in every field of every call: never a 5xx, refusals typed and harmless', async () => {
    for (const call of CALLS) {
      const fields = fieldsOf(call)
      const form = fc.record(Object.fromEntries(fields.map((f) => [f, wireValue])) as Record<string, fc.Arbitrary<unknown>>)
      await fc.assert(
        fc.asyncProperty(form, async (sent) => {
          await check(call, sent)
        }),
        { numRuns: 6 },
      )
      if (call.method === 'POST') {
        const body = fc.record(Object.fromEntries(fields.map((f) => [f, jsonValue])) as Record<string, fc.Arbitrary<unknown>>, { requiredKeys: [] })
        await fc.assert(
          fc.asyncProperty(body, async (sent) => {
            await check(call, sent, true)
          }),
          { numRuns: 2 },
        )
      }
    }
  }, 120_000)
})
