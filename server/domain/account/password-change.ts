import type { Kysely } from 'kysely'
import { isLocale, DEFAULT_LOCALE } from '../../../src/shared/locales'
import { argon2Cost, type Config } from '../../config'
import type { DB } from '../../db/schema'
import type { InvalidParameters } from '../../../src/shared/errors'
import { FieldErrors } from '../auth/errors'
import { checkNewPassword } from '../auth/fields'
import { hashPassword } from '../auth/password'
import type { Mailer } from '../mail/outbox'
import { passwordChangedMail } from '../mail/templates'
import type { PushSender } from '../push/notices'
import { passwordChangedPush } from '../push/texts'
import { destroyPlayerSessions } from '../session/sessions'
import { confirmPassword } from './reauth'

/**
 * A player changes their password (SPEC §7 Account changepassword). The current password is asked
 * again, each wrong one counting against the purpose's per-player throttle (reauth.ts). The new one passes the registration's rules.
 * Every other session of the player ends in the transaction that stores the new hash, and the
 * player is told by mail, after it, so that a change they did not make does not go unnoticed.
 */

export interface PasswordChangeDeps {
  db: Kysely<DB>
  config: Config
  now: Date
  mailer: Mailer
  /** Told on the player's browsers too, when they want security notices by push. */
  push?: PushSender
}

/** Answers how many other sessions ended. Throws FieldErrors (current_password, password) or ThrottledError. */
export async function changePassword(
  deps: PasswordChangeDeps,
  playerId: bigint,
  input: { currentPassword: string; password: string; keepSessionId: string | undefined },
): Promise<number> {
  const { db, config, now } = deps
  const row = await db
    .selectFrom('accounts')
    .select(['login', 'email', 'locale', 'password_hash'])
    .where('id', '=', playerId)
    .executeTakeFirstOrThrow()

  // The new password's own faults first: they cost no attempt and need no secret.
  const errors: InvalidParameters = {}
  checkNewPassword(errors, input.password, [row.login, row.email])
  if (Object.keys(errors).length) throw new FieldErrors(errors)

  if (!(await confirmPassword(deps, playerId, row.password_hash, input.currentPassword, 'password-change'))) {
    throw new FieldErrors({ current_password: ['invalid'] })
  }
  // Only now is the current password known to be the stored one.
  if (input.password === input.currentPassword) throw new FieldErrors({ password: ['same'] })

  // argon2 outside the transaction: it is slow, and PGlite has one connection.
  const passwordHash = await hashPassword(input.password, argon2Cost(config))
  const ended = await db.transaction().execute(async (trx) => {
    // Only over the hash just checked: two changes at once cannot both pass with the old password.
    const updated = await trx
      .updateTable('accounts')
      .set({ password_hash: passwordHash, password_changed_at: now })
      .where('id', '=', playerId)
      .where('password_hash', '=', row.password_hash)
      .executeTakeFirst()
    if (updated.numUpdatedRows !== 1n) throw new FieldErrors({ current_password: ['invalid'] })
    // Reset links mailed before would undo the change.
    await trx.deleteFrom('password_reset_tokens').where('player_id', '=', playerId).where('used_at', 'is', null).execute()
    return destroyPlayerSessions(trx, playerId, input.keepSessionId)
  })

  if (row.email) {
    const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE
    await deps.mailer.send(db, { to: row.email, ...passwordChangedMail(locale, now) }, now)
  }
  await deps.push?.notify(db, playerId, 'security', passwordChangedPush(isLocale(row.locale) ? row.locale : DEFAULT_LOCALE), now)
  return ended
}
