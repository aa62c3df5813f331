import { sql } from 'kysely'
import { DEFAULT_LOCALE, isLocale } from '../../../src/shared/locales'
import { checkEmail } from '../../../src/shared/validation/rules'
import { FieldErrors, ThrottledError } from '../auth/errors'
import { emailChangedMail } from '../mail/templates'
import type { PushSender } from '../push/notices'
import { emailChangedPush } from '../push/texts'
import { sendContactConfirmation, type SendDeps, type SentConfirmation } from './contact-confirmation'
import { confirmPassword } from './reauth'

/**
 * A player replaces their e-mail (SPEC §4 'Contact editing'). The password is asked again, as for
 * any change that could hand the account to someone else (a reset link goes to the e-mail). The
 * new address is unconfirmed until its code comes back (a withdrawal waits for that); the login
 * follows the e-mail when it was the e-mail; the old address is told, after the change.
 */

/** Answers where the code went. Throws FieldErrors (email, password) or ThrottledError. */
export async function changeEmail(deps: SendDeps & { push?: PushSender }, playerId: bigint, input: { email: string; password: string }): Promise<SentConfirmation> {
  const { db, now } = deps
  const email = input.email.trim().toLowerCase()
  const invalid = checkEmail(email)
  if (invalid) throw new FieldErrors({ email: [invalid.messageId] })
  const account = await db.selectFrom('accounts').select(['login', 'email', 'locale', 'password_hash']).where('id', '=', playerId).executeTakeFirstOrThrow()
  if (account.email?.toLowerCase() === email) throw new FieldErrors({ email: ['same'] })
  if (!(await confirmPassword(deps, playerId, account.password_hash, input.password, 'email-change'))) {
    throw new FieldErrors({ password: ['invalid'] })
  }
  // Asked only of a player who knows the password: nobody else learns which addresses have accounts.
  const other = await db
    .selectFrom('accounts')
    .select('id')
    .where((eb) => eb.or([eb(sql`lower(email)`, '=', email), eb(sql`lower(login)`, '=', email)]))
    .where('id', '!=', playerId)
    .executeTakeFirst()
  if (other) throw new FieldErrors({ email: ['taken'] })

  const loginFollows = account.email !== null && account.login.toLowerCase() === account.email.toLowerCase()
  try {
    const updated = await db
      .updateTable('accounts')
      .set({ email, email_confirmed_at: null, ...(loginFollows ? { login: email } : {}) })
      .where('id', '=', playerId)
      // Over the address just read: two changes at once cannot both pass.
      .where(account.email === null ? sql<boolean>`email is null` : sql<boolean>`email = ${account.email}`)
      .executeTakeFirst()
    if (updated.numUpdatedRows !== 1n) throw new FieldErrors({ email: ['taken'] })
  } catch (err) {
    // Another account took it between the check and the write: the unique index says so.
    if ((err as { code?: string } | null)?.code === '23505') throw new FieldErrors({ email: ['taken'] })
    throw err
  }

  const locale = isLocale(account.locale) ? account.locale : DEFAULT_LOCALE
  if (account.email) await deps.mailer.send(db, { to: account.email, ...emailChangedMail(locale, email, now) }, now)
  await deps.push?.notify(db, playerId, 'security', emailChangedPush(locale), now)
  try {
    return await sendContactConfirmation(deps, playerId, email)
  } catch (err) {
    // A code for this address went out a moment ago: it still works, and /confirmation sends another later.
    if (err instanceof ThrottledError) return { contact: email, resendTime: err.retryAfterSeconds }
    throw err
  }
}
