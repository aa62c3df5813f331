// The API client: SPEC §7 conventions, retries and §8 error mapping over ofetch (ARCHITECTURE §4).
// One client per request on the server (it carries that player's cookie) and one per page in the
// browser; nothing here is module state, so concurrent SSR requests cannot see each other's data.
import { FetchError, ofetch, type $Fetch, type FetchContext } from 'ofetch'
import { validate as validateStruct, type StructError } from 'superstruct'
import { ApiError, apiErrorFromBody, errorTypeForStatus, isErrorBody } from '../../shared/errors'
import { callPath, LOCALE_PARAM, RESERVED_QUERY_PARAMS, VERSION_PARAM, type CallDef } from './contract/define'
import { encodeParams, type Params } from './contract/params'

/** SPEC §7: the statuses worth one more try on a read. Writes are never retried: not idempotent. */
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504]
const READ_RETRIES = 1
const WRITE_RETRIES = 0

export interface ApiClientOptions {
  /** '' in the browser (same origin); the server passes an in-process fetch and may keep ''. */
  baseURL?: string
  /** The UI locale sent as `locale` on every call; a function when it can change without a reload. */
  locale: string | (() => string)
  /** API version sent as `v`. */
  version: string | number
  /** Injected on the server to dispatch in-process; defaults to the global fetch. */
  fetch?: typeof globalThis.fetch
  /** Sent with every call, e.g. the player's Cookie on the server. */
  headers?: HeadersInit
  /** Check every response against its schema. Default: on everywhere but production builds. */
  validate?: boolean
  /** Milliseconds before a retry. */
  retryDelay?: number
  /** Sees every response, failed ones included, e.g. to pass Set-Cookie on to the SSR response. */
  onResponse?: (response: Response) => void
}

export interface CallOptions {
  signal?: AbortSignal
  headers?: HeadersInit
}

/** Parameters may be left out only when the call has no required ones. */
export type CallArgs<Req> = {} extends Req
  ? [params?: Req, options?: CallOptions]
  : [params: Req, options?: CallOptions]

export interface ApiClient {
  /** Sends `def` with `params` and resolves to the response's validated `data`; rejects with ApiError. */
  call<Req, Res>(def: CallDef<Req, Res>, ...args: CallArgs<Req>): Promise<Res>
  /** contentFetch through this client's fetch and baseURL (not its headers: see contentFetch). */
  content<T = unknown>(url: string, options?: Omit<ContentFetchOptions, 'fetch' | 'baseURL'>): Promise<T>
}

/** A response that does not match its contract schema: a bug on one side, named by its call. */
export class ContractError extends Error {
  override readonly name = 'ContractError'
  constructor(
    readonly call: string,
    readonly failures: { path: string; message: string }[],
    cause: StructError,
  ) {
    super(
      `Response of ${call} does not match its schema: ${failures.map((f) => `${f.path}: ${f.message}`).join('; ')}`,
      { cause },
    )
  }
}

function defaultValidate(): boolean {
  return !isProductionBuild()
}

/**
 * Vite replaces `import.meta.env.PROD` with a constant in every build and in vitest, but not the
 * env object on its own (the client build made that null, so production browsers validated every
 * response). Plain Node (tsx) has no env object there: ask NODE_ENV.
 */
export function isProductionBuild(): boolean {
  try {
    return import.meta.env.PROD
  } catch {
    return typeof process !== 'undefined' && process.env.NODE_ENV === 'production'
  }
}

// Our own parse instead of ofetch's: a proxy's HTML error page must not pass for data, and an
// empty body is "no body", not an error of its own.
function parseBody(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isAbort(err: unknown, signal: AbortSignal | undefined | null): boolean {
  return Boolean(signal?.aborted) || (err instanceof Error && err.name === 'AbortError')
}

/**
 * Turns what ofetch threw into an ApiError: the server's error body when there is one, else a type
 * from the status, else (no response at all) UnknownErrorException with status 0. Cancellation is
 * passed through untouched, since an aborted call is not a failure to report.
 */
function toApiError(err: unknown, label: string, signal: AbortSignal | undefined | null): unknown {
  if (!(err instanceof FetchError)) return err
  if (isAbort(err.cause, signal)) return signal?.reason ?? err.cause ?? err
  const response = err.response
  if (!response) {
    return new ApiError({ type: 'UnknownErrorException', status: 0, message: `${label}: no response`, cause: err })
  }
  const data: unknown = err.data
  if (isErrorBody(data)) return apiErrorFromBody(data, response.status)
  return new ApiError({
    type: errorTypeForStatus(response.status),
    status: response.status,
    message: `${label}: HTTP ${response.status}`,
    cause: err,
  })
}

function mergeHeaders(...inits: (HeadersInit | undefined)[]): Headers {
  const headers = new Headers()
  for (const init of inits) if (init) new Headers(init).forEach((value, key) => headers.set(key, value))
  return headers
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseURL = '', version, fetch, onResponse } = options
  const validate = options.validate ?? defaultValidate()
  const locale = typeof options.locale === 'function' ? options.locale : () => options.locale as string
  const $fetch: $Fetch = ofetch.create(
    {
      baseURL,
      credentials: 'same-origin',
      retryStatusCodes: RETRY_STATUS_CODES,
      retryDelay: options.retryDelay ?? 0,
      parseResponse: parseBody,
      onResponse: onResponse ? (ctx: FetchContext) => ctx.response && onResponse(ctx.response) : undefined,
    },
    fetch ? { fetch } : {},
  )

  async function call<Req, Res>(def: CallDef<Req, Res>, ...args: CallArgs<Req>): Promise<Res> {
    const [params, callOptions = {}] = args
    const path = callPath(def)
    const label = `${def.method} ${path}`
    const pairs = encodeParams(params as Params | undefined)

    const query = new URLSearchParams([
      [LOCALE_PARAM, locale()],
      [VERSION_PARAM, String(version)],
    ])
    const headers = mergeHeaders({ accept: 'application/json' }, options.headers, callOptions.headers)
    let body: URLSearchParams | undefined
    if (def.method === 'GET') {
      for (const [key, value] of pairs) {
        if (RESERVED_QUERY_PARAMS.includes(key)) throw new TypeError(`${label}: parameter "${key}" is reserved`)
        query.append(key, value)
      }
    } else {
      // Form data, not JSON (SPEC §7). The content type is set here rather than left to fetch,
      // because an in-process fetch on the server may not infer it from the body.
      body = new URLSearchParams(pairs)
      headers.set('content-type', 'application/x-www-form-urlencoded')
    }

    let response: Response & { _data?: unknown }
    try {
      response = await $fetch.raw(`${path}?${query}`, {
        method: def.method,
        headers,
        body,
        signal: callOptions.signal,
        retry: def.method === 'GET' ? READ_RETRIES : WRITE_RETRIES,
      })
    } catch (err) {
      throw toApiError(err, label, callOptions.signal)
    }

    const payload = response._data
    // Some platforms answer 200 with an error body; it is still an error.
    if (isErrorBody(payload)) throw apiErrorFromBody(payload, response.status)
    if (!isRecord(payload) || !('data' in payload)) {
      throw new ApiError({
        type: 'UnknownErrorException',
        status: response.status,
        message: `${label}: response has no data`,
      })
    }
    if (validate) {
      const [error] = validateStruct(payload.data, def.response)
      if (error) {
        const failures = error.failures().map((f) => ({ path: f.path.join('.') || '(root)', message: f.message }))
        throw new ContractError(label, failures, error)
      }
    }
    // Not coerced: validation only checks, so production (no validation) sees the very same value.
    return payload.data as Res
  }

  return {
    call,
    content: (url, contentOptions) => contentFetch(url, { ...contentOptions, fetch, baseURL }),
  }
}

export interface ContentFetchOptions {
  fetch?: typeof globalThis.fetch
  baseURL?: string
  headers?: HeadersInit
  signal?: AbortSignal
  /** 'json' (default) parses the body; 'text' returns it as is (robots.txt, SVG icons). */
  responseType?: 'json' | 'text'
}

/**
 * Fetches content (CMS config, translations, robots, icons) with no retry: SPEC §7 exempts content
 * fetches, and their callers fall back to defaults instead (SPEC §8). Failures reject with
 * ApiError like calls do. It sends only the headers given here, never an API client's: content
 * may live on another host, and the player's cookie must not follow it there.
 */
export async function contentFetch<T = unknown>(url: string, options: ContentFetchOptions = {}): Promise<T> {
  const $fetch = ofetch.create({}, options.fetch ? { fetch: options.fetch } : {})
  const responseType = options.responseType ?? 'json'
  try {
    const data: unknown = await $fetch(url, {
      baseURL: options.baseURL ?? '',
      credentials: 'same-origin',
      headers: options.headers,
      signal: options.signal,
      retry: false,
      parseResponse: responseType === 'json' ? parseBody : (text: string) => text,
    })
    return data as T
  } catch (err) {
    throw toApiError(err, `GET ${url}`, options.signal)
  }
}
