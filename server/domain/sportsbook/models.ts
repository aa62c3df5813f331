// What each sport's result may be, with its chances, from the two sides' strengths and the state
// of play: the same model prices an event before kick-off (nothing played) and live (the score so
// far plus what the time left may bring). Each returns a Distribution for pricing.ts.
import type { Score, Summary } from '../../../src/shared/sportsbook/markets'
import type { Distribution } from './pricing'

const MAX_GOALS = 12

/** Poisson chances of 0..max events at rate lambda; the tail is folded into the last. */
export function poisson(lambda: number, max = MAX_GOALS): number[] {
  const out: number[] = []
  let p = Math.exp(-lambda)
  let sum = 0
  for (let k = 0; k <= max; k++) {
    out.push(p)
    sum += p
    p = (p * lambda) / (k + 1)
  }
  out[max]! += Math.max(0, 1 - sum)
  return out
}

function add(a: Score, home: number, away: number): Score {
  return { home: a.home + home, away: a.away + away }
}

export interface GoalsState {
  /** Minutes played of the regular time. */
  minute: number
  score: Score
}

export interface GoalRates {
  /** Expected goals over the whole regular time. */
  home: number
  away: number
}

/**
 * Football: each side's goals in the time left are independent Poisson, at its rate for the whole
 * match scaled by the share of time left. Settles on the regular-time score.
 */
export function footballDistribution(rates: GoalRates, state: GoalsState, length = 90): Distribution {
  const left = Math.max(0, Math.min(1, (length - state.minute) / length))
  const home = poisson(rates.home * left)
  const away = poisson(rates.away * left)
  const out: Array<readonly [Summary, number]> = []
  for (let h = 0; h < home.length; h++) {
    for (let a = 0; a < away.length; a++) {
      const p = home[h]! * away[a]!
      if (p > 1e-9) out.push([{ score: add(state.score, h, a) }, p])
    }
  }
  return normalise(out)
}

/**
 * Ice hockey: regular time as in football (60 minutes); a draw goes to overtime and shoot-out,
 * won in proportion to the rates, which adds one goal to the winner's final score (the usual
 * rule for totals and the puck line).
 */
export function hockeyDistribution(rates: GoalRates, state: GoalsState): Distribution {
  const regular = footballDistribution(rates, state, 60)
  const homeOt = rates.home / (rates.home + rates.away)
  const out: Array<readonly [Summary, number]> = []
  for (const [summary, p] of regular) {
    const score = summary.score!
    if (score.home !== score.away) out.push([{ score, final: score }, p])
    else {
      out.push([{ score, final: add(score, 1, 0) }, p * homeOt])
      out.push([{ score, final: add(score, 0, 1) }, p * (1 - homeOt)])
    }
  }
  return out
}

export interface PointsModel {
  /** Expected points over the regular time. */
  home: number
  away: number
  /** Standard deviation of one side's points over the regular time. */
  spread: number
}

export interface PointsState {
  /** The share of regular time played, 0 to 1. */
  played: number
  score: Score
}

function normalCdf(x: number): number {
  // Abramowitz and Stegun 7.1.26 on erf: within 1.5e-7, far finer than a price's step.
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2))
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2)
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2
}

/** A side's points still to come, as whole numbers with their chances (a discretised normal). */
function pointsLeft(mean: number, sd: number): Array<[number, number]> {
  if (sd < 1e-6) return [[Math.max(0, Math.round(mean)), 1]]
  const out: Array<[number, number]> = []
  const from = Math.max(0, Math.floor(mean - 4 * sd))
  const to = Math.ceil(mean + 4 * sd)
  for (let k = from; k <= to; k++) {
    const lo = k === from ? 0 : normalCdf((k - 0.5 - mean) / sd)
    const hi = k === to ? 1 : normalCdf((k + 0.5 - mean) / sd)
    if (hi - lo > 1e-9) out.push([k, hi - lo])
  }
  return out
}

function pointsGrid(model: PointsModel, state: PointsState, each: (score: Score, p: number) => void): void {
  const left = Math.max(0, Math.min(1, 1 - state.played))
  const sd = model.spread * Math.sqrt(left)
  const home = pointsLeft(model.home * left, sd)
  const away = pointsLeft(model.away * left, sd)
  for (const [h, ph] of home) for (const [a, pa] of away) each(add(state.score, h, a), ph * pa)
}

/**
 * Basketball: each side's points to come as a discretised normal; a tie goes to overtime, won in
 * proportion to the expected points, by a typical overtime margin. Settles on the final score.
 */
export function basketballDistribution(model: PointsModel, state: PointsState): Distribution {
  const homeOt = model.home / (model.home + model.away)
  const out: Array<readonly [Summary, number]> = []
  pointsGrid(model, state, (score, p) => {
    if (score.home !== score.away) out.push([{ final: score }, p])
    else {
      out.push([{ final: add(score, 11, 8) }, p * homeOt])
      out.push([{ final: add(score, 8, 11) }, p * (1 - homeOt)])
    }
  })
  return normalise(out)
}

/** Handball: points as in basketball, and a draw stands. Settles on the regular-time score. */
export function handballDistribution(model: PointsModel, state: PointsState): Distribution {
  const out: Array<readonly [Summary, number]> = []
  pointsGrid(model, state, (score, p) => out.push([{ score }, p]))
  return normalise(out)
}

export interface TennisModel {
  /** The chance each player wins a point on their own serve. */
  homeServe: number
  awayServe: number
  /** Sets to win the match (2 of 3, or 3 of 5). */
  setsToWin: number
}

export interface TennisState {
  sets: Score
  /** Games in the set being played. */
  games: Score
  /** Points in the game (or tie-break) being played. */
  points: Score
  /** Who serves the current point; in a tie-break, who served its first point. */
  server: 'home' | 'away'
  /** Games of the sets already finished, summed (the game handicap and total count all). */
  gamesBefore: Score
}

export const TENNIS_START: TennisState = {
  sets: { home: 0, away: 0 },
  games: { home: 0, away: 0 },
  points: { home: 0, away: 0 },
  server: 'home',
  gamesBefore: { home: 0, away: 0 },
}

/** The chance the server wins a game from points (a, b) of theirs against the receiver's. */
export function holdChance(p: number, a: number, b: number): number {
  const memo = new Map<string, number>()
  const deuce = (p * p) / (p * p + (1 - p) * (1 - p))
  const walk = (x: number, y: number): number => {
    if (x >= 4 && x - y >= 2) return 1
    if (y >= 4 && y - x >= 2) return 0
    if (x >= 3 && y >= 3) {
      if (x === y) return deuce
      return x > y ? p + (1 - p) * deuce : p * deuce
    }
    const key = `${x}:${y}`
    const known = memo.get(key)
    if (known !== undefined) return known
    const value = p * walk(x + 1, y) + (1 - p) * walk(x, y + 1)
    memo.set(key, value)
    return value
  }
  return walk(a, b)
}

/**
 * The chance the home player wins a tie-break from (a, b) points, where `first` served its first
 * point and the serve changes after the first point and then every two.
 */
export function tiebreakChance(model: TennisModel, a: number, b: number, first: 'home' | 'away'): number {
  const homeWinsOn = (server: 'home' | 'away') => (server === 'home' ? model.homeServe : 1 - model.awayServe)
  const serverAt = (n: number): 'home' | 'away' => (Math.floor((n + 1) / 2) % 2 === 0 ? first : first === 'home' ? 'away' : 'home')
  const memo = new Map<string, number>()
  // From an even score at 6-6 or later, each pair of points has one serve each.
  const pairWin = homeWinsOn('home') * homeWinsOn('away')
  const pairLose = (1 - homeWinsOn('home')) * (1 - homeWinsOn('away'))
  const level = pairWin / (pairWin + pairLose)
  const walk = (x: number, y: number): number => {
    if (x >= 7 && x - y >= 2) return 1
    if (y >= 7 && y - x >= 2) return 0
    if (x >= 6 && x === y) return level
    const key = `${x}:${y}`
    const known = memo.get(key)
    if (known !== undefined) return known
    const p = homeWinsOn(serverAt(x + y))
    const value = p * walk(x + 1, y) + (1 - p) * walk(x, y + 1)
    memo.set(key, value)
    return value
  }
  return walk(a, b)
}

const other = (side: 'home' | 'away'): 'home' | 'away' => (side === 'home' ? 'away' : 'home')

/**
 * Tennis, game by game: the current game (or tie-break) from its points, then every game to the
 * end of the match, each held at the server's hold chance; a set at 6-6 goes to a tie-break.
 * Results count sets (match winner, set betting) and games (game handicap, total games).
 */
export function tennisDistribution(model: TennisModel, state: TennisState): Distribution {
  const hold = { home: holdChance(model.homeServe, 0, 0), away: holdChance(model.awayServe, 0, 0) }
  const tiebreakFrom = { home: tiebreakChance(model, 0, 0, 'home'), away: tiebreakChance(model, 0, 0, 'away') }
  // Finished matches by sets and all games; the match in play by its state after n games, merged,
  // so the work grows with the number of distinct states, not of paths (a 3-set match has ~10^10).
  const out = new Map<string, [Summary, number]>()
  interface At {
    sets: Score
    games: Score
    before: Score
    server: 'home' | 'away'
  }
  let layer = new Map<string, [At, number]>()
  const keyOf = (a: At) => `${a.sets.home}:${a.sets.away}:${a.games.home}:${a.games.away}:${a.before.home}:${a.before.away}:${a.server}`
  const put = (into: Map<string, [At, number]>, at: At, p: number) => {
    const key = keyOf(at)
    const known = into.get(key)
    if (known) known[1] += p
    else into.set(key, [at, p])
  }
  // One game won by `winner`; `at.server` served it (in a tie-break, its first point).
  const advance = (at: At, winner: 'home' | 'away', p: number, tiebreak: boolean, into: Map<string, [At, number]>) => {
    if (p < 1e-12) return
    const g = add(at.games, winner === 'home' ? 1 : 0, winner === 'away' ? 1 : 0)
    // After a tie-break, whoever received its first point serves the next set's first game.
    const next = other(at.server)
    const setOver = tiebreak || (Math.max(g.home, g.away) >= 6 && Math.abs(g.home - g.away) >= 2)
    if (!setOver) return put(into, { sets: at.sets, games: g, before: at.before, server: next }, p)
    const sets = add(at.sets, g.home > g.away ? 1 : 0, g.away > g.home ? 1 : 0)
    const before = add(at.before, g.home, g.away)
    if (sets.home === model.setsToWin || sets.away === model.setsToWin) {
      const key = `${sets.home}:${sets.away}:${before.home}:${before.away}`
      const known = out.get(key)
      if (known) known[1] += p
      else out.set(key, [{ sets, games: before }, p])
      return
    }
    put(into, { sets, games: { home: 0, away: 0 }, before, server: next }, p)
  }
  // The game in progress, from its points.
  const { sets, games, points, server, gamesBefore } = state
  const now: At = { sets, games, before: gamesBefore, server }
  if (games.home === 6 && games.away === 6) {
    const w = tiebreakChance(model, points.home, points.away, server)
    advance(now, 'home', w, true, layer)
    advance(now, 'away', 1 - w, true, layer)
  } else {
    const serverPoints = server === 'home' ? points.home : points.away
    const receiverPoints = server === 'home' ? points.away : points.home
    const h = holdChance(server === 'home' ? model.homeServe : model.awayServe, serverPoints, receiverPoints)
    advance(now, server, h, false, layer)
    advance(now, other(server), 1 - h, false, layer)
  }
  // Then every game to the end, a layer per game.
  while (layer.size > 0) {
    const next = new Map<string, [At, number]>()
    for (const [at, p] of layer.values()) {
      if (at.games.home === 6 && at.games.away === 6) {
        const w = tiebreakFrom[at.server]
        advance(at, 'home', p * w, true, next)
        advance(at, 'away', p * (1 - w), true, next)
      } else {
        const h = hold[at.server]
        advance(at, at.server, p * h, false, next)
        advance(at, other(at.server), p * (1 - h), false, next)
      }
    }
    layer = next
  }
  return normalise([...out.values()])
}

export interface MapsModel {
  /** The chance the home side wins a map. */
  homeMap: number
  /** Maps to win the match (2 in a best of three). */
  mapsToWin: number
}

/** Esports: maps won independently at one chance each until one side has enough. */
export function esportsDistribution(model: MapsModel, maps: Score, currentMapHome = model.homeMap): Distribution {
  const out: Array<readonly [Summary, number]> = []
  const walk = (m: Score, p: number, chance: number) => {
    if (m.home === model.mapsToWin || m.away === model.mapsToWin) {
      out.push([{ maps: m }, p])
      return
    }
    walk(add(m, 1, 0), p * chance, model.homeMap)
    walk(add(m, 0, 1), p * (1 - chance), model.homeMap)
  }
  walk(maps, 1, currentMapHome)
  return out
}

function normalise(dist: Array<readonly [Summary, number]>): Distribution {
  const total = dist.reduce((sum, [, p]) => sum + p, 0)
  return total > 0 ? dist.map(([s, p]) => [s, p / total] as const) : dist
}
