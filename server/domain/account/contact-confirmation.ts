import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  CONFIRMATION_CODE_TTL_HOURS,
  CONFIRMATION_LINK_PARAMS,
  CONFIRMATION_RESEND_SEC,
} from '../../../src/services/api/contract/account'
import { DEFAULT_LOCALE, isLocale, localizePath, type Locale } from '../../../src/shared/locales'
import { checkEmail } from '../../../src/shared/validation/rules'
import { authThrottleMultiplier, type Config } from '../../config'
import type { DB } from '../../db/schema'
import { siteOrigin } from '../auth/recovery'
import { consumeOrThrow } from '../auth/throttle'
import type { Mailer } from '../mail/outbox'
import { contactConfirmationMail, contactConfirmationSms } from '../mail/templates'
import type { SmsSender } from '../sms/sender'
import { SmsUnavailableError } from '../sms/sender'
import { ipSubject, type LimitCheck } from '../ratelimit/limits'

/**
 * Confirming a player's e-mail or phone (SPEC §2.1 /confirmation, §7 sendconfirmationtocontact and
 * confirmContact). A send mails (or texts, server/domain/sms) a 6-digit code and a link carrying
 * it; confirming with the code stamps accounts.email_confirmed_at, which withdrawals need
 * (payments/withdrawals.ts), or accounts.phone_confirmed_at.
 *
 * A code is bound to the player and the address it went to: only HMAC-SHA256(key, player:address:
 * code) is stored, under a key derived from SESSION_SECRET, so the table alone gives no code back
 * (a million codes are quick to hash, a keyed hash is not). It works once, for
 * CONFIRMATION_CODE_TTL_HOURS, and only while it is the player's latest: a new send replaces it.
 * Guessing is bounded three ways: MAX_FAILED_ATTEMPTS wrong codes spend a code, a player gets
 * SENDS_PER_HOUR codes an hour, and one address may try CONFIRM_ATTEMPTS_PER_IP an hour from one
 * IP. Confirming needs no session: the link may be opened on another device.
 */

export const MAX_FAILED_ATTEMPTS = 5
const SENDS_PER_HOUR = 5
const CONFIRM_ATTEMPTS_PER_IP = 30
const HOUR_MS = 3_600_000

export type ConfirmationProblem =
  /** The contact is not the player's e-mail or phone (or neither at all). */
  | 'contact'
  /** The code is not six digits. */
  | 'format'
  /** Wrong, spent, or not this address's latest code. */
  | 'invalid'
  | 'expired'
  /** Guessed wrong MAX_FAILED_ATTEMPTS times: the code no longer works. */
  | 'attempts'
  | 'alreadyConfirmed'

export class ContactConfirmationError extends Error {
  override name = 'ContactConfirmationError'
  /** For 'contact' and 'format': the SPEC §5 messageId of the field's rule. */
  constructor(
    readonly problem: ConfirmationProblem,
    readonly messageId: string | null = null,
  ) {
    super(`Contact confirmation refused: ${problem}`)
  }
}

export interface ConfirmationDeps {
  db: Kysely<DB>
  config: Config
  now: Date
}

export interface SendDeps extends ConfirmationDeps {
  mailer: Mailer
  /** Without it (a caller that mails only), a phone's code is refused as SmsUnavailableError. */
  sms?: SmsSender
}

const normalize = (contact: string): string => contact.trim().toLowerCase()

/** A contact as codes are bound to it: an e-mail in lower case, a phone as its digits (dial code first). */
export type ContactKey = { readonly kind: 'email'; readonly key: string } | { readonly kind: 'phone'; readonly key: string }

/** The contact a player typed or a link carried: '+49 151 2345-678' and '00491512345678' are one phone. */
export function contactKey(contact: string): ContactKey | null {
  const text = contact.trim()
  if (text.includes('@')) return checkEmail(text) ? null : { kind: 'email', key: normalize(text) }
  const digits = text.replace(/^(\+|00)/, '').replace(/[\s().-]/g, '')
  return /^\d{6,15}$/.test(digits) ? { kind: 'phone', key: digits } : null
}

function secretOf(config: Config): string {
  if (!config.sessionSecret) throw new Error('SESSION_SECRET is not set')
  return config.sessionSecret
}

function codeHash(config: Config, playerId: bigint, contact: string, code: string): string {
  const key = createHmac('sha256', secretOf(config)).update('contact-confirmation:v1').digest()
  return createHmac('sha256', key).update(`${playerId}:${contact}:${code}`).digest('hex')
}

/** The link in the mail: /confirmation in the player's locale, address and code in the fragment. */
export function confirmationLink(config: Config, locale: Locale, contact: string, code: string): string {
  const fragment = new URLSearchParams({ [CONFIRMATION_LINK_PARAMS.contact]: contact, [CONFIRMATION_LINK_PARAMS.code]: code })
  return `${siteOrigin(config)}${localizePath('/confirmation', locale)}#${fragment.toString()}`
}

// The gap is per contact (the e-mail's code mailed at registration does not hold up the phone's);
// the hourly cap is the player's, whatever the contact.
const sendChecks = (playerId: bigint, contact: string): LimitCheck[] => [
  { key: `confirm-send:gap:${playerId}:${contact}`, policy: { kind: 'window', limit: 1, windowMs: CONFIRMATION_RESEND_SEC * 1000 } },
  { key: `confirm-send:hour:${playerId}`, policy: { kind: 'window', limit: SENDS_PER_HOUR, windowMs: HOUR_MS } },
]

export interface SentConfirmation {
  contact: string
  /** Seconds until the next code may be sent. */
  resendTime: number
}

/**
 * Sends a new code to the player's e-mail, or by SMS to the player's phone. `contact`, when given,
 * must be one of the two; without it the e-mail. Throws ContactConfirmationError ('contact',
 * 'alreadyConfirmed'), ThrottledError (too soon: its seconds are the resend_time) or
 * SmsUnavailableError (no SMS provider).
 */
export async function sendContactConfirmation(deps: SendDeps, playerId: bigint, contact?: string): Promise<SentConfirmation> {
  const { db, config, now } = deps
  const account = await db
    .selectFrom('accounts')
    .select(['email', 'phone', 'locale', 'email_confirmed_at', 'phone_confirmed_at'])
    .where('id', '=', playerId)
    .executeTakeFirstOrThrow()
  const email = account.email ? normalize(account.email) : null
  const target: ContactKey | null = contact === undefined ? (email ? { kind: 'email', key: email } : null) : contactKey(contact)
  const own = target && (target.kind === 'email' ? target.key === email : target.key === account.phone)
  if (!target || !own) throw new ContactConfirmationError('contact', 'invalid')
  if (target.kind === 'email' ? account.email_confirmed_at : account.phone_confirmed_at) throw new ContactConfirmationError('alreadyConfirmed')
  const sms = target.kind === 'phone' ? deps.sms : undefined
  if (target.kind === 'phone' && !sms?.available()) throw new SmsUnavailableError()
  await consumeOrThrow(db, sendChecks(playerId, target.key), now)

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db.transaction().execute(async (trx) => {
    // Only the latest code works: one to look for in the mailbox, one to guess at.
    await trx.deleteFrom('contact_confirmations').where('player_id', '=', playerId).where('used_at', 'is', null).execute()
    await trx
      .insertInto('contact_confirmations')
      .values({
        player_id: playerId,
        contact: target.key,
        code_hash: codeHash(config, playerId, target.key, code),
        created_at: now,
        expires_at: new Date(now.getTime() + CONFIRMATION_CODE_TTL_HOURS * HOUR_MS),
      })
      .execute()
  })
  const locale = isLocale(account.locale) ? account.locale : DEFAULT_LOCALE
  // Written to the outbox after the transaction: a message never waits on an open transaction.
  if (target.kind === 'phone') {
    const link = confirmationLink(config, locale, `+${target.key}`, code)
    if (!sms) throw new SmsUnavailableError()
    await sms.send(db, { to: `+${target.key}`, text: contactConfirmationSms(locale, code, link, CONFIRMATION_CODE_TTL_HOURS) }, now)
    return { contact: `+${target.key}`, resendTime: CONFIRMATION_RESEND_SEC }
  }
  const mail = contactConfirmationMail(locale, code, confirmationLink(config, locale, target.key, code), CONFIRMATION_CODE_TTL_HOURS)
  await deps.mailer.send(db, { to: account.email!, ...mail }, now)
  return { contact: target.key, resendTime: CONFIRMATION_RESEND_SEC }
}

/**
 * Confirms the address with its code and returns the player's id. Throws ContactConfirmationError
 * for a refused code or address, ThrottledError when the IP tried too many.
 */
export async function confirmContactWithCode(deps: ConfirmationDeps, input: { contact: string; code: string; ip: string }): Promise<bigint> {
  const { db, config, now } = deps
  const target = contactKey(input.contact)
  if (!target) {
    // Letters mean an e-mail address was meant: its rule says what is wrong with it.
    const emailError = /[@\p{L}]/u.test(input.contact) ? checkEmail(input.contact.trim()) : null
    throw new ContactConfirmationError('contact', emailError?.messageId ?? 'phone')
  }
  const contact = target.key
  const code = input.code.trim()
  if (!/^\d{6}$/.test(code)) throw new ContactConfirmationError('format', 'code')
  const perIp = Math.max(1, Math.round(CONFIRM_ATTEMPTS_PER_IP * authThrottleMultiplier(config)))
  await consumeOrThrow(db, [{ key: `confirm-code:ip:${ipSubject(input.ip)}`, policy: { kind: 'window', limit: perIp, windowMs: HOUR_MS } }], now)

  const latest = await db
    .selectFrom('contact_confirmations')
    .selectAll()
    .where('contact', '=', contact)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!latest) throw new ContactConfirmationError('invalid')
  const given = Buffer.from(codeHash(config, latest.player_id, contact, code), 'hex')
  const matches = timingSafeEqual(given, Buffer.from(latest.code_hash, 'hex'))
  if (latest.used_at) throw new ContactConfirmationError(matches ? 'alreadyConfirmed' : 'invalid')
  if (latest.failed_attempts >= MAX_FAILED_ATTEMPTS) throw new ContactConfirmationError('attempts')
  if (!matches) {
    // Counted in one statement, so concurrent guesses cannot share one count.
    const counted = await db
      .updateTable('contact_confirmations')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('id', '=', latest.id)
      .returning('failed_attempts')
      .executeTakeFirst()
    throw new ContactConfirmationError((counted?.failed_attempts ?? MAX_FAILED_ATTEMPTS) >= MAX_FAILED_ATTEMPTS ? 'attempts' : 'invalid')
  }
  if (latest.expires_at.getTime() <= now.getTime()) throw new ContactConfirmationError('expired')

  return db.transaction().execute(async (trx) => {
    // Spent in the statement that checks it: two requests with one code cannot both pass.
    const spent = await trx
      .updateTable('contact_confirmations')
      .set({ used_at: now })
      .where('id', '=', latest.id)
      .where('used_at', 'is', null)
      .where('failed_attempts', '<', MAX_FAILED_ATTEMPTS)
      .returning('player_id')
      .executeTakeFirst()
    if (!spent) throw new ContactConfirmationError('invalid')
    // Only while the account still has this contact: a code for one it left confirms nothing.
    const confirmed =
      target.kind === 'email'
        ? await trx
            .updateTable('accounts')
            .set((eb) => ({ email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(now)) }))
            .where('id', '=', spent.player_id)
            .where((eb) => eb(eb.fn('lower', ['email']), '=', contact))
            .executeTakeFirst()
        : await trx
            .updateTable('accounts')
            .set((eb) => ({ phone_confirmed_at: eb.fn.coalesce('phone_confirmed_at', eb.val(now)) }))
            .where('id', '=', spent.player_id)
            .where('phone', '=', contact)
            .executeTakeFirst()
    if (Number(confirmed.numUpdatedRows) !== 1) throw new ContactConfirmationError('invalid')
    return spent.player_id
  })
}

/** Deletes codes that can no longer be used (spent or expired) and are older than `before`. */
export async function purgeContactConfirmations(db: Kysely<DB>, before: Date): Promise<number> {
  const result = await db.deleteFrom('contact_confirmations').where('expires_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
