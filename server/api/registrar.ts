import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { validate, type Struct } from 'superstruct'
import { callPath, PLAYER_REQUIRED, type CallAccess, type CallDef } from '../../src/services/api/contract/define'
import { decodeParams, MAX_PARAM_LENGTH, paramProblems } from '../../src/services/api/contract/params'
import { LOCALE_COOKIE } from '../../src/shared/cookies'
import { ApiError, OUTAGE_CODE } from '../../src/shared/errors'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../src/shared/locales'
import { clock, type Config } from '../config'
import type { DB } from '../db/schema'
import { invalidParameterError, textParameterError, toApiError } from './errors'

/**
 * Mounts contract calls (src/services/api/contract) on Fastify: decode the parameters with the
 * call's own superstruct schema, run the handler, encode `{ data }`; failures become the §8
 * `{ error }` body with the status from the shared table. Handlers stay thin: they turn
 * parameters into a domain call and the domain's answer into the response shape.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The database every handler works on (see app.ts). */
    db: Kysely<DB>
    /** The server settings (server/config.ts). */
    config: Config
    /** Check every API answer against its contract's response schema (tests, development). */
    validateResponses: boolean
    /** Every mounted GET call by path, for the SSR's in-process client (server/api/in-process.ts). */
    apiCalls: Map<string, MountedCall>
  }
}

/** A GET call as mounted: what the in-process dispatcher needs to run it without Fastify's lifecycle. */
export interface MountedCall {
  access: CallAccess
  /** The route handler's body: decode, run, encode `{ data }` (throws for the error handler). */
  run(request: FastifyRequest, reply: FastifyReply): Promise<{ data: unknown }>
}

export interface CallContext<Req, A extends CallAccess = CallAccess> {
  params: Req
  /** The logged-in player; a player-only call's scope has refused the request without one. */
  playerId: A extends 'player' ? bigint : bigint | null
  request: FastifyRequest
  reply: FastifyReply
  db: Kysely<DB>
  config: Config
  /** The request's time, from the config clock (tests move it). */
  now: Date
  /** The locale the client asked in (query `locale`, else the locale cookie, else the default). */
  locale: Locale
}

export type CallHandler<Req, Res, A extends CallAccess = CallAccess> = (ctx: CallContext<Req, A>) => Promise<Res> | Res

/** The access a scope enforces, set on the encapsulated instance by `playerCalls` and `operatorScope`. */
const SCOPE_ACCESS = Symbol('callAccess')
type ScopedInstance = FastifyInstance & { [SCOPE_ACCESS]?: CallAccess }

/** The access the calls of this scope (and its children) are checked for; a bare area checks none. */
export function scopeAccess(scope: FastifyInstance): CallAccess {
  return (scope as ScopedInstance)[SCOPE_ACCESS] ?? 'anyone'
}

/** Marks an encapsulated instance as enforcing `access` itself (its hooks are the caller's). */
export function markScopeAccess(scope: FastifyInstance, access: Exclude<CallAccess, 'anyone'>): void {
  ;(scope as ScopedInstance)[SCOPE_ACCESS] = access
}

/** The preHandler of every player-only scope: a visitor gets the SPEC §8 AuthorizationException. */
export async function requirePlayer(request: FastifyRequest): Promise<void> {
  if (request.playerId === null) throw new ApiError({ ...PLAYER_REQUIRED, message: 'Log in first.' })
}

/**
 * The player-only calls of an area, in an encapsulated scope whose preHandler refuses a visitor
 * before the call's parameters are read. `registerCall` mounts a call whose contract says
 * `access: 'player'` nowhere else, so no handler checks for a player on its own.
 */
export function playerCalls(area: FastifyInstance, register: (players: FastifyInstance) => void): void {
  void area.register(async (players) => {
    players.addHook('preHandler', requirePlayer)
    markScopeAccess(players, 'player')
    register(players)
  })
}

/** Parameters the client adds to every call (ARCHITECTURE §4), dropped unless a call declares them. */
const TRANSPORT_PARAMS = ['locale', 'v'] as const

function requestLocale(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined
  const fromQuery = query?.locale
  if (isLocale(fromQuery)) return fromQuery
  const fromCookie = request.cookies?.[LOCALE_COOKIE]
  return isLocale(fromCookie) ? fromCookie : DEFAULT_LOCALE
}

/** The parameters a request schema names (its object's keys, through refine and coerce). */
export function declaredKeys(struct: Struct<unknown, unknown>): Set<string> {
  const schema = struct.schema
  return new Set(schema && typeof schema === 'object' ? Object.keys(schema as object) : [])
}

function rawParams(request: FastifyRequest, method: 'GET' | 'POST', declared: Set<string>): Record<string, unknown> {
  const source = method === 'GET' ? request.query : request.body
  const out: Record<string, unknown> = { ...((source && typeof source === 'object' ? source : {}) as Record<string, unknown>) }
  for (const key of TRANSPORT_PARAMS) if (!declared.has(key) && method === 'GET') delete out[key]
  return out
}

/** The origins a write may come from: the one the request was addressed to, and PUBLIC_URL. */
function allowedOrigins(request: FastifyRequest, config: Config): Set<string> {
  const origins = new Set<string>([`${request.protocol}://${request.host}`])
  if (config.publicUrl) origins.add(config.publicUrl)
  return origins
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin
  } catch {
    return null
  }
}

/**
 * CSRF defence for writes, on top of SameSite=Lax: a browser names the page that sent a POST in
 * Origin (or at least Referer); it must be us. A request naming neither is not a browser's
 * cross-site request (every browser we support sends Origin on cross-origin POSTs), so it passes:
 * scripts and the in-process SSR client send none.
 */
export function assertSameOrigin(request: FastifyRequest, config: Config): void {
  if (isCrossOrigin(request, config)) throw new ApiError({ type: 'AccessDeniedException', code: 'cross_origin', message: 'Cross-origin request refused' })
}

/** Whether the browser says another site (or an opaque origin) sent this request: the rule of `assertSameOrigin`. */
export function isCrossOrigin(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin
  const referer = request.headers.referer
  const claimed = origin !== undefined ? originOf(origin) : referer !== undefined ? originOf(referer) : undefined
  if (claimed === undefined) return false
  return claimed === null || !allowedOrigins(request, config).has(claimed)
}

/**
 * Mounts one contract call in its area's scope (`app.register(area, { prefix: '/api/<area>' })`).
 * Refuses at start a call mounted under another area's prefix, or in a scope that does not enforce
 * the access its contract names. Reads `app.db`, `app.config` and `app.validateResponses` (set by buildApp).
 */
export function registerCall<Req, Res, A extends CallAccess>(app: FastifyInstance, def: CallDef<Req, Res, A>, handler: CallHandler<Req, Res, A>): void {
  const deps = { db: app.db, config: app.config, validateResponses: app.validateResponses }
  const declared = declaredKeys(def.request as Struct<unknown, unknown>)
  const now = clock(deps.config)
  const path = callPath(def)
  if (!path.startsWith(`${app.prefix}/`)) throw new Error(`${path} cannot be mounted under ${app.prefix || 'the root'}: register it in its own area`)
  if (scopeAccess(app) !== def.access) {
    throw new Error(`${path} is for ${def.access} but was mounted in a scope for ${scopeAccess(app)}: use ${def.access === 'player' ? 'playerCalls' : 'the area scope its access names'}`)
  }
  const run = async (request: FastifyRequest, reply: FastifyReply): Promise<{ data: unknown }> => {
    const raw = rawParams(request, def.method, declared)
    // Every parameter of every call, before its own schema (and one it does not know, before it is
    // dropped): no control characters, bounded.
    const rawProblems = paramProblems(raw)
    if (rawProblems) throw textParameterError(rawProblems, MAX_PARAM_LENGTH)
    // mask: unknown keys (cache busters, parameters of newer clients) are dropped, not refused.
    const [err, params] = validate(raw, def.request, { coerce: true, mask: true })
    if (err) throw invalidParameterError(err)
    // And the text a JSON field carried once decoded ('{"iban":"\u0000"}' holds a NUL).
    const decodedProblems = paramProblems(params as Record<string, unknown>)
    if (decodedProblems) throw textParameterError(decodedProblems, MAX_PARAM_LENGTH)
    const data = await handler({
      params: params as Req,
      playerId: request.playerId as CallContext<Req, A>['playerId'],
      request,
      reply,
      db: deps.db,
      config: deps.config,
      now: now(),
      locale: requestLocale(request),
    })
    if (deps.validateResponses) {
      const [bad] = validate(data, def.response)
      if (bad) {
        throw new Error(`Response of ${callPath(def)} does not match its contract at ${bad.path.join('.') || '(root)'}: ${bad.message}`)
      }
    }
    // Reads of per-player data must never be served from a shared cache.
    reply.header('cache-control', 'no-store')
    return { data }
  }
  if (def.method === 'GET') app.apiCalls?.set(path, { access: def.access, run })
  app.route({
    method: def.method,
    url: path.slice(app.prefix.length),
    // CSRF first, before a player-only scope's preHandler says who may call: a cross-site write is
    // refused as such whoever sends it.
    preValidation: def.method === 'POST' ? async (request) => assertSameOrigin(request, deps.config) : undefined,
    handler: run,
  })
}

/**
 * The /api error shape for everything under /api, the 404 for unknown calls, and the form-body
 * parsers. Call once on the instance the calls are registered on.
 */
export function registerApiFraming(app: FastifyInstance): void {
  app.decorate('apiCalls', new Map<string, MountedCall>())
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, formToObject(new URLSearchParams(body as string)))
  })
  app.addContentTypeParser('multipart/form-data', async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    // Fetch's FormData body parser; files are not accepted by any call, so they are dropped.
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of payload as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > 1_048_576) throw Object.assign(new Error('Request body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' })
      chunks.push(chunk)
    }
    const form = await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    })
      .formData()
      .catch(() => {
        throw Object.assign(new Error('Malformed form data'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_CONTENT' })
      })
    const entries: [string, string][] = []
    form.forEach((value, key) => {
      if (typeof value === 'string') entries.push([key, value])
    })
    return formToObject(entries)
  })

  app.all('/api/*', async (request) => {
    throw new ApiError({
      type: 'MethodNotFoundException',
      code: 'method_not_found',
      message: `No such call: ${request.method} ${request.url.split('?')[0]}`,
    })
  })
}

/**
 * Form fields to an object the way the contract decodes them (`decodeParams`: a repeated key gives
 * an array). Keys that would reach an object's prototype are dropped first.
 */
export function formToObject(entries: Iterable<[string, string]>): Record<string, string | string[]> {
  const search = new URLSearchParams()
  for (const [key, value] of entries) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue
    search.append(key, value)
  }
  return decodeParams(search)
}

/** Fastify's error handler for JSON endpoints: the §8 body, no stack traces, unexpected ones logged. */
export function sendError(err: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { error, unexpected } = toApiError(err)
  if (unexpected) request.log.error({ err }, 'unexpected error')
  else request.log.info({ type: error.type, code: error.code }, 'request refused')
  // RFC 9110 §10.2.3: a 429 says when to come back; the body carries the same seconds.
  if (error.status === 429 && error.resendTime !== null) reply.header('retry-after', String(Math.ceil(error.resendTime)))
  // A database outage is usually seconds long (a restart, a failover).
  if (error.code === OUTAGE_CODE) reply.header('retry-after', '5')
  return reply.code(error.status).header('cache-control', 'no-store').send(error.toBody())
}
