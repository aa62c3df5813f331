// Rules of the transaction history (issue 4: type and date filters, paging by offset and count).
import type { HistoryFilters, HistoryPage, HistoryQuery } from './history.types'

/** A range whose start is after its end matches nothing: the page says so instead of asking. */
export function isValidRange({ dateFrom, dateTo }: HistoryFilters): boolean {
  return dateFrom === null || dateTo === null || dateFrom <= dateTo
}

export function sameQuery(a: HistoryQuery, b: HistoryQuery): boolean {
  return a.type === b.type && a.dateFrom === b.dateFrom && a.dateTo === b.dateTo && a.offset === b.offset
}

export function hasNextPage(page: HistoryPage | null): boolean {
  return page !== null && page.items.length > 0 && page.offset + page.items.length < page.total
}

export function hasPreviousPage(query: HistoryQuery): boolean {
  return query.offset > 0
}

export function nextOffset(query: HistoryQuery, pageSize: number): number {
  return query.offset + pageSize
}

export function previousOffset(query: HistoryQuery, pageSize: number): number {
  return Math.max(0, query.offset - pageSize)
}
