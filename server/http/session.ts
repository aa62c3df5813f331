import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { canonicalTimeZone, TIME_ZONE_HEADER } from '../../src/shared/time-zone'
import { isSessionEndReason, SESSION_ENDED_HEADER, type SessionEndReason } from '../../src/shared/session-limit'
import type { Kysely } from 'kysely'
import { clock, e2eTestOverrides, type Config } from '../config'
import type { DB } from '../db/schema'
import { sessionStanding } from '../domain/account/status'
import {
  createSession,
  destroySession,
  isWellFormedToken,
  lookupSession,
  rotateSession,
  touchSession,
  type SessionPolicy,
  type SessionRecord,
} from '../domain/session/sessions'
import { FORCE_LOGOUT_SETTING, idleTimeoutMs, TEST_FORCE_LOGOUT_COOKIE, testCookieSeconds } from '../domain/session/idle'
import type { SettingsCache } from '../domain/settings/cache'
import { isHttps } from './https'
import { isDatabaseUnavailable } from '../db/unavailable'

declare module 'fastify' {
  interface FastifyInstance {
    /** The time_to_force_logout settings row, from the settings cache (server/domain/settings/cache.ts). */
    forceLogoutSetting: { get(): Promise<unknown>; invalidate(): void }
  }
  interface FastifyRequest {
    /** The live session of this request, or null for a visitor. */
    session: SessionRecord | null
    /** The logged-in player's id, or null for a visitor (and for a session with no player). */
    playerId: bigint | null
    /**
     * The session timeouts for this request: the idle one is time_to_force_logout (the settings
     * row the browser counts down from), see server/domain/session/idle.ts.
     */
    sessionPolicy: SessionPolicy
  }
}

/**
 * The session cookie. Over https it is `__Host-sid`: the prefix makes the browser insist on
 * Secure, Path=/ and no Domain, so neither a sibling subdomain nor a plain-http page can plant one.
 */
export const SESSION_COOKIE = 'sid'
export const SECURE_SESSION_COOKIE = '__Host-sid'

export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE
}

/** Requests that never need a session: no database look-up for them (the /_icons page does; its files do not). */
const SESSIONLESS = /^\/(?:assets\/|(?:healthz|readyz)(?:$|\?)|favicon|_ipx\/|_icons\/)/

/**
 * API calls a banned player's session may still make: leave (logout), log in as someone else, and
 * the public data every page reads; operator calls go by their token, not by a session. Every
 * other call answers UserBannedException (SPEC §8).
 */
const OPEN_TO_BANNED = /^\/api\/(?:auth\/(?:logout|login)(?:\?|$)|metadata\/|content\/|operator\/)/

interface SessionDeps {
  db: Kysely<DB>
  config: Config
}

interface SessionHookDeps extends SessionDeps {
  settings: SettingsCache
}

function policyOf(config: Config): SessionPolicy {
  return config.session
}

/**
 * Reads the session cookie on every request and decorates the request with `session` and
 * `playerId`. A cookie that is malformed, unknown or expired makes a visitor, never an error;
 * a well-formed one we no longer know is cleared so the browser stops sending it.
 */
export function registerSessions(app: FastifyInstance, { db, config, settings }: SessionHookDeps): void {
  const now = clock(config)
  const forceLogout = { get: async () => (await settings.read())[FORCE_LOGOUT_SETTING], invalidate: () => settings.invalidate() }
  app.decorate('forceLogoutSetting', forceLogout)
  app.decorateRequest('session', null)
  app.decorateRequest('playerId', null)
  app.decorateRequest('sessionPolicy', null as unknown as SessionPolicy)

  app.addHook('onRequest', async (request, reply) => {
    request.sessionPolicy = policyOf(config)
    if (SESSIONLESS.test(request.url)) return
    // From memory (the settings cache): a visitor's request makes no database round trip here.
    request.sessionPolicy = { ...policyOf(config), idleTimeoutMs: requestIdleTimeoutMs(request, config, await forceLogout.get()) }
    const secure = isHttps(request, config)
    const name = sessionCookieName(secure)
    const token = request.cookies?.[name]
    if (token === undefined) return
    if (!isWellFormedToken(token)) {
      clearSessionCookie(reply, secure)
      return
    }
    const at = now()
    try {
      const found = await lookupSession(db, token, at, request.sessionPolicy)
      if (!found) {
        clearSessionCookie(reply, secure)
        return
      }
      const session = await touchSession(db, found, at, request.sessionPolicy)
      if (!(await keepOrEndSessionForApi(db, session, request.url, at, reply, secure))) return
      request.session = session
      request.playerId = session.playerId
    } catch (err) {
      // A page goes on to SSR, whose own account call (with this cookie) meets the same outage and
      // renders the unavailable page as HTML; an API call answers its JSON 503.
      if (isDatabaseUnavailable(err) && !request.url.startsWith('/api/') && (request.method === 'GET' || request.method === 'HEAD')) return
      throw err
    }
  })
}

/**
 * A player's standing is read on every API call of theirs (one primary-key look-up): a ban, a
 * self-exclusion or a session-time limit applies to the sessions already open, not only to the
 * next login. Why the session must end, or null to keep it; a ban throws PlayerBannedError.
 */
async function sessionEndForApi(db: Kysely<DB>, session: SessionRecord, url: string, at: Date): Promise<SessionEndReason | null> {
  if (session.playerId === null || !url.startsWith('/api/') || OPEN_TO_BANNED.test(url)) return null
  const standing = await sessionStanding(db, session.playerId, at, session.createdAt)
  return isSessionEndReason(standing) ? standing : null
}

/**
 * sessionEndForApi, acted on: a session the call may not go on with is destroyed and its cookie
 * cleared on `reply`. The page's hook and the SSR's in-process calls (api/in-process.ts) share it.
 */
export async function keepOrEndSessionForApi(
  db: Kysely<DB>,
  session: SessionRecord,
  url: string,
  at: Date,
  reply: Pick<FastifyReply, 'clearCookie' | 'header'>,
  secure: boolean,
): Promise<boolean> {
  const ended = await sessionEndForApi(db, session, url, at)
  if (ended === null) return true
  await destroySession(db, session.id)
  clearSessionCookie(reply, secure)
  // The page says why the player was logged out (SESSION_ENDED_HEADER).
  reply.header(SESSION_ENDED_HEADER, ended)
  return false
}

/**
 * The seconds of time_to_force_logout this request lives under: an e2e browser context's own
 * cookie when E2E_TEST_OVERRIDES is on (never in production), else the settings row. Null: never.
 */
export function requestForceLogoutSeconds(request: FastifyRequest, config: Config, setting: unknown): number | null {
  const test = e2eTestOverrides(config) ? testCookieSeconds(request.cookies?.[TEST_FORCE_LOGOUT_COOKIE]) : null
  if (test !== null) return test
  const ms = idleTimeoutMs(setting, 0)
  return ms > 0 ? ms / 1000 : null
}

function requestIdleTimeoutMs(request: FastifyRequest, config: Config, setting: unknown): number {
  const seconds = requestForceLogoutSeconds(request, config, setting)
  return seconds === null ? config.session.idleTimeoutMs : seconds * 1000
}

function setSessionCookie(reply: FastifyReply, secure: boolean, token: string, session: SessionRecord): void {
  reply.setCookie(sessionCookieName(secure), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    expires: session.expiresAt,
  })
}

export function clearSessionCookie(reply: Pick<FastifyReply, 'clearCookie'>, secure: boolean): void {
  reply.clearCookie(sessionCookieName(secure), { httpOnly: true, sameSite: 'lax', path: '/', secure })
}

/**
 * Logs a player in on this request: the old session (if any) is rotated to a new token bound to
 * the player, or a new session is made, and the cookie is set. Call after the password check.
 */
export async function startPlayerSession(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SessionDeps,
  playerId: bigint,
): Promise<SessionRecord> {
  const at = clock(deps.config)()
  const policy = policyOf(deps.config)
  const timeZone = canonicalTimeZone(request.headers[TIME_ZONE_HEADER])
  const issued =
    (request.session && (await rotateSession(deps.db, request.session.id, { playerId, now: at, policy, timeZone }))) ||
    (await createSession(deps.db, {
      playerId,
      now: at,
      policy,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      timeZone,
    }))
  setSessionCookie(reply, isHttps(request, deps.config), issued.token, issued.session)
  request.session = issued.session
  request.playerId = playerId
  return issued.session
}

/** Rotates the token of the current session (privilege change without a change of player). */
export async function rotateCurrentSession(request: FastifyRequest, reply: FastifyReply, deps: SessionDeps): Promise<void> {
  if (!request.session) return
  const at = clock(deps.config)()
  const issued = await rotateSession(deps.db, request.session.id, {
    playerId: request.session.playerId,
    now: at,
    policy: policyOf(deps.config),
  })
  if (!issued) return
  setSessionCookie(reply, isHttps(request, deps.config), issued.token, issued.session)
  request.session = issued.session
}

/** Logs out: deletes the session server-side and clears the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply, deps: SessionDeps): Promise<void> {
  if (request.session) await destroySession(deps.db, request.session.id)
  clearSessionCookie(reply, isHttps(request, deps.config))
  request.session = null
  request.playerId = null
}
