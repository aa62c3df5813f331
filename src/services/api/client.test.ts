import { describe, expect, it, vi } from 'vitest'
import { array, nullable, object, optional, string, type } from 'superstruct'
import { ApiError, isApiError } from '../../shared/errors'
import { contentFetch, ContractError, createApiClient, isProductionBuild, RETRY_STATUS_CODES, type ApiClientOptions } from './client'
import { getInfo, VISITOR } from './contract/account'
import { defineCall } from './contract/define'
import { wireBoolean, wireInteger, wireList } from './contract/params'

type Reply = Response | Error
interface Sent {
  url: string
  method: string
  headers: Headers
  body: unknown
  credentials: RequestCredentials | undefined
}

/** A fetch that records what it was sent and answers from a script (the last answer repeats). */
function fakeFetch(...replies: (() => Reply)[]) {
  const sent: Sent[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      credentials: init.credentials,
    })
    const reply = (replies[sent.length - 1] ?? replies[replies.length - 1])!()
    if (reply instanceof Error) throw reply
    return reply
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent }
}

const json = (body: unknown, status = 200) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const text = (body: string, status: number, contentType = 'text/html') => () =>
  new Response(body, { status, headers: { 'content-type': contentType } })
const ok = (data: unknown) => json({ data })

function client(fetch: typeof globalThis.fetch, extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({ locale: 'es', version: 3, fetch, ...extra })
}

const list = defineCall({
  area: 'games',
  name: 'get',
  method: 'GET',
  access: 'anyone',
  request: type({
    count: optional(wireInteger()),
    query: optional(nullable(string())),
    is_live: optional(wireBoolean()),
    types: optional(wireList(string())),
    sysname: optional(nullable(string())),
  }),
  response: array(string()),
})

const addLike = defineCall({
  area: 'games',
  name: 'addLike',
  method: 'POST',
  access: 'anyone',
  request: object({ sysname: string(), notify: optional(wireBoolean()), note: optional(nullable(string())) }),
  response: nullable(string()),
})

describe('request form (SPEC §7)', () => {
  it('calls /api/{area}/{name} with locale and v, same-origin credentials', async () => {
    const { fetch, sent } = fakeFetch(ok(VISITOR))
    await client(fetch).call(getInfo)
    expect(sent).toHaveLength(1)
    const url = new URL(sent[0]!.url, 'http://x')
    expect(url.pathname).toBe('/api/account/getInfo')
    expect(Object.fromEntries(url.searchParams)).toEqual({ locale: 'es', v: '3' })
    expect(sent[0]!.method).toBe('GET')
    expect(sent[0]!.credentials).toBe('same-origin')
    expect(sent[0]!.headers.get('accept')).toBe('application/json')
  })

  it('prefixes the base URL', async () => {
    const { fetch, sent } = fakeFetch(ok(VISITOR))
    await client(fetch, { baseURL: 'http://api.test' }).call(getInfo)
    expect(sent[0]!.url).toBe('http://api.test/api/account/getInfo?locale=es&v=3')
  })

  it('reads a locale function on every call', async () => {
    let locale = 'en'
    const { fetch, sent } = fakeFetch(ok(VISITOR))
    const api = client(fetch, { locale: () => locale })
    await api.call(getInfo)
    locale = 'de'
    await api.call(getInfo)
    expect(sent.map((s) => new URL(s.url, 'http://x').searchParams.get('locale'))).toEqual(['en', 'de'])
  })

  it('sends GET parameters in the query: flags as 1/0, lists repeated, empty and null dropped', async () => {
    const { fetch, sent } = fakeFetch(ok(['a']))
    await client(fetch).call(list, { count: 12, query: '', is_live: false, types: ['slot', 'live'], sysname: null })
    const url = new URL(sent[0]!.url, 'http://x')
    expect([...url.searchParams]).toEqual([
      ['locale', 'es'],
      ['v', '3'],
      ['count', '12'],
      ['is_live', '0'],
      ['types', 'slot'],
      ['types', 'live'],
    ])
    expect(sent[0]!.body).toBeUndefined()
  })

  it('sends POST parameters as a form body, not in the query', async () => {
    const { fetch, sent } = fakeFetch(ok(null))
    await client(fetch).call(addLike, { sysname: 'book of ra', notify: true, note: '' })
    const s = sent[0]!
    expect(s.method).toBe('POST')
    expect(s.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    expect(s.body).toBeInstanceOf(URLSearchParams)
    expect(String(s.body)).toBe('sysname=book+of+ra&notify=1')
    expect([...new URL(s.url, 'http://x').searchParams.keys()]).toEqual(['locale', 'v'])
  })

  it('refuses a GET parameter that would shadow locale or v', async () => {
    const bad = defineCall({ ...list, request: type({ v: string() }) })
    const { fetch, sent } = fakeFetch(ok([]))
    await expect(client(fetch).call(bad, { v: '9' })).rejects.toThrow(/reserved/)
    expect(sent).toHaveLength(0)
  })

  it('sends the client headers and lets a call add its own', async () => {
    const { fetch, sent } = fakeFetch(ok(VISITOR))
    await client(fetch, { headers: { cookie: 'sid=abc' } }).call(getInfo, {}, { headers: { 'x-request-id': '7' } })
    expect(sent[0]!.headers.get('cookie')).toBe('sid=abc')
    expect(sent[0]!.headers.get('x-request-id')).toBe('7')
  })

  it('keeps concurrent clients apart (one per SSR request)', async () => {
    const { fetch, sent } = fakeFetch(ok(VISITOR))
    const a = createApiClient({ locale: 'en', version: 1, fetch, headers: { cookie: 'sid=a' } })
    const b = createApiClient({ locale: 'pt', version: 1, fetch, headers: { cookie: 'sid=b' } })
    await Promise.all([a.call(getInfo), b.call(getInfo), a.call(getInfo), b.call(getInfo)])
    const seen = sent.map((s) => `${new URL(s.url, 'http://x').searchParams.get('locale')}|${s.headers.get('cookie')}`)
    expect(seen.sort()).toEqual(['en|sid=a', 'en|sid=a', 'pt|sid=b', 'pt|sid=b'])
  })

  it('passes every response to onResponse', async () => {
    const statuses: number[] = []
    const { fetch } = fakeFetch(text('', 503), ok(VISITOR))
    await client(fetch, { onResponse: (r) => statuses.push(r.status) }).call(getInfo)
    expect(statuses).toEqual([503, 200])
  })
})

describe('retries (SPEC §7)', () => {
  it.each(RETRY_STATUS_CODES)('retries a GET once after %d', async (status) => {
    const { fetch, sent } = fakeFetch(text('busy', status), ok(VISITOR))
    await expect(client(fetch).call(getInfo)).resolves.toEqual(VISITOR)
    expect(sent).toHaveLength(2)
  })

  it('retries a GET only once', async () => {
    const { fetch, sent } = fakeFetch(text('busy', 503))
    await expect(client(fetch).call(getInfo)).rejects.toMatchObject({ type: 'ApplicationUnavailableException', status: 503 })
    expect(sent).toHaveLength(2)
  })

  it.each(RETRY_STATUS_CODES)('never retries a POST after %d', async (status) => {
    const { fetch, sent } = fakeFetch(text('busy', status), ok(null))
    await expect(client(fetch).call(addLike, { sysname: 'x' })).rejects.toBeInstanceOf(ApiError)
    expect(sent).toHaveLength(1)
  })

  it.each([400, 401, 403, 404, 422, 501])('does not retry a GET after %d', async (status) => {
    const { fetch, sent } = fakeFetch(json({ error: { type: 'InvalidRequestException' } }, status), ok(VISITOR))
    await expect(client(fetch).call(getInfo)).rejects.toBeInstanceOf(ApiError)
    expect(sent).toHaveLength(1)
  })

  it('retries a GET once after a network failure, then reports it with status 0', async () => {
    const { fetch, sent } = fakeFetch(() => new TypeError('fetch failed'))
    const err: unknown = await client(fetch).call(getInfo).catch((e: unknown) => e)
    expect(sent).toHaveLength(2)
    expect(isApiError(err) && [err.type, err.status]).toEqual(['UnknownErrorException', 0])
  })
})

describe('errors (SPEC §8)', () => {
  it('turns the error body into a typed ApiError', async () => {
    const { fetch } = fakeFetch(
      json(
        {
          error: {
            type: 'InvalidParameterException',
            message: 'Código inválido',
            code: 7,
            invalid_parameters: { promo_code: ['promocodeNotFound'] },
            error_data: { attempts: 2 },
            resend_time: 30,
          },
        },
        400,
      ),
    )
    const err: unknown = await client(fetch).call(addLike, { sysname: 'x' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({
      type: 'InvalidParameterException',
      message: 'Código inválido',
      code: 7,
      status: 400,
      invalidParameters: { promo_code: ['promocodeNotFound'] },
      errorData: { attempts: 2 },
      resendTime: 30,
    })
  })

  it.each([
    [404, 'MethodNotFoundException'],
    [403, 'AccessDeniedException'],
    [502, 'UnknownErrorException'],
    [503, 'ApplicationUnavailableException'],
    [418, 'InvalidRequestException'],
  ] as const)('maps a %d without an error body by status', async (status, type) => {
    const { fetch } = fakeFetch(text('<html>oops</html>', status))
    await expect(client(fetch).call(addLike, { sysname: 'x' })).rejects.toMatchObject({ type, status })
  })

  it('treats any status from 400 to 599 as an error, even with data', async () => {
    const { fetch } = fakeFetch(json({ data: ['a'] }, 599))
    await expect(client(fetch).call(list)).rejects.toMatchObject({ type: 'UnknownErrorException', status: 599 })
  })

  it('treats an error body in a 200 as an error', async () => {
    const { fetch } = fakeFetch(json({ error: { type: 'UserBannedException', message: 'Banned' } }, 200))
    await expect(client(fetch).call(getInfo)).rejects.toMatchObject({ type: 'UserBannedException', status: 200 })
  })

  it('rejects a 200 that is not a data envelope', async () => {
    const { fetch } = fakeFetch(text('<html>login</html>', 200))
    await expect(client(fetch).call(getInfo)).rejects.toMatchObject({ type: 'UnknownErrorException', status: 200 })
  })

  it('passes cancellation through instead of reporting a failure', async () => {
    const controller = new AbortController()
    const fetch = vi.fn((_: RequestInfo | URL, init?: RequestInit) => {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      })
    })
    const pending = client(fetch as unknown as typeof globalThis.fetch).call(getInfo, {}, { signal: controller.signal })
    controller.abort()
    const err: unknown = await pending.catch((e: unknown) => e)
    expect(isApiError(err)).toBe(false)
    expect((err as Error).name).toBe('AbortError')
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})

describe('response validation', () => {
  const player = {
    ...VISITOR,
    uid: 42,
    login: 'ana@example.com',
    balance_main: { amount: '12.50', currency: 'EUR' },
  }

  it('returns the data of a valid response', async () => {
    const { fetch } = fakeFetch(ok(player))
    await expect(client(fetch).call(getInfo)).resolves.toEqual(player)
  })

  it('validates by default outside production and names the call and the field', async () => {
    const { fetch } = fakeFetch(ok({ ...player, balance_main: { amount: 12.5, currency: 'EUR' } }))
    const err: unknown = await client(fetch).call(getInfo).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ContractError)
    expect((err as ContractError).call).toBe('GET /api/account/getInfo')
    expect((err as Error).message).toMatch(/GET \/api\/account\/getInfo/)
    expect((err as Error).message).toMatch(/balance_main\.amount/)
  })

  it('skips validation when told to', async () => {
    const bad = { uid: 'nope' }
    const { fetch } = fakeFetch(ok(bad))
    await expect(client(fetch, { validate: false }).call(getInfo)).resolves.toEqual(bad)
  })
})

describe('contentFetch', () => {
  it('never retries', async () => {
    const { fetch, sent } = fakeFetch(text('down', 503), json({ ok: true }))
    await expect(contentFetch('/nfx/cms-config/en', { fetch })).rejects.toMatchObject({
      type: 'ApplicationUnavailableException',
      status: 503,
    })
    expect(sent).toHaveLength(1)
  })

  it('parses JSON, or returns text when asked', async () => {
    const { fetch } = fakeFetch(json({ locales: ['en'] }), text('User-agent: *\nDisallow: /x', 200, 'text/plain'))
    await expect(contentFetch('/nfx/i18n/locales', { fetch, headers: { 'user-agent': 'site' } })).resolves.toEqual({
      locales: ['en'],
    })
    await expect(contentFetch('/robots.txt', { fetch, responseType: 'text' })).resolves.toBe('User-agent: *\nDisallow: /x')
  })

  it('goes through the client fetch and base URL without the client headers', async () => {
    const { fetch, sent } = fakeFetch(json({}))
    await client(fetch, { baseURL: 'http://site.test', headers: { cookie: 'sid=secret' } }).content('/nfx/cms-config/es')
    expect(sent[0]!.url).toBe('http://site.test/nfx/cms-config/es')
    expect(sent[0]!.headers.get('cookie')).toBeNull()
  })
})

// Checked by tsc, not run: parameters are optional only for calls without required ones.
export function typeChecks(api: ReturnType<typeof createApiClient>) {
  // @ts-expect-error sysname is required
  void api.call(addLike)
  // @ts-expect-error sysname must be a string
  void api.call(addLike, { sysname: 1 })
  void api.call(getInfo)
  void api.call(list, { count: 3 })
}

// Responses are validated in development and tests only (ARCHITECTURE §4): the switch is Vite's
// build constant, which a production build sets.
describe('isProductionBuild', () => {
  it('follows import.meta.env.PROD', () => {
    expect(isProductionBuild()).toBe(false)
    vi.stubEnv('PROD', true)
    try {
      expect(isProductionBuild()).toBe(true)
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
