// Games area, the catalogue (SPEC §7 Games: get, getCategories, getProviders, getLikes, addLike,
// removeLike, getHistory, createhistoryexportrequest, gethistoryexportrequest; SPEC §3 Games).
// Response shapes are ours (SPEC: not shown). Every entry is a studio title that plays
// (docs/games.md#the-catalogue): the catalogue never lists a game that does not open.
import { array, boolean, enums, integer, max, min, nullable, object, optional, pattern, size, string, type Infer } from 'superstruct'
import { defineCall } from './define'
import { wireInteger, wireList } from './params'
import { DecimalString } from './shapes'
import { GAME_QUERY_MAX, GAME_SORTS, GAME_TYPES, SORT_ORDERS, SYSNAME_PATTERN, type CatalogueGameType, type GameSort, type SortOrder } from '../../../shared/games/catalogue-terms'

export { GAME_QUERY_MAX, GAME_SORTS, GAME_TYPES, SORT_ORDERS, type CatalogueGameType, type GameSort, type SortOrder }

const Sysname = pattern(string(), SYSNAME_PATTERN)


/** Tags a card shows: new (released in the last 30 days), hot (most played this week), popular (most played in 30 days), jackpot. */
export const GAME_TAGS = ['new', 'hot', 'popular', 'jackpot'] as const
export type GameTag = (typeof GAME_TAGS)[number]

/** SPEC §3 fullscreen options: where the game page opens the game full screen. */
export const FULLSCREEN_OPTIONS = ['all', 'telegram', 'product', 'none'] as const
export type FullscreenOption = (typeof FULLSCREEN_OPTIONS)[number]


/** `options` of games/get: `demo` keeps games a visitor can play for fun; `favourites` the caller's likes (a visitor gets none). */
export const GAME_OPTIONS = ['demo', 'favourites'] as const
export type GameOption = (typeof GAME_OPTIONS)[number]

export const VOLATILITIES = ['low', 'medium', 'high', 'very high'] as const

/** The most games one page of games/get returns. */
export const GAME_PAGE_MAX = 100

export const GameProviderRefSchema = object({ sysname: Sysname, name: string() })

/** A catalogue entry, every field (games/get answers these unless `fields` names fewer). */
export const GameSchema = object({
  sysname: Sysname,
  /** Title and description in the request's locale (English when the locale has none). */
  title: string(),
  description: string(),
  provider: GameProviderRefSchema,
  type: enums(GAME_TYPES),
  /** The engine the title plays on (docs/games.md): dice, line_slot, blackjack ... */
  kind: string(),
  tags: array(enums(GAME_TAGS)),
  /** Sysnames of the categories the game is in, in the categories' order. */
  categories: array(string()),
  /** Thumbnails through the /_ipx pipeline, webp, at 1x and 2x. */
  image: object({ x1: string(), x2: string() }),
  /** Stated return to player, a percentage with 2 decimals ('96.50'); `rtpMax` where the options raise it. */
  rtp: DecimalString,
  rtpMax: nullable(DecimalString),
  volatility: enums(VOLATILITIES),
  /** First-stake limits in the caller's currency (a visitor's: the demo purse's); null when the game does not take it. */
  limits: nullable(object({ currency: string(), min: DecimalString, max: DecimalString })),
  fullscreen: enums(FULLSCREEN_OPTIONS),
  /** Open to visitors on a demo balance. */
  demo: boolean(),
  /** Release day, yyyy-mm-dd. */
  released: string(),
  /** Rounds played in the last 30 days (popularity orders by it). */
  plays: min(integer(), 0),
  /** The launch address (SPEC §2.1 helper): /platform/game/{sysname}/play. */
  url: string(),
})
export type Game = Infer<typeof GameSchema>
export const GAME_FIELDS = Object.keys(GameSchema.schema) as readonly (keyof Game)[]

/** What `fields` leaves: the sysname always, the rest as asked. */
export const GamePartSchema = object({
  sysname: Sysname,
  title: optional(string()),
  description: optional(string()),
  provider: optional(GameProviderRefSchema),
  type: optional(enums(GAME_TYPES)),
  kind: optional(string()),
  tags: optional(array(enums(GAME_TAGS))),
  categories: optional(array(string())),
  image: optional(object({ x1: string(), x2: string() })),
  rtp: optional(DecimalString),
  rtpMax: optional(nullable(DecimalString)),
  volatility: optional(enums(VOLATILITIES)),
  limits: optional(nullable(object({ currency: string(), min: DecimalString, max: DecimalString }))),
  fullscreen: optional(enums(FULLSCREEN_OPTIONS)),
  demo: optional(boolean()),
  released: optional(string()),
  plays: optional(min(integer(), 0)),
  url: optional(string()),
})
export type GamePart = Infer<typeof GamePartSchema>

export const GamePageSchema = object({
  items: array(GamePartSchema),
  /** Games matching the filters, all pages. */
  total: min(integer(), 0),
  offset: min(integer(), 0),
  count: min(integer(), 1),
})
export type GamePage = Infer<typeof GamePageSchema>

/**
 * GET /api/games/get: one page of the catalogue. `query` searches titles in every locale and
 * provider names, tolerating typos (docs/decisions: trigram similarity), ranked by closeness unless
 * `sort` is given. Lists repeat their key (types=slot&types=fast). `category` is ours: the games of
 * one category (the hall's /gamehall/{id}). `sysname` reads one game (a page of at most one).
 */
export const getGames = defineCall({
  area: 'games',
  name: 'get',
  method: 'GET',
  access: 'anyone',
  request: object({
    offset: optional(max(min(wireInteger(), 0), 100_000)),
    count: optional(max(min(wireInteger(), 1), GAME_PAGE_MAX)),
    sort: optional(enums(GAME_SORTS)),
    order: optional(enums(SORT_ORDERS)),
    query: optional(size(string(), 0, GAME_QUERY_MAX)),
    fields: optional(wireList(enums(GAME_FIELDS as (keyof Game)[]))),
    types: optional(wireList(enums(GAME_TYPES))),
    tags: optional(wireList(enums(GAME_TAGS))),
    providers: optional(wireList(Sysname)),
    options: optional(wireList(enums(GAME_OPTIONS))),
    sysname: optional(Sysname),
    category: optional(Sysname),
  }),
  response: GamePageSchema,
})

export const GameCategorySchema = object({
  sysname: Sysname,
  /** In the request's locale. */
  name: string(),
  /** The hall's order of rails. */
  position: min(integer(), 0),
  games: min(integer(), 0),
  /** What the category holds: a type, a tag, or games the operator picked. */
  rule: object({ type: optional(enums(GAME_TYPES)), tag: optional(enums(GAME_TAGS)) }),
})
export type GameCategory = Infer<typeof GameCategorySchema>

/** GET /api/games/getCategories: the hall's categories in order, each with its count of games. */
export const getGameCategories = defineCall({
  area: 'games',
  name: 'getCategories',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: array(GameCategorySchema),
})

export const GameProviderSchema = object({
  sysname: Sysname,
  name: string(),
  /** In the request's locale. */
  description: string(),
  image: object({ x1: string(), x2: string() }),
  games: min(integer(), 0),
  types: array(enums(GAME_TYPES)),
  /** SPEC §3 provider game_params: what the provider's games take at launch. */
  game_params: object({ demo: boolean(), fullscreen: enums(FULLSCREEN_OPTIONS) }),
})
export type GameProvider = Infer<typeof GameProviderSchema>

/** What `fields` leaves of a provider: the sysname always, the rest as asked. */
export const GameProviderPartSchema = object({
  sysname: Sysname,
  name: optional(string()),
  description: optional(string()),
  image: optional(object({ x1: string(), x2: string() })),
  games: optional(min(integer(), 0)),
  types: optional(array(enums(GAME_TYPES))),
  game_params: optional(object({ demo: boolean(), fullscreen: enums(FULLSCREEN_OPTIONS) })),
})
export type GameProviderPart = Infer<typeof GameProviderPartSchema>

/** GET /api/games/getProviders: the studios, with the types they make; `types` keeps those making any of them; `fields` as in games/get. */
export const getGameProviders = defineCall({
  area: 'games',
  name: 'getProviders',
  method: 'GET',
  access: 'anyone',
  request: object({
    fields: optional(wireList(enums(Object.keys(GameProviderSchema.schema) as (keyof GameProvider)[]))),
    types: optional(wireList(enums(GAME_TYPES))),
  }),
  response: array(GameProviderPartSchema),
})

/** GET /api/games/getLikes: the player's favourites, sysnames, newest first (SPEC §3 favourite list). A visitor has none. */
export const getLikes = defineCall({
  area: 'games',
  name: 'getLikes',
  method: 'GET',
  access: 'anyone',
  request: object({}),
  response: array(Sysname),
})

/** POST /api/games/addLike: adds a favourite; adding one twice is one favourite. Players only (SPEC §4). */
export const addLike = defineCall({
  area: 'games',
  name: 'addLike',
  method: 'POST',
  access: 'player',
  request: object({ sysname: Sysname }),
  response: array(Sysname),
})

/** POST /api/games/removeLike: removes a favourite; removing one that is not there is no error. */
export const removeLike = defineCall({
  area: 'games',
  name: 'removeLike',
  method: 'POST',
  access: 'player',
  request: object({ sysname: Sysname }),
  response: array(Sysname),
})

export const GameHistoryRowSchema = object({
  /** The round's id (the verify link: /fairness?round={id}). */
  id: string(),
  game: Sysname,
  title: string(),
  mode: enums(['real', 'fun']),
  currency: string(),
  stake: DecimalString,
  payout: DecimalString,
  /** payout - stake. */
  net: DecimalString,
  status: enums(['open', 'settled', 'void']),
  createdAt: string(),
  settledAt: nullable(string()),
})
export type GameHistoryRow = Infer<typeof GameHistoryRowSchema>

const IsoDay = pattern(string(), /^\d{4}-\d{2}-\d{2}$/)

const HistoryFilter = {
  game: optional(Sysname),
  mode: optional(enums(['real', 'fun'])),
  /** Days in UTC, both included. */
  date_from: optional(IsoDay),
  date_to: optional(IsoDay),
}

/** GET /api/games/getHistory: the player's rounds, newest first, paged and filtered. */
export const getGameHistory = defineCall({
  area: 'games',
  name: 'getHistory',
  method: 'GET',
  access: 'player',
  request: object({ offset: optional(max(min(wireInteger(), 0), 1_000_000)), count: optional(max(min(wireInteger(), 1), 100)), ...HistoryFilter }),
  response: object({ items: array(GameHistoryRowSchema), total: min(integer(), 0) }),
})

export const HistoryExportSchema = object({
  id: string(),
  status: enums(['pending', 'ready', 'failed']),
  /** Rounds in the file once ready. */
  rows: nullable(min(integer(), 0)),
  /** The CSV's address once ready (the player's own, behind their session). */
  url: nullable(string()),
  createdAt: string(),
  finishedAt: nullable(string()),
})
export type HistoryExport = Infer<typeof HistoryExportSchema>

/**
 * POST /api/games/createhistoryexportrequest: asks for a CSV of the player's rounds with the
 * getHistory filters; a job writes it. Refused while general info's is_game_history_export_enabled
 * is off, and while the player's last request is still pending (it is answered instead).
 */
export const createHistoryExport = defineCall({
  area: 'games',
  name: 'createhistoryexportrequest',
  method: 'POST',
  access: 'player',
  request: object(HistoryFilter),
  response: HistoryExportSchema,
})

/** GET /api/games/gethistoryexportrequest: the player's latest export request (or the one named), null when none. */
export const getHistoryExport = defineCall({
  area: 'games',
  name: 'gethistoryexportrequest',
  method: 'GET',
  access: 'player',
  request: object({ id: optional(pattern(string(), /^[1-9]\d{0,17}$/)) }),
  response: nullable(HistoryExportSchema),
})

/** Error codes of the catalogue calls (SPEC §8 InvalidParameterException 400, with these codes). */
export const CATALOGUE_ERROR_CODE = {
  unknownGame: 'unknown_game',
  unknownCategory: 'unknown_category',
  exportDisabled: 'history_export_disabled',
} as const
