import { describe, expect, it } from 'vitest'
import { machineRegistry } from '../machines/registry'
import { VISITOR } from '../services/api/contract/account'
import { renderPageRequest } from './render-page'

const api: typeof fetch = async (input) => {
  const url = new URL(String(input), 'http://internal')
  const body = url.pathname === '/api/account/getInfo' ? { data: VISITOR } : { data: null }
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
}

const render = (url: string, appEnv: string) =>
  renderPageRequest({ urlOriginal: url, headers: {}, ssr: { apiFetch: api, publicUrl: 'https://casino.test', appEnv }, nonce: 'n' })

describe('/_flows (ARCHITECTURE §5: demo and staging only)', () => {
  it.each(['demo', 'staging'])('is served in %s with every registered machine, its diagram and its lists', async (appEnv) => {
    const result = await render('/_flows', appEnv)
    if (result.kind !== 'html') throw new Error(`expected html, got ${result.kind}`)
    expect(result.status).toBe(200)
    expect(result.head).toContain('noindex')
    const diagrams = result.appHtml.match(/data-testid="flow-diagram"/g) ?? []
    expect(diagrams).toHaveLength(machineRegistry.length)
    for (const entry of machineRegistry) {
      expect(result.appHtml).toContain(`id="flow-${entry.name}"`)
      expect(result.appHtml).toContain(`data-state-id="${entry.machine.id}"`)
    }
    // a nested state, an event and a guard of the login flow, drawn and listed
    expect(result.appHtml).toContain('data-state-id="login.twofa.step.verifying"')
    expect(result.appHtml).toContain('otp.resend [resendAllowed]')
    expect(result.appHtml).toContain('href="/?inspect=1"')
  })

  it('is a 404 in production, whatever the locale', async () => {
    for (const url of ['/_flows', '/es/_flows']) {
      const result = await render(url, 'production')
      if (result.kind !== 'html') throw new Error(`expected html, got ${result.kind}`)
      expect(result.status).toBe(404)
      expect(result.appHtml).not.toContain('flow-diagram')
    }
  })
})
