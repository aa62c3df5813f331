import { createHash, randomBytes } from 'node:crypto'
import type { InvalidParameters } from '../../../src/shared/errors'
import { DEFAULT_LOCALE, isLocale, localizePath } from '../../../src/shared/locales'
import { RESET_TOKEN_FRAGMENT, RESET_TOKEN_TTL_MIN } from '../../../src/services/api/contract/auth'
import { argon2Cost, authThrottleMultiplier, type Config } from '../../config'
import type { Mailer } from '../mail/outbox'
import { passwordResetMail } from '../mail/templates'
import { consume } from '../ratelimit/limits'
import { destroyPlayerSessions } from '../session/sessions'
import { FieldErrors, ResetTokenError } from './errors'
import { checkNewPassword } from './fields'
import { findAccountByIdentifier, type AuthDeps } from './login'
import { hashPassword } from './password'
import { authLimits, consumeOrThrow, restoreChecks } from './throttle'

/**
 * Password recovery. `requestPasswordReset` mails a one-time link: a 32-byte random token, stored
 * only as its SHA-256, valid for an hour and once. It answers the same whether or not the account
 * exists (the caller always says "sent"), and the mail is written to the outbox (SMTP, if any,
 * delivers it later) so the time taken barely differs either. `resetPassword` sets the new
 * password and ends every other session of the player.
 */

export const RESET_TOKEN_TTL_MS = RESET_TOKEN_TTL_MIN * 60_000
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * Where links in mail point: PUBLIC_URL, never the request's Host header, which a client chooses
 * (a forged Host would otherwise mail a victim a link to the attacker's site carrying a live token).
 */
export function siteOrigin(config: Config): string {
  return config.publicUrl ?? `http://localhost:${config.port}`
}

export function resetLink(config: Config, locale: string, token: string): string {
  const path = localizePath('/', isLocale(locale) ? locale : DEFAULT_LOCALE)
  return `${siteOrigin(config)}${path}#${RESET_TOKEN_FRAGMENT}=${token}`
}

export interface RestoreContext extends AuthDeps {
  ip: string
  mailer: Mailer
}

/**
 * Mails a recovery link to the account `identifier` names (login, e-mail or phone), if there is
 * one with an e-mail and it is not banned. Throws ThrottledError only for the per-IP limit, which
 * does not depend on the account; the per-account limit silently sends nothing.
 */
export async function requestPasswordReset(ctx: RestoreContext, identifier: string): Promise<void> {
  const { db, config, now } = ctx
  const checks = restoreChecks(authLimits(authThrottleMultiplier(config)), identifier, ctx.ip)
  await consumeOrThrow(db, [checks.ip], now)
  // Counted before the look-up, for known and unknown accounts alike: the same work either way.
  const underLimit = (await consume(db, [checks.account], now)).allowed

  const account = await findAccountByIdentifier(db, identifier)
  if (!account || account.banned_at || !account.email || !underLimit) return

  const token = randomBytes(32).toString('base64url')
  await db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: hashResetToken(token),
      player_id: account.id,
      created_at: now,
      expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    })
    .execute()
  const locale = isLocale(account.locale) ? account.locale : DEFAULT_LOCALE
  const mail = passwordResetMail(locale, resetLink(config, locale, token), RESET_TOKEN_TTL_MIN)
  await ctx.mailer.send(db, { to: account.email, ...mail }, now)
}

export interface ResetContext extends AuthDeps {
  /** The session making the request, kept when it belongs to the same player. */
  currentSession: { id: string; playerId: bigint | null } | null
}

/**
 * Sets a new password with a recovery token and returns the player's id. Throws FieldErrors for
 * the password, ResetTokenError for a token that is unknown, used or expired.
 */
export async function resetPassword(ctx: ResetContext, token: string, password: string): Promise<bigint> {
  const { db, config, now } = ctx
  if (!TOKEN_RE.test(token)) throw new ResetTokenError('invalid')
  const tokenHash = hashResetToken(token)
  const found = await db
    .selectFrom('password_reset_tokens')
    .innerJoin('accounts', 'accounts.id', 'password_reset_tokens.player_id')
    .select(['password_reset_tokens.player_id', 'expires_at', 'used_at', 'accounts.login', 'accounts.email'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  if (!found || found.used_at) throw new ResetTokenError('invalid')
  if (found.expires_at.getTime() <= now.getTime()) throw new ResetTokenError('expired')

  const errors: InvalidParameters = {}
  checkNewPassword(errors, password, [found.login, found.email])
  if (Object.keys(errors).length) throw new FieldErrors(errors)

  // argon2 outside the transaction: it is slow, and PGlite has one connection.
  const passwordHash = await hashPassword(password, argon2Cost(config))
  return db.transaction().execute(async (trx) => {
    // Spent in the same statement that checks it: two requests with one token cannot both pass.
    const spent = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('player_id')
      .executeTakeFirst()
    if (!spent) throw new ResetTokenError('invalid')
    const playerId = spent.player_id
    await trx.updateTable('accounts').set({ password_hash: passwordHash, password_changed_at: now }).where('id', '=', playerId).execute()
    // Any other link mailed before is worthless now.
    await trx.deleteFrom('password_reset_tokens').where('player_id', '=', playerId).where('used_at', 'is', null).execute()
    const keep = ctx.currentSession?.playerId === playerId ? ctx.currentSession.id : undefined
    await destroyPlayerSessions(trx, playerId, keep)
    return playerId
  })
}

/** Deletes reset tokens that can no longer be used (spent or expired) and are older than `before`. */
export async function purgeResetTokens(db: AuthDeps['db'], before: Date): Promise<number> {
  const result = await db.deleteFrom('password_reset_tokens').where('expires_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
