// The built-in odds feed: invented fixtures scheduled around now (fixtures.ts), played live point by
// point or minute by minute (play.ts), priced by the book's own models (board.ts). Its state lives
// in the events' rows (the model column), so whichever instance holds the feed's lock carries on
// where another stopped. Its clock is its own: the real time plus an offset that end-to-end tests
// may move forward (clock.ts), so a match can be played to its end in a test.
import type { Kysely } from 'kysely'
import type { SbLive } from '../../../src/services/api/contract/sportsbook'
import type { DB } from '../../db/schema'
import { buildBoard, type SportModel } from './board'
import type { FeedUpdate, OddsFeed } from './feed'
import { fixturesBetween, matchLength } from './fixtures'
import { LEAGUES } from './fixture-names'
import { advancePlay, isSuspended, pointServer, resultOf, startPlay, type LiveState } from './play'

/** How far ahead the simulator announces fixtures. */
export const SCHEDULE_AHEAD_MS = 72 * 3_600_000
/** How often it looks for new fixtures (the window slides on). */
const SCHEDULE_EVERY_MS = 10 * 60_000
/** Pre-match boards written per poll: a fresh start fills the board over its first polls, not in one. */
const NEW_BOARDS_PER_POLL = 25
/** Each upcoming event's prices drift about this often (real time since its board was last written). */
const DRIFT_EVERY_MS = 5 * 60_000

export interface Margins {
  prematch: number
  live: number
}

export const DEFAULT_MARGINS: Margins = { prematch: 0.05, live: 0.07 }

/** What the simulator keeps in an event's model column. */
export interface SimState {
  model: SportModel
  /** The generator's state, so a restart plays on the same way. */
  seed: number
  live?: LiveState
}

/** mulberry32 over a state carried in the row. */
function generator(state: { seed: number }): () => number {
  return () => {
    state.seed = (state.seed + 0x6d2b79f5) >>> 0
    let t = state.seed
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function hashSeed(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

const POINTS = ['0', '15', '30', '40']

/** What a player reads of a live event, from the simulator's state. */
export function liveView(live: LiveState): SbLive {
  const { clock, play } = live
  const score =
    play.sport === 'tennis' ? play.tennis.sets : play.sport === 'esports' ? play.maps : play.score
  const view: SbLive = { score: { home: score.home, away: score.away }, period: clock.period, seconds: clock.seconds, running: clock.running }
  if (play.sport === 'tennis' && clock.tennis) {
    const { points, tiebreak, games } = clock.tennis
    const text = (mine: number, theirs: number) => {
      if (tiebreak) return String(mine)
      if (mine >= 3 && theirs >= 3) return mine > theirs ? 'A' : '40'
      return POINTS[Math.min(mine, 3)]!
    }
    view.detail = {
      games: { home: games.home, away: games.away },
      points: { home: text(points.home, points.away), away: text(points.away, points.home) },
      // Who serves this point (in a tie-break the serve moves every two points).
      server: pointServer(play.tennis),
    }
  }
  if (play.sport === 'esports' && clock.rounds) view.detail = { rounds: { home: clock.rounds.home, away: clock.rounds.away } }
  return view
}

/**
 * What the prices read of a live state, to the grain worth a new board: the score and a whole
 * minute of a clock (a game minute in basketball and handball). A board every second per event
 * cost a tenth of a core for nothing a player could see.
 */
function pricedKey(live: LiveState): string {
  const play = live.play
  switch (play.sport) {
    case 'football':
    case 'ice_hockey':
      return JSON.stringify([play.score, Math.floor(play.minute)])
    case 'basketball':
    case 'handball':
      return JSON.stringify([play.score, Math.floor(play.played * 48)])
    default:
      return JSON.stringify(play)
  }
}

/** What a player sees, less the running seconds (their browser counts those from the last figure). */
function shownKey(live: LiveState): string {
  const { seconds: _seconds, ...rest } = liveView(live)
  return JSON.stringify(rest)
}

export interface SimulatorOptions {
  margins?: () => Promise<Margins>
}

/**
 * The simulator as an OddsFeed. Each poll: announce the fixtures of the window (every 10 minutes),
 * start the events due, play every live event on to `now`, end those finished, and let a few
 * upcoming prices drift.
 */
export function simulatorFeed(db: Kysely<DB>, options: SimulatorOptions = {}): OddsFeed {
  let scheduledAt = -Infinity
  let leaguesSent = false
  const margins = options.margins ?? (async () => DEFAULT_MARGINS)

  return {
    name: 'simulator',
    async poll(now: Date): Promise<FeedUpdate[]> {
      const t = now.getTime()
      const updates: FeedUpdate[] = []
      const margin = await margins()
      if (!leaguesSent) {
        updates.push({
          type: 'leagues',
          leagues: LEAGUES.map((l, i) => ({ id: l.id, sport: l.sport, country: l.country, names: { ...l.names }, position: i })),
        })
        leaguesSent = true
      }
      if (t - scheduledAt >= SCHEDULE_EVERY_MS || t < scheduledAt) {
        // From the longest match back, so a fresh start finds the matches already under way.
        const longest = Math.max(...LEAGUES.map((l) => matchLength(l.sport)))
        const plans = fixturesBetween(new Date(t - longest), new Date(t + SCHEDULE_AHEAD_MS))
        updates.push({
          type: 'fixtures',
          events: plans.map((p) => ({
            feedId: p.feedId,
            leagueId: p.leagueId,
            sport: p.sport,
            home: p.home,
            away: p.away,
            startsAt: p.startsAt,
            model: { model: p.model, seed: hashSeed(p.feedId) } satisfies SimState,
          })),
        })
        scheduledAt = t
      }
      updates.push(...(await simulateBoards(db, now, new Date(), margin)))
      return updates
    },
  }
}

/**
 * The boards of a poll, from the events in the database (fixtures announced by this poll get theirs
 * from the next). Each update carries the simulator's new state for its row, written with the
 * board in one transaction. A live event whose figures did not change is not written: the next poll
 * plays it on from the state last stored, which the same generator state makes the same play.
 */
async function simulateBoards(db: Kysely<DB>, now: Date, realNow: Date, margins: Margins): Promise<FeedUpdate[]> {
  const t = now.getTime()
  const updates: FeedUpdate[] = []
  const select = () => db.selectFrom('sb_events').select(['feed_id', 'status', 'starts_at', 'model', 'version']).where('feed_id', 'like', 'sim:%')
  // Only the rows with work: those under way, and a few to come that wait for a first board or a
  // drift (the drift is timed on the row's last write). Reading every upcoming row each second
  // cost a tenth of a core.
  const [started, due] = await Promise.all([
    select()
      .where((eb) => eb.or([eb('status', '=', 'live'), eb.and([eb('status', '=', 'scheduled'), eb('starts_at', '<=', now)])]))
      .orderBy('starts_at')
      .execute(),
    select()
      .where('status', '=', 'scheduled')
      .where('starts_at', '>', now)
      .where('starts_at', '<', new Date(t + SCHEDULE_AHEAD_MS))
      .where((eb) => eb.or([eb('version', '=', 0), eb('updated_at', '<', new Date(realNow.getTime() - DRIFT_EVERY_MS))]))
      .orderBy('version')
      .orderBy('starts_at')
      .limit(NEW_BOARDS_PER_POLL)
      .execute(),
  ])
  const rows = [...started, ...due]

  for (const row of rows) {
    const sim = row.model as SimState | null
    if (!sim?.model) continue
    const startMs = row.starts_at.getTime()
    if (startMs <= t) {
      // Under way: play on to now.
      const before = sim.live ?? startPlay(sim.model)
      const rng = generator(sim)
      const { live } = advancePlay(sim.model, before, t - startMs, rng)
      const wasSuspended = sim.live ? isSuspended(sim.live) : false
      const changed = !sim.live || pricedKey(before) !== pricedKey(live) || isSuspended(live) !== wasSuspended || shownKey(before) !== shownKey(live)
      sim.live = live
      if (live.finished) {
        updates.push({ type: 'result', feedId: row.feed_id, result: resultOf(sim.model, live), live: liveView(live), feedState: sim })
        continue
      }
      if (!changed && row.status === 'live') continue
      updates.push({
        type: 'board',
        feedId: row.feed_id,
        version: row.version,
        status: 'live',
        live: liveView(live),
        suspended: isSuspended(live),
        markets: buildBoard(sim.model, live.play, margins.live),
        feedState: sim,
      })
      continue
    }
    // To come: a first board, then a drift now and then.
    if (row.version > 0) sim.model = drift(sim.model, generator(sim))
    updates.push({
      type: 'board',
      feedId: row.feed_id,
      version: row.version,
      status: 'scheduled',
      live: null,
      suspended: false,
      markets: buildBoard(sim.model, startOf(sim.model), margins.prematch),
      feedState: sim,
    })
  }
  return updates
}

/** Nothing played yet, in the shape each sport's pricing reads. */
function startOf(model: SportModel) {
  return startPlay(model).play
}

/** A small random walk of the model: team news, money coming in. At most 3 % a step. */
function drift(model: SportModel, rng: () => number): SportModel {
  const nudge = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x * (1 + (rng() - 0.5) * 0.06)))
  switch (model.sport) {
    case 'football':
    case 'ice_hockey':
      return { ...model, rates: { home: nudge(model.rates.home, 0.3, 5), away: nudge(model.rates.away, 0.3, 5) } }
    case 'basketball':
    case 'handball':
      return { ...model, points: { ...model.points, home: nudge(model.points.home, 10, 200), away: nudge(model.points.away, 10, 200) } }
    case 'tennis':
      return { ...model, tennis: { ...model.tennis, homeServe: nudge(model.tennis.homeServe, 0.45, 0.8), awayServe: nudge(model.tennis.awayServe, 0.45, 0.8) } }
    case 'esports':
      return { ...model, maps: { ...model.maps, homeMap: nudge(model.maps.homeMap, 0.15, 0.85) } }
  }
}
