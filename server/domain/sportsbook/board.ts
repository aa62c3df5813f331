// An event's board: every market the book offers on it, with lines chosen around the model's
// expectation and prices with the margin. Rebuilt on every state change of a live event.
import { countOf, marketKey, outcomeKeys, type MarketKind, type Score, type Sport } from '../../../src/shared/sportsbook/markets'
import type { Price } from '../../../src/shared/sportsbook/odds'
import {
  basketballDistribution,
  esportsDistribution,
  footballDistribution,
  handballDistribution,
  hockeyDistribution,
  tennisDistribution,
  type GoalRates,
  type MapsModel,
  type PointsModel,
  type TennisModel,
  type TennisState,
} from './models'
import { likelyScores, mainLine, priceMarket, type Distribution } from './pricing'

export type SportModel =
  | { sport: 'football'; rates: GoalRates }
  | { sport: 'ice_hockey'; rates: GoalRates }
  | { sport: 'basketball'; points: PointsModel }
  | { sport: 'handball'; points: PointsModel }
  | { sport: 'tennis'; tennis: TennisModel }
  | { sport: 'esports'; maps: MapsModel }

/** Where an event stands: nothing played before the start; the feed's figures once live. */
export type PlayState =
  | { sport: 'football' | 'ice_hockey'; minute: number; score: Score }
  | { sport: 'basketball' | 'handball'; played: number; score: Score }
  | { sport: 'tennis'; tennis: TennisState }
  | { sport: 'esports'; maps: Score; currentMapHome?: number }

export interface BoardOutcome {
  key: string
  price: Price | null
}

export interface BoardMarket {
  key: string
  kind: MarketKind
  line: number | null
  outcomes: BoardOutcome[]
}

export function distributionOf(model: SportModel, state: PlayState): Distribution {
  switch (model.sport) {
    case 'football':
      return footballDistribution(model.rates, state.sport === 'football' ? state : { minute: 0, score: { home: 0, away: 0 } })
    case 'ice_hockey':
      return hockeyDistribution(model.rates, state.sport === 'ice_hockey' ? state : { minute: 0, score: { home: 0, away: 0 } })
    case 'basketball':
      return basketballDistribution(model.points, state.sport === 'basketball' ? state : { played: 0, score: { home: 0, away: 0 } })
    case 'handball':
      return handballDistribution(model.points, state.sport === 'handball' ? state : { played: 0, score: { home: 0, away: 0 } })
    case 'tennis':
      return tennisDistribution(model.tennis, state.sport === 'tennis' ? state.tennis : undefinedState())
    case 'esports':
      return state.sport === 'esports'
        ? esportsDistribution(model.maps, state.maps, state.currentMapHome)
        : esportsDistribution(model.maps, { home: 0, away: 0 })
  }
}

function undefinedState(): TennisState {
  return {
    sets: { home: 0, away: 0 },
    games: { home: 0, away: 0 },
    points: { home: 0, away: 0 },
    server: 'home',
    gamesBefore: { home: 0, away: 0 },
  }
}

const diff = (s: Score) => s.home - s.away
const sum = (s: Score) => s.home + s.away

/** The lines a market offers: the main line and, for the sports with many, its neighbours. */
function linesFor(sport: Sport, kind: 'handicap' | 'total', dist: Distribution): number[] {
  const on = countOf(sport, kind)!
  if (kind === 'total') {
    const main = mainLine(dist, on, sum, 1)
    if (sport === 'football') return uniq([0.5, 1.5, main - 0.25, main, main + 0.25, 2.5, 3.5, 4.5]).filter((l) => l > 0)
    if (sport === 'basketball') return [main - 4, main, main + 4]
    if (sport === 'tennis' || sport === 'handball') return [main - 2, main, main + 2]
    if (sport === 'esports') return [2.5]
    return uniq([main - 1, main, main + 1]).filter((l) => l > 0)
  }
  // The handicap that makes the home side an even chance, laid against the home side's margin.
  const main = -mainLine(dist, on, diff, 1)
  if (sport === 'football') return uniq([main - 0.5, main - 0.25, main, main + 0.25, main + 0.5])
  if (sport === 'ice_hockey' || sport === 'esports') return [-1.5, 1.5]
  if (sport === 'basketball') return [main - 3, main, main + 3]
  return [main - 1, main, main + 1]
}

function uniq(lines: number[]): number[] {
  return [...new Set(lines)].sort((a, b) => a - b)
}

/** The book's board for an event in a given state, at a margin (0.05 is 5 %). */
export function buildBoard(model: SportModel, state: PlayState, margin: number): BoardMarket[] {
  const sport = model.sport
  const dist = distributionOf(model, state)
  const markets: BoardMarket[] = []
  const kinds: MarketKind[] = (['match_result', 'double_chance', 'draw_no_bet', 'match_winner', 'handicap', 'total', 'both_score', 'correct_score'] as const).filter(
    (kind) => countOf(sport, kind) !== null,
  )
  for (const kind of kinds) {
    const on = countOf(sport, kind)!
    if (kind === 'handicap' || kind === 'total') {
      for (const line of linesFor(sport, kind, dist)) {
        const outcomes = priceMarket(dist, on, kind, line, outcomeKeys(kind), margin)
        markets.push({ key: marketKey(kind, line), kind, line, outcomes: outcomes.map(({ key, price }) => ({ key, price })) })
      }
      continue
    }
    const keys = kind === 'correct_score' ? correctScoreKeys(sport, dist, on) : outcomeKeys(kind)
    const outcomes = priceMarket(dist, on, kind, null, keys, margin)
    markets.push({ key: marketKey(kind), kind, line: null, outcomes: outcomes.map(({ key, price }) => ({ key, price })) })
  }
  return markets
}

function correctScoreKeys(sport: Sport, dist: Distribution, on: 'score' | 'final' | 'sets' | 'games' | 'maps'): string[] {
  // Tennis sets and esports maps: every possible score. Football: the likely ones and "other".
  if (sport === 'tennis' || sport === 'esports') return likelyScores(dist, on, 0, 10).sort()
  return [...likelyScores(dist, on, 0.01, 16).sort(), 'other']
}
