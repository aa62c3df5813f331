import { describe, expect, it } from 'vitest'
import { blockDelayMs, ipSubject, opaque } from './limits'

describe('rate limits', () => {
  const policy = { kind: 'failures' as const, threshold: 5, baseDelayMs: 30_000, maxDelayMs: 3_600_000, forgetAfterMs: 86_400_000 }

  it('blocks from the threshold on, doubling the delay up to the cap', () => {
    expect([1, 4].map((n) => blockDelayMs(policy, n))).toEqual([0, 0])
    expect([5, 6, 7, 8].map((n) => blockDelayMs(policy, n))).toEqual([30_000, 60_000, 120_000, 240_000])
    expect(blockDelayMs(policy, 12)).toBe(3_600_000)
    expect(blockDelayMs(policy, 10_000)).toBe(3_600_000)
  })

  it('counts IPv6 clients by their /64 and IPv4-mapped ones as IPv4', () => {
    expect(ipSubject('203.0.113.7')).toBe('203.0.113.7')
    expect(ipSubject('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(ipSubject('2001:db8:aaaa:bbbb:1:2:3:4')).toBe('2001:db8:aaaa:bbbb::/64')
    expect(ipSubject('2001:db8:aaaa:bbbb::99')).toBe('2001:db8:aaaa:bbbb::/64')
    expect(ipSubject('2001:0db8:0000:0001:ffff::1')).toBe('2001:db8:0:1::/64')
    expect(ipSubject('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(ipSubject('::1')).toBe('0:0:0:0::/64')
  })

  it('keys subjects without storing them readably', () => {
    expect(opaque('demo@example.com', '1.2.3.4')).toMatch(/^[0-9a-f]{32}$/)
    expect(opaque('demo@example.com', '1.2.3.4')).not.toBe(opaque('demo@example.com1', '.2.3.4'))
  })
})
