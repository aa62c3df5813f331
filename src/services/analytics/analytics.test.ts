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
  it('identifies on login and registration, and makes the visitor anonymous on logout (SPEC §4)', () => {
    const host: { dataLayer?: unknown[] } = {}
    const analytics = createAnalytics(host)
    analytics.playerIn(7, 'registration')
    analytics.playerOut('inactivity')
    analytics.playerIn(7, 'login')
    expect(host.dataLayer).toEqual([
      { event: 'identify', user_id: 7 },
      { event: 'registration' },
      { event: 'logout', reason: 'inactivity' },
      { event: 'anonymize', user_id: null },
      { event: 'identify', user_id: 7 },
      { event: 'login' },
    ])
  })
  it('does nothing where there is no page (server rendering)', () => {
    expect(() => createAnalytics(undefined).track({ event: 'x' })).not.toThrow()
  })
})
