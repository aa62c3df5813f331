import type { Kysely } from 'kysely'
import type { MailingList } from '../../../src/services/api/contract/account'
import { DEFAULT_LOCALE, isLocale } from '../../../src/shared/locales'
import type { Config } from '../../config'
import type { DB } from '../../db/schema'
import { siteOrigin } from '../auth/recovery'
import type { Mailer } from '../mail/outbox'
import { subscribedMail } from '../mail/templates'
import { listUnsubscribeHeaders, signUnsubscribeToken, unsubscribeLink, verifyUnsubscribeToken } from '../mail/unsubscribe'

/**
 * The player's mailing lists (SPEC §3 mailing consent: registration `notify`, account
 * `is_subscribed`; §2.1 /unsubscribe). Every mail of a list carries a signed link that takes the
 * player off it (mail/unsubscribe.ts), in the body and as List-Unsubscribe.
 */

/** A link that is missing, tampered with, not ours, or names a player who no longer exists. */
export class UnsubscribeTokenError extends Error {
  override name = 'UnsubscribeTokenError'
  constructor() {
    super('The unsubscribe link is not valid')
  }
}

function secretOf(config: Config): string {
  if (!config.sessionSecret) throw new Error('SESSION_SECRET is not set')
  return config.sessionSecret
}

/**
 * Takes the player the token names off its list. Idempotent: a second click finds the flag off
 * already and answers the same. Throws UnsubscribeTokenError and changes nothing for a bad token.
 */
export async function unsubscribeWithToken(db: Kysely<DB>, config: Config, token: string): Promise<{ list: MailingList }> {
  const claim = verifyUnsubscribeToken(secretOf(config), token)
  if (!claim) throw new UnsubscribeTokenError()
  // 'marketing' is the only list: SPEC §3's single mailing consent flag.
  const result = await db.updateTable('accounts').set({ is_subscribed: false }).where('id', '=', claim.playerId).executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw new UnsubscribeTokenError()
  return { list: claim.list }
}

/** The signed unsubscribe link and headers for a mail of `list` to this player. */
export function unsubscribeParts(config: Config, playerId: bigint, list: MailingList, locale: string) {
  const link = unsubscribeLink(siteOrigin(config), isLocale(locale) ? locale : DEFAULT_LOCALE, signUnsubscribeToken(secretOf(config), playerId, list))
  return { link, headers: listUnsubscribeHeaders(link) }
}

/**
 * The first mail of the marketing list, to a player who has just opted in and has an e-mail:
 * what they signed up for and the one-click way out. Does nothing for anyone else.
 */
export async function mailSubscribed(deps: { db: Kysely<DB>; config: Config; now: Date; mailer: Mailer }, playerId: bigint): Promise<boolean> {
  const { db, config, now } = deps
  const account = await db.selectFrom('accounts').select(['email', 'locale', 'is_subscribed']).where('id', '=', playerId).executeTakeFirst()
  if (!account?.email || !account.is_subscribed) return false
  const locale = isLocale(account.locale) ? account.locale : DEFAULT_LOCALE
  const { link, headers } = unsubscribeParts(config, playerId, 'marketing', locale)
  await deps.mailer.send(db, { to: account.email, ...subscribedMail(locale, link), headers }, now)
  return true
}

/** The contact a subscription change names is none of the player's. */
export class UnknownContactError extends Error {
  override name = 'UnknownContactError'
  constructor() {
    super('No such contact')
  }
}

const phoneDigits = (value: string) => value.replace(/\D/g, '')

/**
 * News and offers on or off for one of the player's contacts (SPEC §7 account changeSubscription):
 * the e-mail's is the mailing list (its first mail says what it is and how to leave it, sent when
 * it is turned on), the phone's a flag of its own. Answers whether the flag changed.
 */
export async function changeSubscription(
  deps: { db: Kysely<DB>; config: Config; now: Date; mailer: Mailer },
  playerId: bigint,
  contact: string,
  on: boolean,
): Promise<boolean> {
  const { db } = deps
  const account = await db.selectFrom('accounts').select(['email', 'phone', 'is_subscribed', 'phone_subscribed']).where('id', '=', playerId).executeTakeFirstOrThrow()
  const wanted = contact.trim()
  if (account.email && wanted.toLowerCase() === account.email.toLowerCase()) {
    if (account.is_subscribed === on) return false
    // Only from the state read: two clicks at once send one welcome mail.
    const changed = await db.updateTable('accounts').set({ is_subscribed: on }).where('id', '=', playerId).where('is_subscribed', '=', !on).executeTakeFirst()
    if (Number(changed.numUpdatedRows) !== 1) return false
    if (on) await mailSubscribed(deps, playerId)
    return true
  }
  if (account.phone && phoneDigits(wanted) !== '' && phoneDigits(wanted) === phoneDigits(account.phone)) {
    if (account.phone_subscribed === on) return false
    await db.updateTable('accounts').set({ phone_subscribed: on }).where('id', '=', playerId).execute()
    return true
  }
  throw new UnknownContactError()
}
