// A test double of the cashier API at the fetch level: the real API client (contract validation,
// wire encoding, error bodies) talks to these handlers. Used by the cashier view tests only (it
// imports vitest).
import { vi } from 'vitest'
import { createApiClient, type ApiClient } from '../../services/api/client'

export type Answer = { data: unknown } | { error: { type: string; message?: string; code?: string | null; error_data?: unknown; invalid_parameters?: unknown }; status?: number }
export type Handler = (params: URLSearchParams) => Answer | Promise<Answer>

export interface TestServer {
  api: ApiClient
  /** The server as a fetch function: what the page's API client (the flows' default actors) calls once installed. */
  fetch: typeof globalThis.fetch
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
  return { api: createApiClient({ locale: 'en', version: 1, fetch: fetch as typeof globalThis.fetch, retryDelay: 0 }), calls, fetch: fetch as typeof globalThis.fetch }
}

/**
 * A test server the flows reach through the page's own API client (their default actors call
 * browserApiClient, which uses the global fetch); `vi.unstubAllGlobals()` after each test removes it.
 */
export function installCashierTestServer(handlers: Record<string, Handler>, { elsewhere }: { elsewhere?: typeof globalThis.fetch } = {}): TestServer {
  const server = cashierTestServer(handlers)
  // Calls off our API (the payment provider's card fields) go to `elsewhere` when given.
  const route: typeof globalThis.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://test')
    return elsewhere && !url.pathname.startsWith('/api/') ? elsewhere(input, init) : server.fetch(input, init)
  }
  vi.stubGlobal('fetch', route)
  return server
}

/**
 * The browser around a deposit: the window the form opens on the submit click (window.open answers a
 * double that records where it was sent and whether it was closed), and the full page load of a redirect.
 */
export function depositBrowserDouble() {
  const held = {
    closed: false,
    opener: null as unknown,
    location: { href: 'about:blank' },
    close: vi.fn(() => {
      held.closed = true
    }),
  }
  const open = vi.spyOn(window, 'open').mockImplementation(() => held as unknown as Window)
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
  return { open, held, assign }
}
