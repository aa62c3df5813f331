// Pure rules of the messenger sign-in: reading the launch from the URL hash, and which toast a
// failure shows. No DOM here: the view hands the hash in.
import type { AuthFailure } from '../auth.types'
import { MESSENGER_ERROR_CODES, MESSENGER_HASH_KEY, type MessengerLaunch, type MessengerMessageId } from './messenger.types'

const ID = /^[1-9]\d{0,19}$/
const HASH = /^[0-9a-fA-F]{64}$/

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.trim() !== '' && value.length <= max ? value : undefined
}

/**
 * The launch in `hash` (location.hash, with or without '#'), or null when there is none or it is
 * not init data. The hash is a query string whose tgWebAppData value is itself a query string:
 * user (JSON with id, username, language_code), auth_date, hash, ... The server checks the
 * signature; this only refuses what could never pass, so a broken link sends nothing.
 */
export function readMessengerLaunch(hash: string): MessengerLaunch | null {
  const outer = new URLSearchParams(hash.replace(/^#/, ''))
  const payload = outer.get(MESSENGER_HASH_KEY)
  if (!payload || payload.length > 4096) return null
  const data = new URLSearchParams(payload)
  const signature = data.get('hash')
  if (!signature || !HASH.test(signature)) return null
  let user: unknown
  try {
    user = JSON.parse(data.get('user') ?? '')
  } catch {
    return null
  }
  if (typeof user !== 'object' || user === null) return null
  const { id, username, language_code } = user as Record<string, unknown>
  const idText = typeof id === 'number' || typeof id === 'string' ? String(id) : ''
  if (!ID.test(idText)) return null
  const launch: { -readonly [K in keyof MessengerLaunch]: MessengerLaunch[K] } = { is_tg: true, id: idText, hash: signature, payload }
  const name = text(username, 64)
  const language = text(language_code, 16)
  if (name !== undefined) launch.username = name
  if (language !== undefined) launch.language_code = language
  return launch
}

/** SPEC §8: the toast a failed sign-in shows. */
export function messengerMessageFor(failure: AuthFailure | null): MessengerMessageId {
  if (failure?.code === MESSENGER_ERROR_CODES.expired) return 'messengerExpired'
  if (failure?.code === MESSENGER_ERROR_CODES.invalid) return 'messengerInvalid'
  return 'messengerFailed'
}
