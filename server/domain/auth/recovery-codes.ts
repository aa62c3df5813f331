import { createHash, randomBytes } from 'node:crypto'

/**
 * Two-factor recovery codes: one-time codes a player keeps on paper for when the authenticator is
 * lost. 16 characters of the base32 alphabet (80 random bits), shown as four groups of four. At
 * rest only their SHA-256: with 80 bits of entropy a fast hash is as safe as a slow one (the same
 * reasoning as session tokens), and checking a code costs one indexed look-up, not ten argon2 runs.
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789' // 32 symbols; no I, O, 0, 1 to misread
export const RECOVERY_CODE_COUNT = 10

/** Case, spaces and hyphens do not matter when a code is typed back. */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase()
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex')
}

/** Something that could be a recovery code (after normalising), as opposed to a 6-digit TOTP code. */
export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{8,32}$/.test(normalizeRecoveryCode(code))
}

export function generateRecoveryCode(): string {
  const bytes = randomBytes(16)
  let out = ''
  // 256 is a multiple of 32, so `byte % 32` is uniform.
  for (const byte of bytes) out += ALPHABET[byte % 32]
  return out.match(/.{4}/g)!.join('-')
}

export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, generateRecoveryCode)
}
