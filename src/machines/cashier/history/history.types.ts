// Types of the transaction history (/cashier/history; SPEC §7 Cashier gethistory with offset, count
// and type, §4 cashier loading flag 'history'; type and date filters, paging, at least 12
// months available to the player).
import type { HistoryItem, TransactionType } from '../../../services/api/contract/cashier'
import type { CashierFailure, CashierResult } from '../cashier.types'

export type { HistoryItem, TransactionType }

/** Rows per page. */
export const HISTORY_PAGE_SIZE = 20

export interface HistoryFilters {
  readonly type: TransactionType | null
  /** Inclusive days, yyyy-mm-dd; null: unbounded. */
  readonly dateFrom: string | null
  readonly dateTo: string | null
}

/** The filters and the page: what the address (?type=&from=&to=&offset=) holds, so a page can be shared and reloaded. */
export interface HistoryQuery extends HistoryFilters {
  readonly offset: number
}

/**
 * The filter form as the player fills it: the dates as typed, in the site's dd.mm.yyyy (SPEC §9)
 * whatever the browser's locale; parsed only when applied (history.rules parseDateFilter).
 */
export interface HistoryDraft {
  readonly type: TransactionType | null
  readonly dateFrom: string
  readonly dateTo: string
}
export type DateField = 'dateFrom' | 'dateTo'
/** A date field's text that is no date: the form says so at the field and keeps the text. */
export type DraftErrors = Readonly<Partial<Record<DateField, 'date'>>>

/** The query shown now, as the address's search (?type=&from=&to=&offset=): the page puts it in the address. */
export const HISTORY_ADDRESS_CHANGED = 'history.addressChanged' as const
export type HistoryEmitted = { readonly type: typeof HISTORY_ADDRESS_CHANGED; readonly search: string }

export interface HistoryInput {
  readonly query: HistoryQuery
  readonly pageSize?: number
}

export interface HistoryPage {
  readonly items: readonly HistoryItem[]
  /** All rows matching the filters. */
  readonly total: number
  readonly offset: number
}

export interface HistoryContext {
  readonly query: HistoryQuery
  readonly pageSize: number
  /** The last page read; kept while the next page loads, dropped when the filters change. */
  readonly page: HistoryPage | null
  readonly failure: CashierFailure | null
  readonly draft: HistoryDraft
  readonly draftErrors: DraftErrors
}

export type HistoryEvent =
  /** The player picks a type in the form (null: all). */
  | { type: 'history.type.change'; value: TransactionType | null }
  /** The player types in a date field. */
  | { type: 'history.date.change'; field: DateField; value: string }
  /** The player applies the form: back to the first page, unless a date is no date. */
  | { type: 'history.filter' }
  | { type: 'history.next' }
  | { type: 'history.prev' }
  /** The address changed under the page (back, forward, a link): show what it says. */
  | { type: 'history.locate'; query: HistoryQuery }
  /** 'Try again' after a failed read. */
  | { type: 'history.retry' }

export interface LoadHistoryInput {
  readonly query: HistoryQuery
  readonly count: number
}
export type LoadHistoryResult = CashierResult<{ readonly page: HistoryPage }>

export interface HistoryActionParams {
  /** The query the page now shows goes into the address (a new history entry, so back returns). */
  readonly syncAddress: { readonly query: HistoryQuery }
  readonly reportError: { readonly error: unknown }
}
