import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The messenger mini-app's launch data (SPEC §4 'Messenger mini-app'): the messenger opens the site
 * with `#tgWebAppData=<init data>` and signs that init data for the bot. The rule, as the
 * messenger's Web App documentation ("Validating data received via the Mini App") prescribes:
 *
 *   data_check_string = every received field except `hash`, as `key=value`, sorted by key, joined by '\n'
 *   secret_key        = HMAC_SHA256(key = "WebAppData", message = bot_token)
 *   valid             ⇔ hex(HMAC_SHA256(key = secret_key, message = data_check_string)) == hash
 *
 * and auth_date (Unix seconds) must be recent, since the signature alone never expires. Values are
 * compared as the messenger sent them (URL-decoded once), and the hashes in constant time.
 */

export interface MessengerUser {
  /** The messenger's numeric user id, kept as decimal text (ids exceed 32 bits). */
  readonly id: string
  readonly username: string | null
  readonly firstName: string | null
  readonly lastName: string | null
  /** IETF language tag of the user's messenger app, when it sent one. */
  readonly languageCode: string | null
}

export interface VerifiedInitData {
  readonly user: MessengerUser
  readonly authDate: Date
  /** The hex signature the data carried: the same launch always carries the same one. */
  readonly hash: string
  /** start_param: the deep-link payload the mini-app was opened with, if any. */
  readonly startParam: string | null
}

export type InitDataFailure =
  /** Not init data at all: no hash, no user, no auth_date, or fields that do not parse. */
  | 'malformed'
  /** The signature does not match: tampered with, or signed for another bot. */
  | 'bad_signature'
  /** Signed correctly, but auth_date is older than the allowed age (or in the future). */
  | 'expired'

export class InitDataError extends Error {
  override name = 'InitDataError'
  constructor(readonly reason: InitDataFailure) {
    super(`Messenger init data refused: ${reason}`)
  }
}

/** Clocks differ a little; an auth_date up to this far ahead of ours is still taken. */
export const AUTH_DATE_FUTURE_SKEW_SEC = 60

/** The key every init data of one bot is signed with. */
export function messengerSecretKey(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest()
}

/** `key=value` lines of every field but `hash`, sorted by key (byte order, as the rule says). */
export function dataCheckString(fields: URLSearchParams): string {
  const lines: string[] = []
  for (const [key, value] of fields) if (key !== 'hash') lines.push(`${key}=${value}`)
  return lines.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join('\n')
}

/** The signature for `fields` under `botToken`: what the messenger puts in `hash`. */
export function signInitData(fields: URLSearchParams, botToken: string): string {
  return createHmac('sha256', messengerSecretKey(botToken)).update(dataCheckString(fields)).digest('hex')
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  // Length is not secret (always 32 bytes when well formed); contents are compared in constant time.
  return left.length === 32 && right.length === 32 && timingSafeEqual(left, right)
}

const optionalText = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null)

function parseUser(raw: string | null): MessengerUser | null {
  if (!raw) return null
  let user: unknown
  try {
    user = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof user !== 'object' || user === null) return null
  const { id, username, first_name, last_name, language_code } = user as Record<string, unknown>
  const idText = typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? String(id) : typeof id === 'string' && /^[1-9]\d{0,19}$/.test(id) ? id : null
  if (!idText) return null
  return {
    id: idText,
    username: optionalText(username),
    firstName: optionalText(first_name),
    lastName: optionalText(last_name),
    languageCode: optionalText(language_code),
  }
}

/**
 * Checks `initData` (the raw tgWebAppData value) for `botToken`, and that auth_date is at most
 * `maxAgeSec` old at `now`. Returns the user it vouches for; throws InitDataError otherwise. The
 * signature is checked before anything inside the data is believed.
 */
export function verifyInitData(initData: string, opts: { botToken: string; maxAgeSec: number; now: Date }): VerifiedInitData {
  const fields = new URLSearchParams(initData)
  const hash = fields.get('hash')
  if (!hash || !/^[0-9a-f]{64}$/i.test(hash) || fields.getAll('hash').length !== 1) throw new InitDataError('malformed')
  if (!sameHex(signInitData(fields, opts.botToken), hash.toLowerCase())) throw new InitDataError('bad_signature')

  const authDateRaw = fields.get('auth_date')
  if (!authDateRaw || !/^\d{1,12}$/.test(authDateRaw)) throw new InitDataError('malformed')
  const authSec = Number(authDateRaw)
  const nowSec = Math.floor(opts.now.getTime() / 1000)
  if (nowSec - authSec > opts.maxAgeSec || authSec - nowSec > AUTH_DATE_FUTURE_SKEW_SEC) throw new InitDataError('expired')

  const user = parseUser(fields.get('user'))
  if (!user) throw new InitDataError('malformed')
  return { user, authDate: new Date(authSec * 1000), hash: hash.toLowerCase(), startParam: optionalText(fields.get('start_param')) }
}

/**
 * Init data as the messenger builds it for `botToken`: the fields URL-encoded, plus their hash.
 * For tests and the e2e journeys; the server only ever verifies.
 */
export function buildSignedInitData(fields: Readonly<Record<string, string>>, botToken: string): string {
  const params = new URLSearchParams(fields)
  params.set('hash', signInitData(params, botToken))
  return params.toString()
}
