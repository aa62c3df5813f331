// Types of the games hall (/gamehall, /gamehall/{id}; SPEC §2.1, §7 Games get): a query in the
// address, its pages of games read by offset, search typed by the player and debounced. The
// tournament games page (/tournaments/{id}/gamehall) reuses the flow with a fixed scope.
import type { Game, GameSort, CatalogueGameType, SortOrder } from '../../../services/api/contract/game-catalogue'

/** What the hall asks for and shows: the address holds all of it, so a link reproduces the view. */
export interface HallQuery {
  /** The search as sent (normalised: no control characters, single spaces, at most GAME_QUERY_MAX). */
  readonly text: string
  /** A category's sysname (/gamehall/{id}, or ?category=), or null for every game. */
  readonly category: string | null
  readonly providers: readonly string[]
  readonly types: readonly CatalogueGameType[]
  /** null: the server's order (relevance for a search, else the operator's priority). */
  readonly sort: GameSort | null
  readonly order: SortOrder | null
  /**
   * Only the player's favourites (games/get `options=favourites`, ?favourites=1). Absent is off, so
   * a query built elsewhere (a home rail) need not name it; a visitor has none (`hallQueryForViewer`).
   */
  readonly favourites?: boolean
}

/** The fields a game card draws (games/get `fields`). */
export const CARD_FIELDS = ['sysname', 'title', 'provider', 'type', 'tags', 'image', 'rtp', 'demo', 'url'] as const satisfies readonly (keyof Game)[]
export type HallGame = Pick<Game, (typeof CARD_FIELDS)[number]>

/** Games per page: four rows of a desktop grid, eight of a phone's. */
export const HALL_PAGE_SIZE = 24
/** The pause after the last keystroke before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300

export interface HallPage {
  readonly items: readonly HallGame[]
  readonly total: number
}

/** An API error of SPEC §8 as the hall keeps it. */
export interface HallFailure {
  readonly type: string
  readonly code?: string
}

export type LoadGamesResult = { readonly ok: true; readonly page: HallPage } | { readonly ok: false; readonly error: HallFailure }

export interface LoadGamesInput {
  readonly query: HallQuery
  readonly offset: number
  readonly count: number
}

export interface HallInput {
  readonly query: HallQuery
  readonly pageSize?: number
  /** The first page as the server rendered it (the route's loader), for this query: no second read on hydration. */
  readonly initial?: { readonly query: HallQuery; readonly page: HallPage } | null
}

export interface HallContext {
  readonly query: HallQuery
  /** The search field as the player typed it (the query takes it after the debounce). */
  readonly typed: string
  readonly pageSize: number
  /** Every game read so far for the query, pages in order. */
  readonly items: readonly HallGame[]
  readonly total: number | null
  readonly failure: HallFailure | null
  readonly initial: HallInput['initial']
}

export const HALL_ADDRESS_CHANGED = 'hall.addressChanged' as const
export type HallEmitted = { readonly type: typeof HALL_ADDRESS_CHANGED; readonly query: HallQuery }

/** A change of filters from the page's controls: what is named changes, the rest stays. */
export type HallFilterChange = Partial<Pick<HallQuery, 'category' | 'providers' | 'types' | 'sort' | 'order' | 'favourites'>>

export type HallEvent =
  | { type: 'hall.search.change'; text: string }
  | { type: 'hall.search.clear' }
  | { type: 'hall.filter'; change: HallFilterChange }
  /** Every filter and the search off: the empty state's way out. */
  | { type: 'hall.reset' }
  /** The address moved (back, forward, a link): the query it holds. */
  | { type: 'hall.locate'; query: HallQuery }
  | { type: 'hall.more' }
  | { type: 'hall.retry' }

export type HallActionParams = {
  syncAddress: { query: HallQuery }
  reportError: { error: unknown }
}
