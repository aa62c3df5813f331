import { describe, expect, it } from 'vitest'
import { newNonce } from './nonce'

describe('CSP nonces', () => {
  it('are 16 bytes of base64, and no two of many (across pool refills) are alike', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 5000; i++) {
      const nonce = newNonce()
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
      seen.add(nonce)
    }
    expect(seen.size).toBe(5000)
  })
})
