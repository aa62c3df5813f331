import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../services/api/client'
import type { GameCategory, GamePart, GameProviderPart } from '../../services/api/contract/game-catalogue'
import { ApiError } from '../../shared/errors'
import { HOME_RAIL_GAMES, HOME_RAILS_MAX, loadHomeWith, loadRecentlyPlayed, railCategories } from './home-games'

const category = (sysname: string, position: number, games: number): GameCategory => ({ sysname, name: sysname.toUpperCase(), position, games, rule: {} })

const part = (sysname: string): GamePart => ({
  sysname,
  title: sysname,
  provider: { sysname: 'redfox', name: 'Red Fox Games' },
  type: 'slot',
  tags: [],
  image: { x1: `/x1/${sysname}`, x2: `/x2/${sysname}` },
  rtp: '96.00',
  demo: true,
  url: `/platform/game/${sysname}/play`,
})

type Params = Record<string, unknown>
type Handler = (params: Params) => unknown

/** An ApiClient answering each call (by `area/name`) with its handler, and recording what was asked. */
function fakeApi(handlers: Record<string, Handler>) {
  const calls: { call: string; params: Params }[] = []
  const api: ApiClient = {
    call: (async (def: { area: string; name: string }, params?: Params) => {
      const key = `${def.area}/${def.name}`
      calls.push({ call: key, params: params ?? {} })
      const handler = handlers[key]
      if (!handler) throw new Error(`unexpected call ${key}`)
      return handler(params ?? {})
    }) as ApiClient['call'],
    content: async () => {
      throw new Error('no content here')
    },
  }
  return { api, calls }
}

const PROVIDERS: GameProviderPart[] = [
  { sysname: 'redfox', name: 'Red Fox Games', image: { x1: '/p1', x2: '/p2' }, games: 15 },
  { sysname: 'empty', name: 'Empty Studio', image: { x1: '/e1', x2: '/e2' }, games: 0 },
]

describe('the home loader', () => {
  it('reads the first games of each category with games, in position order, and the studios with games', async () => {
    const { api, calls } = fakeApi({
      'games/getCategories': () => [category('slots', 3, 8), category('featured', 0, 4), category('popular', 1, 0), category('live', 2, 0)],
      'games/get': (p) => ({ items: [part(`${p.category}-1`), part(`${p.category}-2`)], total: p.category === 'slots' ? 8 : 4, offset: 0, count: p.count }),
      'games/getProviders': () => PROVIDERS,
    })
    const data = await loadHomeWith(api)()
    expect(data.rails.map((r) => [r.category, r.name, r.total, r.games.map((g) => g.sysname)])).toEqual([
      ['featured', 'FEATURED', 4, ['featured-1', 'featured-2']],
      ['slots', 'SLOTS', 8, ['slots-1', 'slots-2']],
    ])
    const reads = calls.filter((c) => c.call === 'games/get').map((c) => c.params)
    expect(reads.map((p) => p.category)).toEqual(['featured', 'slots'])
    expect(reads[0]).toMatchObject({ offset: 0, count: HOME_RAIL_GAMES, fields: expect.arrayContaining(['sysname', 'title', 'image', 'provider']) })
    expect(data.providers).toEqual([{ sysname: 'redfox', name: 'Red Fox Games', image: { x1: '/p1', x2: '/p2' }, games: 15 }])
    expect(calls.find((c) => c.call === 'games/getProviders')?.params).toEqual({ fields: ['sysname', 'name', 'image', 'games'] })
  })

  it('leads with the popular rail once it has a handful of games, and draws six rails at most', () => {
    const many = ['featured', 'popular', 'new', 'slots', 'table', 'fast', 'cards'].map((s, i) => category(s, i, 5))
    expect(railCategories(many).map((c) => c.sysname)).toEqual(['popular', 'featured', 'new', 'slots', 'table', 'fast'])
    expect(railCategories(many)).toHaveLength(HOME_RAILS_MAX)
    expect(railCategories([category('featured', 0, 3), category('popular', 1, 0)]).map((c) => c.sysname)).toEqual(['featured'])
    // One or two games played are not yet a popular rail to lead with.
    expect(railCategories([category('featured', 0, 3), category('popular', 1, 2)]).map((c) => c.sysname)).toEqual(['featured', 'popular'])
  })

  it('leaves out a rail whose games cannot be read, and gives empty rails and studios when the catalogue fails', async () => {
    const partly = fakeApi({
      'games/getCategories': () => [category('featured', 0, 4), category('slots', 1, 8)],
      'games/get': (p) => {
        if (p.category === 'featured') throw new ApiError({ type: 'ApplicationUnavailableException', message: 'down', code: null })
        return { items: [part('slots-1')], total: 8, offset: 0, count: 12 }
      },
      'games/getProviders': () => PROVIDERS,
    })
    expect((await loadHomeWith(partly.api)()).rails.map((r) => r.category)).toEqual(['slots'])

    const down = fakeApi({
      'games/getCategories': () => {
        throw new ApiError({ type: 'ApplicationUnavailableException', message: 'down', code: null })
      },
      'games/getProviders': () => {
        throw new TypeError('fetch failed')
      },
    })
    expect(await loadHomeWith(down.api)()).toEqual({ rails: [], providers: [] })
  })
})

describe('recently played', () => {
  it("reads the distinct games of the player's latest rounds, newest first, leaving out what the catalogue no longer has", async () => {
    const { api, calls } = fakeApi({
      'games/rounds': () => ['dice', 'slots-a', 'dice', 'gone', 'slots-a', 'crash'].map((game, i) => ({ id: String(10 - i), game })),
      'games/get': (p) => ({ items: p.sysname === 'gone' ? [] : [part(String(p.sysname))], total: p.sysname === 'gone' ? 0 : 1, offset: 0, count: 1 }),
    })
    const games = await loadRecentlyPlayed(api)
    expect(games.map((g) => g.sysname)).toEqual(['dice', 'slots-a', 'crash'])
    expect(calls[0]).toEqual({ call: 'games/rounds', params: { limit: 50 } })
    expect(calls.filter((c) => c.call === 'games/get').map((c) => c.params.sysname)).toEqual(['dice', 'slots-a', 'gone', 'crash'])
  })
})
