// Types of the sportsbook board (/betting; docs/sportsbook.md): a query in the address (sport,
// league, live or upcoming, a team's name), the lists of live and upcoming events read for it, and
// the sports tree for the navigation. Live changes arrive on the public topic `sb.live`.
import type { SbEventSummary, SbSport } from '../../../services/api/contract/sportsbook'
import type { Sport } from '../../../shared/sportsbook/markets'
import type { Flashes, SbChange } from '../live.rules'

/** What the board shows; the address holds all of it, so a link reproduces the view. */
export interface BoardQuery {
  readonly sport: Sport | null
  readonly league: string | null
  /** Only live events, only upcoming ones, or both lists (null). */
  readonly status: 'live' | 'upcoming' | null
  /** A team's name as typed (normalised), '' for none. */
  readonly text: string
}

export interface BoardList {
  readonly events: readonly SbEventSummary[]
  readonly total: number
}

/** What one read of the board answers: each list the query asks for (null when it does not). */
export interface BoardLists {
  readonly live: BoardList | null
  readonly upcoming: BoardList | null
}

export interface BoardFailure {
  readonly type: string
  readonly code?: string
}

export type LoadBoardResult = { readonly ok: true; readonly lists: BoardLists } | { readonly ok: false; readonly error: BoardFailure }

export interface LoadBoardInput {
  readonly query: BoardQuery
  readonly count: number
}

/** The server-rendered first view: the tree and the lists of its query. */
export interface BoardInitial {
  readonly query: BoardQuery
  readonly lists: BoardLists
}

export interface BoardInput {
  readonly query: BoardQuery
  readonly initial?: BoardInitial | null
  readonly pageSize?: number
}

export interface BoardContext {
  readonly query: BoardQuery
  readonly typed: string
  readonly pageSize: number
  readonly lists: BoardLists | null
  readonly failure: BoardFailure | null
  readonly initial: BoardInitial | null
  /** Prices that just moved, by outcome id; cleared a moment later. */
  readonly flashes: Flashes
  /** How many prices went up and down in the last flash, for the polite announcement. */
  readonly moves: { readonly up: number; readonly down: number }
}

export type BoardEvent =
  | { type: 'board.search.change'; text: string }
  | { type: 'board.search.clear' }
  | { type: 'board.filter'; change: Partial<Pick<BoardQuery, 'sport' | 'league' | 'status'>> }
  | { type: 'board.locate'; query: BoardQuery }
  | { type: 'board.retry' }
  | { type: 'board.live'; changes: readonly SbChange[] }

export const BOARD_ADDRESS_CHANGED = 'board.address' as const
export type BoardEmitted = { type: typeof BOARD_ADDRESS_CHANGED; query: BoardQuery }

/** Events per list: a phone's few screens of rows, the whole live list most of the time. */
export const BOARD_PAGE_SIZE = 50
/** The pause after the last keystroke before a search is sent. */
export const BOARD_SEARCH_DEBOUNCE_MS = 300
/** How long a moved price shows its arrow and colour. */
export const PRICE_FLASH_MS = 2000
/** The local clock's step between the feed's changes. */
export const CLOCK_TICK_MS = 1000
/** At most this many characters of a team's name are searched (the contract's limit is 100). */
export const BOARD_QUERY_MAX = 60

export type { SbEventSummary, SbSport }
