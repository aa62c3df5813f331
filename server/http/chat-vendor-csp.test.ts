import type { FastifyInstance, FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { chatVendorOrigins, TEST_CHAT_COOKIE, testChatOverride } from './analytics-tools'
import { contentSecurityPolicy } from './security'

function appWith(chat: { kind: string; config: Record<string, unknown> } | Error, seen: string[] = [], config = { appEnv: 'test', e2eTestOverrides: false }) {
  return {
    config,
    hasDecorator: () => true,
    content: {
      section: async (_: unknown, locale: string) => {
        seen.push(locale)
        if (chat instanceof Error) throw chat
        return { consentCategory: 'necessary', lazyLoadMs: 1000, ...chat }
      },
    },
  } as unknown as FastifyInstance
}
const request = (url: string, cookies: Record<string, string> = {}) => ({ url, cookies }) as unknown as FastifyRequest

describe('the chat vendor in the CSP', () => {
  it("allows a vendor's https origin for the page's locale, in scripts, requests and frames", async () => {
    const seen: string[] = []
    const origins = await chatVendorOrigins(appWith({ kind: 'liveChat', config: { scriptUrl: 'https://cdn.livechat.example/tracking.js?x=1', license: '1' } }, seen), request('/de/support'))
    expect(origins).toEqual(['https://cdn.livechat.example'])
    expect(seen).toEqual(['de'])
    const csp = contentSecurityPolicy('n', [], origins)
    expect(csp).toContain("script-src 'self' 'nonce-n' https://cdn.livechat.example;")
    expect(csp).toContain("frame-src 'self' https://cdn.livechat.example;")
  })

  it('allows nothing for our own chat, no chat, comm100, a same-origin or plain-http script, or unreadable content', async () => {
    for (const chat of [
      { kind: 'builtin', config: { scriptUrl: 'https://x.example/a.js' } },
      { kind: 'none', config: {} },
      { kind: 'comm100', config: { scriptUrl: 'https://x.example/a.js' } },
      { kind: 'jivoSite', config: { scriptUrl: '/stand-in/jivo.js' } },
      { kind: 'jivoSite', config: { scriptUrl: 'http://x.example/a.js' } },
      { kind: 'jivoSite', config: { scriptUrl: 'https://user:pw@x.example/a.js' } },
      new Error('content down'),
    ]) {
      expect(await chatVendorOrigins(appWith(chat), request('/support'))).toEqual([])
    }
  })

  it('takes a journey’s own chat from its test cookie only where test overrides are on, and only a valid one', async () => {
    const site = { kind: 'builtin', config: {} }
    const vendor = { kind: 'liveChat', consentCategory: 'necessary', lazyLoadMs: 1000, config: { scriptUrl: 'https://stand-in.example/lc.js', license: 1 } }
    const cookie = { [TEST_CHAT_COOKIE]: JSON.stringify(vendor) }
    const on = { appEnv: 'test', e2eTestOverrides: true }
    expect(await chatVendorOrigins(appWith(site, [], on), request('/', cookie))).toEqual(['https://stand-in.example'])
    expect(testChatOverride(appWith(site, [], on), request('/', cookie))).toEqual(vendor)
    // Off, or production whatever the flag says: the site's chat.
    expect(await chatVendorOrigins(appWith(site), request('/', cookie))).toEqual([])
    expect(testChatOverride(appWith(site, [], { appEnv: 'production', e2eTestOverrides: true }), request('/', cookie))).toBeNull()
    // Not a chat section: ignored.
    for (const bad of ['{', '[]', JSON.stringify({ ...vendor, kind: 'evil' }), JSON.stringify({ ...vendor, config: { x: {} } })]) {
      expect(testChatOverride(appWith(site, [], on), request('/', { [TEST_CHAT_COOKIE]: bad }))).toBeNull()
    }
  })
})
