// Pure rules of the unsubscribe page (SPEC §2.1 /unsubscribe).
import { UNSUBSCRIBE_CODES, type AuthFailure } from './unsubscribe.types'

/**
 * Text that could be a token of ours (server/domain/mail/unsubscribe.ts: id, list, MAC, dot
 * separated); anything else is refused without a request. Only the server can tell a real one.
 */
export function isPlausibleToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && token.length <= 256 && /^[A-Za-z0-9_-]+\.[a-z_]+\.[A-Za-z0-9_-]+$/.test(token)
}

/** The server refused the link itself: missing, tampered with, or not ours. */
export const isInvalidToken = (failure: AuthFailure): boolean =>
  failure.type === 'InvalidParameterException' && (failure.code === UNSUBSCRIBE_CODES.invalidToken || failure.invalidParameters?.['token'] !== undefined)
