import { createHmac, timingSafeEqual } from 'node:crypto'
import { MAILING_LISTS, type MailingList } from '../../../src/services/api/contract/account'
import { localizePath, type Locale } from '../../../src/shared/locales'

/**
 * Signed unsubscribe links for mailing-list mail (SPEC §2.1 /unsubscribe). A token names a player
 * and a list and carries an HMAC-SHA256 of both under a key derived from SESSION_SECRET, so
 * nobody can make one for another player or list, and no table is needed to recognise it. It does
 * not expire: a link in an old mail must still work, and all it can do is take the player off
 * that list. Form: `<player id, base 36>.<list>.<base64url MAC>`.
 */

const TOKEN = /^([0-9a-z]{1,13})\.([a-z_]{1,32})\.([A-Za-z0-9_-]{43})$/

function key(secret: string): Buffer {
  return createHmac('sha256', secret).update('mail-unsubscribe:v1').digest()
}

function mac(secret: string, playerId: bigint, list: MailingList): Buffer {
  return createHmac('sha256', key(secret)).update(`${playerId}:${list}`).digest()
}

export function signUnsubscribeToken(secret: string, playerId: bigint, list: MailingList): string {
  return `${playerId.toString(36)}.${list}.${mac(secret, playerId, list).toString('base64url')}`
}

export interface UnsubscribeClaim {
  playerId: bigint
  list: MailingList
}

/** The player and list of a token this server signed; null for anything else. */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  const match = TOKEN.exec(token)
  if (!match) return null
  const list = match[2] as MailingList
  if (!(MAILING_LISTS as readonly string[]).includes(list)) return null
  let playerId = 0n
  for (const digit of match[1]!) playerId = playerId * 36n + BigInt(parseInt(digit, 36))
  // One spelling per id: a leading zero would be a second token for the same player.
  if (playerId.toString(36) !== match[1]) return null
  // Compared as text, not decoded: base64url's last character carries two spare bits, so a
  // decoded compare would take four spellings of one MAC.
  const given = Buffer.from(match[3]!, 'utf8')
  const expected = Buffer.from(mac(secret, playerId, list).toString('base64url'), 'utf8')
  return given.length === expected.length && timingSafeEqual(given, expected) ? { playerId, list } : null
}

/** The page that takes the token: /unsubscribe?token=... in the player's locale. */
export function unsubscribeLink(origin: string, locale: Locale, token: string): string {
  return `${origin}${localizePath('/unsubscribe', locale)}?token=${encodeURIComponent(token)}`
}

/**
 * RFC 2369 List-Unsubscribe with RFC 8058 one-click: a mail client may POST
 * `List-Unsubscribe=One-Click` to the same address (server/api/account.ts answers it).
 */
export function listUnsubscribeHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}
