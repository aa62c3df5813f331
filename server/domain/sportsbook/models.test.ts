import { describe, expect, it } from 'vitest'
import { buildBoard, distributionOf, type SportModel } from './board'
import { esportsDistribution, footballDistribution, holdChance, poisson, TENNIS_START, tennisDistribution, tiebreakChance, type TennisModel } from './models'
import { effectiveChance, expected, priceMarket, type Distribution } from './pricing'
import { isOnLadder } from '../../../src/shared/sportsbook/odds'

const total = (dist: Distribution) => dist.reduce((sum, [, p]) => sum + p, 0)

/** A small deterministic generator, so a simulated check is the same on every run. */
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('football', () => {
  it('has Poisson chances that sum to one and the rates as means', () => {
    expect(poisson(1.4).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12)
    const dist = footballDistribution({ home: 1.6, away: 1.1 }, { minute: 0, score: { home: 0, away: 0 } })
    expect(total(dist)).toBeCloseTo(1, 9)
    expect(expected(dist, 'score', (s) => s.home)).toBeCloseTo(1.6, 3)
    expect(expected(dist, 'score', (s) => s.away)).toBeCloseTo(1.1, 3)
  })

  it('plays only the time left from the score so far, and is certain at full time', () => {
    const half = footballDistribution({ home: 1.6, away: 1.1 }, { minute: 45, score: { home: 2, away: 0 } })
    expect(expected(half, 'score', (s) => s.home)).toBeCloseTo(2.8, 3)
    const over = footballDistribution({ home: 1.6, away: 1.1 }, { minute: 90, score: { home: 2, away: 1 } })
    expect(over).toHaveLength(1)
    expect(over[0]![0].score).toEqual({ home: 2, away: 1 })
  })

  it('prices complete markets at chances that sum to one, before the margin', () => {
    const dist = footballDistribution({ home: 1.5, away: 1.2 }, { minute: 0, score: { home: 0, away: 0 } })
    const x12 = priceMarket(dist, 'score', 'match_result', null, ['home', 'draw', 'away'], 0)
    expect(x12.reduce((sum, o) => sum + o.chance!, 0)).toBeCloseTo(1, 9)
    for (const line of [-0.75, -0.5, -0.25, 0, 0.25, 1]) {
      const sides = priceMarket(dist, 'score', 'handicap', line, ['home', 'away'], 0)
      expect(sides[0]!.chance! + sides[1]!.chance!).toBeCloseTo(1, 9)
    }
    // A quarter line sits between its neighbours.
    const chance = (line: number) => effectiveChance(dist, 'score', { kind: 'handicap', line, outcome: 'home' })!
    expect(chance(-0.25)).toBeLessThan(chance(0))
    expect(chance(-0.25)).toBeGreaterThan(chance(-0.5))
  })
})

describe('tennis', () => {
  it('holds serve at the textbook chances', () => {
    expect(holdChance(0.5, 0, 0)).toBeCloseTo(0.5, 12)
    expect(holdChance(0.6, 0, 0)).toBeCloseTo(0.7357, 4)
    expect(holdChance(0.6, 3, 0)).toBeGreaterThan(0.97)
    expect(tiebreakChance({ homeServe: 0.65, awayServe: 0.65, setsToWin: 2 }, 0, 0, 'home')).toBeCloseTo(0.5, 9)
  })

  it('gives equal players an even match, and only the set scores a best of three allows', () => {
    const dist = tennisDistribution({ homeServe: 0.64, awayServe: 0.64, setsToWin: 2 }, TENNIS_START)
    expect(total(dist)).toBeCloseTo(1, 9)
    const sets = new Set(dist.map(([s]) => `${s.sets!.home}-${s.sets!.away}`))
    expect([...sets].sort()).toEqual(['0-2', '1-2', '2-0', '2-1'])
    expect(effectiveChance(dist, 'sets', { kind: 'match_winner', line: null, outcome: 'home' })).toBeCloseTo(0.5, 6)
    // 12 to 39 games in two or three sets
    for (const [s] of dist) expect(s.games!.home + s.games!.away).toBeGreaterThanOrEqual(12)
  })

  it('agrees with a point-by-point simulation of the match', () => {
    const model: TennisModel = { homeServe: 0.66, awayServe: 0.6, setsToWin: 2 }
    const dist = tennisDistribution(model, TENNIS_START)
    const next = rng(7)
    const runs = 20_000
    let homeWins = 0
    let games = 0
    for (let run = 0; run < runs; run++) {
      const sets = { home: 0, away: 0 }
      let server: 'home' | 'away' = 'home'
      while (sets.home < 2 && sets.away < 2) {
        const g = { home: 0, away: 0 }
        for (;;) {
          if (g.home === 6 && g.away === 6) {
            const p = { home: 0, away: 0 }
            let n = 0
            const first: 'home' | 'away' = server
            while (!((p.home >= 7 || p.away >= 7) && Math.abs(p.home - p.away) >= 2)) {
              const s: 'home' | 'away' = Math.floor((n + 1) / 2) % 2 === 0 ? first : first === 'home' ? 'away' : 'home'
              const homePoint = next() < (s === 'home' ? model.homeServe : 1 - model.awayServe)
              p[homePoint ? 'home' : 'away']++
              n++
            }
            g[p.home > p.away ? 'home' : 'away']++
            server = first === 'home' ? 'away' : 'home'
            break
          }
          const p = { server: 0, receiver: 0 }
          const serve = server === 'home' ? model.homeServe : model.awayServe
          while (!((p.server >= 4 || p.receiver >= 4) && Math.abs(p.server - p.receiver) >= 2)) p[next() < serve ? 'server' : 'receiver']++
          const winner = p.server > p.receiver ? server : server === 'home' ? 'away' : 'home'
          g[winner]++
          server = server === 'home' ? 'away' : 'home'
          if (Math.max(g.home, g.away) >= 6 && Math.abs(g.home - g.away) >= 2) break
        }
        sets[g.home > g.away ? 'home' : 'away']++
        games += g.home + g.away
      }
      if (sets.home === 2) homeWins++
    }
    expect(effectiveChance(dist, 'sets', { kind: 'match_winner', line: null, outcome: 'home' })).toBeCloseTo(homeWins / runs, 1)
    expect(Math.abs(expected(dist, 'games', (s) => s.home + s.away) - games / runs)).toBeLessThan(0.3)
  })

  it('prices from the state of play: a player a point from the match is nearly certain', () => {
    const model: TennisModel = { homeServe: 0.62, awayServe: 0.62, setsToWin: 2 }
    const dist = tennisDistribution(model, {
      sets: { home: 1, away: 0 },
      games: { home: 5, away: 2 },
      points: { home: 3, away: 0 },
      server: 'home',
      gamesBefore: { home: 6, away: 4 },
    })
    expect(effectiveChance(dist, 'sets', { kind: 'match_winner', line: null, outcome: 'home' })).toBeGreaterThan(0.99)
    for (const [s] of dist) expect(s.games!.home).toBeGreaterThanOrEqual(11)
  })
})

describe('esports', () => {
  it('plays maps to two', () => {
    const dist = esportsDistribution({ homeMap: 0.5, mapsToWin: 2 }, { home: 0, away: 0 })
    const byScore: Record<string, number> = {}
    for (const [s, p] of dist) byScore[`${s.maps!.home}-${s.maps!.away}`] = (byScore[`${s.maps!.home}-${s.maps!.away}`] ?? 0) + p
    expect(byScore).toEqual({ '2-0': 0.25, '2-1': 0.25, '1-2': 0.25, '0-2': 0.25 })
  })
})

describe('a board', () => {
  const models: SportModel[] = [
    { sport: 'football', rates: { home: 1.5, away: 1.1 } },
    { sport: 'ice_hockey', rates: { home: 3.1, away: 2.7 } },
    { sport: 'basketball', points: { home: 112, away: 108, spread: 9 } },
    { sport: 'handball', points: { home: 29, away: 27, spread: 3.5 } },
    { sport: 'tennis', tennis: { homeServe: 0.65, awayServe: 0.61, setsToWin: 2 } },
    { sport: 'esports', maps: { homeMap: 0.55, mapsToWin: 2 } },
  ]

  it.each(models.map((m) => [m.sport, m] as const))('%s: every market priced on the ladder with the margin on top', (_, model) => {
    const board = buildBoard(model, { sport: model.sport, ...startOf(model) } as never, 0.06)
    expect(board.length).toBeGreaterThan(2)
    for (const market of board) {
      expect(market.outcomes.length).toBeGreaterThanOrEqual(2)
      for (const o of market.outcomes) if (o.price !== null) expect(isOnLadder(o.price)).toBe(true)
      // Complete markets: the prices' inverses sum to more than one (the book's margin).
      if (market.kind !== 'double_chance' && market.outcomes.every((o) => o.price !== null)) {
        expect(market.outcomes.reduce((sum, o) => sum + 1000 / o.price!, 0)).toBeGreaterThan(1.02)
      }
    }
    expect(total(distributionOf(model, { sport: model.sport, ...startOf(model) } as never))).toBeCloseTo(1, 6)
  })

  it('offers football quarter lines for the handicap and the totals', () => {
    const board = buildBoard(models[0]!, { sport: 'football', minute: 0, score: { home: 0, away: 0 } }, 0.05)
    const lines = board.filter((m) => m.kind === 'handicap').map((m) => m.line)
    expect(lines.some((l) => Number.isInteger(l! * 4) && !Number.isInteger(l! * 2))).toBe(true)
    expect(board.find((m) => m.key === 'total:2.5')).toBeDefined()
    expect(board.find((m) => m.kind === 'correct_score')!.outcomes.map((o) => o.key)).toContain('other')
  })
})

function startOf(model: SportModel): object {
  switch (model.sport) {
    case 'football':
    case 'ice_hockey':
      return { minute: 0, score: { home: 0, away: 0 } }
    case 'basketball':
    case 'handball':
      return { played: 0, score: { home: 0, away: 0 } }
    case 'tennis':
      return { tennis: TENNIS_START }
    case 'esports':
      return { maps: { home: 0, away: 0 } }
  }
}
