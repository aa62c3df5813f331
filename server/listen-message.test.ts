import { describe, expect, it } from 'vitest'
import { listenMessage } from './listen-message'

describe('listenMessage', () => {
  it('names the address it is bound to, not localhost, when HOST is 127.0.0.1', () => {
    const line = listenMessage({ host: '127.0.0.1', port: 3000, publicUrl: 'http://127.0.0.1:3000', appEnv: 'demo', dev: false })
    expect(line).toBe('listening on http://127.0.0.1:3000 (demo)')
  })

  it('names the public URL beside the bound address when they differ', () => {
    const line = listenMessage({ host: '127.0.0.1', port: 3000, publicUrl: 'https://casino.example', appEnv: 'production', dev: false })
    expect(line).toBe('listening on http://127.0.0.1:3000, public URL https://casino.example (production)')
  })

  it('tells a newcomer which address to open when it listens on every interface', () => {
    const line = listenMessage({ host: '0.0.0.0', port: 3000, publicUrl: 'http://localhost:3000', appEnv: 'demo', dev: true })
    expect(line).toBe('listening on port 3000 of every interface: open http://localhost:3000 (demo, dev)')
  })

  it('brackets an IPv6 address', () => {
    expect(listenMessage({ host: '::1', port: 80, publicUrl: 'http://[::1]:80', appEnv: 'demo', dev: false })).toBe('listening on http://[::1]:80 (demo)')
  })
})
