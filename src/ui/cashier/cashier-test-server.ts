// A test double of the cashier API at the fetch level: the real API client (contract validation,
// wire encoding, error bodies) talks to these handlers. Used by the cashier view tests only.
import { createApiClient, type ApiClient } from '../../services/api/client'

export type Answer = { data: unknown } | { error: { type: string; message?: string; code?: string | null; error_data?: unknown; invalid_parameters?: unknown }; status?: number }
export type Handler = (params: URLSearchParams) => Answer | Promise<Answer>

export interface TestServer {
  api: ApiClient
  /** Every call made: its path ('/api/cashier/makedeposit') and parameters (query or form body). */
  calls: { path: string; params: URLSearchParams }[]
}

export function cashierTestServer(handlers: Record<string, Handler>): TestServer {
  const calls: TestServer['calls'] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://test')
    const params = init?.body instanceof URLSearchParams ? init.body : new URLSearchParams(typeof init?.body === 'string' ? init.body : url.search)
    calls.push({ path: url.pathname, params })
    const handler = handlers[url.pathname]
    const answer: Answer = handler
      ? await handler(params)
      : { error: { type: 'MethodNotFoundException', message: 'not found' }, status: 404 }
    const status = 'error' in answer ? (answer.status ?? 400) : 200
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } })
  }
  return { api: createApiClient({ locale: 'en', version: 1, fetch: fetch as typeof globalThis.fetch, retryDelay: 0 }), calls }
}
