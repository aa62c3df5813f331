// Terms of the games catalogue that the API contract, the server and the hall's rules share.

/** SPEC §3 game types. The studio has no live or betting titles yet; a filter on them finds nothing. */
export const GAME_TYPES = ['slot', 'live', 'casino', 'fast', 'betting', 'logical', 'high_low'] as const
export type CatalogueGameType = (typeof GAME_TYPES)[number]

/** Orders of games/get. `priority` is the operator's order (SPEC §9: tournament games sort by priority asc). */
export const GAME_SORTS = ['priority', 'popularity', 'name', 'released', 'rtp'] as const
export type GameSort = (typeof GAME_SORTS)[number]
export const SORT_ORDERS = ['asc', 'desc'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]

/** A game's sysname: kebab case, as its address /game/{sysname} and /platform/game/{sysname}/play take it. */
export const SYSNAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** The longest search a caller may send; the hall cuts what the player typed to it before asking. */
export const GAME_QUERY_MAX = 100
