import { generateSecret, generateSync, ScureBase32Plugin, verifySync, type HashAlgorithm } from 'otplib'

/**
 * Time-based one-time passwords, RFC 6238 over HOTP (RFC 4226), computed by otplib
 * (docs/decisions/006-well-kept-libraries.md). What authenticator apps expect: HMAC-SHA1,
 * 30-second steps, 6 digits, a base32 secret (RFC 4648, no padding). Verification accepts the
 * step before and after the current one for clock drift; the caller stores the step it accepted
 * so a code works once.
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

/** otplib refuses shorter keys (its guardrail); ours are 20 bytes. */
const MIN_SECRET_BYTES = 16

const base32 = new ScureBase32Plugin()

type Digits = 6 | 7 | 8
const digitsOf = (digits: number) => digits as Digits
const algorithmOf = (algorithm: TotpAlgorithm) => algorithm as HashAlgorithm

/** RFC 4648 base32 without padding, as authenticator apps show and take secrets. */
export function base32Encode(bytes: Uint8Array): string {
  return base32.encode(bytes, { padding: false })
}

/**
 * Decodes base32 the way people type it from a screen: any case, spaces and hyphens ignored,
 * padding optional. Throws on any other character.
 */
export function base32Decode(text: string): Buffer {
  try {
    return Buffer.from(base32.decode(text.replace(/[\s-]/g, '').replace(/=+$/, '')))
  } catch {
    throw new RangeError('Not a base32 secret')
  }
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommended length), base32. */
export function generateTotpSecret(): string {
  return generateSecret({ length: 20 })
}

/** HOTP (RFC 4226 §5.3): HMAC of the 8-byte big-endian counter, dynamically truncated. */
export function hotp(key: Uint8Array, counter: bigint, digits = 6, algorithm: TotpAlgorithm = 'sha1'): string {
  return generateSync({ strategy: 'hotp', secret: key, counter: Number(counter), digits: digitsOf(digits), algorithm: algorithmOf(algorithm) })
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
  return generateSync({ secret: key, epoch: Math.floor(atMs / 1000), period: o.stepSeconds, digits: digitsOf(o.digits), algorithm: algorithmOf(o.algorithm) })
}

/**
 * The time step `code` is valid for, within the window around `atMs`, or null. otplib compares
 * each candidate in constant time. The caller refuses a step at or below the last one it accepted.
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
  if (key.length < MIN_SECRET_BYTES) return null
  const result = verifySync({
    secret: key,
    token: code,
    epoch: Math.floor(atMs / 1000),
    period: o.stepSeconds,
    digits: digitsOf(o.digits),
    algorithm: algorithmOf(o.algorithm),
    // Seconds either side of `atMs`: exactly `window` whole steps each way.
    epochTolerance: o.window * o.stepSeconds,
  })
  // The union type also covers HOTP results; a TOTP match always names its time step.
  return result.valid && 'timeStep' in result ? BigInt(result.timeStep) : null
}

/** The otpauth:// URI authenticator apps scan as a QR code (for the 2FA set-up issue). */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`)
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: '6', period: '30' })
  return `otpauth://totp/${label}?${query.toString()}`
}
