import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { buildSignedInitData, dataCheckString, InitDataError, messengerSecretKey, verifyInitData, type InitDataFailure } from './init-data'

const BOT = '7000000001:AAH-test-bot-token-for-unit-tests'
const NOW = new Date('2025-03-01T12:00:00Z')
const nowSec = NOW.getTime() / 1000
const user = { id: 279058397, first_name: 'Vladislav', last_name: 'Kibenko', username: 'vdkfrost', language_code: 'ru', is_premium: true }
const fields = (over: Record<string, string> = {}) => ({
  query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
  user: JSON.stringify(user),
  auth_date: String(nowSec - 60),
  ...over,
})
const opts = { botToken: BOT, maxAgeSec: 3600, now: NOW }

function refusal(initData: string, options = opts): InitDataFailure | null {
  try {
    verifyInitData(initData, options)
    return null
  } catch (err) {
    if (err instanceof InitDataError) return err.reason
    throw err
  }
}

describe('messenger init data', () => {
  it('follows the documented rule: HMAC(key "WebAppData", token), then HMAC of the sorted lines', () => {
    // Computed here step by step from the documentation's wording, independently of the module.
    const raw = buildSignedInitData(fields(), BOT)
    const params = new URLSearchParams(raw)
    const lines = [...params].filter(([k]) => k !== 'hash').map(([k, v]) => `${k}=${v}`).sort()
    expect(dataCheckString(params)).toBe(lines.join('\n'))
    const secret = createHmac('sha256', 'WebAppData').update(BOT).digest()
    expect(messengerSecretKey(BOT).equals(secret)).toBe(true)
    expect(params.get('hash')).toBe(createHmac('sha256', secret).update(lines.join('\n')).digest('hex'))
  })

  it('accepts valid data and reads the user from it', () => {
    const verified = verifyInitData(buildSignedInitData(fields({ start_param: 'promo42' }), BOT), opts)
    expect(verified.user).toEqual({ id: '279058397', username: 'vdkfrost', firstName: 'Vladislav', lastName: 'Kibenko', languageCode: 'ru' })
    expect(verified.authDate).toEqual(new Date((nowSec - 60) * 1000))
    expect(verified.startParam).toBe('promo42')
  })

  it('accepts the same data again while it is fresh (a reload sends it again)', () => {
    const raw = buildSignedInitData(fields(), BOT)
    expect(refusal(raw)).toBeNull()
    expect(refusal(raw)).toBeNull()
  })

  it('refuses a tampered field', () => {
    const raw = new URLSearchParams(buildSignedInitData(fields(), BOT))
    raw.set('user', JSON.stringify({ ...user, id: 1 }))
    expect(refusal(raw.toString())).toBe('bad_signature')
    const added = new URLSearchParams(buildSignedInitData(fields(), BOT))
    added.set('start_param', 'injected')
    expect(refusal(added.toString())).toBe('bad_signature')
  })

  it('refuses a wrong hash, one signed for another bot, and a missing or doubled hash', () => {
    const raw = new URLSearchParams(buildSignedInitData(fields(), BOT))
    raw.set('hash', 'f'.repeat(64))
    expect(refusal(raw.toString())).toBe('bad_signature')
    expect(refusal(buildSignedInitData(fields(), '7000000002:AAH-another-bot-token-entirely'))).toBe('bad_signature')
    raw.delete('hash')
    expect(refusal(raw.toString())).toBe('malformed')
    const doubled = new URLSearchParams(buildSignedInitData(fields(), BOT))
    doubled.append('hash', doubled.get('hash')!)
    expect(refusal(doubled.toString())).toBe('malformed')
    expect(refusal('')).toBe('malformed')
    expect(refusal('not init data at all')).toBe('malformed')
  })

  it('refuses a stale auth_date, even when correctly signed, and one from the future', () => {
    expect(refusal(buildSignedInitData(fields({ auth_date: String(nowSec - 3600) }), BOT))).toBeNull()
    expect(refusal(buildSignedInitData(fields({ auth_date: String(nowSec - 3601) }), BOT))).toBe('expired')
    expect(refusal(buildSignedInitData(fields({ auth_date: String(nowSec + 30) }), BOT))).toBeNull()
    expect(refusal(buildSignedInitData(fields({ auth_date: String(nowSec + 3600) }), BOT))).toBe('expired')
  })

  it('refuses signed data without a usable user or auth_date', () => {
    expect(refusal(buildSignedInitData(fields({ user: '{"id":0}' }), BOT))).toBe('malformed')
    expect(refusal(buildSignedInitData(fields({ user: 'not json' }), BOT))).toBe('malformed')
    expect(refusal(buildSignedInitData(fields({ auth_date: 'yesterday' }), BOT))).toBe('malformed')
    const { user: _, ...noUser } = fields()
    expect(refusal(buildSignedInitData(noUser, BOT))).toBe('malformed')
  })
})
