import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Time-based one-time passwords, RFC 6238 over HOTP (RFC 4226), with node:crypto only (otplib is
 * not a dependency). What authenticator apps expect: HMAC-SHA1, 30-second steps, 6 digits, a
 * base32 secret (RFC 4648, no padding). Verification accepts the step before and after the
 * current one for clock drift; the caller stores the step it accepted so a code works once.
 */

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512'

export interface TotpOptions {
  /** Step length in seconds (X in RFC 6238). */
  stepSeconds: number
  digits: number
  algorithm: TotpAlgorithm
  /** Steps accepted either side of the current one. */
  window: number
}

export const TOTP_DEFAULTS: TotpOptions = { stepSeconds: 30, digits: 6, algorithm: 'sha1', window: 1 }

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32 without padding, as authenticator apps show and take secrets. */
export function base32Encode(bytes: Uint8Array): string {
  let out = ''
  let buffer = 0
  let bits = 0
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31]
      bits -= 5
    }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31]
  return out
}

/**
 * Decodes base32 the way people type it from a screen: any case, spaces and hyphens ignored,
 * padding optional. Throws on any other character.
 */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s-]/g, '').replace(/=+$/, '').toUpperCase()
  const out: number[] = []
  let buffer = 0
  let bits = 0
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char)
    if (value < 0) throw new RangeError('Not a base32 secret')
    buffer = (buffer << 5) | value
    bits += 5
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255)
      bits -= 8
    }
    buffer &= (1 << bits) - 1
  }
  return Buffer.from(out)
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommended length), base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20))
}

/** HOTP (RFC 4226 §5.3): HMAC of the 8-byte big-endian counter, dynamically truncated. */
export function hotp(key: Uint8Array, counter: bigint, digits = 6, algorithm: TotpAlgorithm = 'sha1'): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(counter)
  const mac = createHmac(algorithm, key).update(message).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const binary =
    ((mac[offset]! & 0x7f) << 24) | ((mac[offset + 1]! & 0xff) << 16) | ((mac[offset + 2]! & 0xff) << 8) | (mac[offset + 3]! & 0xff)
  return String(binary % 10 ** digits).padStart(digits, '0')
}

/** The time step (T in RFC 6238) that `atMs` falls in. */
export function timeStep(atMs: number, stepSeconds = TOTP_DEFAULTS.stepSeconds): bigint {
  return BigInt(Math.floor(atMs / 1000 / stepSeconds))
}

/** Seconds until the step `atMs` falls in ends (1 to stepSeconds). */
export function secondsLeftInStep(atMs: number, stepSeconds = TOTP_DEFAULTS.stepSeconds): number {
  return stepSeconds - (Math.floor(atMs / 1000) % stepSeconds)
}

/** The code for `atMs`. `key` is the raw secret (use base32Decode on a stored one). */
export function totp(key: Uint8Array, atMs: number, options: Partial<TotpOptions> = {}): string {
  const o = { ...TOTP_DEFAULTS, ...options }
  return hotp(key, timeStep(atMs, o.stepSeconds), o.digits, o.algorithm)
}

/**
 * The time step `code` is valid for, within the window around `atMs`, or null. Every candidate is
 * computed and compared in constant time, so the answer's timing says nothing about which step
 * (or which digit) matched. The caller refuses a step at or below the last one it accepted.
 */
export function verifyTotp(secret: string, code: string, atMs: number, options: Partial<TotpOptions> = {}): bigint | null {
  const o = { ...TOTP_DEFAULTS, ...options }
  if (!new RegExp(`^\\d{${o.digits}}$`).test(code)) return null
  let key: Buffer
  try {
    key = base32Decode(secret)
  } catch {
    return null
  }
  if (key.length === 0) return null
  const current = timeStep(atMs, o.stepSeconds)
  const given = Buffer.from(code)
  let matched: bigint | null = null
  // Latest step first: when two steps share a code (one in a million), prefer the newer one.
  for (let offset = o.window; offset >= -o.window; offset--) {
    const step = current + BigInt(offset)
    if (step < 0n) continue
    const expected = Buffer.from(hotp(key, step, o.digits, o.algorithm))
    if (timingSafeEqual(expected, given) && matched === null) matched = step
  }
  return matched
}

/** The otpauth:// URI authenticator apps scan as a QR code (for the 2FA set-up issue). */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`)
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: '6', period: '30' })
  return `otpauth://totp/${label}?${query.toString()}`
}
