// Sportsbook area (not in SPEC §7, which leaves the book "not shown"; docs/sportsbook.md): the
// board as anyone may read it. Prices are integers, decimal odds in thousandths (1850 is 1.85);
// the views print them in the player's odds format. Live changes follow on the public socket topics
// `sb.live` (every live event's score and clock) and `sb.event.{id}` (one event's board).
import { array, boolean, enums, integer, max, min, nullable, number, object, optional, pattern, size, string, type Infer } from 'superstruct'
import { MARKET_KINDS, SPORTS } from '../../../shared/sportsbook/markets'
import { ODDS_FORMATS, ODDS_POLICIES } from '../../../shared/sportsbook/odds'
import { defineCall } from './define'
import { wireInteger, wireJson } from './params'

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

/**
 * One event's change as the public topics carry it: `sb.event.{id}` sends each, `sb.live` sends
 * `{ events: [...] }` for live events and main markets. `version` is absent on the message that
 * ends the event; `prices` name each outcome by id and by its market's and its own key.
 */
export interface SbChangeMessage {
  readonly id: string
  readonly version?: number
  readonly status: SbEventSummary['status']
  readonly suspended: boolean
  readonly live: SbLive | null
  readonly prices: readonly { readonly id: string; readonly market: string; readonly outcome: string; readonly price: number | null }[]
  readonly markets: readonly { readonly market: string; readonly status: SbMarket['status'] }[]
}

/** What a betslip row shows of one outcome: its event, market and current price. */
export const SbSlipOutcomeSchema = object({
  id: Id,
  key: string(),
  /** Null: withdrawn. */
  price: Price,
  /** Not open for betting now (the market or event suspended, or no price). */
  suspended: boolean(),
  market: object({ id: Id, key: string(), kind: enums(MARKET_KINDS), line: nullable(number()), status: enums(['open', 'suspended', 'settled']) }),
  event: object({ id: Id, sport: enums(SPORTS), home: SideSchema, away: SideSchema, starts_at: string(), status: enums(SB_EVENT_STATUSES), suspended: boolean() }),
})
export type SbSlipOutcome = Infer<typeof SbSlipOutcomeSchema>

export const SB_SLIP_MAX_IDS = 20

/**
 * GET /api/sportsbook/outcomes?ids=1,2,...: up to 20 outcomes as a betslip shows them, with their
 * prices now, so a slip saved as ids and prices comes back current. Unknown ids are left out.
 */
export const getSlipOutcomes = defineCall({
  area: 'sportsbook',
  name: 'outcomes',
  method: 'GET',
  access: 'anyone',
  request: object({ ids: pattern(string(), /^[1-9]\d{0,17}(?:,[1-9]\d{0,17}){0,19}$/) }),
  response: size(array(SbSlipOutcomeSchema), 0, SB_SLIP_MAX_IDS),
})

/** The public socket topics. */
export const SB_LIVE_TOPIC = 'sb.live'
export const sbEventTopic = (id: string): string => `sb.event.${id}`

// ── bets ────────────────────────────────────────────────────────────────────

export const SB_BET_STATUSES = ['open', 'won', 'lost', 'void', 'cashed_out'] as const
export const SB_LEG_RESULTS = ['won', 'lost', 'void', 'half_won', 'half_lost', 'dead_heat'] as const

export const SbBetSchema = object({
  id: Id,
  kind: enums(['single', 'accumulator', 'system']),
  system: nullable(string()),
  lines: min(integer(), 1),
  currency: string(),
  /** Major units: per line, and in all. */
  stake_per_line: string(),
  stake: string(),
  /** What the bet returns if every open leg wins. */
  potential: string(),
  status: enums(SB_BET_STATUSES),
  /**
   * real: staked from the main balance; betting_bonus: from the betting-bonus balance, which its
   * returns go back to; free_bet: the book's stake (a betting bonus), winnings only returned.
   */
  funding: enums(['real', 'betting_bonus', 'free_bet']),
  /** What it paid, once settled or cashed out. */
  payout: nullable(string()),
  placed_at: string(),
  settled_at: nullable(string()),
  legs: array(
    object({
      event: object({ id: Id, sport: enums(SPORTS), home: string(), away: string(), starts_at: string(), status: enums(SB_EVENT_STATUSES) }),
      market: object({ key: string(), kind: enums(MARKET_KINDS), line: nullable(number()) }),
      outcome: object({ id: Id, key: string() }),
      /** The price it was struck at. */
      price: min(integer(), 1010),
      result: nullable(enums(SB_LEG_RESULTS)),
    }),
  ),
  /** Each cash-out taken, oldest first, in major units: what it paid and the stake it took off (all lines). */
  cashouts: array(object({ amount: string(), stake: string(), at: string() })),
})
export type SbBet = Infer<typeof SbBetSchema>

/**
 * POST /api/sportsbook/placeBet: one bet (a single, an accumulator or a system) on the selections
 * with the prices the player saw, staked from the main balance, the betting-bonus balance or a free bet. `key` (the client's, per bet) makes
 * a double submit one bet. Refusals (InvalidParameterException unless noted): sportsbook_bad_bet,
 * sportsbook_selection_unknown, sportsbook_selection_closed, sportsbook_price_changed (error_data
 * `changes`: each outcome's new price), sportsbook_same_event, sportsbook_stake_below_min /
 * _above_max, sportsbook_payout_above_max, sportsbook_event_limit, sportsbook_player_limit,
 * sportsbook_key_conflict; insufficient_funds (UserNeedDepositException).
 */
export const placeSportsBet = defineCall({
  area: 'sportsbook',
  name: 'placeBet',
  method: 'POST',
  access: 'player',
  request: object({
    key: pattern(string(), /^[A-Za-z0-9_-]{8,64}$/),
    kind: enums(['single', 'accumulator', 'system']),
    system: optional(pattern(string(), /^(?:doubles|trebles|trixie|patent|yankee|lucky15|[1-9]\d?\/[1-9]\d?)$/)),
    /** Major units per line, a decimal string. */
    stake: pattern(string(), /^\d{1,12}(?:\.\d{1,8})?$/),
    odds_policy: enums(['accept_any', 'accept_higher', 'always_ask']),
    /** JSON: [{ outcome_id, price }], 1 to 20. */
    selections: wireJson(size(array(object({ outcome_id: Id, price: max(min(integer(), 1010), 1_000_000) })), 1, 20)),
    /** A free bet (bettingbonuses) that stakes this single or accumulator; `stake` is its amount. */
    free_bet: optional(Id),
    /** Where the stake comes from (main by default); a bet staked from the betting bonus pays back into it. */
    balance: optional(enums(['main', 'betting_bonus'])),
  }),
  response: SbBetSchema,
})

export const SB_BET_FILTERS = ['open', 'settled', 'won', 'lost', 'void', 'cashed_out'] as const

/**
 * GET /api/sportsbook/bets: the player's bets, newest first; `status` narrows (settled: every closed
 * bet). AccessDeniedException feature_off while the site config's features.betHistory is off.
 */
export const getSportsBets = defineCall({
  area: 'sportsbook',
  name: 'bets',
  method: 'GET',
  access: 'player',
  request: object({
    status: optional(enums(SB_BET_FILTERS)),
    offset: optional(max(min(wireInteger(), 0), 100_000)),
    count: optional(max(min(wireInteger(), 1), SB_LIST_MAX)),
  }),
  response: object({ bets: array(SbBetSchema), total: min(integer(), 0) }),
})

/** GET /api/sportsbook/cashOutOffer: what the book pays for the player's open bet now; `amount` null when it cannot. */
export const getCashOutOffer = defineCall({
  area: 'sportsbook',
  name: 'cashOutOffer',
  method: 'GET',
  access: 'player',
  request: object({ bet: Id }),
  response: object({ bet_id: Id, amount: nullable(string()), currency: string() }),
})

/**
 * POST /api/sportsbook/cashOut: sells the bet back for the offer the player saw (`seen`), or for a
 * part of it (`amount`, the rest of the bet stays on at a smaller stake). Honoured while the value
 * now is within 2 % below `seen`; beyond, sportsbook_cashout_changed with the new offer in
 * error_data. Also sportsbook_cashout_unavailable (settling, a leg suspended), sportsbook_cashout_amount.
 */
export const cashOutSportsBet = defineCall({
  area: 'sportsbook',
  name: 'cashOut',
  method: 'POST',
  access: 'player',
  request: object({
    bet: Id,
    key: pattern(string(), /^[A-Za-z0-9_-]{8,64}$/),
    seen: pattern(string(), /^\d{1,12}(?:\.\d{1,8})?$/),
    amount: optional(pattern(string(), /^\d{1,12}(?:\.\d{1,8})?$/)),
  }),
  response: SbBetSchema,
})

/** The book's limits on one bet, in major units of the player's currency: the betslip shows them. */
export const SbBetLimitsSchema = object({
  currency: string(),
  /** Per line. */
  min_stake: string(),
  /** A bet's whole stake (every line). */
  max_stake: string(),
  max_payout: string(),
})
export type SbBetLimits = Infer<typeof SbBetLimitsSchema>

export const SbSettingsSchema = object({
  odds_format: enums(ODDS_FORMATS),
  odds_policy: enums(ODDS_POLICIES),
  /** The betslip's selections as the player left them (on any device). */
  slip: array(object({ outcome_id: Id, price: max(min(integer(), 1010), 1_000_000) })),
  limits: SbBetLimitsSchema,
})
export type SbSettings = Infer<typeof SbSettingsSchema>

/** GET /api/sportsbook/settings: the player's odds format, odds-change policy, saved betslip and the book's limits. */
export const getSportsSettings = defineCall({
  area: 'sportsbook',
  name: 'settings',
  method: 'GET',
  access: 'player',
  request: object({}),
  response: SbSettingsSchema,
})

/** POST /api/sportsbook/saveSettings: changes any of them; what is not sent stays. Answers them all, with the limits. */
export const saveSportsSettings = defineCall({
  area: 'sportsbook',
  name: 'saveSettings',
  method: 'POST',
  access: 'player',
  request: object({
    odds_format: optional(enums(ODDS_FORMATS)),
    odds_policy: optional(enums(ODDS_POLICIES)),
    /** JSON, up to 20 selections. */
    slip: optional(wireJson(size(array(object({ outcome_id: Id, price: max(min(integer(), 1010), 1_000_000) })), 0, 20))),
  }),
  response: SbSettingsSchema,
})
