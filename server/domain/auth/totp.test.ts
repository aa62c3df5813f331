import { describe, expect, it } from 'vitest'
import { hashRecoveryCode, generateRecoveryCode, looksLikeRecoveryCode, normalizeRecoveryCode } from './recovery-codes'
import { base32Decode, base32Encode, generateTotpSecret, hotp, secondsLeftInStep, totp, verifyTotp, type TotpAlgorithm } from './totp'

// RFC 6238 Appendix B: the seeds are ASCII digits, 20/32/64 bytes for SHA1/SHA256/SHA512, 8 digits.
const SEEDS: Record<TotpAlgorithm, Buffer> = {
  sha1: Buffer.from('12345678901234567890', 'ascii'),
  sha256: Buffer.from('12345678901234567890123456789012', 'ascii'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii'),
}

const VECTORS: [seconds: number, sha1: string, sha256: string, sha512: string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
]

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('matches Appendix B at T=%i s for SHA1, SHA256 and SHA512', (seconds, sha1, sha256, sha512) => {
    const at = seconds * 1000
    expect(totp(SEEDS.sha1, at, { digits: 8, algorithm: 'sha1' })).toBe(sha1)
    expect(totp(SEEDS.sha256, at, { digits: 8, algorithm: 'sha256' })).toBe(sha256)
    expect(totp(SEEDS.sha512, at, { digits: 8, algorithm: 'sha512' })).toBe(sha512)
  })

  it('matches RFC 4226 Appendix D HOTP values', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489']
    expected.forEach((code, counter) => expect(hotp(SEEDS.sha1, BigInt(counter))).toBe(code))
  })

  it('round-trips base32 secrets and reads them as people type them', () => {
    const secret = base32Encode(SEEDS.sha1)
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
    expect(base32Decode(secret)).toEqual(SEEDS.sha1)
    expect(base32Decode('gezd gnbv-gy3t qojq gezd gnbv gy3t qojq')).toEqual(SEEDS.sha1)
    expect(base32Decode('MZXW6===')).toEqual(Buffer.from('foo'))
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI')
    expect(() => base32Decode('not base32!')).toThrow()
    expect(base32Decode(generateTotpSecret())).toHaveLength(20)
  })

  it('accepts the current step and one either side, nothing further, and names the step', () => {
    const secret = base32Encode(SEEDS.sha1)
    const at = 1_234_567_890_000
    const step = BigInt(Math.floor(at / 30_000))
    const codeAt = (offsetSteps: number) => totp(SEEDS.sha1, at + offsetSteps * 30_000)
    expect(verifyTotp(secret, codeAt(0), at)).toBe(step)
    expect(verifyTotp(secret, codeAt(-1), at)).toBe(step - 1n)
    expect(verifyTotp(secret, codeAt(1), at)).toBe(step + 1n)
    expect(verifyTotp(secret, codeAt(-2), at)).toBeNull()
    expect(verifyTotp(secret, codeAt(2), at)).toBeNull()
    expect(verifyTotp(secret, '12345', at)).toBeNull()
    expect(verifyTotp(secret, 'abcdef', at)).toBeNull()
    expect(verifyTotp('not base32!', codeAt(0), at)).toBeNull()
  })

  it('says how long the current code lives', () => {
    expect(secondsLeftInStep(0)).toBe(30)
    expect(secondsLeftInStep(29_999)).toBe(1)
    expect(secondsLeftInStep(30_000)).toBe(30)
    expect(secondsLeftInStep(45_500)).toBe(15)
  })
})

describe('recovery codes', () => {
  it('are 80 random bits in four groups, recognised whatever the case and separators', () => {
    const code = generateRecoveryCode()
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)
    expect(generateRecoveryCode()).not.toBe(code)
    expect(hashRecoveryCode(code.toLowerCase().replace(/-/g, ' '))).toBe(hashRecoveryCode(code))
    expect(normalizeRecoveryCode(' AB-cd ')).toBe('abcd')
    expect(looksLikeRecoveryCode(code)).toBe(true)
    expect(looksLikeRecoveryCode('123456')).toBe(false)
  })
})
