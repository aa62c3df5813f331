import { parse as parseQuery } from 'node:querystring'
import type { CookieSerializeOptions } from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { clock } from '../config'
import { isHttps } from '../http/https'
import { closedForMaintenance, sendMaintenance } from '../http/maintenance'
import { keepOrEndSessionForApi, sessionCookieName } from '../http/session'
import { requirePlayer, sendError } from './registrar'

/**
 * The SSR loaders' API calls, run in-process without `app.inject`: the page request already went
 * through the cookie, session and security hooks, so a GET call of the contract is dispatched
 * straight to its handler (kept by `registerCall` in `app.apiCalls`) with a light request made
 * from the page's, and a light reply that records status, headers and cookies as Fastify's would.
 * The steps Fastify would run for an /api URL that the page's hooks did not are done here: the
 * maintenance switch, the player's standing (ban, self-exclusion) and the player-only check.
 * Anything else (a write, an operator call, headers other than the page's cookie, a session
 * cookie the page's hook refused) answers null, and the caller falls back to `app.inject`.
 */

export interface InProcessCall {
  method: string
  /** Path and query, e.g. /api/account/getInfo?locale=en&v=1. */
  url: string
  /** The call's headers, lower-case names. */
  headers: Record<string, string>
}

export interface InProcessAnswer {
  status: number
  headers: [string, string][]
  body: string
}

type Dispatch = (page: FastifyRequest, call: InProcessCall) => Promise<InProcessAnswer | null>

/** How @fastify/cookie keys cookies set on one reply: the last one per name, domain and path wins. */
const cookieKey = (name: string, opts: CookieSerializeOptions) => `${name};${opts.domain};${opts.path || '/'}`

/** The parts of FastifyReply that handlers, the session helpers and sendError use. */
class LightReply {
  statusCode = 200
  sent = false
  payload: unknown = undefined
  private readonly headerMap = new Map<string, string | string[]>()
  private readonly cookies = new Map<string, { name: string; value: string; opts: CookieSerializeOptions }>()

  constructor(
    readonly request: FastifyRequest,
    private readonly serialize: FastifyInstance['serializeCookie'],
  ) {}

  code(status: number): this {
    this.statusCode = status
    return this
  }
  status(status: number): this {
    return this.code(status)
  }
  header(name: string, value: unknown): this {
    const key = name.toLowerCase()
    if (key === 'set-cookie') {
      const prior = this.headerMap.get(key)
      const added = Array.isArray(value) ? value.map(String) : [String(value)]
      this.headerMap.set(key, prior === undefined ? added : [...(Array.isArray(prior) ? prior : [prior]), ...added])
    } else this.headerMap.set(key, String(value))
    return this
  }
  headers(values: Record<string, unknown>): this {
    for (const [name, value] of Object.entries(values)) this.header(name, value)
    return this
  }
  getHeader(name: string): string | string[] | undefined {
    return this.headerMap.get(name.toLowerCase())
  }
  hasHeader(name: string): boolean {
    return this.headerMap.has(name.toLowerCase())
  }
  removeHeader(name: string): this {
    this.headerMap.delete(name.toLowerCase())
    return this
  }
  setCookie(name: string, value: string, options: CookieSerializeOptions & { signed?: boolean } = {}): this {
    if (options.signed) throw new Error('in-process calls do not sign cookies')
    const opts: CookieSerializeOptions = { sameSite: 'lax', ...options }
    this.cookies.set(cookieKey(name, opts), { name, value, opts })
    return this
  }
  clearCookie(name: string, options: CookieSerializeOptions = {}): this {
    return this.setCookie(name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0 })
  }
  send(payload?: unknown): this {
    this.payload = payload
    this.sent = true
    return this
  }

  /** The answer as Fastify would write it: JSON body, cookies after any Set-Cookie header. */
  finish(): InProcessAnswer {
    const body = typeof this.payload === 'string' ? this.payload : this.payload === undefined ? '' : JSON.stringify(this.payload)
    if (!this.hasHeader('content-type') && typeof this.payload !== 'string' && this.payload !== undefined) {
      this.header('content-type', 'application/json; charset=utf-8')
    }
    const headers: [string, string][] = []
    for (const [name, value] of this.headerMap) {
      if (Array.isArray(value)) for (const one of value) headers.push([name, one])
      else headers.push([name, value])
    }
    for (const c of this.cookies.values()) headers.push(['set-cookie', this.serialize(c.name, c.value, c.opts as Parameters<FastifyInstance['serializeCookie']>[2])])
    return { status: this.statusCode, headers, body }
  }
}

export function inProcessApi(app: FastifyInstance): Dispatch {
  const now = clock(app.config)
  return async (page, call) => {
    if (call.method !== 'GET') return null
    const q = call.url.indexOf('?')
    const path = q === -1 ? call.url : call.url.slice(0, q)
    const mounted = app.apiCalls?.get(path)
    if (!mounted || mounted.access === 'operator') return null
    // The page's hooks read the page's cookies; a call with other ones needs its own pass.
    if ((call.headers.cookie ?? '') !== (page.headers.cookie ?? '')) return null
    const secure = isHttps(page, app.config)
    const token = page.cookies?.[sessionCookieName(secure)]
    // The page's hook refused this cookie (and cleared it on the page's reply): inject says the same to the call.
    if (token !== undefined && !page.session) return null

    const request = Object.create(page) as FastifyRequest
    Object.defineProperties(request, {
      url: { value: call.url, enumerable: true },
      originalUrl: { value: call.url, enumerable: true },
      method: { value: 'GET', enumerable: true },
      query: { value: q === -1 ? {} : { ...parseQuery(call.url.slice(q + 1)) }, enumerable: true, writable: true },
      body: { value: undefined, enumerable: true, writable: true },
      params: { value: {}, enumerable: true, writable: true },
      headers: { value: { ...page.headers, ...call.headers }, enumerable: true },
      session: { value: page.session, enumerable: true, writable: true },
      playerId: { value: page.playerId, enumerable: true, writable: true },
    })
    const light = new LightReply(request, app.serializeCookie)
    const reply = light as unknown as FastifyReply
    try {
      if (await closedForMaintenance(app.settings, call.url)) sendMaintenance(reply)
      else {
        const session = request.session
        if (session && !(await keepOrEndSessionForApi(app.db, session, call.url, now(), reply, secure))) {
          request.session = null
          request.playerId = null
        }
        if (mounted.access === 'player') await requirePlayer(request)
        light.send(await mounted.run(request, reply))
      }
    } catch (err) {
      sendError(err, request, reply)
    }
    return light.finish()
  }
}

function requestUrl(input: Parameters<typeof fetch>[0]): URL {
  return new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://internal')
}

/** The call as `app.inject` runs it: Fastify's whole lifecycle, for what the direct dispatch does not take. */
export function injectFetch(app: FastifyInstance, page: FastifyRequest, publicUrl: string): typeof fetch {
  return async (input, init) => {
    const url = requestUrl(input)
    const headers = callHeaders(page, publicUrl, init)
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      payload: typeof init?.body === 'string' ? init.body : init?.body instanceof URLSearchParams ? init.body.toString() : undefined,
    })
    return new Response(new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: Object.entries(res.headers).flatMap(([k, v]) => (v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, String(x)] as [string, string]) : [[k, String(v)] as [string, string]])),
    })
  }
}

function callHeaders(page: FastifyRequest, publicUrl: string, init: RequestInit | undefined): Record<string, string> {
  const headers = new Headers(init?.headers)
  // In-process calls are same-origin by construction; say so for the write-origin check.
  headers.set('origin', publicUrl.replace(/\/$/, ''))
  headers.set('x-forwarded-for', page.ip)
  // The answer is read in-process; compressing it would only cost CPU to undo.
  headers.delete('accept-encoding')
  return Object.fromEntries(headers.entries())
}

/**
 * The SSR's in-process fetch (ARCHITECTURE §4): a contract GET straight to its handler, anything
 * else through `app.inject`. With API_BASE_URL no call is mounted here, so every call goes through
 * inject to the forwarding route.
 */
export function inProcessFetch(app: FastifyInstance, page: FastifyRequest, publicUrl: string): typeof fetch {
  const dispatch = inProcessApi(app)
  const viaInject = injectFetch(app, page, publicUrl)
  return async (input, init) => {
    const url = requestUrl(input)
    const method = (init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')).toUpperCase()
    const answer = method === 'GET' && !init?.body ? await dispatch(page, { method, url: url.pathname + url.search, headers: callHeaders(page, publicUrl, init) }) : null
    if (!answer) return viaInject(input, init)
    return new Response(answer.body, { status: answer.status, headers: answer.headers })
  }
}
