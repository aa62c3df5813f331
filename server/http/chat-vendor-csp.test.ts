import type { FastifyInstance, FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { chatVendorOrigins } from './analytics-tools'
import { contentSecurityPolicy } from './security'

function appWith(chat: { kind: string; config: Record<string, unknown> } | Error, seen: string[] = []) {
  return {
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
const request = (url: string) => ({ url }) as FastifyRequest

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
})
