import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The socket token (SPEC §7 'Account getToken'): a short-lived HMAC-signed claim that a session of
 * a player asked for a balance socket. The socket cannot carry the session cookie's meaning by
 * itself (a SharedWorker may outlive the tab that opened it), so it presents this instead:
 *
 *   base64url(JSON {p: player id, s: session id, e: expiry in epoch seconds}) "." hex HMAC-SHA256
 *
 * signed under SESSION_SECRET with a purpose prefix, so no other signature of ours verifies as one.
 */

export const SOCKET_TOKEN_TTL_SECONDS = 300

export interface SocketClaim {
  playerId: bigint
  sessionId: string
  /** Epoch seconds. */
  expiresAt: number
}

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`balance-socket:${body}`).digest('hex')
}

export function signSocketToken(secret: string, claim: SocketClaim): string {
  const body = Buffer.from(JSON.stringify({ p: claim.playerId.toString(), s: claim.sessionId, e: claim.expiresAt })).toString('base64url')
  return `${body}.${mac(secret, body)}`
}

export type TokenCheck = { ok: true; claim: SocketClaim } | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' }

/** Checks signature first, then shape and expiry; `now` in epoch milliseconds. */
export function verifySocketToken(secret: string, token: unknown, now: number): TokenCheck {
  if (typeof token !== 'string' || token.length > 512) return { ok: false, reason: 'malformed' }
  const dot = token.indexOf('.')
  if (dot <= 0) return { ok: false, reason: 'malformed' }
  const body = token.slice(0, dot)
  const given = token.slice(dot + 1)
  if (!/^[0-9a-f]{64}$/.test(given)) return { ok: false, reason: 'malformed' }
  if (!timingSafeEqual(Buffer.from(mac(secret, body), 'hex'), Buffer.from(given, 'hex'))) return { ok: false, reason: 'bad_signature' }
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  const { p, s, e } = (parsed ?? {}) as Record<string, unknown>
  if (typeof p !== 'string' || !/^[1-9]\d{0,18}$/.test(p) || typeof s !== 'string' || typeof e !== 'number') return { ok: false, reason: 'malformed' }
  if (e * 1000 <= now) return { ok: false, reason: 'expired' }
  return { ok: true, claim: { playerId: BigInt(p), sessionId: s, expiresAt: e } }
}
