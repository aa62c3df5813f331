import { describe, expect, it } from 'vitest'
import { buildBoard, type SportModel } from './board'
import { TENNIS_START, tennisDistribution } from './models'
import { advancePlay, isSuspended, pointServer, possessionPlan, raceChance, resultOf, roundChance, startPlay, type Incident, type LiveClock, type LiveState } from './play'
import type { Score } from '../../../src/shared/sportsbook/markets'

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

const DAY = 24 * 3600 * 1000

const football: SportModel = { sport: 'football', rates: { home: 1.5, away: 1.1 } }
const hockey: SportModel = { sport: 'ice_hockey', rates: { home: 3.1, away: 2.7 } }
const basketball: SportModel = { sport: 'basketball', points: { home: 112, away: 108, spread: 9 } }
const handball: SportModel = { sport: 'handball', points: { home: 29, away: 27, spread: 3.5 } }
const tennis: SportModel = { sport: 'tennis', tennis: { homeServe: 0.65, awayServe: 0.61, setsToWin: 2 } }
const esports: SportModel = { sport: 'esports', maps: { homeMap: 0.55, mapsToWin: 2 } }
const MODELS = [football, hockey, basketball, handball, tennis, esports]

function playOut(model: SportModel, seed: number) {
  return advancePlay(model, startPlay(model), DAY, rng(seed))
}

const nonNegative = (s: Score | undefined) => s !== undefined && Number.isInteger(s.home) && Number.isInteger(s.away) && s.home >= 0 && s.away >= 0

/** How a view would print the clock: the design must be enough for every sport. */
function label(clock: LiveClock): string {
  const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
  const tennisPoints = (p: Score, tiebreak: boolean) => {
    if (tiebreak) return `${p.home}-${p.away}`
    if (p.home >= 3 && p.away >= 3) return p.home === p.away ? '40-40' : p.home > p.away ? 'AD-40' : '40-AD'
    const call = ['0', '15', '30', '40']
    return `${call[p.home]}-${call[p.away]}`
  }
  const p = clock.period
  if (p.startsWith('set') && clock.tennis) {
    const { games, points, tiebreak } = clock.tennis
    return `Set ${p.slice(3)} · ${games.home}-${games.away} · ${tennisPoints(points, tiebreak)}`
  }
  if (p.startsWith('map') && clock.rounds) return `Map ${p.slice(3)} · ${clock.rounds.home}-${clock.rounds.away}`
  if ((p === 'first_half' || p === 'second_half') && clock.seconds !== null) return `${Math.floor(clock.seconds / 60) + 1}'`
  if (/^q\d$/.test(p) && clock.seconds !== null) return `Q${p.slice(1)} ${mmss(clock.seconds)}`
  if (/^p\d$/.test(p) && clock.seconds !== null) return `P${p.slice(1)} ${mmss(clock.seconds)}`
  if (p === 'overtime' && clock.seconds !== null) return `OT${clock.overtime} ${mmss(clock.seconds)}`
  return p
}

describe('a whole match in one call', () => {
  it.each(MODELS.map((m) => [m.sport, m] as const))('%s finishes with every count its markets settle on', (_, model) => {
    for (let seed = 1; seed <= 20; seed++) {
      const { live, incidents } = playOut(model, seed)
      expect(live.finished).toBe(true)
      expect(live.elapsedMs).toBeLessThan(DAY)
      expect(live.clock.period).toBe('ended')
      expect(isSuspended(live)).toBe(true)
      expect(incidents.at(-1)!.kind).toBe('end')
      const result = resultOf(model, live)
      switch (model.sport) {
        case 'football':
        case 'handball':
          expect(nonNegative(result.score)).toBe(true)
          expect(live.elapsedMs).toBe(model.sport === 'football' ? 105 * 60_000 : 70 * 60_000)
          break
        case 'ice_hockey':
          expect(nonNegative(result.score)).toBe(true)
          expect(nonNegative(result.final)).toBe(true)
          expect(result.final!.home).not.toBe(result.final!.away)
          expect(result.final!.home + result.final!.away - result.score!.home - result.score!.away).toBe(result.score!.home === result.score!.away ? 1 : 0)
          break
        case 'basketball':
          expect(nonNegative(result.final)).toBe(true)
          expect(result.final!.home).not.toBe(result.final!.away)
          break
        case 'tennis': {
          expect(nonNegative(result.sets)).toBe(true)
          expect(nonNegative(result.games)).toBe(true)
          expect(Math.max(result.sets!.home, result.sets!.away)).toBe(model.tennis.setsToWin)
          expect(Math.min(result.sets!.home, result.sets!.away)).toBeLessThan(model.tennis.setsToWin)
          // Each set's games from the incidents: a valid set score, summing to the result's games.
          const sets = setScores(incidents)
          expect(sets).toHaveLength(result.sets!.home + result.sets!.away)
          for (const s of sets) {
            const [w, l] = [Math.max(s.home, s.away), Math.min(s.home, s.away)]
            expect((w === 6 && l <= 4) || (w === 7 && (l === 5 || l === 6))).toBe(true)
          }
          expect(sets.reduce((sum, s) => sum + s.home, 0)).toBe(result.games!.home)
          expect(sets.reduce((sum, s) => sum + s.away, 0)).toBe(result.games!.away)
          break
        }
        case 'esports': {
          expect(nonNegative(result.maps)).toBe(true)
          expect(Math.max(result.maps!.home, result.maps!.away)).toBe(model.maps.mapsToWin)
          // Every map goes to whoever reaches 13 rounds first.
          const maps = roundScores(incidents)
          expect(maps).toHaveLength(result.maps!.home + result.maps!.away)
          for (const m of maps) expect(Math.max(m.home, m.away) === 13 && Math.min(m.home, m.away) <= 12).toBe(true)
          break
        }
      }
    }
  })

  it('answers no result before the end and never plays past it', () => {
    const half = advancePlay(football, startPlay(football), 30 * 60_000, rng(1)).live
    expect(half.elapsedMs).toBe(30 * 60_000)
    expect(() => resultOf(football, half)).toThrow()
    const { live } = playOut(football, 1)
    const again = advancePlay(football, live, 2 * DAY, rng(2))
    expect(again.live).toEqual(live)
    expect(again.incidents).toEqual([])
    // Asked for an earlier time, it stays where it is.
    expect(advancePlay(football, half, 10 * 60_000, rng(3)).live.elapsedMs).toBe(30 * 60_000)
  })

  it('leaves the state it was given as it was', () => {
    const start = startPlay(tennis)
    const copy = structuredClone(start)
    advancePlay(tennis, start, DAY, rng(5))
    expect(start).toEqual(copy)
  })

  it('survives JSON, as the store keeps it', () => {
    for (const model of MODELS) {
      const r = rng(9)
      const mid = advancePlay(model, startPlay(model), 40 * 60_000, r).live
      const stored = JSON.parse(JSON.stringify(mid)) as LiveState
      const twin = rng(9)
      advancePlay(model, startPlay(model), 40 * 60_000, twin)
      expect(advancePlay(model, stored, DAY, r).live).toEqual(advancePlay(model, mid, DAY, twin).live)
    }
  })
})

function setScores(incidents: Incident[]): Score[] {
  const sets: Score[] = []
  let games = { home: 0, away: 0 }
  for (const i of incidents) {
    if (i.kind === 'game') games = { ...games, [i.side!]: games[i.side!] + 1 }
    if (i.kind === 'set') {
      sets.push(games)
      games = { home: 0, away: 0 }
    }
  }
  return sets
}

function roundScores(incidents: Incident[]): Score[] {
  const maps: Score[] = []
  let rounds = { home: 0, away: 0 }
  for (const i of incidents) {
    if (i.kind === 'point') rounds = { ...rounds, [i.side!]: rounds[i.side!] + 1 }
    if (i.kind === 'map') {
      maps.push(rounds)
      rounds = { home: 0, away: 0 }
    }
  }
  return maps
}

describe('averages over many seeded matches match the model', () => {
  const results = (model: SportModel, n: number) => Array.from({ length: n }, (_, i) => resultOf(model, playOut(model, 1000 + i).live))
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
  const sd = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)))

  it('football: goals at the rates', () => {
    const all = results(football, 1000)
    expect(mean(all.map((r) => r.score!.home + r.score!.away))).toBeGreaterThan(2.6 * 0.9)
    expect(mean(all.map((r) => r.score!.home + r.score!.away))).toBeLessThan(2.6 * 1.1)
    expect(mean(all.map((r) => r.score!.home))).toBeCloseTo(1.5, 0)
  })

  it('ice hockey: regular-time goals at the rates, overtime won about as the model says', () => {
    const all = results(hockey, 600)
    const total = mean(all.map((r) => r.score!.home + r.score!.away))
    expect(Math.abs(total - 5.8) / 5.8).toBeLessThan(0.06)
    const level = all.filter((r) => r.score!.home === r.score!.away)
    expect(level.length).toBeGreaterThan(40)
    expect(mean(level.map((r) => (r.final!.home > r.final!.away ? 1 : 0)))).toBeCloseTo(3.1 / 5.8, 0)
  })

  it('basketball: the means, the spread, and overtime adds a little', () => {
    const plan = possessionPlan('basketball', { home: 112, away: 108, spread: 9 })
    expect(plan.perSide).toBeGreaterThan(50)
    const all = results(basketball, 300)
    const total = mean(all.map((r) => r.final!.home + r.final!.away))
    // About one game in twenty goes to overtime, adding some 23 points when it does.
    expect(total).toBeGreaterThan(220 * 0.99)
    expect(total).toBeLessThan(220 * 1.03)
    expect(mean(all.map((r) => r.final!.home - r.final!.away))).toBeGreaterThan(1)
    expect(sd(all.map((r) => r.final!.home))).toBeGreaterThan(9 * 0.8)
    expect(sd(all.map((r) => r.final!.home))).toBeLessThan(9 * 1.35)
  })

  it('handball: the means and the spread, draws stand', () => {
    const all = results(handball, 300)
    expect(Math.abs(mean(all.map((r) => r.score!.home)) - 29) / 29).toBeLessThan(0.03)
    expect(Math.abs(mean(all.map((r) => r.score!.away)) - 27) / 27).toBeLessThan(0.03)
    expect(sd(all.map((r) => r.score!.home))).toBeGreaterThan(3.5 * 0.8)
    expect(sd(all.map((r) => r.score!.home))).toBeLessThan(3.5 * 1.25)
    expect(all.some((r) => r.score!.home === r.score!.away)).toBe(true)
  })

  it('tennis: the match goes to the home player as often as the model prices it', () => {
    if (tennis.sport !== 'tennis') throw new Error()
    const priced = tennisDistribution(tennis.tennis, TENNIS_START).reduce((sum, [s, p]) => sum + (s.sets!.home > s.sets!.away ? p : 0), 0)
    const all = results(tennis, 1000)
    const share = mean(all.map((r) => (r.sets!.home > r.sets!.away ? 1 : 0)))
    expect(Math.abs(share - priced)).toBeLessThan(0.05)
    const games = tennisDistribution(tennis.tennis, TENNIS_START).reduce((sum, [s, p]) => sum + (s.games!.home + s.games!.away) * p, 0)
    expect(Math.abs(mean(all.map((r) => r.games!.home + r.games!.away)) - games)).toBeLessThan(1)
  })

  it('esports: maps at the model chance, from a round chance that makes it', () => {
    expect(raceChance(roundChance(0.55), 13, 13)).toBeCloseTo(0.55, 6)
    expect(raceChance(0.5, 13, 13)).toBeCloseTo(0.5, 9)
    expect(raceChance(0.5, 1, 5)).toBeGreaterThan(0.9)
    const maps = { home: 0, away: 0 }
    for (const r of results(esports, 300)) {
      maps.home += r.maps!.home
      maps.away += r.maps!.away
    }
    expect(Math.abs(maps.home / (maps.home + maps.away) - 0.55)).toBeLessThan(0.04)
  })
})

describe('stepping', () => {
  it.each(MODELS.map((m) => [m.sport, m] as const))('%s: many small calls reach the state of one big call', (_, model) => {
    for (const seed of [3, 4, 5]) {
      const once = playOut(model, seed)
      const r = rng(seed)
      const steps = rng(seed + 100)
      let live = startPlay(model)
      const incidents: Incident[] = []
      while (!live.finished) {
        const next = advancePlay(model, live, live.elapsedMs + Math.floor(steps() * 90_000), r)
        live = next.live
        incidents.push(...next.incidents)
      }
      expect(live).toEqual(once.live)
      expect(incidents).toEqual(once.incidents)
    }
  })

  it('is the same for the same random sequence, and differs for another', () => {
    for (const model of MODELS) {
      expect(playOut(model, 42)).toEqual(playOut(model, 42))
      expect(playOut(model, 42).incidents).not.toEqual(playOut(model, 43).incidents)
    }
  })
})

/** A match in steps of `stepMs`, each state with the incidents that led to it. */
function* steps(model: SportModel, seed: number, stepMs: number): Generator<{ live: LiveState; incidents: Incident[] }> {
  const r = rng(seed)
  let live = startPlay(model)
  while (!live.finished) {
    const next = advancePlay(model, live, live.elapsedMs + stepMs, r)
    live = next.live
    yield next
  }
}

describe('suspensions', () => {
  it('football: after every goal for 30 s, and a few dangerous attacks a match', () => {
    let dangers = 0
    let goals = 0
    for (let seed = 1; seed <= 30; seed++) {
      let goalAt: number | null = null
      for (const { live, incidents } of steps(football, seed, 1000)) {
        for (const i of incidents) {
          if (i.kind === 'goal') {
            goals++
            goalAt = i.atMs
          }
          if (i.kind === 'danger') dangers++
        }
        if (goalAt !== null && live.elapsedMs < goalAt + 30_000 && !live.finished) expect(isSuspended(live)).toBe(true)
      }
    }
    expect(goals).toBeGreaterThan(30)
    // Goals and dangerous attacks each start one, unless the markets are already suspended.
    expect(dangers).toBeGreaterThan(30 * 4)
    expect(dangers).toBeLessThan(30 * 10)
  })

  it('pairs every suspension with its reopening, and a suspension lasts what the sport says', () => {
    for (const model of MODELS) {
      for (let seed = 1; seed <= 5; seed++) {
        const { incidents } = playOut(model, seed)
        let open = true
        let since = 0
        for (const i of incidents) {
          if (i.kind === 'danger') {
            expect(open).toBe(true)
            open = false
            since = i.atMs
          }
          if (i.kind === 'safe') {
            expect(open).toBe(false)
            open = true
            expect(i.atMs - since).toBeGreaterThanOrEqual(model.sport === 'basketball' ? 2000 : 5000)
            expect(i.atMs - since).toBeLessThanOrEqual(model.sport === 'esports' ? 60_000 : 120_000)
          }
        }
      }
    }
  })

  it('ice hockey after a goal, tennis after a game, esports after a map', () => {
    const after = (model: SportModel, kind: Incident['kind'], within: number) => {
      let seen = 0
      for (let seed = 1; seed <= 3; seed++) {
        const r = rng(seed)
        let live = startPlay(model)
        while (!live.finished) {
          const next = advancePlay(model, live, live.elapsedMs + 60_000, r)
          const hit = next.incidents.filter((i) => i.kind === kind).at(-1)
          if (hit && !next.live.finished) {
            // Replay to just after it, from the same state and draws.
            const twin = rng(seed)
            let back = startPlay(model)
            back = advancePlay(model, back, hit.atMs + within, twin).live
            expect(isSuspended(back)).toBe(true)
            seen++
          }
          live = next.live
        }
      }
      expect(seen).toBeGreaterThan(3)
    }
    after(hockey, 'goal', 1000)
    after(tennis, 'game', 1000)
    after(esports, 'map', 1000)
  })

  it('basketball: only in a close game, in the last two minutes', () => {
    let suspended = 0
    for (let seed = 1; seed <= 40; seed++) {
      for (const { live } of steps(basketball, seed, 1000)) {
        if (!isSuspended(live) || live.finished) continue
        suspended++
        expect(live.clock.period === 'q4' || live.clock.period === 'overtime').toBe(true)
        expect(live.clock.seconds!).toBeLessThanOrEqual(120)
      }
    }
    expect(suspended).toBeGreaterThan(0)
  })

  it('tennis: briefly at a break point or set point', () => {
    let short = 0
    for (let seed = 1; seed <= 5; seed++) {
      const { incidents } = playOut(tennis, seed)
      for (let k = 0; k < incidents.length; k++) {
        const i = incidents[k]!
        if (i.kind === 'danger' && incidents[k - 1]?.kind === 'point') {
          const safe = incidents.slice(k).find((x) => x.kind === 'safe')!
          expect(safe.atMs - i.atMs).toBe(5000)
          short++
        }
      }
    }
    expect(short).toBeGreaterThan(10)
  })
})

describe('the board and the clock while live', () => {
  it.each(MODELS.map((m) => [m.sport, m] as const))('%s: buildBoard prices the play at 20 random instants', (_, model) => {
    const r = rng(77)
    const length = playOut(model, 77).live.elapsedMs
    const instants = Array.from({ length: 20 }, () => Math.floor(r() * length)).sort((a, b) => a - b)
    const play = rng(77)
    let live = startPlay(model)
    for (const at of instants) {
      live = advancePlay(model, live, at, play).live
      expect(live.finished).toBe(false)
      const board = buildBoard(model, live.play, 0.05)
      expect(board.length).toBeGreaterThan(0)
      expect(label(live.clock).length).toBeGreaterThan(0)
    }
  })

  it('football: the minute never goes back, half time is at 45', () => {
    let last = 0
    let halfTime = 0
    for (const { live } of steps(football, 8, 20_000)) {
      const minute = (live.play as { minute: number }).minute
      expect(minute).toBeGreaterThanOrEqual(last)
      last = minute
      if (live.clock.period === 'half_time') {
        halfTime++
        expect(minute).toBeGreaterThanOrEqual(45)
        expect(minute).toBeLessThan(46)
        expect(live.clock.seconds! / 60).toBeGreaterThanOrEqual(45)
        expect(live.clock.seconds! / 60).toBeLessThan(46)
        expect(live.clock.running).toBe(false)
      } else if (!live.finished) {
        expect(label(live.clock)).toMatch(/^\d{1,2}'$/)
        expect(Math.floor(live.clock.seconds! / 60)).toBe(Math.floor(minute))
      }
    }
    expect(last).toBe(90)
    expect(halfTime).toBeGreaterThan(40)
    const at67 = advancePlay(football, startPlay(football), (66 + 15) * 60_000 + 30_000, rng(1)).live
    expect(label(at67.clock)).toBe("67'")
  })

  it('prints the clock of every sport', () => {
    const labels = (model: SportModel, seed: number) => [...steps(model, seed, 30_000)].map(({ live }) => label(live.clock))
    const basket = labels(basketball, 1)
    expect(basket).toContain('Q1 11:45')
    expect(basket.filter((l) => /^Q[1-4] \d\d:\d\d$/.test(l)).length).toBeGreaterThan(180)
    expect(basket).toContain('half_time')
    expect(labels(hockey, 1).filter((l) => /^P[1-3] \d\d:\d\d$/.test(l)).length).toBeGreaterThan(100)
    const sets = labels(tennis, 1)
    expect(sets.some((l) => /^Set 2 · \d-\d · (0|15|30|40|AD)-(0|15|30|40|AD)$/.test(l))).toBe(true)
    expect(sets).toContain('break')
    const maps = labels(esports, 1)
    expect(maps.some((l) => /^Map 2 · \d{1,2}-\d{1,2}$/.test(l))).toBe(true)
    expect(maps).toContain('break')
    // Basketball's clock runs at half speed: a quarter takes 24 minutes.
    const q1 = advancePlay(basketball, startPlay(basketball), 24 * 60_000 - 1000, rng(1)).live
    expect(label(q1.clock)).toBe('Q1 00:01')
  })

  it('basketball overtime: priced as the time left to play, numbered, until a side leads', () => {
    let overtimes = 0
    for (let seed = 1; seed <= 80 && overtimes < 3; seed++) {
      const { incidents } = playOut(basketball, seed)
      if (!incidents.some((i) => i.kind === 'period' && i.period === 'overtime')) continue
      overtimes++
      let lastPlayed = 0
      for (const { live } of steps(basketball, seed, 15_000)) {
        const played = (live.play as { played: number }).played
        expect(played).toBeGreaterThanOrEqual(0)
        expect(played).toBeLessThanOrEqual(1)
        if (live.clock.period === 'overtime') {
          expect(live.clock.overtime).toBeGreaterThanOrEqual(1)
          expect(played).toBeGreaterThanOrEqual(lastPlayed)
          expect(buildBoard(basketball, live.play, 0.05).length).toBeGreaterThan(0)
        }
        lastPlayed = live.clock.period === 'overtime' ? played : 0
      }
    }
    expect(overtimes).toBeGreaterThan(0)
  })

  it('tennis: the tie-break serve goes first to whose turn it is, then changes every two points', () => {
    const at = (n: number, first: 'home' | 'away') =>
      pointServer({ ...TENNIS_START, games: { home: 6, away: 6 }, points: { home: Math.ceil(n / 2), away: Math.floor(n / 2) }, server: first })
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => at(n, 'away'))).toEqual(['away', 'home', 'home', 'away', 'away', 'home', 'home'])
    expect(pointServer({ ...TENNIS_START, games: { home: 5, away: 6 }, points: { home: 1, away: 0 }, server: 'away' })).toBe('away')
  })

  it('tennis: serve alternates each game, and the tie-break keeps its first server', () => {
    let tiebreaks = 0
    for (let seed = 1; seed <= 20; seed++) {
      let prev = startPlay(tennis)
      for (const { live } of steps(tennis, seed, 10_000)) {
        if (live.finished) break
        const a = (prev.play as { tennis: typeof TENNIS_START }).tennis
        const b = (live.play as { tennis: typeof TENNIS_START }).tennis
        const gamesA = a.gamesBefore.home + a.gamesBefore.away + a.games.home + a.games.away
        const gamesB = b.gamesBefore.home + b.gamesBefore.away + b.games.home + b.games.away
        // Each step holds at most one point; a finished game hands the serve over.
        expect(gamesB - gamesA).toBeLessThanOrEqual(1)
        expect(b.server === a.server).toBe(gamesB === gamesA)
        if (b.games.home === 6 && b.games.away === 6 && b.points.home + b.points.away > 0) tiebreaks++
        prev = live
      }
    }
    expect(tiebreaks).toBeGreaterThan(0)
  })
})

describe('speed', () => {
  it('plays a whole match well under 50 ms', () => {
    const timings: Record<string, number> = {}
    for (const model of MODELS) {
      playOut(model, 1)
      const t0 = performance.now()
      for (let seed = 1; seed <= 20; seed++) playOut(model, seed)
      timings[model.sport] = (performance.now() - t0) / 20
    }
    console.log('ms per whole match', Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Number(v.toFixed(3))])))
    expect(timings.football).toBeLessThan(50)
    expect(timings.tennis).toBeLessThan(50)
    for (const ms of Object.values(timings)) expect(ms).toBeLessThan(50)
  })
})
