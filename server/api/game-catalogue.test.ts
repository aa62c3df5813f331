import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { GAME_SORTS } from '../../src/services/api/contract/game-catalogue'
import { gameImage, providerImage } from '../../src/shared/games/art'
import { STUDIO_TITLES, studioTitle } from '../../src/shared/games/catalogue'
import { FEATURED } from '../domain/games/catalogue-data'
import { refreshPopularity, syncCatalogue } from '../domain/games/catalogue'
import { csvCell, runPendingExports } from '../domain/games/history'
import { apiPlayers, type ApiPlayer } from '../test/api-player'
import { BACKENDS, cookiePair, PGLITE_ONLY, useTestApp } from '../test/harness'
import { DEMO_COOKIE } from './games'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
let keyN = 0
const key = () => `catalogue-${process.pid}-${Date.now()}-${keyN++}`

type Page = { items: Record<string, unknown>[]; total: number; offset: number; count: number }

// Search runs on pg_trgm, which PGlite loads as an extension and PostgreSQL ships in contrib: both.
describe.each(BACKENDS)('games/get search on %s (docs/decisions/009-game-search-trigrams.md)', (backend) => {
  const t = useTestApp(backend)
  const search = async (query: string, locale = 'en', extra = ''): Promise<Page> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/games/get?locale=${locale}&query=${encodeURIComponent(query)}${extra}` })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }
  const first = async (query: string, locale = 'en') => (await search(query, locale)).items[0]?.sysname

  it('finds a title with a typo in every locale, the closest first', async () => {
    expect(await first('aurora lantrens')).toBe('aurora-lanterns')
    expect(await first('linternas de la auroa', 'es')).toBe('aurora-lanterns')
    expect(await first('lanternas da auorra', 'pt')).toBe('aurora-lanterns')
    expect(await first('polarlicht laternen', 'de')).toBe('aurora-lanterns')
    expect(await first('ruleta del puerot', 'es')).toBe('harbour-roulette')
    expect(await first('blackjak riverbot')).toBe('riverboat-blackjack')
    // Titles of other locales are found from any locale, and shown in the asking one.
    const es = await search('hafen roulete', 'es')
    expect(es.items[0]).toMatchObject({ sysname: 'harbour-roulette', title: studioTitle('harbour-roulette')!.text.es.title })
  })

  it('finds a provider by its name with a typo, and accents do not matter', async () => {
    const page = await search('tidewatr interactiv', 'en', '&count=100')
    const tidewater = STUDIO_TITLES.filter((x) => x.studio === 'tidewater').map((x) => x.sysname)
    expect(page.items.map((g) => g.sysname).sort()).toEqual([...tidewater].sort())
    const caca = await search('caca niqueis', 'pt')
    const cacaAccented = await search('caça-níqueis', 'pt')
    expect(caca.items.map((g) => g.sysname)).toEqual(cacaAccented.items.map((g) => g.sysname))
  })

  it('matches 1 and 2 characters as a substring, word starts first', async () => {
    for (const q of ['fo', 'z', 'Ü']) {
      const page = await search(q, 'en', '&count=100')
      const needle = q.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')
      const rows = await t.database.db.selectFrom('games').select('sysname').where('search', 'like', `%${needle}%`).execute()
      expect(page.total, q).toBe(rows.length)
      expect(page.items.map((g) => g.sysname).sort(), q).toEqual(rows.map((r) => r.sysname).sort())
    }
    const fo = await search('fo', 'en', '&count=100')
    expect(fo.items.map((g) => g.sysname)).toContain('fox-leap')
    // Titles with a word starting 'ti' (Tide) come before those holding it inside one (Interactive).
    const ti = await search('ti', 'en', '&count=100')
    const texts = new Map((await t.database.db.selectFrom('games').select(['sysname', 'search']).execute()).map((r) => [r.sysname, r.search]))
    const startsWord = ti.items.map((g) => ` ${texts.get(String(g.sysname))}`.includes(' ti'))
    expect(startsWord).toEqual([...startsWord].sort((a, b) => Number(b) - Number(a)))
    expect(startsWord).toContain(false)
    expect((await search('%', 'en')).total).toBe(0)
  })

  it('finds nothing for words no title has', async () => {
    expect((await search('qwxzy vbnmq')).total).toBe(0)
  })
})

describe.each(PGLITE_ONLY)('games catalogue on %s (SPEC §7 Games)', (backend) => {
  const t = useTestApp(backend)
  const players = apiPlayers(t, 91, 'catalogue-')
  const get = async (url: string, player?: ApiPlayer): Promise<LightMyRequestResponse> => (player ? players.get(player, url) : t.app.inject({ method: 'GET', url: `/api/${url}` }))
  const page = async (query = '', player?: ApiPlayer): Promise<Page> => {
    const res = await get(`games/get?${query}`, player)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }

  it('lists exactly the studio titles after start, nothing that does not play', async () => {
    const all = await page('count=100')
    expect(all.total).toBe(STUDIO_TITLES.length)
    expect(all.items.map((g) => g.sysname).sort()).toEqual(STUDIO_TITLES.map((x) => x.sysname).sort())
    const rows = await t.database.db.selectFrom('games').select('sysname').execute()
    expect(rows).toHaveLength(STUDIO_TITLES.length)
  })

  it('the start-up sync deletes a title the code no longer has, and restores one edited in the table', async () => {
    const db = t.database.db
    await db
      .insertInto('games')
      .values({ sysname: 'ghost-game', provider: 'redfox', type: 'slot', kind: 'line_slot', released: '2026-01-01', fullscreen: 'all', demo: true, priority: 0, rtp: '96.00', rtp_max: null, volatility: 'low', search: 'ghost game' })
      .execute()
    await db.updateTable('games').set({ priority: 9999, demo: false }).where('sysname', '=', 'coral-tide').execute()
    expect((await page('count=100')).total).toBe(STUDIO_TITLES.length + 1)
    await syncCatalogue(db)
    const all = await page('count=100&fields=demo')
    expect(all.items.map((g) => g.sysname)).not.toContain('ghost-game')
    expect(all.total).toBe(STUDIO_TITLES.length)
    expect(all.items.find((g) => g.sysname === 'coral-tide')!.demo).toBe(true)
  })

  it('a visitor with a demo purse sees limits in its currency', async () => {
    const seeds = await t.app.inject({ method: 'GET', url: '/api/games/getSeeds', headers: { cookie: 'locale=es' } })
    const demo = cookiePair(seeds.headers['set-cookie'], DEMO_COOKIE)!
    const res = await t.app.inject({ method: 'GET', url: '/api/games/get?sysname=dice-classic&fields=limits', headers: { cookie: demo } })
    expect(res.json().data.items[0].limits).toMatchObject({ currency: 'MXN' })
  })

  it('pages with offset and count, in the operator order by default (featured first)', async () => {
    const first = await page()
    expect(first).toMatchObject({ total: STUDIO_TITLES.length, offset: 0, count: 24 })
    expect(first.items).toHaveLength(24)
    expect(first.items.slice(0, FEATURED.length).map((g) => g.sysname)).toEqual(FEATURED)
    const second = await page('offset=24&count=24')
    expect(second.items).toHaveLength(STUDIO_TITLES.length - 24)
    expect(new Set([...first.items, ...second.items].map((g) => g.sysname)).size).toBe(STUDIO_TITLES.length)
    const past = await page('offset=500')
    expect(past).toMatchObject({ items: [], total: STUDIO_TITLES.length })
  })

  it('gives a whole entry: texts in the locale, image through /_ipx, limits in USD for a visitor, launch url', async () => {
    const { items } = await page('sysname=aurora-lanterns&locale=de')
    const g = items[0]!
    expect(g).toMatchObject({
      sysname: 'aurora-lanterns',
      title: studioTitle('aurora-lanterns')!.text.de.title,
      provider: { sysname: 'northlight', name: 'Northlight Studio' },
      type: 'slot',
      kind: 'line_slot',
      rtp: '95.96',
      volatility: 'low',
      fullscreen: 'all',
      demo: true,
      url: '/platform/game/aurora-lanterns/play',
      limits: { currency: 'USD', min: '0.20', max: '200.00' },
    })
    expect(g.categories).toEqual(expect.arrayContaining(['featured', 'slots']))
    expect(g.image).toEqual(gameImage('aurora-lanterns'))
    expect((g.image as { x1: string }).x1).toMatch(/^\/_ipx\/f_webp&fit_cover&s_\d+x\d+&q_80\/images\/games\/aurora-lanterns\.svg$/)
    // A player sees limits in their account's currency.
    const player = await players.newPlayer()
    await t.database.db.updateTable('accounts').set({ currency: 'EUR' }).where('id', '=', player.id).execute()
    expect((await page('sysname=dice-classic', player)).items[0]!.limits).toMatchObject({ currency: 'EUR' })
  })

  it('an unknown sysname is an empty page; an unknown category a 400 with its code', async () => {
    expect(await page('sysname=no-such-game')).toMatchObject({ items: [], total: 0 })
    const res = await get('games/get?category=no-such-category')
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ type: 'InvalidParameterException', code: 'unknown_category' })
  })

  it('projects fields: the sysname always and only what was asked', async () => {
    const { items } = await page('fields=title&fields=rtp&count=3')
    for (const g of items) expect(Object.keys(g).sort()).toEqual(['rtp', 'sysname', 'title'])
  })

  it('filters by types, providers, demo and category', async () => {
    const slots = await page('types=slot&count=100')
    expect(slots.total).toBe(STUDIO_TITLES.filter((x) => x.kind === 'line_slot' || x.kind === 'cluster_slot').length)
    const mixed = await page('types=logical&types=high_low&count=100')
    expect(mixed.items.every((g) => g.type === 'logical' || g.type === 'high_low')).toBe(true)
    expect((await page('types=live')).total).toBe(0)
    const redfox = await page('providers=redfox&count=100')
    expect(redfox.total).toBe(STUDIO_TITLES.filter((x) => x.studio === 'redfox').length)
    expect((await page('options=demo&count=100')).total).toBe(STUDIO_TITLES.filter((x) => x.demo).length)
    const featured = await page('category=featured&count=100')
    expect(featured.items.map((g) => g.sysname)).toEqual(FEATURED)
    const cards = await page('category=cards&count=100')
    expect(cards.items.every((g) => g.type === 'logical' || g.type === 'high_low')).toBe(true)
  })

  it('orders by every sort, each way', async () => {
    for (const sort of GAME_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const { items } = await page(`sort=${sort}&order=${order}&count=100&fields=title&fields=rtp&fields=released&fields=plays`)
        expect(items).toHaveLength(STUDIO_TITLES.length)
        const key = (g: Record<string, unknown>) => (sort === 'name' ? String(g.title).toLowerCase() : sort === 'rtp' ? Number(g.rtp) : sort === 'released' ? String(g.released) : sort === 'popularity' ? Number(g.plays) : 0)
        if (sort === 'priority') continue
        for (let i = 1; i < items.length; i++) {
          const [a, b] = [key(items[i - 1]!), key(items[i]!)]
          if (order === 'asc') expect(a <= b, `${sort} ${order} at ${i}`).toBe(true)
          else expect(a >= b, `${sort} ${order} at ${i}`).toBe(true)
        }
      }
    }
    const desc = await page('sort=priority&order=desc&count=100')
    expect(desc.items.at(-1)!.sysname).toBe(FEATURED[0])
  })

  it('refuses garbage parameters with a 400, never a 500', async () => {
    for (const query of ['sort=foo', 'order=up', 'count=-1', 'count=0', 'count=101', 'offset=abc', 'offset=-5', `query=${'x'.repeat(10_000)}`, `query=${'x'.repeat(101)}`, 'types=cards', 'tags=cold', 'fields=password', 'sysname=Not%20A%20Name', 'providers=%00', 'options=all']) {
      const res = await get(`games/get?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().error.type, query).toBe('InvalidParameterException')
    }
  })

  it('categories come in order with live counts, named in the locale', async () => {
    const res = await get('games/getCategories?locale=es')
    expect(res.statusCode, res.body).toBe(200)
    const cats = res.json().data as { sysname: string; name: string; games: number; position: number; rule: object }[]
    expect(cats.map((c) => c.sysname)).toEqual(['featured', 'popular', 'new', 'slots', 'table', 'fast', 'cards'])
    expect(cats.find((c) => c.sysname === 'slots')).toMatchObject({ name: 'Tragamonedas', games: 8, rule: { type: 'slot' } })
    expect(cats.find((c) => c.sysname === 'featured')!.games).toBe(FEATURED.length)
    for (const c of cats) expect((await page(`category=${c.sysname}&count=100`)).total, c.sysname).toBe(c.games)
  })

  it('providers: the three studios, described in the locale, filtered by type and projected', async () => {
    const all = (await get('games/getProviders?locale=pt')).json().data as { sysname: string; games: number; description: string; types: string[] }[]
    expect(all.map((p) => p.sysname)).toEqual(['northlight', 'redfox', 'tidewater'])
    expect(all.reduce((n, p) => n + p.games, 0)).toBe(STUDIO_TITLES.length)
    expect(all[0]!.description).toMatch(/rodada/)
    const withSlots = (await get('games/getProviders?types=slot')).json().data as { types: string[] }[]
    expect(withSlots.every((p) => p.types.includes('slot'))).toBe(true)
    expect((await get('games/getProviders?types=live')).json().data).toEqual([])
    const names = (await get('games/getProviders?fields=name')).json().data as object[]
    for (const p of names) expect(Object.keys(p).sort()).toEqual(['name', 'sysname'])
  })

  it('providers: the studios page gets each studio’s name, count of games and logo, and nothing else', async () => {
    const studios = async () => {
      const res = await get('games/getProviders?locale=de&fields=name&fields=games&fields=image')
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data as { sysname: string; name: string; games: number; image: { x1: string; x2: string } }[]
    }
    const first = await studios()
    for (const p of first) expect(Object.keys(p).sort()).toEqual(['games', 'image', 'name', 'sysname'])
    const titles = (studio: string) => STUDIO_TITLES.filter((x) => x.studio === studio).length
    expect(first.map((p) => [p.sysname, p.games])).toEqual(['northlight', 'redfox', 'tidewater'].map((s) => [s, titles(s)]))
    // The logos go through the /_ipx pipeline, as the game cards' art does.
    expect(first.map((p) => p.image)).toEqual(first.map((p) => providerImage(p.sysname)))
    expect(first[0]!.image.x1).toMatch(/^\/_ipx\/.+images\/providers\/northlight\.svg$/)
    // The count is the table's, read at the call: a game added to a studio counts at once.
    const db = t.database.db
    await db
      .insertInto('games')
      .values({ sysname: 'ghost-count', provider: 'redfox', type: 'slot', kind: 'line_slot', released: '2026-01-01', fullscreen: 'all', demo: true, priority: 0, rtp: '96.00', rtp_max: null, volatility: 'low', search: 'ghost count' })
      .execute()
    try {
      expect((await studios()).find((p) => p.sysname === 'redfox')!.games).toBe(titles('redfox') + 1)
    } finally {
      await syncCatalogue(db)
    }
    expect((await studios()).find((p) => p.sysname === 'redfox')!.games).toBe(titles('redfox'))
  })

  it('likes: a visitor has none and may not add; a player adds, lists newest first, removes, idempotently', async () => {
    expect((await get('games/getLikes')).json().data).toEqual([])
    const visitor = await t.app.inject({ method: 'POST', url: '/api/games/addLike', headers: FORM, payload: 'sysname=dice-classic' })
    expect(visitor.statusCode).toBe(401)
    expect((await page('options=favourites')).total).toBe(0)
    const player = await players.newPlayer()
    const add = async (sysname: string) => players.post(player, 'games/addLike', { sysname })
    expect((await add('dice-classic')).json().data).toEqual(['dice-classic'])
    t.database.clock.now = new Date(Date.now() + 1000)
    try {
      expect((await add('coral-tide')).json().data).toEqual(['coral-tide', 'dice-classic'])
      expect((await add('coral-tide')).json().data).toEqual(['coral-tide', 'dice-classic'])
    } finally {
      t.database.clock.now = null
    }
    const unknown = await add('no-such-game')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error).toMatchObject({ type: 'InvalidParameterException', code: 'unknown_game' })
    expect((await players.get(player, 'games/getLikes')).json().data).toEqual(['coral-tide', 'dice-classic'])
    expect((await page('options=favourites', player)).items.map((g) => g.sysname).sort()).toEqual(['coral-tide', 'dice-classic'])
    expect((await players.post(player, 'games/removeLike', { sysname: 'dice-classic' })).json().data).toEqual(['coral-tide'])
    expect((await players.post(player, 'games/removeLike', { sysname: 'dice-classic' })).json().data).toEqual(['coral-tide'])
  })

  it('favourites combine with the hall’s other filters: a studio, a search, a category, an order', async () => {
    const player = await players.newPlayer()
    for (const sysname of ['dice-classic', 'coral-tide', 'fox-leap']) expect((await players.post(player, 'games/addLike', { sysname })).statusCode).toBe(200)
    const names = async (query: string, who?: ApiPlayer) => (await page(`options=favourites&fields=title&${query}`, who)).items.map((g) => g.sysname)
    expect(await names('providers=redfox&sort=name&order=asc', player)).toEqual(['dice-classic', 'fox-leap'])
    expect(await names('query=corral%20tide', player)).toEqual(['coral-tide'])
    expect((await names('category=slots', player)).sort()).toEqual(['coral-tide'])
    expect((await page('options=favourites&count=1', player)).total).toBe(3)
    // Another player's likes are not the caller's.
    expect(await names('', await players.newPlayer())).toEqual([])
  })

  const play = async (player: ApiPlayer, game: string, mode: 'real' | 'fun' = 'fun') => {
    const res = await players.post(player, 'games/play', { game, amount: '1.00', bet: JSON.stringify(studioTitle(game)!.defaultBet), key: key(), mode })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as { id: string; status: string }
  }

  it('popularity follows settled rounds: the job recounts, the order and the hot and popular tags follow', async () => {
    const player = await players.newPlayer()
    for (let i = 0; i < 3; i++) await play(player, 'riptide-dice')
    for (let i = 0; i < 2; i++) await play(player, 'glacier-dice')
    await play(player, 'fox-leap')
    await refreshPopularity(t.database.db, new Date())
    const { items } = await page('sort=popularity&count=3&fields=plays&fields=tags')
    expect(items.map((g) => g.sysname)).toEqual(['riptide-dice', 'glacier-dice', 'fox-leap'])
    expect(items.map((g) => g.plays)).toEqual([3, 2, 1])
    expect(items[0]!.tags).toEqual(expect.arrayContaining(['hot', 'popular']))
    const hot = await page('tags=hot&count=100')
    expect(hot.items.map((g) => g.sysname).sort()).toEqual(['fox-leap', 'glacier-dice', 'riptide-dice'])
    const cats = (await get('games/getCategories')).json().data as { sysname: string; games: number }[]
    expect(cats.find((c) => c.sysname === 'popular')!.games).toBe(3)
    // Rounds older than 30 days count no more.
    await refreshPopularity(t.database.db, new Date(Date.now() + 31 * 86_400_000))
    expect((await page('tags=popular')).total).toBe(0)
    await refreshPopularity(t.database.db, new Date())
  })

  it('tags a title released in the last 30 days as new, by the server clock', async () => {
    const released = studioTitle('orchard-heist')!.released
    t.database.clock.now = new Date(`${released}T12:00:00Z`)
    try {
      expect((await page('tags=new&count=100')).items.map((g) => g.sysname)).toContain('orchard-heist')
      t.database.clock.now = new Date(Date.parse(`${released}T12:00:00Z`) + 40 * 86_400_000)
      expect((await page('tags=new&count=100')).items.map((g) => g.sysname)).not.toContain('orchard-heist')
    } finally {
      t.database.clock.now = null
    }
  })

  it('history: the player’s real and fun rounds newest first, paged and filtered, with a total', async () => {
    const player = await players.newPlayer()
    const played = [await play(player, 'dice-classic'), await play(player, 'fox-leap'), await play(player, 'dice-classic')]
    const all = (await players.get(player, 'games/getHistory')).json().data
    expect(all.total).toBe(3)
    expect(all.items.map((r: { id: string }) => r.id)).toEqual(played.map((r) => r.id).reverse())
    expect(all.items[0]).toMatchObject({ game: 'dice-classic', title: 'Dice Classic', mode: 'fun', currency: 'USD', stake: '1.00', status: 'settled' })
    const row = all.items[0]
    expect(Number(row.net)).toBeCloseTo(Number(row.payout) - 1, 2)
    const paged = (await players.get(player, 'games/getHistory?offset=1&count=1')).json().data
    expect(paged).toMatchObject({ total: 3, items: [{ id: played[1]!.id }] })
    expect((await players.get(player, 'games/getHistory?game=dice-classic')).json().data.total).toBe(2)
    expect((await players.get(player, 'games/getHistory?mode=real')).json().data.total).toBe(0)
    const today = new Date().toISOString().slice(0, 10)
    expect((await players.get(player, `games/getHistory?date_from=${today}&date_to=${today}`)).json().data.total).toBe(3)
    expect((await players.get(player, 'games/getHistory?date_to=2020-01-01')).json().data.total).toBe(0)
    expect((await get('games/getHistory')).statusCode).toBe(401)
    expect((await players.get(player, 'games/getHistory?count=1000')).statusCode).toBe(400)
  })

  it('history export: refused while switched off; one pending request; the job writes a safe CSV the owner alone downloads', async () => {
    const player = await players.newPlayer()
    const other = await players.newPlayer()
    await play(player, 'dice-classic')
    await play(player, 'fox-leap')
    await t.database.db.updateTable('settings').set({ value: JSON.stringify(false) }).where('key', '=', 'is_game_history_export_enabled').execute()
    t.app.settings.invalidate()
    try {
      const off = await players.post(player, 'games/createhistoryexportrequest', {})
      expect(off.statusCode).toBe(400)
      expect(off.json().error).toMatchObject({ type: 'InvalidParameterException', code: 'history_export_disabled' })
    } finally {
      await t.database.db.updateTable('settings').set({ value: JSON.stringify(true) }).where('key', '=', 'is_game_history_export_enabled').execute()
      t.app.settings.invalidate()
    }
    expect((await players.get(player, 'games/gethistoryexportrequest')).json().data).toBeNull()
    const created = await players.post(player, 'games/createhistoryexportrequest', { mode: 'fun' })
    expect(created.statusCode, created.body).toBe(200)
    const request = created.json().data
    expect(request).toMatchObject({ status: 'pending', url: null, rows: null })
    // A second ask while it is pending answers the same request.
    expect((await players.post(player, 'games/createhistoryexportrequest', {})).json().data.id).toBe(request.id)
    await runPendingExports(t.database.db, () => new Date())
    const ready = (await players.get(player, `games/gethistoryexportrequest?id=${request.id}`)).json().data
    expect(ready).toMatchObject({ id: request.id, status: 'ready', rows: 2, url: `/api/games/historyexport/${request.id}.csv` })
    const file = await players.get(player, ready.url)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toMatch(/^text\/csv/)
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename=/)
    const lines = file.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe('round id,game,mode,currency,stake,payout,net,status,created at,settled at')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toMatch(/^\d+,Fox Leap,fun,USD,1\.00,\d+\.\d{2},-?\d+\.\d{2},settled,\d{4}-/)
    // Not the owner, or a visitor: nothing there.
    expect((await players.get(other, ready.url)).statusCode).toBe(404)
    expect((await players.get(other, `games/gethistoryexportrequest?id=${request.id}`)).json().data).toBeNull()
    expect((await get(ready.url.replace('/api/', ''))).statusCode).toBe(401)
  })

  it('CSV cells are RFC 4180 quoted and formula-safe', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('+1+2')).toBe("'+1+2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('-1.50')).toBe('-1.50')
    expect(csvCell('-2+3')).toBe("'-2+3")
  })
})
