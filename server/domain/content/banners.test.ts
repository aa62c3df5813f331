import { describe, expect, it } from 'vitest'
import { BannersContentSchema, type BannersContent } from '../../../src/services/api/contract/content'
import { validate } from 'superstruct'
import { activeBanners } from './banners'

const banner = (id: string, finishedAt?: string | null) => ({ id, position: 'home-strip' as const, title: id, image: '/images/a.svg', ...(finishedAt === undefined ? {} : { finishedAt }) })
const now = Date.parse('2026-11-26T12:00:00Z')

describe('banners shown at a time', () => {
  it('keeps those without an end or ending later, and drops those that have ended', () => {
    const content: BannersContent = {
      banners: [banner('open'), banner('null', null), banner('later', '2026-11-26T12:00:01Z'), banner('ended', '2026-11-26T12:00:00Z'), banner('long-ago', '2020-01-01')],
      promotions: [],
    }
    expect(activeBanners(content, now).banners.map((b) => b.id)).toEqual(['open', 'null', 'later'])
    // Nothing ended: the same object, so nothing downstream sees a change.
    const running: BannersContent = { banners: [banner('open')], promotions: [] }
    expect(activeBanners(running, now)).toBe(running)
  })

  it('refuses an end an operator wrote that is not a date, naming the field', () => {
    for (const finishedAt of ['tomorrow', '31/12/2026', '2026-13-45T00:00:00Z']) {
      const [error] = validate({ banners: [banner('x', finishedAt)], promotions: [] }, BannersContentSchema)
      expect(error?.path.join('.'), finishedAt).toBe('banners.0.finishedAt')
      expect(error?.message, finishedAt).toContain('ISO 8601')
    }
    expect(validate({ banners: [banner('x', '2026-12-31T23:59:59Z')], promotions: [] }, BannersContentSchema)[0]).toBeUndefined()
  })
})
