import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { consume, ipSubject, opaque, type LimitCheck, type LimitPolicy } from '../ratelimit/limits'
import { ThrottledError } from './errors'

/**
 * The auth throttles. Login failures count per account+IP pair and per IP, never per account
 * alone: an account-wide lock would let anyone lock a player out from anywhere by typing wrong
 * passwords. The pair limit is what stops a guesser on one account; the per-IP limit, ten times
 * higher, stops one address from spraying guesses across many accounts (and is high enough for a
 * shared NAT). Both count unknown accounts exactly like known ones. The second factor, reached only
 * with the right password, has limits of its own (secondFactorCheck).
 *
 * Every limit is multiplied by AUTH_THROTTLE_MULTIPLIER (config.ts; always 1 in production).
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export interface AuthLimits {
  /** Failed logins for one account from one IP: 5, then 30 s, 1 min, 2 min, ... up to 1 h. */
  loginPair: LimitPolicy
  /** Failed logins from one IP, any accounts: 50, then 1 min doubling up to 1 h. */
  loginIp: LimitPolicy
  /** Registration attempts from one IP: 20 an hour (a 'taken' answer tells whether an e-mail is used). */
  registerIp: LimitPolicy
  /** Recovery requests from one IP: 10 an hour. */
  restoreIp: LimitPolicy
  /** Recovery mails to one account: 3 an hour; more are silently not sent, so nobody floods an inbox. */
  restoreAccount: LimitPolicy
  /** Wrong authenticator (TOTP) codes for one player: 5, then 30 s doubling up to 1 h. */
  totpCode: LimitPolicy
  /**
   * Wrong recovery codes for one player, counted apart from the TOTP codes: a recovery code is the
   * way back in for a player whose phone is gone, so failed authenticator codes must not bar it.
   */
  recoveryCode: LimitPolicy
}

export function authLimits(multiplier = 1): AuthLimits {
  const n = (base: number) => Math.max(1, Math.round(base * multiplier))
  return {
    loginPair: { kind: 'failures', threshold: n(5), baseDelayMs: 30_000, maxDelayMs: HOUR, forgetAfterMs: DAY },
    loginIp: { kind: 'failures', threshold: n(50), baseDelayMs: MINUTE, maxDelayMs: HOUR, forgetAfterMs: DAY },
    registerIp: { kind: 'window', limit: n(20), windowMs: HOUR },
    restoreIp: { kind: 'window', limit: n(10), windowMs: HOUR },
    restoreAccount: { kind: 'window', limit: n(3), windowMs: HOUR },
    totpCode: { kind: 'failures', threshold: n(5), baseDelayMs: 30_000, maxDelayMs: HOUR, forgetAfterMs: DAY },
    recoveryCode: { kind: 'failures', threshold: n(5), baseDelayMs: 30_000, maxDelayMs: HOUR, forgetAfterMs: DAY },
  }
}

/** The identifier as it is counted: trimmed, lower case, no leading '+' (SPEC §4). */
export function loginSubject(login: string): string {
  return login.trim().replace(/^\+/, '').toLowerCase()
}

export const loginChecks = (limits: AuthLimits, login: string, ip: string) => ({
  pair: { key: `login:pair:${opaque(loginSubject(login), ipSubject(ip))}`, policy: limits.loginPair } satisfies LimitCheck,
  ip: { key: `login:ip:${ipSubject(ip)}`, policy: limits.loginIp } satisfies LimitCheck,
})

export const registerCheck = (limits: AuthLimits, ip: string): LimitCheck => ({
  key: `register:ip:${ipSubject(ip)}`,
  policy: limits.registerIp,
})

export const restoreChecks = (limits: AuthLimits, login: string, ip: string) => ({
  ip: { key: `restore:ip:${ipSubject(ip)}`, policy: limits.restoreIp } satisfies LimitCheck,
  account: { key: `restore:account:${opaque(loginSubject(login))}`, policy: limits.restoreAccount } satisfies LimitCheck,
})

/** A 6-digit code is an authenticator code; anything else is taken for a recovery code. */
export type SecondFactorKind = 'totp' | 'recovery'
export const secondFactorKind = (code: string): SecondFactorKind => (/^\d{6}$/.test(code.trim()) ? 'totp' : 'recovery')

/**
 * The second factor's limits, per player and per kind of code. Per player, not per IP: only
 * someone who knows the password gets this far, so a stranger cannot use it to lock a player out,
 * and a guesser with many addresses still gets five tries. Per kind, so a run of wrong
 * authenticator codes leaves the recovery codes usable, and the other way round.
 */
export const secondFactorCheck = (limits: AuthLimits, playerId: bigint, code: string): LimitCheck =>
  secondFactorKind(code) === 'totp'
    ? { key: `2fa:totp:${playerId}`, policy: limits.totpCode }
    : { key: `2fa:recovery:${playerId}`, policy: limits.recoveryCode }

/** Counts an attempt, or throws ThrottledError (whole seconds, at least 1) when a check is blocked. */
export async function consumeOrThrow(db: Kysely<DB>, checks: readonly LimitCheck[], now: Date): Promise<void> {
  const verdict = await consume(db, checks, now)
  if (!verdict.allowed) throw new ThrottledError(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)))
}
