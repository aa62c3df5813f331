// The sportsbook's board over the API (docs/sportsbook.md): the simulator feeds a fresh database,
// anyone reads the tree, the lists and an event; a search forgives a typo in any locale; the
// simulator's clock, moved by the operator's test call, plays matches to their results.
import { describe, expect, it } from 'vitest'
import { getSlipOutcomes, getSportsEvent, getSportsEvents, getSportsTree, type SbEvent, type SbEventSummary, type SbSlipOutcome, type SbSport } from '../../src/services/api/contract/sportsbook'
import { advanceFeedClock, feedNow } from '../domain/sportsbook/clock'
import { applyFeedUpdates } from '../domain/sportsbook/feed'
import { simulatorFeed } from '../domain/sportsbook/simulator'
import { buildTestApp, PGLITE_ONLY, useTestApp } from '../test/harness'

const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789abcdef'
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

describe.each(PGLITE_ONLY)('the sportsbook board on %s', (backend) => {
  const t = useTestApp(backend, { config: { operatorToken: OPERATOR_TOKEN, e2eTestOverrides: true } })
  const published: Array<[string, unknown]> = []

  /** One poll of the feed at the app's clock plus the feed's offset, as the job runs it. */
  async function poll(times = 1) {
    const feed = (pollFeed.feed ??= simulatorFeed(t.database.db))
    for (let i = 0; i < times; i++) {
      const now = await feedNow(t.database.db, new Date())
      await applyFeedUpdates(t.database.db, await feed.poll(now), async (topic, data) => published.push([topic, JSON.parse(data)]))
    }
  }
  const pollFeed: { feed?: ReturnType<typeof simulatorFeed> } = {}

  async function get<T>(path: string, query: Record<string, string> = {}): Promise<{ status: number; body: { data: T; error?: { code: string } } }> {
    const res = await t.app.inject({ method: 'GET', url: `/api/sportsbook/${path}?${new URLSearchParams(query)}` })
    return { status: res.statusCode, body: res.json() }
  }

  it('fills the board from the simulator: six sports, thirty leagues, live now and to come', async () => {
    // The first poll announces the fixtures; the next ones price them, 25 upcoming a poll.
    await poll(16)
    const tree = await get<SbSport[]>(getSportsTree.name)
    expect(tree.status).toBe(200)
    expect(tree.body.data.map((s) => s.sport).sort()).toEqual(['basketball', 'esports', 'football', 'handball', 'ice_hockey', 'tennis'])
    expect(tree.body.data.reduce((n, s) => n + s.leagues.length, 0)).toBeGreaterThanOrEqual(30)
    const live = await get<{ events: SbEventSummary[]; total: number }>(getSportsEvents.name, { status: 'live', count: '100' })
    expect(new Set(live.body.data.events.map((e) => e.sport)).size).toBeGreaterThanOrEqual(3)
    for (const e of live.body.data.events) {
      expect(e.status).toBe('live')
      expect(e.live).not.toBeNull()
    }
    const upcoming = await get<{ events: SbEventSummary[]; total: number }>(getSportsEvents.name, { status: 'upcoming', sport: 'football', count: '10' })
    expect(upcoming.body.data.events.length).toBe(10)
    const starts = upcoming.body.data.events.map((e) => e.starts_at)
    expect([...starts].sort()).toEqual(starts)
    expect(upcoming.body.data.events.every((e) => e.main?.kind === 'match_result' && e.main.outcomes.length === 3)).toBe(true)
  })

  it('reads an event with every market, in the reader’s language; an unknown one is a 404', async () => {
    const list = await get<{ events: SbEventSummary[] }>(getSportsEvents.name, { status: 'upcoming', sport: 'football', count: '1' })
    const id = list.body.data.events[0]!.id
    const en = await get<SbEvent>(getSportsEvent.name, { id })
    expect(en.status).toBe(200)
    const kinds = new Set(en.body.data.markets.map((m) => m.kind))
    expect([...kinds].sort()).toEqual(['both_score', 'correct_score', 'double_chance', 'draw_no_bet', 'handicap', 'match_result', 'total'])
    expect(en.body.data.markets.some((m) => m.kind === 'handicap' && m.line !== null && !Number.isInteger(m.line * 2))).toBe(true)
    const de = await t.app.inject({ method: 'GET', url: `/api/sportsbook/event?id=${id}&locale=de` })
    expect(de.json().data.league.name).not.toBe('')
    const missing = await get<SbEvent>(getSportsEvent.name, { id: '999999999' })
    expect(missing.status).toBe(404)
    expect(missing.body.error?.code).toBe('sportsbook_event_not_found')
    expect((await get(getSportsEvent.name, { id: 'abc' })).status).toBe(400)
  })

  it('reads a saved betslip’s outcomes with their prices now, in the order asked; unknown ids left out', async () => {
    const list = await get<{ events: SbEventSummary[] }>(getSportsEvents.name, { status: 'upcoming', sport: 'football', count: '2' })
    const [a, b] = list.body.data.events
    const home = a!.main!.outcomes[0]!
    const away = b!.main!.outcomes[2]!
    const read = await get<SbSlipOutcome[]>(getSlipOutcomes.name, { ids: `${away.id},999999999,${home.id},${away.id}` })
    expect(read.status).toBe(200)
    expect(read.body.data.map((o) => o.id)).toEqual([away.id, home.id])
    const row = read.body.data[1]!
    expect(row).toMatchObject({ key: home.key, price: home.price, suspended: false, market: { key: a!.main!.key, kind: 'match_result', status: 'open' }, event: { id: a!.id, sport: 'football', home: a!.home, away: a!.away, starts_at: a!.starts_at, status: 'scheduled' } })
    // The price is the one on the board now, not one the caller knew.
    const event = await get<SbEvent>(getSportsEvent.name, { id: b!.id })
    expect(read.body.data[0]!.price).toBe(event.body.data.markets.find((m) => m.kind === 'match_result')!.outcomes[2]!.price)
    // A suspended market's outcome comes back marked, so the slip blocks it.
    await t.database.db.updateTable('sb_markets').set({ status: 'suspended' }).where('id', '=', BigInt(a!.main!.id)).execute()
    const suspended = await get<SbSlipOutcome[]>(getSlipOutcomes.name, { ids: home.id })
    expect(suspended.body.data[0]).toMatchObject({ id: home.id, suspended: true, market: { status: 'suspended' } })
    await t.database.db.updateTable('sb_markets').set({ status: 'open' }).where('id', '=', BigInt(a!.main!.id)).execute()
    expect((await get<SbSlipOutcome[]>(getSlipOutcomes.name, { ids: '999999998' })).body.data).toEqual([])
  })

  it('refuses a bad list of outcome ids with a 400, never a 500', async () => {
    const many = Array.from({ length: 21 }, (_, i) => String(i + 1)).join(',')
    for (const ids of ['', 'abc', '0', '1,,2', '1;2', '-1', '1,2,', '12345678901234567890', many, '1\u0000']) {
      const res = await get(getSlipOutcomes.name, { ids })
      expect(res.status, ids).toBe(400)
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/sportsbook/outcomes' })).statusCode).toBe(400)
    expect((await get(getSlipOutcomes.name, { ids: Array.from({ length: 20 }, (_, i) => String(i + 1)).join(',') })).status).toBe(200)
  })

  it('finds a team by part of its name or with a typo, in any locale', async () => {
    const list = await get<{ events: SbEventSummary[] }>(getSportsEvents.name, { status: 'upcoming', sport: 'football', count: '1' })
    const team = list.body.data.events[0]!.home.name
    const found = await get<{ events: SbEventSummary[] }>(getSportsEvents.name, { query: team.slice(0, 6) })
    expect(found.body.data.events.some((e) => e.home.name === team || e.away.name === team)).toBe(true)
    // The longest word typed without its accents and with a letter missing.
    const word = team.split(' ').sort((a, b) => b.length - a.length)[0]!.normalize('NFD').replace(/\p{M}/gu, '')
    const typo = word.slice(0, 3) + word.slice(4)
    const fuzzy = await get<{ events: SbEventSummary[] }>(getSportsEvents.name, { query: typo })
    expect(fuzzy.body.data.events.some((e) => e.home.name === team || e.away.name === team)).toBe(true)
    // A national team by its German name.
    const germany = await t.app.inject({ method: 'GET', url: `/api/sportsbook/events?query=${encodeURIComponent('Deutschland')}&locale=de` })
    expect(germany.statusCode).toBe(200)
    const nothing = await get<{ events: SbEventSummary[]; total: number }>(getSportsEvents.name, { query: 'zzqxwv' })
    expect(nothing.body.data).toEqual({ events: [], total: 0 })
  })

  it('answers hostile input with a clear refusal, never a 500', async () => {
    for (const query of <Record<string, string>[]>[{ count: '0' }, { count: '100000' }, { offset: '-1' }, { sport: 'curling' }, { status: 'past' }, { league: 'Bad League!' }, { query: 'x'.repeat(10_000) }]) {
      const res = await get(getSportsEvents.name, query)
      expect(res.status, JSON.stringify(query)).toBe(400)
    }
    // Control characters are refused at the edge, naming the field; LIKE's own characters are only text.
    const control = await get(getSportsEvents.name, { query: 'a\u0000b' })
    expect(control.status).toBe(400)
    expect(JSON.stringify(control.body)).toContain('query')
    const like = await get<{ events: SbEventSummary[] }>(getSportsEvents.name, { query: '%_\\' })
    expect(like.status).toBe(200)
    expect(like.body.data.events).toEqual([])
  })

  it('publishes every change on the event’s topic and the live list’s', async () => {
    published.length = 0
    // Five minutes of play later every live event has a new minute or a new score to tell.
    await advanceFeedClock(t.database.db, 5 * 60_000)
    await poll(1)
    expect(published.some(([topic]) => topic === 'sb.live')).toBe(true)
    // A change carries the version it makes; an event that ended in those minutes says only that (no version).
    const changes = published.filter(([topic]) => topic.startsWith('sb.event.'))
    expect(changes.length).toBeGreaterThan(0)
    for (const [, message] of changes) {
      if ((message as { status?: string }).status === 'ended') expect(message).toMatchObject({ id: expect.any(String), status: 'ended' })
      else expect(message).toMatchObject({ id: expect.any(String), version: expect.any(Number) })
    }
    expect(changes.some(([, message]) => typeof (message as { version?: unknown }).version === 'number')).toBe(true)
  })

  it('moves the simulator’s clock only through the operator’s test call, and plays matches to their results', async () => {
    const move = (seconds: string, token = OPERATOR_TOKEN) =>
      t.app.inject({ method: 'POST', url: '/api/operator/advanceSportsbookClock', headers: { ...FORM, authorization: `Bearer ${token}` }, payload: `seconds=${seconds}` })
    expect((await move('60', 'wrong-token-0123456789abcdef0123456789')).statusCode).toBe(403)
    expect((await move('0')).statusCode).toBe(400)
    const live = await get<{ events: SbEventSummary[] }>(getSportsEvents.name, { status: 'live', count: '100' })
    const ids = live.body.data.events.map((e) => e.id)
    const moved = await move(String(3 * 3600))
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json().data.offset_seconds).toBe(3 * 3600 + 5 * 60)
    await poll(2)
    const rows = await t.database.db.selectFrom('sb_events').select(['id', 'status', 'result']).where('id', 'in', ids.map(BigInt)).execute()
    expect(rows.length).toBe(ids.length)
    for (const row of rows) {
      expect(row.status).toBe('ended')
      expect(row.result).not.toBeNull()
    }
  })

  it('sets one price through the operator’s test call and tells the sockets as the feed does', async () => {
    const set = (form: Record<string, string>, token = OPERATOR_TOKEN) =>
      t.app.inject({ method: 'POST', url: '/api/operator/setSportsPrice', headers: { ...FORM, authorization: `Bearer ${token}` }, payload: new URLSearchParams(form).toString() })
    const list = await get<{ events: SbEventSummary[] }>(getSportsEvents.name, { status: 'upcoming', sport: 'football', count: '1' })
    const event = list.body.data.events[0]!
    const home = event.main!.outcomes.find((o) => o.key === 'home')!
    const odds = home.price === 2340 ? '2.36' : '2.34'
    const price = Math.round(Number(odds) * 1000)

    const heard: Array<[string, unknown]> = []
    const stops = [`sb.event.${event.id}`, 'sb.live'].map((topic) => t.app.live.subscribe(topic, (data) => heard.push([topic, JSON.parse(data)])))
    try {
      expect((await set({ outcome: home.id, odds }, 'wrong-token-0123456789abcdef0123456789')).statusCode).toBe(403)
      for (const bad of ['1.00', '0', '1000.01', '2,10', '1e3', '-2']) expect((await set({ outcome: home.id, odds: bad })).statusCode, bad).toBe(400)
      const unknown = await set({ outcome: '999999999', odds })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json().error.code).toBe('sportsbook_selection_unknown')

      const done = await set({ outcome: home.id, odds })
      expect(done.statusCode, done.body).toBe(200)
      const answer = done.json().data as { event: string; outcome: string; price: number; version: number }
      expect(answer).toMatchObject({ event: event.id, outcome: home.id, price })
      await expect.poll(() => heard.length).toBe(2)
      expect(heard).toContainEqual([`sb.event.${event.id}`, expect.objectContaining({ id: event.id, version: answer.version, status: 'scheduled', prices: [{ id: home.id, market: 'match_result', outcome: 'home', price }] })])
      expect(heard).toContainEqual(['sb.live', { events: [expect.objectContaining({ id: event.id, prices: [{ id: home.id, market: 'match_result', outcome: 'home', price }] })] }])
    } finally {
      for (const stop of stops) stop()
    }
    const read = await get<SbEvent>(getSportsEvent.name, { id: event.id })
    expect(read.body.data.markets.find((m) => m.kind === 'match_result')!.outcomes.find((o) => o.key === 'home')!.price).toBe(price)

    // Ended: the price cannot be set.
    await t.database.db.updateTable('sb_events').set({ status: 'ended' }).where('id', '=', BigInt(event.id)).execute()
    const closed = await set({ outcome: home.id, odds: '2.50' })
    expect(closed.statusCode).toBe(400)
    expect(closed.json().error.code).toBe('sportsbook_selection_closed')
  })

  it('mounts neither test lever without E2E_TEST_OVERRIDES', async () => {
    const plain = await buildTestApp({ ...t.database, config: { ...t.database.config, e2eTestOverrides: false } })
    try {
      for (const [call, payload] of [['advanceSportsbookClock', 'seconds=60'], ['setSportsPrice', 'outcome=1&odds=2.00']]) {
        const res = await plain.inject({ method: 'POST', url: `/api/operator/${call}`, headers: { ...FORM, authorization: `Bearer ${OPERATOR_TOKEN}` }, payload })
        expect(res.statusCode, call).toBe(404)
      }
    } finally {
      await plain.close()
    }
  })
})
