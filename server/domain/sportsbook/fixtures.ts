// The simulator's fixture list: which invented teams meet when, and the model that prices each
// match. A pure function of time: every fixture follows from its league's id and a slot index
// through a seeded hash, so any process asking about any window gets the same answer and the
// caller can upsert by feed id without keeping a schedule of its own.
import type { Locale } from '../../../src/shared/locales'
import { SPORTS, type Sport } from '../../../src/shared/sportsbook/markets'
import type { SportModel } from './board'
import { LEAGUES, type LeagueEntry, type ParticipantEntry } from './fixture-names'

export interface Participant {
  id: string
  names: Record<Locale, string>
}

export interface FixturePlan {
  /** `sim:<leagueId>:<slot>:<homeId>:<awayId>`: stable, and new if the data ever pairs a slot differently. */
  feedId: string
  leagueId: string
  sport: Sport
  startsAt: Date
  home: Participant
  away: Participant
  model: SportModel
}

const MINUTE = 60_000

/** Minutes a match takes in real time, breaks included. */
const LENGTH: Record<Sport, number> = {
  football: 105,
  tennis: 105,
  basketball: 120,
  ice_hockey: 150,
  handball: 70,
  esports: 120,
}

/** Expected real duration of a match, in ms: a fixture started less than this ago is live. */
export function matchLength(sport: Sport): number {
  return LENGTH[sport] * MINUTE
}

interface Cadence {
  /** Minutes between a sport's slots; its leagues take the slots in turn. */
  every: number
  /** Minutes past midnight UTC of the sport's slot 0, so sports do not all kick off together. */
  offset: number
  /** Relative chances of one, two, three matches in a slot. */
  matches: readonly number[]
  /** Minutes between the kick-offs of one slot's matches (0: all at once, as a football round). */
  stagger: number
}

/** A slot may kick off a quarter of an hour early, so kick-offs do not all fall on one beat. */
const EARLY = 15

// A sport stays live around the clock when every + EARLY <= its length: the next slot then starts
// before the last one's first match ends. Handball alone is left with gaps. Leagues per sport times
// `every` keeps a league's consecutive slots hours apart, so a side never plays two at once.
const CADENCE: Record<Sport, Cadence> = {
  football: { every: 90, offset: 0, matches: [11, 8, 1], stagger: 0 },
  tennis: { every: 90, offset: 45, matches: [4, 1], stagger: 30 },
  basketball: { every: 105, offset: 30, matches: [4, 1], stagger: 30 },
  ice_hockey: { every: 135, offset: 15, matches: [4, 1], stagger: 0 },
  handball: { every: 120, offset: 60, matches: [3, 1], stagger: 15 },
  esports: { every: 105, offset: 75, matches: [4, 1], stagger: 0 },
}

const BY_SPORT = {} as Record<Sport, readonly LeagueEntry[]>
for (const sport of SPORTS) BY_SPORT[sport] = LEAGUES.filter((league) => league.sport === sport)

/** Every fixture whose kick-off lies in [from, to), by kick-off time. */
export function fixturesBetween(from: Date, to: Date): FixturePlan[] {
  const start = from.getTime()
  const end = to.getTime()
  if (!(start < end)) return []
  const out: FixturePlan[] = []
  for (const sport of SPORTS) {
    const leagues = BY_SPORT[sport]
    if (leagues.length === 0) continue
    const cadence = CADENCE[sport]
    const step = cadence.every * MINUTE
    const base = cadence.offset * MINUTE
    const latest = (cadence.matches.length - 1) * cadence.stagger * MINUTE
    // Slots whose matches could fall in the window: a kick-off lies between the slot's time less
    // EARLY and that time plus the last match's stagger.
    const first = Math.floor((start - base - latest) / step)
    const last = Math.ceil((end - base + EARLY * MINUTE) / step)
    for (let n = first; n <= last; n++) {
      const league = leagues[mod(n, leagues.length)]!
      for (const plan of slotFixtures(league, Math.floor(n / leagues.length), base + n * step)) {
        const at = plan.startsAt.getTime()
        if (at >= start && at < end) out.push(plan)
      }
    }
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || (a.feedId < b.feedId ? -1 : a.feedId > b.feedId ? 1 : 0))
}

/** One slot of a league: one to three matches between distinct sides. */
function slotFixtures(league: LeagueEntry, slot: number, at: number): FixturePlan[] {
  const cadence = CADENCE[league.sport]
  const random = generator(`${league.id}:${slot}`)
  const kickOff = at - (random() < 0.5 ? EARLY * MINUTE : 0)
  const count = Math.min(pick(cadence.matches, random()) + 1, Math.floor(league.participants.length / 2))
  const sides = shuffled(league.participants, random)
  const plans: FixturePlan[] = []
  for (let k = 0; k < count; k++) {
    const home = sides[2 * k]!
    const away = sides[2 * k + 1]!
    plans.push({
      feedId: `sim:${league.id}:${slot}:${home.id}:${away.id}`,
      leagueId: league.id,
      sport: league.sport,
      startsAt: new Date(kickOff + k * cadence.stagger * MINUTE),
      home: participant(home),
      away: participant(away),
      model: modelFor(league, home, away, random),
    })
  }
  return plans
}

function participant(entry: ParticipantEntry): Participant {
  const name = entry.name
  return { id: entry.id, names: typeof name === 'string' ? { en: name, es: name, pt: name, de: name } : { ...name } }
}

/** A league's own character (how many goals or points its games bring), fixed by its id. */
function leagueTempo(league: LeagueEntry): number {
  return generator(`${league.id}:tempo`)()
}

/**
 * The match's model from the two ratings: their difference, plus a little form on the day, on a
 * -1..1 scale moves each side's rate around the sport's usual figures, home side favoured.
 */
function modelFor(league: LeagueEntry, home: ParticipantEntry, away: ParticipantEntry, random: () => number): SportModel {
  const form = (random() - 0.5) * 6
  const d = clamp((home.strength - away.strength + form) / 40, -1, 1)
  const tempo = leagueTempo(league)
  // International competitions are mostly played on neutral ground: less home advantage.
  const neutral = league.country === 'INT'
  switch (league.sport) {
    case 'football': {
      const scale = 0.92 + 0.16 * tempo
      const homeBase = neutral ? 1.4 : 1.5
      const awayBase = neutral ? 1.25 : 1.15
      return {
        sport: 'football',
        rates: {
          home: round(clamp(scale * homeBase * Math.exp(0.5 * d), 0.8, 2.6), 2),
          away: round(clamp(scale * awayBase * Math.exp(-0.5 * d), 0.6, 2.2), 2),
        },
      }
    }
    case 'ice_hockey': {
      const scale = 0.92 + 0.16 * tempo
      return {
        sport: 'ice_hockey',
        rates: {
          home: round(clamp(scale * 3.1 * Math.exp(0.22 * d), 2, 4), 2),
          away: round(clamp(scale * 2.8 * Math.exp(-0.22 * d), 2, 4), 2),
        },
      }
    }
    case 'basketball': {
      const mean = 104 + 8 * tempo
      const edge = (neutral ? 0.5 : 1.5) + 8 * d
      return {
        sport: 'basketball',
        points: { home: round(clamp(mean + edge, 95, 120), 1), away: round(clamp(mean - edge, 95, 120), 1), spread: round(9.5 + tempo, 1) },
      }
    }
    case 'handball': {
      const mean = 28 + 2 * tempo
      const edge = (neutral ? 0.25 : 0.75) + 3.5 * d
      return {
        sport: 'handball',
        points: { home: round(clamp(mean + edge, 24, 34), 1), away: round(clamp(mean - edge, 24, 34), 1), spread: round(3.3 + 0.4 * tempo, 2) },
      }
    }
    case 'tennis': {
      // The serve wins fewer points in the women's game.
      const serve = league.women ? 0.585 : 0.645
      return {
        sport: 'tennis',
        tennis: { homeServe: round(clamp(serve + 0.055 * d, 0.55, 0.72), 3), awayServe: round(clamp(serve - 0.055 * d, 0.55, 0.72), 3), setsToWin: 2 },
      }
    }
    case 'esports':
      return { sport: 'esports', maps: { homeMap: round(clamp(1 / (1 + Math.exp(-1.1 * d)), 0.25, 0.75), 3), mapsToWin: 2 } }
  }
}

// Seeded randomness: a 32-bit string hash, finished so that neighbouring slots spread apart, seeds
// a xorshift generator.

function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

function generator(key: string): () => number {
  let state = hash(key) || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    state >>>= 0
    return state / 4294967296
  }
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** The index of a weight, chosen with the weights' chances by a uniform draw u in [0, 1). */
function pick(weights: readonly number[], u: number): number {
  const total = weights.reduce((sum, w) => sum + w, 0)
  let left = u * total
  for (let i = 0; i < weights.length; i++) {
    left -= weights[i]!
    if (left < 0) return i
  }
  return weights.length - 1
}

const mod = (n: number, m: number) => ((n % m) + m) % m
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x))
const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places
