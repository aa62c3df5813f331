import { describe, expect, it } from 'vitest'
import { publicDataCache } from './public-data-cache'

describe('publicDataCache', () => {
  it('shares one read per key within its time to live, and reads again after it', async () => {
    let t = 0
    let reads = 0
    const cache = publicDataCache<string[]>(1000, (v) => v.length > 0, () => t)
    const load = (v: string) => async () => (reads++, [v])
    const [a, b] = await Promise.all([cache.get('en', load('a')), cache.get('en', load('b'))])
    expect([a, b, reads]).toEqual([['a'], ['a'], 1])
    expect(await cache.get('es', load('c'))).toEqual(['c'])
    t = 999
    expect(await cache.get('en', load('d'))).toEqual(['a'])
    t = 1000
    expect(await cache.get('en', load('e'))).toEqual(['e'])
    expect(reads).toBe(3)
  })

  it('keeps no failure and no value its rule refuses: the next request reads again', async () => {
    const cache = publicDataCache<string[]>(60_000, (v) => v.length > 0)
    await expect(cache.get('en', async () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('en', async () => [])).toEqual([])
    expect(await cache.get('en', async () => ['x'])).toEqual(['x'])
    expect(await cache.get('en', async () => ['y'])).toEqual(['x'])
  })
})
