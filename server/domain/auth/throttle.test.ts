import { describe, expect, it } from 'vitest'
import { authThrottleMultiplier, ConfigError, parseConfig } from '../../config'
import { makeTestConfig } from '../../test/config'
import { commonPasswordCount, isCommonPassword } from './common-passwords'
import { adultCutoff, normalizePhone, phoneCountryOf, validateRegistration } from './fields'
import { authLimits, loginChecks, secondFactorCheck } from './throttle'

describe('auth throttle settings', () => {
  it('has the documented limits, scaled by AUTH_THROTTLE_MULTIPLIER', () => {
    expect(authLimits()).toMatchObject({
      loginPair: { threshold: 5 },
      loginIp: { threshold: 50 },
      registerIp: { limit: 20 },
      restoreIp: { limit: 10 },
      restoreAccount: { limit: 3 },
      totpCode: { threshold: 5 },
      recoveryCode: { threshold: 5 },
    })
    expect(authLimits(100)).toMatchObject({ loginPair: { threshold: 500 }, loginIp: { threshold: 5000 }, registerIp: { limit: 2000 } })
    expect(authLimits(0.01)).toMatchObject({ loginPair: { threshold: 1 } })
  })

  it('reads AUTH_THROTTLE_MULTIPLIER outside production and refuses it in production', () => {
    expect(parseConfig({}, '/srv').authThrottleMultiplier).toBe(1)
    expect(parseConfig({ AUTH_THROTTLE_MULTIPLIER: '50' }, '/srv').authThrottleMultiplier).toBe(50)
    expect(() => parseConfig({ AUTH_THROTTLE_MULTIPLIER: 'lots' }, '/srv')).toThrow(ConfigError)
    expect(() => parseConfig({ APP_ENV: 'production', AUTH_THROTTLE_MULTIPLIER: '50', SESSION_SECRET: 'x'.repeat(40) }, '/srv')).toThrow(
      /AUTH_THROTTLE_MULTIPLIER/,
    )
    // A test override, ignored in production whatever the caller passed.
    expect(authThrottleMultiplier(makeTestConfig({ test: { authThrottleMultiplier: 7 } }))).toBe(7)
    expect(authThrottleMultiplier({ ...makeTestConfig({ test: { authThrottleMultiplier: 7 } }), appEnv: 'production', authThrottleMultiplier: 9 })).toBe(1)
  })

  it('reads SMTP_URL and MAIL_FROM', () => {
    const config = parseConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', PUBLIC_URL: 'https://casino.example' }, '/srv')
    expect(config.smtpUrl).toBe('smtps://u:p@mail.example:465')
    expect(config.mailFrom).toBe('no-reply@casino.example')
    expect(() => parseConfig({ SMTP_URL: 'http://mail.example' }, '/srv')).toThrow(/SMTP_URL/)
    expect(() => parseConfig({ MAIL_FROM: 'Casino <x@y.z>' }, '/srv')).toThrow(/MAIL_FROM/)
  })

  it('counts one login the same however it is typed', () => {
    const limits = authLimits()
    expect(loginChecks(limits, ' +Demo@Example.com', '1.2.3.4').pair.key).toBe(loginChecks(limits, 'demo@example.com', '1.2.3.4').pair.key)
    expect(loginChecks(limits, 'demo@example.com', '1.2.3.4').pair.key).not.toBe(loginChecks(limits, 'demo@example.com', '1.2.3.5').pair.key)
    expect(loginChecks(limits, 'a', '1.2.3.4').ip.key).toBe('login:ip:1.2.3.4')
  })

  it('counts authenticator codes and recovery codes apart, per player', () => {
    const limits = authLimits()
    const totp = secondFactorCheck(limits, 7n, ' 123456 ')
    const recovery = secondFactorCheck(limits, 7n, 'ABCD-EFGH-JKLM-NPQR')
    expect(totp.key).not.toBe(recovery.key)
    expect(secondFactorCheck(limits, 8n, '123456').key).not.toBe(totp.key)
    expect(totp.policy).toBe(limits.totpCode)
    expect(recovery.policy).toBe(limits.recoveryCode)
  })
})

describe('common passwords', () => {
  it('holds 10,000 entries with the well-known top of the lists', () => {
    expect(commonPasswordCount()).toBe(10_000)
    for (const p of ['123456', 'password', 'qwerty', '111111', 'iloveyou', 'letmein', 'trustno1', '1qaz2wsx', 'password1', 'p@ssw0rd']) {
      expect(isCommonPassword(p)).toBe(true)
    }
  })

  it('ignores case and lets an unusual password through', () => {
    expect(isCommonPassword('PassWord1')).toBe(true)
    expect(isCommonPassword('Tr0ub4dor&3x')).toBe(false)
    expect(isCommonPassword('correct-horse-battery-staple')).toBe(false)
  })
})

describe('registration fields', () => {
  const now = new Date('2030-06-15T12:00:00Z')

  it('passes a valid form and names the failing fields with SPEC §5 messageIds', () => {
    expect(validateRegistration({ login: 'player@example.com', email: 'player@example.com', password: 'Zq7-unusual-Pw' }, now)).toEqual({})
    expect(validateRegistration({ login: '', password: '' }, now)).toEqual({ login: ['required'], password: ['required'] })
    expect(validateRegistration({ login: 'x', password: 'abc def ghi' }, now)).toEqual({ password: ['passwordChars'] })
    expect(validateRegistration({ login: 'x', password: 'a'.repeat(21) }, now)).toEqual({ password: ['maxLength'] })
    expect(validateRegistration({ login: 'x', password: 'Zq7-unusual-Pw', fakename: 'ab' }, now)).toEqual({ fakename: ['minLength'] })
  })

  it('refuses anyone under 18 on the day', () => {
    expect(adultCutoff(now).toISOString().slice(0, 10)).toBe('2012-06-15')
    expect(validateRegistration({ login: 'x', password: 'Zq7-unusual-Pw', birth_date: '15.06.2012' }, now)).toEqual({})
    expect(validateRegistration({ login: 'x', password: 'Zq7-unusual-Pw', birth_date: '16.06.2012' }, now)).toEqual({ birth_date: ['date'] })
  })

  it('stores phones as E.164 digits, from an ISO code or a dial code', () => {
    expect(phoneCountryOf('de')?.code).toBe('DE')
    expect(phoneCountryOf('+55')?.code).toBe('BR')
    expect(normalizePhone('(11) 98765-4321', phoneCountryOf('BR'))).toBe('5511987654321')
    expect(normalizePhone('+49 151 23456789', null)).toBe('4915123456789')
  })
})
