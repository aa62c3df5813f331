// @vitest-environment happy-dom
// A logout the player did not ask for is explained on the page they land on: the server names why
// on the API call that ended the session, the page logs out and keeps the reason for the next page.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { browserApiClient } from '../../services/api/browser-client'
import { SESSION_ENDED_EVENT } from '../../shared/session-limit'
import { getBalance } from '../../services/api/contract/account'
import { finishLogout, takeLogoutNotice } from './logout'
import type { AppActorRef } from './AppProviders'
import type { Analytics } from '../../services/analytics/analytics'

afterEach(() => {
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

const visitorAnswer = (headers: Record<string, string>) =>
  new Response(JSON.stringify({ error: { type: 'AuthorizationException', code: 'not_logged_in', message: 'Log in' } }), {
    status: 401,
    headers: { 'content-type': 'application/json', ...headers },
  })

describe('a session the server ended', () => {
  it('raises the page event with the reason the response names, and only a known one', async () => {
    const heard: string[] = []
    const listener = (event: Event) => heard.push((event as CustomEvent<string>).detail)
    window.addEventListener(SESSION_ENDED_EVENT, listener)
    try {
      for (const header of ['time_limit', 'nonsense', null]) {
        vi.stubGlobal('fetch', async () => visitorAnswer(header ? { 'x-session-ended': header } : {}))
        await browserApiClient().call(getBalance).catch(() => undefined)
      }
    } finally {
      window.removeEventListener(SESSION_ENDED_EVENT, listener)
    }
    expect(heard).toEqual(['time_limit'])
  })

  it('keeps the session-limit reason for the next page, once; other logouts leave none', () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const app = { send: vi.fn() } as unknown as AppActorRef
    const analytics = { playerOut: vi.fn() } as unknown as Analytics
    finishLogout({ app, analytics, locale: 'en', reason: 'inactivity' })
    expect(takeLogoutNotice()).toBeNull()
    finishLogout({ app, analytics, locale: 'de', reason: 'sessionLimit' })
    expect(assign).toHaveBeenLastCalledWith('/de')
    expect(takeLogoutNotice()).toBe('sessionLimit')
    expect(takeLogoutNotice()).toBeNull()
  })
})
