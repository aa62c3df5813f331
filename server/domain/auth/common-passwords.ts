import { readFileSync } from 'node:fs'

/**
 * The 10,000 passwords registration and password reset refuse (NIST SP 800-63B §5.1.1.2: check
 * new passwords against commonly used ones). The list is common-passwords.txt, one lower-case
 * password a line, written by common-passwords.build.mjs: the top of the well-known public lists
 * typed from memory (nothing could be downloaded here) plus generated patterns. That script's
 * header says exactly how; regenerate with `node server/domain/auth/common-passwords.build.mjs`.
 *
 * Matching ignores case, so 'Password1' and 'PASSWORD1' are refused with 'password1'.
 */

let cache: ReadonlySet<string> | null = null

function load(): ReadonlySet<string> {
  if (cache) return cache
  const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
  cache = new Set(text.split('\n').filter((line) => line !== ''))
  return cache
}

export function isCommonPassword(password: string): boolean {
  return load().has(password.toLowerCase())
}

/** How many passwords the list holds (for tests and the start-up log). */
export function commonPasswordCount(): number {
  return load().size
}
