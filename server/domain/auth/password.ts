import { hash, verify } from '@node-rs/argon2'
import type { Argon2Cost } from '../../config'

/**
 * argon2id password hashes. The cost comes from config (`argon2Cost(config)`): OWASP's parameters
 * in every real environment, something cheaper only through the test config. Verification reads
 * the parameters stored in the hash, so lowering the cost never weakens existing hashes' checks.
 */
export function hashPassword(password: string, cost: Argon2Cost): Promise<string> {
  // The library's default algorithm is argon2id; its Algorithm enum is an ambient const enum,
  // which isolatedModules cannot read, so it is not named here (the tests check the $argon2id$ prefix).
  return hash(password, { ...cost })
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    // A malformed stored hash is a failed login, not a crash.
    return false
  }
}
