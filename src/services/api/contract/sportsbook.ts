// Sportsbook area (not in SPEC §7, which leaves the book "not shown"; docs/sportsbook.md): the
// board as anyone may read it. Prices are integers, decimal odds in thousandths (1850 is 1.85);
// the views print them in the player's odds format. Live changes follow on the public socket topics
// `sb.live` (every live event's score and clock) and `sb.event.{id}` (one event's board).
import { array, boolean, enums, integer, max, min, nullable, number, object, optional, pattern, size, string, type Infer } from 'superstruct'
import { MARKET_KINDS, SPORTS } from '../../../shared/sportsbook/markets'
import { defineCall } from './define'
import { wireInteger } from './params'

export const SB_EVENT_STATUSES = ['scheduled', 'live', 'ended', 'settled', 'cancelled'] as const

const Id = pattern(string(), /^[1-9]\d{0,17}$/)
const Price = nullable(min(integer(), 1010))

export const SbScoreSchema = object({ home: min(integer(), 0), away: min(integer(), 0) })

/** What a player reads of a live event: the score and the clock, sport by sport. */
export const SbLiveSchema = object({
  score: SbScoreSchema,
  /** football and handball "first_half", basketball "q3", tennis "set2", esports "map1", "break", "ended" ... */
  period: string(),
  /** Seconds on the clock the sport shows (football counts up, basketball counts down); null when it shows none. */
  seconds: nullable(integer()),
  running: boolean(),
  /** Tennis: games of the set and points of the game; esports: rounds of the map. */
  detail: optional(
    object({
      sets: optional(array(SbScoreSchema)),
      games: optional(SbScoreSchema),
      points: optional(object({ home: string(), away: string() })),
      rounds: optional(SbScoreSchema),
      server: optional(enums(['home', 'away'])),
    }),
  ),
})
export type SbLive = Infer<typeof SbLiveSchema>

export const SbOutcomeSchema = object({
  id: Id,
  key: string(),
  price: Price,
})

export const SbMarketSchema = object({
  id: Id,
  key: string(),
  kind: enums(MARKET_KINDS),
  line: nullable(number()),
  status: enums(['open', 'suspended', 'settled']),
  outcomes: array(SbOutcomeSchema),
})
export type SbMarket = Infer<typeof SbMarketSchema>

const SideSchema = object({ id: string(), name: string() })

export const SbEventSummarySchema = object({
  id: Id,
  sport: enums(SPORTS),
  league: object({ id: string(), name: string(), country: string() }),
  home: SideSchema,
  away: SideSchema,
  starts_at: string(),
  status: enums(SB_EVENT_STATUSES),
  suspended: boolean(),
  live: nullable(SbLiveSchema),
  /** The event's main market (1X2, or the match winner), for a list row. */
  main: nullable(SbMarketSchema),
  /** How many markets the event page shows. */
  markets_count: min(integer(), 0),
  version: min(integer(), 0),
})
export type SbEventSummary = Infer<typeof SbEventSummarySchema>

export const SbEventSchema = object({
  ...SbEventSummarySchema.schema,
  markets: array(SbMarketSchema),
})
export type SbEvent = Infer<typeof SbEventSchema>

export const SbSportSchema = object({
  sport: enums(SPORTS),
  live: min(integer(), 0),
  upcoming: min(integer(), 0),
  leagues: array(
    object({
      id: string(),
      name: string(),
      country: string(),
      live: min(integer(), 0),
      upcoming: min(integer(), 0),
    }),
  ),
})
export type SbSport = Infer<typeof SbSportSchema>

/** GET /api/sportsbook/tree: every sport with its leagues and how many events each has live and to come. */
export const getSportsTree = defineCall({
  area: 'sportsbook',
  name: 'tree',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: array(SbSportSchema),
})

export const SB_LIST_MAX = 100

/**
 * GET /api/sportsbook/events: events live now or to come, soonest first, narrowed by sport,
 * league and a team's name (any locale, typos forgiven).
 */
export const getSportsEvents = defineCall({
  area: 'sportsbook',
  name: 'events',
  method: 'GET',
  access: 'anyone',
  request: object({
    status: optional(enums(['live', 'upcoming'])),
    sport: optional(enums(SPORTS)),
    league: optional(size(pattern(string(), /^[a-z0-9]+(?:-[a-z0-9]+)*$/), 1, 64)),
    query: optional(size(string(), 0, 100)),
    offset: optional(max(min(wireInteger(), 0), 10_000)),
    count: optional(max(min(wireInteger(), 1), SB_LIST_MAX)),
  }),
  response: object({ events: array(SbEventSummarySchema), total: min(integer(), 0) }),
})

/** GET /api/sportsbook/event: one event with every market. Unknown ids: sportsbook_event_not_found. */
export const getSportsEvent = defineCall({
  area: 'sportsbook',
  name: 'event',
  method: 'GET',
  access: 'anyone',
  request: object({ id: Id }),
  response: SbEventSchema,
})

/** The public socket topics. */
export const SB_LIVE_TOPIC = 'sb.live'
export const sbEventTopic = (id: string): string => `sb.event.${id}`
