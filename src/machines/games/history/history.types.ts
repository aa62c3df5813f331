// Types of the player's game history (/profile/bets, "Casino rounds"; SPEC §7 Games getHistory,
// createhistoryexportrequest, gethistoryexportrequest; docs/games.md#the-catalogue-on-the-server):
// their real and fun rounds with game, mode and date filters, read a page at a time, and the CSV of
// them a server job writes.
import type { GameHistoryRow, HistoryExport } from '../../../services/api/contract/game-catalogue'

export type { GameHistoryRow, HistoryExport }

export type RoundMode = GameHistoryRow['mode']

/** Rounds per page ("Show more" reads the next one). */
export const GAME_HISTORY_PAGE_SIZE = 20
/** How often a pending export is asked about: the job runs every 5 s, so a file is seldom more than two asks away. */
export const EXPORT_POLL_MS = 2000

/** What the list shows: applied filters, as the API takes them. */
export interface GameHistoryFilters {
  /** A game's sysname; null: every game. */
  readonly game: string | null
  readonly mode: RoundMode | null
  /** Inclusive UTC days, yyyy-mm-dd (the server's); null: unbounded. */
  readonly dateFrom: string | null
  readonly dateTo: string | null
}

/** The filter form as the player fills it: dates as typed, dd.mm.yyyy (SPEC §9), read only when applied. */
export interface GameHistoryDraft {
  readonly game: string | null
  readonly mode: RoundMode | null
  readonly dateFrom: string
  readonly dateTo: string
}
export type DateField = 'dateFrom' | 'dateTo'
/** A date field whose text is no date: the form says so at the field and keeps the text. */
export type DraftErrors = Readonly<Partial<Record<DateField, 'date'>>>

/** A title for the game filter: the catalogue's, in the player's language. */
export interface GameTitle {
  readonly sysname: string
  readonly title: string
}

/** An API error of SPEC §8 as the flow keeps it. */
export interface GameHistoryFailure {
  readonly type: string
  readonly code?: string
}
type Result<T> = ({ readonly ok: true } & T) | { readonly ok: false; readonly error: GameHistoryFailure }

export interface GameHistoryPage {
  readonly items: readonly GameHistoryRow[]
  /** Every round matching the filters. */
  readonly total: number
}

export interface LoadRoundsInput {
  readonly filters: GameHistoryFilters
  readonly offset: number
  readonly count: number
}
export type LoadRoundsResult = Result<{ readonly page: GameHistoryPage }>
export type LoadTitlesResult = Result<{ readonly titles: readonly GameTitle[] }>
export interface RequestExportInput {
  readonly filters: GameHistoryFilters
}
export interface CheckExportInput {
  readonly id: string
}
/** The export request as the server answers it (null: it has none of the player's by that id). */
export type ExportResult = Result<{ readonly export: HistoryExport | null }>

export interface GameHistoryInput {
  /** General info's is_game_history_export_enabled as the page knows it now; 'export.setting' follows changes. */
  readonly exportEnabled: boolean
  readonly pageSize?: number
}

export interface GameHistoryContext {
  readonly filters: GameHistoryFilters
  readonly pageSize: number
  /** Rounds read so far for the filters (pages appended); dropped when the filters change. */
  readonly items: readonly GameHistoryRow[]
  /** null until a first page is read. */
  readonly total: number | null
  readonly failure: GameHistoryFailure | null
  readonly draft: GameHistoryDraft
  readonly draftErrors: DraftErrors
  readonly titles: readonly GameTitle[]
  readonly exportEnabled: boolean
  /** The export request in hand (pending, ready or failed); null before one is made. */
  readonly export: HistoryExport | null
}

export type GameHistoryEvent =
  /** The player picks a game in the form (null: every game). */
  | { type: 'history.game.change'; value: string | null }
  | { type: 'history.mode.change'; value: RoundMode | null }
  /** The player types in a date field. */
  | { type: 'history.date.change'; field: DateField; value: string }
  /** The player applies the form: the first page again, unless a date is no date. */
  | { type: 'history.filter' }
  /** "Show more": the next page, appended. */
  | { type: 'history.more' }
  /** "Try again" after a failed read. */
  | { type: 'history.retry' }
  /** "Download CSV", or "Try again" after a failed export. */
  | { type: 'export.request' }
  /** General info's is_game_history_export_enabled, as the page learns it. */
  | { type: 'export.setting'; enabled: boolean }

export interface GameHistoryActionParams {
  readonly reportError: { readonly error: unknown }
}
