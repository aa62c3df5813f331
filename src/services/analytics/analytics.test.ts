import { describe, expect, it } from 'vitest'
import { createAnalytics } from './analytics'

describe('analytics', () => {
  it('queues events, identity and anonymity on the dataLayer in order', () => {
    const host: { dataLayer?: unknown[] } = {}
    const analytics = createAnalytics(host)
    analytics.identify(42)
    analytics.track({ event: 'login', method: 'password' })
    analytics.anonymize()
    expect(host.dataLayer).toEqual([{ event: 'identify', user_id: 42 }, { event: 'login', method: 'password' }, { event: 'anonymize', user_id: null }])
  })
  it('does nothing where there is no page (server rendering)', () => {
    expect(() => createAnalytics(undefined).track({ event: 'x' })).not.toThrow()
  })
})
