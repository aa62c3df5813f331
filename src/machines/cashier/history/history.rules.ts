// Rules of the transaction history: type and date filters, paging by offset and count.
import { isUnderWay, paymentStatus, type PaymentStatus } from '../../../shared/payment-status'
import { formatDateDMY, parseDate, toIsoDate } from '../../../shared/validation/rules'
import type { DateField, DraftErrors, HistoryDraft, HistoryFilters, HistoryItem, HistoryPage, HistoryQuery, TransactionType } from './history.types'

// ── the address (?type=deposit&from=2026-01-01&to=...&offset=20) ────────────

/** The contract's TRANSACTION_TYPES (a machine file imports only types from services): a type added there fails to compile here. */
const TRANSACTION_TYPES = {
  deposit: true,
  withdrawal: true,
  bet: true,
  win: true,
  rollback: true,
  bonus: true,
  cashback: true,
  prize: true,
  adjustment: true,
} as const satisfies Record<TransactionType, true>
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The history's query from the address; what the contract refuses is dropped. */
export function historyQueryFromSearch(search: URLSearchParams): HistoryQuery {
  const type = search.get('type')
  const from = search.get('from')
  const to = search.get('to')
  const offset = Number(search.get('offset') ?? '0')
  return {
    type: type !== null && Object.hasOwn(TRANSACTION_TYPES, type) ? (type as TransactionType) : null,
    dateFrom: from && DAY.test(from) ? from : null,
    dateTo: to && DAY.test(to) ? to : null,
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  }
}

/** The address of a query: only what is set, so the first page of everything is the bare /cashier/history. */
export function searchFromHistoryQuery(query: HistoryQuery): URLSearchParams {
  const search = new URLSearchParams()
  if (query.type) search.set('type', query.type)
  if (query.dateFrom) search.set('from', query.dateFrom)
  if (query.dateTo) search.set('to', query.dateTo)
  if (query.offset > 0) search.set('offset', String(query.offset))
  return search
}

// ── the filters ──────────────────────────────────────────────────────────────

/**
 * A date filter as the player typed it, to the day the query and the API take (yyyy-mm-dd): null
 * for an empty field (no bound), 'invalid' for anything that is no day. The site writes dates
 * dd.mm.yyyy in every locale (SPEC §9), so that is what is read: with . , ' or - between the parts
 * (shared parseDate), or the eight digits alone (31012026) from a phone's number pad. A slash is
 * refused rather than guessed: 02/01/2026 is 1 February to some players and 2 January to others.
 */
export function parseDateFilter(text: string): string | null | 'invalid' {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed)
  const date = parseDate(digits ? `${digits[1]}.${digits[2]}.${digits[3]}` : trimmed)
  return date ? toIsoDate(date) : 'invalid'
}

/** A query's day (yyyy-mm-dd) as the form shows it: dd.mm.yyyy. */
export function formatDateFilter(day: string | null): string {
  const date = day === null ? null : parseDate(day)
  return date ? formatDateDMY(date) : ''
}

/** The form showing a query's filters. */
export function draftOf(filters: HistoryFilters): HistoryDraft {
  return { type: filters.type, dateFrom: formatDateFilter(filters.dateFrom), dateTo: formatDateFilter(filters.dateTo) }
}

export type ReadDraft = { ok: true; filters: HistoryFilters } | { ok: false; errors: DraftErrors }

/** The form's filters, or which date fields hold no date. */
export function readDraft(draft: HistoryDraft): ReadDraft {
  const dateFrom = parseDateFilter(draft.dateFrom)
  const dateTo = parseDateFilter(draft.dateTo)
  if (dateFrom === 'invalid' || dateTo === 'invalid') {
    return { ok: false, errors: { ...(dateFrom === 'invalid' ? { dateFrom: 'date' } : {}), ...(dateTo === 'invalid' ? { dateTo: 'date' } : {}) } }
  }
  return { ok: true, filters: { type: draft.type, dateFrom, dateTo } }
}

/** The errors left once the player edits `field`: its own goes (SPEC §5 onSubmit strategy). */
export function withoutError(errors: DraftErrors, field: DateField): DraftErrors {
  return field in errors ? Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field)) : errors
}

/**
 * How a row shows its amount. Only a completed row moved money, so only it carries a sign, and a
 * completed credit is the one green "+"; a row under way or ended without money is unsigned.
 */
export interface RowLook {
  readonly status: PaymentStatus
  readonly sign: 'plus' | 'minus' | 'none'
  /** Under way (pending, approved) or void (failed, cancelled, expired): not money in or out yet. */
  readonly settled: 'completed' | 'underWay' | 'void'
  /** The amount to show: signed when completed, its size alone otherwise. */
  readonly amount: HistoryItem['amount']
}

export function rowLook(item: Pick<HistoryItem, 'status' | 'failure_code' | 'amount'>): RowLook {
  const status = paymentStatus(item)
  const amount = item.amount.amount
  if (status !== 'completed') return { status, sign: 'none', settled: isUnderWay(status) ? 'underWay' : 'void', amount: { ...item.amount, amount: amount.replace(/^-/, '') } }
  const zero = /^-?0*(\.0*)?$/.test(amount)
  return { status, sign: zero ? 'none' : amount.startsWith('-') ? 'minus' : 'plus', settled: 'completed', amount: item.amount }
}

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
