// How a live event plays out, step by step: the simulated feed behind the in-play board. Pure and
// deterministic. Every random draw belongs to an event of the play (a goal, a possession, a point,
// a round), and each next event is drawn when the one before it happens and kept in the state, so
// one call to the end and a thousand small calls consume the same draws and reach the same state.
import type { Score, Summary } from '../../../src/shared/sportsbook/markets'
import type { PlayState, SportModel } from './board'
import type { PointsModel, TennisState } from './models'

type Side = 'home' | 'away'

/** The stage of play a scoreboard names. */
export type LivePeriod =
  | 'first_half'
  | 'half_time'
  | 'second_half'
  | 'p1'
  | 'p2'
  | 'p3'
  | 'q1'
  | 'q2'
  | 'q3'
  | 'q4'
  | 'overtime'
  | 'shootout'
  /** Tennis: set1, set2, ... */
  | `set${number}`
  /** Esports: map1, map2, ... */
  | `map${number}`
  /** Between periods (other than a half time), before an overtime or a shoot-out, between sets or maps. */
  | 'break'
  | 'ended'

/** What a player sees of the time: enough to print "67'", "Q3 04:12", "Set 2 · 4-3 · 30-15", "Map 2 · 9-7". */
export interface LiveClock {
  period: LivePeriod
  /**
   * The game clock in whole seconds. Football and handball count the match time up from the
   * start (67' is 3960 to 4019, handball 34:12 is 2052); ice hockey and basketball count the
   * period down (Q3 04:12 is 252). Frozen through a break; null in tennis and esports, which have
   * no clock, in a shoot-out, and once ended.
   */
  seconds: number | null
  /** The clock runs; in tennis and esports, points or rounds are being played (not a change of ends or a break). */
  running: boolean
  /** Basketball and ice hockey: which overtime is played, or comes after the break (1, 2, ...). */
  overtime?: number
  /** Tennis: the games of the set in play and the points of its game, or of the tie-break (raw counts: 0, 1, 2, 3 are 0, 15, 30, 40; 4-3 is advantage). */
  tennis?: { games: Score; points: Score; tiebreak: boolean }
  /** Esports: the rounds of the map in play. */
  rounds?: Score
}

export type IncidentKind = 'goal' | 'point' | 'game' | 'set' | 'map' | 'period' | 'danger' | 'safe' | 'end'

/**
 * Something that happened, at its time. 'goal': football, ice hockey (an overtime goal, or the
 * shoot-out's winner, which counts one in the final score) and handball; 'point': a basketball
 * score, a tennis point, an esports round; 'danger' and 'safe': markets suspended and reopened;
 * 'end' names the winner, or no side on a draw.
 */
export interface Incident {
  atMs: number
  kind: IncidentKind
  side?: Side
  /** Basketball: what the score was worth (1, 2 or 3). */
  points?: number
  /** 'period': the stage that begins. */
  period?: LivePeriod
}

/** A stage of a timed sport: real length, and ms of game clock per ms of real time (0 in a break). */
interface Stage {
  period: LivePeriod
  ms: number
  speed: number
}

interface StageTrack {
  /** The stage in play: an index into the sport's regular stages, then its extra ones. */
  stage: number
  /** When the stage began, in ms of the event, and the ms of game clock played by then. */
  stageAt: number
  clockAt: number
}

/** Football and ice hockey: the next goal of each side and the next dangerous attack, in ms of game clock. */
interface GoalsTrack extends StageTrack {
  kind: 'goals'
  next: { home: number; away: number; danger: number } | null
  /** Ice hockey: who won the overtime or the shoot-out. */
  decider: Side | null
}

/** Basketball and handball: who has the ball and when (game clock) the possession ends. */
interface PossessionsTrack extends StageTrack {
  kind: 'possessions'
  ball: Side | null
  endsAt: number
}

interface TennisTrack {
  kind: 'tennis'
  /** When the next point is played, in ms of the event. */
  nextAt: number | null
  /** The pause before it: between points, a change of ends, or between sets. */
  pause: 'point' | 'ends' | 'sets'
}

interface MapsTrack {
  kind: 'maps'
  rounds: Score
  /** When the map in play began, or the next one begins; when the next round ends. */
  mapAt: number
  nextAt: number | null
}

/** What the play keeps between calls beyond what it shows. Null draws are made by the first call. */
export type LiveTrack = GoalsTrack | PossessionsTrack | TennisTrack | MapsTrack

export interface LiveState {
  /** What the pricing reads (board.ts). */
  play: PlayState
  /** What a player sees: period and time. */
  clock: LiveClock
  /** Until this many ms of the event, markets stay suspended (a dangerous attack, a goal just scored, a break point...). 0 = open. */
  suspendedUntil: number
  /** Ms since the start of the event. */
  elapsedMs: number
  finished: boolean
  track: LiveTrack
}

const SEC = 1000
const MIN = 60 * SEC
/** A time no event reaches: "never", and unlike Infinity it survives JSON. */
const NEVER = Number.MAX_SAFE_INTEGER

const zero = (): Score => ({ home: 0, away: 0 })
const other = (side: Side): Side => (side === 'home' ? 'away' : 'home')
const bump = (s: Score, side: Side, by = 1): Score => (side === 'home' ? { home: s.home + by, away: s.away } : { home: s.home, away: s.away + by })
const leader = (s: Score): Side | undefined => (s.home > s.away ? 'home' : s.away > s.home ? 'away' : undefined)

type TimedSport = 'football' | 'ice_hockey' | 'basketball' | 'handball'

const stage = (period: LivePeriod, minutes: number, speed: number): Stage => ({ period, ms: minutes * MIN, speed })

/**
 * The timed sports' stages in real time. Basketball's 12-minute quarters take about twice that in
 * real time, so its clock runs at half speed; its overtimes repeat while the score is level.
 */
const TIMED: Record<TimedSport, { regular: Stage[]; extra: Stage[]; regularMs: number; countsDown: boolean }> = {
  football: {
    regular: [stage('first_half', 45, 1), stage('half_time', 15, 0), stage('second_half', 45, 1)],
    extra: [],
    regularMs: 90 * MIN,
    countsDown: false,
  },
  ice_hockey: {
    regular: [stage('p1', 20, 1), stage('break', 15, 0), stage('p2', 20, 1), stage('break', 15, 0), stage('p3', 20, 1)],
    extra: [stage('break', 2, 0), stage('overtime', 5, 1), stage('break', 1, 0), stage('shootout', 3, 0)],
    regularMs: 60 * MIN,
    countsDown: true,
  },
  basketball: {
    regular: [
      stage('q1', 24, 0.5),
      stage('break', 2, 0),
      stage('q2', 24, 0.5),
      stage('half_time', 15, 0),
      stage('q3', 24, 0.5),
      stage('break', 2, 0),
      stage('q4', 24, 0.5),
    ],
    extra: [stage('break', 2, 0), stage('overtime', 10, 0.5)],
    regularMs: 48 * MIN,
    countsDown: true,
  },
  handball: {
    regular: [stage('first_half', 30, 1), stage('half_time', 10, 0), stage('second_half', 30, 1)],
    extra: [],
    regularMs: 60 * MIN,
    countsDown: false,
  },
}

function stageOf(sport: TimedSport, index: number): Stage {
  const { regular, extra } = TIMED[sport]
  return index < regular.length ? regular[index]! : extra[(index - regular.length) % extra.length]!
}

/** Football: dangerous attacks that suspend the markets, over the whole match (both sides). */
const DANGERS_PER_MATCH = 6
const GOAL_SUSPENSION = 30 * SEC
/** Basketball: a close game's last two minutes suspend briefly after every score. */
const CLOSE_MARGIN = 5
const CLOSE_CLOCK = 2 * MIN
const CLOSE_SUSPENSION = 4 * SEC
const TENNIS_CLOSE_POINT = 5 * SEC
const TENNIS_GAME = 30 * SEC
const MAP_SUSPENSION = 60 * SEC
const MAP_BREAK = 5 * MIN
const ROUNDS_TO_WIN = 13

type Play<S> = Extract<PlayState, S>

export function startPlay(model: SportModel): LiveState {
  const timed = { stage: 0, stageAt: 0, clockAt: 0 }
  let play: PlayState
  let track: LiveTrack
  switch (model.sport) {
    case 'football':
    case 'ice_hockey':
      play = { sport: model.sport, minute: 0, score: zero() }
      track = { kind: 'goals', ...timed, next: null, decider: null }
      break
    case 'basketball':
    case 'handball':
      play = { sport: model.sport, played: 0, score: zero() }
      track = { kind: 'possessions', ...timed, ball: null, endsAt: NEVER }
      break
    case 'tennis':
      play = { sport: 'tennis', tennis: { sets: zero(), games: zero(), points: zero(), server: 'home', gamesBefore: zero() } }
      track = { kind: 'tennis', nextAt: null, pause: 'point' }
      break
    case 'esports':
      play = { sport: 'esports', maps: zero() }
      track = { kind: 'maps', rounds: zero(), mapAt: 0, nextAt: null }
      break
  }
  const live: LiveState = { play, clock: { period: 'ended', seconds: null, running: false }, suspendedUntil: 0, elapsedMs: 0, finished: false, track }
  refresh(model, live)
  return live
}

interface Run {
  model: SportModel
  live: LiveState
  incidents: Incident[]
  rng: () => number
  /** Esports: the round chance, worked out once a call. */
  roundChance?: number
}

/**
 * Plays the event on to `toElapsedMs` (never back, never past its end), event by event, whatever
 * the jump. The answer is a new state; the one given is left as it was.
 */
export function advancePlay(model: SportModel, live: LiveState, toElapsedMs: number, rng: () => number): { live: LiveState; incidents: Incident[] } {
  if (live.finished || Number.isNaN(toElapsedMs)) return { live, incidents: [] }
  const run: Run = { model, live: structuredClone(live), incidents: [], rng }
  const to = Math.max(live.elapsedMs, toElapsedMs)
  prime(run)
  for (;;) {
    const due = nextEvent(run)
    if (due.act === null || due.at > to) break
    run.live.elapsedMs = due.at
    due.act()
    if (run.live.finished) break
  }
  if (!run.live.finished) run.live.elapsedMs = to
  refresh(model, run.live)
  return { live: run.live, incidents: run.incidents }
}

/** No more bets: a dangerous moment, or the event is over. */
export function isSuspended(live: LiveState): boolean {
  return live.finished || live.elapsedMs < live.suspendedUntil
}

/** A finished event's result: every count its sport's markets settle on. */
export function resultOf(model: SportModel, live: LiveState): Summary {
  if (!live.finished) throw new Error('the event is still being played')
  if (model.sport !== live.play.sport) throw new Error('the state is of another sport')
  const play = live.play
  switch (play.sport) {
    case 'football':
    case 'handball':
      return { score: play.score }
    case 'ice_hockey': {
      const track = live.track as GoalsTrack
      return { score: play.score, final: track.decider ? bump(play.score, track.decider) : play.score }
    }
    case 'basketball':
      return { final: play.score }
    case 'tennis':
      return { sets: play.tennis.sets, games: play.tennis.gamesBefore }
    case 'esports':
      return { maps: play.maps }
  }
}

// ---------------------------------------------------------------------------------------------
// The event loop

/** The first draws, made by the first call whatever its target, so any split of calls makes them alike. */
function prime(run: Run): void {
  const { track } = run.live
  switch (track.kind) {
    case 'goals':
      if (track.next === null) {
        track.next = { home: NEVER, away: NEVER, danger: NEVER }
        for (const kind of ['home', 'away', 'danger'] as const) track.next[kind] = exponential(run.rng, goalRate(run.model, kind))
      }
      return
    case 'possessions':
      if (track.ball === null) {
        track.ball = run.rng() < 0.5 ? 'home' : 'away'
        track.endsAt = possessionLength(run)
      }
      return
    case 'tennis':
      if (track.nextAt === null) track.nextAt = uniform(run.rng, 35 * SEC, 45 * SEC)
      return
    case 'maps':
      if (track.nextAt === null) track.nextAt = track.mapAt + roundLength(run.rng)
      return
  }
}

function nextEvent(run: Run): { at: number; act: (() => void) | null } {
  const due: { at: number; act: (() => void) | null } = { at: NEVER, act: null }
  // On a tie the first offered goes first: reopening before a new suspension, events before a stage's end.
  const offer = (at: number, act: () => void) => {
    if (at < due.at) {
      due.at = at
      due.act = act
    }
  }
  const { live } = run
  if (live.suspendedUntil > 0) offer(live.suspendedUntil, () => reopen(run))
  const track = live.track
  switch (track.kind) {
    case 'goals':
    case 'possessions': {
      const sport = run.model.sport as TimedSport
      const st = stageOf(sport, track.stage)
      if (st.speed > 0) {
        const end = track.clockAt + st.ms * st.speed
        const at = (clock: number) => track.stageAt + Math.round((clock - track.clockAt) / st.speed)
        if (track.kind === 'goals' && track.next) {
          const next = track.next
          if (next.home < end) offer(at(next.home), () => goal(run, 'home'))
          if (next.away < end) offer(at(next.away), () => goal(run, 'away'))
          if (next.danger < end) offer(at(next.danger), () => danger(run))
        }
        if (track.kind === 'possessions' && track.endsAt < end) offer(at(track.endsAt), () => possessionEnds(run))
      }
      offer(track.stageAt + st.ms, () => endStage(run))
      break
    }
    case 'tennis':
      if (track.nextAt !== null) offer(track.nextAt, () => tennisPoint(run))
      break
    case 'maps':
      if (track.nextAt !== null) offer(track.nextAt, () => round(run))
      break
  }
  return due
}

function incident(run: Run, kind: IncidentKind, extra: Omit<Incident, 'atMs' | 'kind'> = {}): void {
  run.incidents.push({ atMs: run.live.elapsedMs, kind, ...extra })
}

/** Suspends the markets for `ms` from now, or longer if they already are. */
function suspend(run: Run, ms: number, side?: Side): void {
  const { live } = run
  if (live.suspendedUntil === 0) incident(run, 'danger', side ? { side } : {})
  live.suspendedUntil = Math.max(live.suspendedUntil, live.elapsedMs + ms)
}

function reopen(run: Run): void {
  run.live.suspendedUntil = 0
  incident(run, 'safe')
}

function finish(run: Run, winner: Side | undefined): void {
  run.live.finished = true
  run.live.suspendedUntil = 0
  incident(run, 'end', winner ? { side: winner } : {})
}

function uniform(rng: () => number, from: number, to: number): number {
  return Math.round(from + rng() * (to - from))
}

/** The wait to the next event of a Poisson process, in whole ms (at least one). */
function exponential(rng: () => number, perMs: number): number {
  if (!(perMs > 0)) return NEVER
  return Math.max(1, Math.ceil(-Math.log(1 - rng()) / perMs))
}

// ---------------------------------------------------------------------------------------------
// Timed sports

function timedTrack(run: Run): (GoalsTrack | PossessionsTrack) & StageTrack {
  return run.live.track as GoalsTrack | PossessionsTrack
}

function endStage(run: Run): void {
  const sport = run.model.sport as TimedSport
  const track = timedTrack(run)
  const done = stageOf(sport, track.stage)
  track.clockAt += done.ms * done.speed
  track.stageAt += done.ms
  const score = (run.live.play as Play<{ score: Score }>).score
  const closes = track.stage === TIMED[sport].regular.length - 1 || done.period === 'overtime' || done.period === 'shootout'
  if (closes) {
    if (sport === 'football' || sport === 'handball') return finish(run, leader(score))
    if (sport === 'ice_hockey' && done.period === 'shootout') {
      // The shoot-out goes to each side in proportion to its rate, as the model prices it.
      const rates = (run.model as Extract<SportModel, { sport: 'ice_hockey' }>).rates
      const winner: Side = run.rng() * (rates.home + rates.away) < rates.home ? 'home' : 'away'
      ;(track as GoalsTrack).decider = winner
      incident(run, 'goal', { side: winner })
      return finish(run, winner)
    }
    if (score.home !== score.away) return finish(run, leader(score))
  }
  track.stage += 1
  incident(run, 'period', { period: stageOf(sport, track.stage).period })
}

/** Goals and dangerous attacks per ms of game clock. */
function goalRate(model: SportModel, kind: Side | 'danger'): number {
  if (model.sport !== 'football' && model.sport !== 'ice_hockey') return 0
  const length = TIMED[model.sport].regularMs
  if (kind === 'danger') return model.sport === 'football' ? DANGERS_PER_MATCH / length : 0
  return Math.max(0, model.rates[kind]) / length
}

function goal(run: Run, side: Side): void {
  const track = run.live.track as GoalsTrack
  const next = track.next!
  const at = next[side]
  next[side] = at + exponential(run.rng, goalRate(run.model, side))
  if (stageOf(run.model.sport as TimedSport, track.stage).period === 'overtime') {
    // Sudden death: the regular-time score stands, the winner gets one in the final.
    track.decider = side
    incident(run, 'goal', { side })
    return finish(run, side)
  }
  const play = run.live.play as Play<{ minute: number }>
  play.score = bump(play.score, side)
  incident(run, 'goal', { side })
  suspend(run, GOAL_SUSPENSION, side)
}

function danger(run: Run): void {
  const track = run.live.track as GoalsTrack
  const next = track.next!
  next.danger += exponential(run.rng, goalRate(run.model, 'danger'))
  const rates = (run.model as Extract<SportModel, { sport: 'football' }>).rates
  const side: Side = run.rng() * (rates.home + rates.away) < rates.home ? 'home' : 'away'
  suspend(run, uniform(run.rng, 10 * SEC, 20 * SEC), side)
}

/**
 * How possessions score. Each side has the ball in turn; a possession scores with chance q (one
 * per side) and, when it does, 1, 2 or 3 points in basketball (in a fixed mix) or one goal in
 * handball. The number of possessions is chosen so that each side's points over the regular time
 * have the model's mean and, as near as the mix allows, its spread: with n possessions a side,
 * mean = n·q·m and variance = n·(q·e − q²·m²), m and e the mean and mean square of a score.
 */
export function possessionPlan(sport: 'basketball' | 'handball', points: PointsModel): { perSide: number; q: Score; weights: number[]; lengthMs: number } {
  const weights = sport === 'basketball' ? [0.1, 0.65, 0.25] : [1]
  const m = weights.reduce((sum, w, i) => sum + w * (i + 1), 0)
  const e = weights.reduce((sum, w, i) => sum + w * (i + 1) ** 2, 0)
  const mean = Math.max(1, (points.home + points.away) / 2)
  const variance = points.spread * points.spread
  const q = Math.min(0.9, Math.max(0.15, (e - (m * variance) / mean) / (m * m)))
  const perSide = mean / (q * m)
  const chance = (side: number) => Math.min(1, Math.max(0, side) / (perSide * m))
  return { perSide, q: { home: chance(points.home), away: chance(points.away) }, weights, lengthMs: TIMED[sport].regularMs / (2 * perSide) }
}

function plan(run: Run) {
  const model = run.model as Extract<SportModel, { sport: 'basketball' | 'handball' }>
  return possessionPlan(model.sport, model.points)
}

/** A possession's length in ms of game clock: around the plan's mean, never a Poisson's long tail. */
function possessionLength(run: Run): number {
  const mean = plan(run).lengthMs
  return uniform(run.rng, mean * 0.5, mean * 1.5)
}

function possessionEnds(run: Run): void {
  const track = run.live.track as PossessionsTrack
  const side = track.ball!
  const { q, weights } = plan(run)
  const clockNow = track.endsAt
  // One draw decides whether the possession scores and what: [0, q) scores, split by the weights.
  const u = run.rng()
  let points = 0
  if (u < q[side]) {
    let edge = 0
    points = weights.length
    for (let i = 0; i < weights.length; i++) {
      edge += weights[i]! * q[side]
      if (u < edge) {
        points = i + 1
        break
      }
    }
  }
  track.ball = other(side)
  track.endsAt = clockNow + possessionLength(run)
  if (points === 0) return
  const play = run.live.play as Play<{ played: number }>
  play.score = bump(play.score, side, points)
  if (run.model.sport === 'handball') return incident(run, 'goal', { side })
  incident(run, 'point', { side, points })
  const st = stageOf('basketball', track.stage)
  const left = track.clockAt + st.ms * st.speed - clockNow
  const close = Math.abs(play.score.home - play.score.away) <= CLOSE_MARGIN
  if ((st.period === 'q4' || st.period === 'overtime') && left <= CLOSE_CLOCK && close) suspend(run, CLOSE_SUSPENSION, side)
}

// ---------------------------------------------------------------------------------------------
// Tennis

/** Who serves the current point: in a tie-break, the first server, then the other for two points, and so on. */
export function pointServer(t: TennisState): Side {
  if (!(t.games.home === 6 && t.games.away === 6)) return t.server
  const n = t.points.home + t.points.away
  return Math.floor((n + 1) / 2) % 2 === 0 ? t.server : other(t.server)
}

/** The state after a point won by `winner`, and what it won. */
export function scorePoint(t: TennisState, winner: Side, setsToWin: number): { state: TennisState; game?: Side; set?: Side; match?: Side } {
  const tiebreak = t.games.home === 6 && t.games.away === 6
  const points = bump(t.points, winner)
  if (points[winner] < (tiebreak ? 7 : 4) || points[winner] - points[other(winner)] < 2) {
    // Deuce stays 40-40 rather than counting on.
    const deuce = !tiebreak && points.home >= 3 && points.home === points.away
    return { state: { ...t, points: deuce ? { home: 3, away: 3 } : points } }
  }
  const games = bump(t.games, winner)
  // The serve changes every game; after a tie-break, the other player than its first server serves.
  const server = other(t.server)
  const setOver = tiebreak || (games[winner] >= 6 && games[winner] - games[other(winner)] >= 2)
  if (!setOver) return { state: { ...t, games, points: zero(), server }, game: winner }
  const sets = bump(t.sets, winner)
  const gamesBefore = { home: t.gamesBefore.home + games.home, away: t.gamesBefore.away + games.away }
  const state = { sets, games: zero(), points: zero(), server, gamesBefore }
  return { state, game: winner, set: winner, ...(sets[winner] >= setsToWin ? { match: winner } : {}) }
}

function tennisPoint(run: Run): void {
  const model = (run.model as Extract<SportModel, { sport: 'tennis' }>).tennis
  const play = run.live.play as Play<{ sport: 'tennis' }>
  const track = run.live.track as TennisTrack
  const server = pointServer(play.tennis)
  const homeWins = server === 'home' ? model.homeServe : 1 - model.awayServe
  const winner: Side = run.rng() < homeWins ? 'home' : 'away'
  const after = scorePoint(play.tennis, winner, model.setsToWin)
  play.tennis = after.state
  incident(run, 'point', { side: winner })
  if (after.game) incident(run, 'game', { side: after.game })
  if (after.set) incident(run, 'set', { side: after.set })
  if (after.match) return finish(run, after.match)
  const now = run.live.elapsedMs
  if (after.set) {
    track.pause = 'sets'
    track.nextAt = now + 2 * MIN
  } else if (after.game && (after.state.games.home + after.state.games.away) % 2 === 1) {
    track.pause = 'ends'
    track.nextAt = now + 90 * SEC
  } else {
    track.pause = 'point'
    track.nextAt = now + uniform(run.rng, 35 * SEC, 45 * SEC)
  }
  if (after.game) suspend(run, TENNIS_GAME)
  else if (isBreakOrSetPoint(after.state, model.setsToWin)) suspend(run, TENNIS_CLOSE_POINT)
}

function isBreakOrSetPoint(t: TennisState, setsToWin: number): boolean {
  const tiebreak = t.games.home === 6 && t.games.away === 6
  if (!tiebreak && scorePoint(t, other(t.server), setsToWin).game) return true
  return scorePoint(t, 'home', setsToWin).set !== undefined || scorePoint(t, 'away', setsToWin).set !== undefined
}

// ---------------------------------------------------------------------------------------------
// Esports

/** The chance the home side wins the race, needing `home` more rounds against the other's `away`, at `r` a round. */
export function raceChance(r: number, home: number, away: number): number {
  if (home <= 0) return 1
  if (away <= 0) return 0
  // Home takes its last round with j of the other's rounds before it, j < away.
  let term = r ** home
  let sum = term
  for (let j = 1; j < away; j++) {
    term *= ((home - 1 + j) / j) * (1 - r)
    sum += term
  }
  return Math.min(1, sum)
}

/** The chance of a round that makes the chance of a map (first to 13 rounds) the model's. */
export function roundChance(homeMap: number): number {
  let lo = 0
  let hi = 1
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2
    if (raceChance(mid, ROUNDS_TO_WIN, ROUNDS_TO_WIN) < homeMap) lo = mid
    else hi = mid
  }
  return (lo + hi) / 2
}

/** A round lasts 80 to 110 s, so a close map takes about 35 minutes. */
function roundLength(rng: () => number): number {
  return uniform(rng, 80 * SEC, 110 * SEC)
}

function round(run: Run): void {
  const model = (run.model as Extract<SportModel, { sport: 'esports' }>).maps
  const play = run.live.play as Play<{ sport: 'esports' }>
  const track = run.live.track as MapsTrack
  run.roundChance ??= roundChance(model.homeMap)
  const winner: Side = run.rng() < run.roundChance ? 'home' : 'away'
  track.rounds = bump(track.rounds, winner)
  incident(run, 'point', { side: winner })
  const now = run.live.elapsedMs
  if (track.rounds[winner] < ROUNDS_TO_WIN) {
    track.nextAt = now + roundLength(run.rng)
    return
  }
  play.maps = bump(play.maps, winner)
  track.rounds = zero()
  incident(run, 'map', { side: winner })
  if (play.maps[winner] >= model.mapsToWin) return finish(run, winner)
  suspend(run, MAP_SUSPENSION)
  track.mapAt = now + MAP_BREAK
  track.nextAt = track.mapAt + roundLength(run.rng)
}

// ---------------------------------------------------------------------------------------------
// What the pricing reads and the player sees, at the state's time

function refresh(model: SportModel, live: LiveState): void {
  const track = live.track
  const now = live.elapsedMs
  switch (track.kind) {
    case 'goals':
    case 'possessions':
      return refreshTimed(model.sport as TimedSport, live, track, now)
    case 'tennis': {
      const t = (live.play as Play<{ sport: 'tennis' }>).tennis
      const tennis = { games: t.games, points: t.points, tiebreak: t.games.home === 6 && t.games.away === 6 }
      if (live.finished) live.clock = { period: 'ended', seconds: null, running: false }
      else if (track.pause === 'sets') live.clock = { period: 'break', seconds: null, running: false, tennis }
      else live.clock = { period: `set${t.sets.home + t.sets.away + 1}`, seconds: null, running: track.pause === 'point', tennis }
      return
    }
    case 'maps': {
      const play = live.play as Play<{ sport: 'esports' }>
      const maps = (model as Extract<SportModel, { sport: 'esports' }>).maps
      delete play.currentMapHome
      if (live.finished) live.clock = { period: 'ended', seconds: null, running: false }
      else if (now < track.mapAt) live.clock = { period: 'break', seconds: null, running: false }
      else {
        const r = roundChance(maps.homeMap)
        play.currentMapHome = raceChance(r, ROUNDS_TO_WIN - track.rounds.home, ROUNDS_TO_WIN - track.rounds.away)
        live.clock = { period: `map${play.maps.home + play.maps.away + 1}`, seconds: null, running: true, rounds: track.rounds }
      }
      return
    }
  }
}

function refreshTimed(sport: TimedSport, live: LiveState, track: StageTrack, now: number): void {
  const { regular, regularMs, countsDown } = TIMED[sport]
  const st = stageOf(sport, track.stage)
  const stageClock = st.ms * st.speed
  const clock = track.clockAt + Math.min(stageClock, Math.max(0, now - track.stageAt) * st.speed)
  const extra = track.stage >= regular.length
  const play = live.play
  if (play.sport === 'football' || play.sport === 'ice_hockey') play.minute = Math.min(regularMs, clock) / MIN
  else if (play.sport === 'handball') play.played = Math.min(1, clock / regularMs)
  else if (play.sport === 'basketball') {
    if (live.finished) play.played = 1
    else if (!extra) play.played = Math.min(1, clock / regularMs)
    else {
      // Overtime is priced as the last stretch of regular time, as long as the overtime left (or
      // to come, in the break before it): the model reads only the share of time still to play.
      const left = st.period === 'overtime' ? track.clockAt + stageClock - clock : stageOf(sport, track.stage + 1).ms * 0.5
      play.played = 1 - left / regularMs
    }
  }
  if (live.finished) {
    live.clock = { period: 'ended', seconds: null, running: false }
    return
  }
  const overtime = extra && sport === 'basketball' ? Math.floor((track.stage - regular.length) / 2) + 1 : extra && st.period !== 'shootout' && track.stage - regular.length < 2 ? 1 : undefined
  let seconds: number | null
  if (st.period === 'shootout') seconds = null
  else if (!countsDown) seconds = Math.floor(clock / SEC)
  else seconds = st.speed > 0 ? Math.ceil((track.clockAt + stageClock - clock) / SEC) : 0
  live.clock = { period: st.period, seconds, running: st.speed > 0 || st.period === 'shootout', ...(overtime ? { overtime } : {}) }
}
