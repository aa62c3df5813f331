import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../../src/shared/locales'
import { SPORTS, type Sport } from '../../../src/shared/sportsbook/markets'
import { buildBoard, type PlayState, type SportModel } from './board'
import { LEAGUES } from './fixture-names'
import { fixturesBetween, matchLength, type FixturePlan } from './fixtures'
import { TENNIS_START } from './models'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
// An arbitrary instant off the quarter-hour grid, so no window edge falls on a kick-off by luck.
const T0 = Date.UTC(2026, 2, 14, 9, 7, 31)

const between = (from: number, to: number) => fixturesBetween(new Date(from), new Date(to))

/** The sports with a fixture under way at t: started, and less than its match length ago. */
function liveSports(t: number): Set<Sport> {
  const longest = Math.max(...SPORTS.map(matchLength))
  return new Set(
    between(t - longest, t + 1)
      .filter((f) => f.startsAt.getTime() <= t && t < f.startsAt.getTime() + matchLength(f.sport))
      .map((f) => f.sport),
  )
}

describe('fixture names', () => {
  it('cover every sport with at least 32 leagues, each with at least 10 participants', () => {
    expect(LEAGUES.length).toBeGreaterThanOrEqual(32)
    const perSport = new Map<Sport, number>()
    for (const league of LEAGUES) perSport.set(league.sport, (perSport.get(league.sport) ?? 0) + 1)
    for (const sport of SPORTS) expect(perSport.get(sport), sport).toBeGreaterThanOrEqual(3)
    expect(perSport.get('football')).toBeGreaterThanOrEqual(10)
    for (const league of LEAGUES) expect(league.participants.length, league.id).toBeGreaterThanOrEqual(10)
  })

  it('have unique slugs for leagues and participants, and country codes', () => {
    const leagueIds = LEAGUES.map((l) => l.id)
    expect(new Set(leagueIds).size).toBe(leagueIds.length)
    for (const id of leagueIds) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/)
    const participantIds = LEAGUES.flatMap((l) => l.participants.map((p) => p.id))
    expect(new Set(participantIds).size).toBe(participantIds.length)
    for (const id of participantIds) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    for (const league of LEAGUES) expect(league.country, league.id).toMatch(/^([A-Z]{2}|INT)$/)
  })

  it('name every league and participant in every locale', () => {
    for (const league of LEAGUES) {
      for (const locale of LOCALES) {
        // "<region>. <competition>" in every locale.
        expect(league.names[locale], `${league.id} ${locale}`).toMatch(/^\S.*\. \S.*$/)
      }
      for (const p of league.participants) {
        const names = typeof p.name === 'string' ? [p.name] : LOCALES.map((l) => (p.name as Record<string, string>)[l])
        for (const name of names) expect(name?.trim(), p.id).toBeTruthy()
        expect(p.strength).toBeGreaterThan(0)
        expect(p.strength).toBeLessThanOrEqual(100)
      }
    }
  })

  it('translate countries and generic words, and national teams', () => {
    const league = (id: string) => LEAGUES.find((l) => l.id === id)!
    expect(league('football-esp-1').names).toEqual({ en: 'Spain. Primera Liga', es: 'España. Primera Liga', pt: 'Espanha. Primera Liga', de: 'Spanien. Primera Liga' })
    expect(league('football-eng-1').names.es).toBe('Inglaterra. Premier Division')
    expect(league('football-eng-1').names.de).toBe('England. Premier Division')
    expect(league('football-int-nations').names.es).toBe('Internacional. Copa de las Naciones')
    const germany = league('football-int-nations').participants.find((p) => p.id === 'nation-de')!
    expect(germany.name).toEqual({ en: 'Germany', es: 'Alemania', pt: 'Alemanha', de: 'Deutschland' })
    const women = league('football-esp-women').participants[0]!
    expect(typeof women.name === 'object' && women.name.de.endsWith('Frauen')).toBe(true)
  })
})

describe('fixturesBetween', () => {
  it('is the same on every call, and a window split in two is the whole', () => {
    const whole = between(T0, T0 + 3 * DAY)
    expect(between(T0, T0 + 3 * DAY)).toEqual(whole)
    // Split off the grid and exactly on a kick-off: a fixture at the split belongs to the later half.
    const kickOff = whole[Math.floor(whole.length / 2)]!.startsAt.getTime()
    for (const split of [T0 + 31 * HOUR + 7 * MINUTE, kickOff]) {
      const parts = [...between(T0, split), ...between(split, T0 + 3 * DAY)]
      expect(parts).toEqual(whole)
    }
    expect(between(T0, T0)).toEqual([])
    expect(between(T0 + DAY, T0)).toEqual([])
  })

  it('orders fixtures by kick-off, on round quarter hours, all within the window', () => {
    const list = between(T0, T0 + 2 * DAY)
    for (let i = 0; i < list.length; i++) {
      const at = list[i]!.startsAt.getTime()
      expect(at).toBeGreaterThanOrEqual(T0)
      expect(at).toBeLessThan(T0 + 2 * DAY)
      expect(at % (15 * MINUTE)).toBe(0)
      if (i > 0) expect(at).toBeGreaterThanOrEqual(list[i - 1]!.startsAt.getTime())
    }
  })

  it('plans 150 to 400 fixtures for any 72 hours, in every sport', () => {
    for (let start = T0; start < T0 + 30 * DAY; start += 5 * HOUR + 13 * MINUTE) {
      const list = between(start, start + 3 * DAY)
      expect(list.length, new Date(start).toISOString()).toBeGreaterThanOrEqual(150)
      expect(list.length, new Date(start).toISOString()).toBeLessThanOrEqual(400)
      expect(new Set(list.map((f) => f.sport)).size).toBe(SPORTS.length)
    }
  })

  it('has live events in at least three sports at any time of day', () => {
    // 24 instants over a day, one per hour, each at a different minute.
    for (let h = 0; h < 24; h++) {
      const t = T0 + h * HOUR + ((h * 17) % 60) * MINUTE
      expect(liveSports(t).size, new Date(t).toISOString()).toBeGreaterThanOrEqual(3)
    }
    // And a finer sweep over a week, on and between kick-offs.
    for (let t = Date.UTC(2026, 2, 16); t < Date.UTC(2026, 2, 23); t += 5 * MINUTE) {
      expect(liveSports(t).size, new Date(t).toISOString()).toBeGreaterThanOrEqual(3)
    }
  })

  it('never puts a participant in two overlapping fixtures of its league', () => {
    const list = between(T0, T0 + 14 * DAY)
    const busy = new Map<string, FixturePlan[]>()
    for (const f of list) {
      for (const side of [f.home, f.away]) {
        const key = `${f.leagueId}/${side.id}`
        busy.set(key, [...(busy.get(key) ?? []), f])
      }
    }
    for (const [key, games] of busy) {
      for (let i = 1; i < games.length; i++) {
        const previousEnd = games[i - 1]!.startsAt.getTime() + matchLength(games[i - 1]!.sport)
        expect(games[i]!.startsAt.getTime(), key).toBeGreaterThanOrEqual(previousEnd)
      }
    }
    for (const f of list) expect(f.home.id).not.toBe(f.away.id)
  })

  it('names both sides in every locale and belongs to a known league', () => {
    const leagues = new Map(LEAGUES.map((l) => [l.id, l]))
    for (const f of between(T0, T0 + 3 * DAY)) {
      const league = leagues.get(f.leagueId)
      expect(league, f.leagueId).toBeDefined()
      expect(f.sport).toBe(league!.sport)
      for (const side of [f.home, f.away]) {
        expect(league!.participants.some((p) => p.id === side.id)).toBe(true)
        for (const locale of LOCALES) expect(side.names[locale]?.trim(), `${side.id} ${locale}`).toBeTruthy()
      }
    }
    // National teams carry their translated names through to the fixture.
    const nations = between(T0, T0 + 14 * DAY).filter((f) => f.leagueId === 'football-int-nations')
    expect(nations.length).toBeGreaterThan(0)
    expect(nations.some((f) => f.home.names.en !== f.home.names.de || f.away.names.en !== f.away.names.de)).toBe(true)
  })

  it('gives unique, stable feed ids', () => {
    const list = between(T0, T0 + 30 * DAY)
    const ids = list.map((f) => f.feedId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const f of list) expect(f.feedId.startsWith(`sim:${f.leagueId}:`)).toBe(true)
    // The same fixture, asked for in a narrow window around it, comes back identical.
    const one = list[123]!
    expect(between(one.startsAt.getTime(), one.startsAt.getTime() + 1)).toContainEqual(one)
  })
})

describe('models', () => {
  const list = between(T0, T0 + 14 * DAY)
  const within = (x: number, lo: number, hi: number, what: string) => {
    expect(x, what).toBeGreaterThanOrEqual(lo)
    expect(x, what).toBeLessThanOrEqual(hi)
  }

  it('keeps every parameter in its realistic range', () => {
    for (const f of list) {
      const m = f.model
      expect(m.sport).toBe(f.sport)
      switch (m.sport) {
        case 'football':
          within(m.rates.home, 0.8, 2.6, f.feedId)
          within(m.rates.away, 0.6, 2.2, f.feedId)
          break
        case 'ice_hockey':
          within(m.rates.home, 2, 4, f.feedId)
          within(m.rates.away, 2, 4, f.feedId)
          break
        case 'basketball':
          within(m.points.home, 95, 120, f.feedId)
          within(m.points.away, 95, 120, f.feedId)
          within(m.points.spread, 9, 11, f.feedId)
          break
        case 'handball':
          within(m.points.home, 24, 34, f.feedId)
          within(m.points.away, 24, 34, f.feedId)
          within(m.points.spread, 3, 4, f.feedId)
          break
        case 'tennis':
          within(m.tennis.homeServe, 0.55, 0.72, f.feedId)
          within(m.tennis.awayServe, 0.55, 0.72, f.feedId)
          expect(m.tennis.setsToWin).toBe(2)
          break
        case 'esports':
          within(m.maps.homeMap, 0.25, 0.75, f.feedId)
          expect(m.maps.mapsToWin).toBe(2)
          break
      }
    }
  })

  it('favours the home side in football and the stronger side everywhere', () => {
    const football = list.flatMap((f) => (f.model.sport === 'football' ? [f.model.rates] : []))
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
    expect(mean(football.map((r) => r.home))).toBeGreaterThan(mean(football.map((r) => r.away)) + 0.15)
    // A clear gap in ratings shows in the model.
    const strength = new Map(LEAGUES.flatMap((l) => l.participants.map((p) => [p.id, p.strength] as const)))
    for (const f of list) {
      const gap = strength.get(f.home.id)! - strength.get(f.away.id)!
      if (Math.abs(gap) < 20) continue
      const homeEdge = edgeOf(f.model)
      expect(Math.sign(homeEdge), f.feedId).toBe(Math.sign(gap))
    }
  })

  it('builds a board for a sample of each sport', () => {
    for (const sport of SPORTS) {
      const sample = list.filter((f) => f.sport === sport).slice(0, 3)
      expect(sample.length, sport).toBeGreaterThan(0)
      for (const f of sample) {
        const board = buildBoard(f.model, startOf(f.model), 0.05)
        expect(board.length, f.feedId).toBeGreaterThan(2)
        for (const market of board) expect(market.outcomes.length).toBeGreaterThanOrEqual(2)
        expect(board.some((m) => m.outcomes.some((o) => o.price !== null))).toBe(true)
      }
    }
  })
})

describe('matchLength', () => {
  it('is the real duration of a match in each sport', () => {
    const minutes = (sport: Sport) => matchLength(sport) / MINUTE
    expect(minutes('football')).toBeGreaterThanOrEqual(100)
    expect(minutes('football')).toBeLessThanOrEqual(115)
    expect(minutes('basketball')).toBeGreaterThanOrEqual(110)
    expect(minutes('basketball')).toBeLessThanOrEqual(130)
    expect(minutes('ice_hockey')).toBeGreaterThanOrEqual(140)
    expect(minutes('ice_hockey')).toBeLessThanOrEqual(160)
    expect(minutes('handball')).toBeGreaterThanOrEqual(60)
    expect(minutes('handball')).toBeLessThanOrEqual(80)
    expect(minutes('tennis')).toBeGreaterThanOrEqual(90)
    expect(minutes('tennis')).toBeLessThanOrEqual(120)
    expect(minutes('esports')).toBeGreaterThanOrEqual(90)
    expect(minutes('esports')).toBeLessThanOrEqual(150)
  })
})

/** How far the model leans to the home side: positive when it is favoured. */
function edgeOf(model: SportModel): number {
  switch (model.sport) {
    case 'football':
    case 'ice_hockey':
      return model.rates.home - model.rates.away
    case 'basketball':
    case 'handball':
      return model.points.home - model.points.away
    case 'tennis':
      return model.tennis.homeServe - model.tennis.awayServe
    case 'esports':
      return model.maps.homeMap - 0.5
  }
}

function startOf(model: SportModel): PlayState {
  const score = { home: 0, away: 0 }
  switch (model.sport) {
    case 'football':
    case 'ice_hockey':
      return { sport: model.sport, minute: 0, score }
    case 'basketball':
    case 'handball':
      return { sport: model.sport, played: 0, score }
    case 'tennis':
      return { sport: 'tennis', tennis: TENNIS_START }
    case 'esports':
      return { sport: 'esports', maps: score }
  }
}
