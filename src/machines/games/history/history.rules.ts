// Rules of the player's game history: the filter form, paging by "show more", the game filter's
// choices and how a round's result reads.
import { parseDecimal } from '../../../shared/money'
// The site reads typed dates one way everywhere (dd.mm.yyyy, SPEC §9): the cashier history's rule is that rule.
import { formatDateFilter, parseDateFilter } from '../../cashier/history/history.rules'
import type { DateField, DraftErrors, GameHistoryDraft, GameHistoryFilters, GameHistoryRow, GameTitle } from './history.types'

export const EVERY_ROUND: GameHistoryFilters = { game: null, mode: null, dateFrom: null, dateTo: null }

/** The form showing applied filters. */
export function draftOf(filters: GameHistoryFilters): GameHistoryDraft {
  return { game: filters.game, mode: filters.mode, dateFrom: formatDateFilter(filters.dateFrom), dateTo: formatDateFilter(filters.dateTo) }
}

export type ReadDraft = { ok: true; filters: GameHistoryFilters } | { ok: false; errors: DraftErrors }

/** The form's filters, or which date fields hold no date. */
export function readDraft(draft: GameHistoryDraft): ReadDraft {
  const dateFrom = parseDateFilter(draft.dateFrom)
  const dateTo = parseDateFilter(draft.dateTo)
  if (dateFrom === 'invalid' || dateTo === 'invalid') {
    return { ok: false, errors: { ...(dateFrom === 'invalid' ? { dateFrom: 'date' } : {}), ...(dateTo === 'invalid' ? { dateTo: 'date' } : {}) } }
  }
  return { ok: true, filters: { game: draft.game, mode: draft.mode, dateFrom, dateTo } }
}

/** The errors left once the player edits `field`: its own goes (SPEC §5 onSubmit strategy). */
export function withoutError(errors: DraftErrors, field: DateField): DraftErrors {
  return field in errors ? Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field)) : errors
}

/** A range whose start is after its end matches nothing: the page says so instead of asking. */
export function isValidRange({ dateFrom, dateTo }: GameHistoryFilters): boolean {
  return dateFrom === null || dateTo === null || dateFrom <= dateTo
}

export function sameFilters(a: GameHistoryFilters, b: GameHistoryFilters): boolean {
  return a.game === b.game && a.mode === b.mode && a.dateFrom === b.dateFrom && a.dateTo === b.dateTo
}

/** Applying the form would show other rounds than those shown (a form that does not read changes nothing). */
export function draftChangesFilters(draft: GameHistoryDraft, filters: GameHistoryFilters): boolean {
  const read = readDraft(draft)
  return read.ok && !sameFilters(read.filters, filters)
}

export function hasMore(items: readonly GameHistoryRow[], total: number | null): boolean {
  return total !== null && items.length > 0 && items.length < total
}

/**
 * The next page after the rounds read. Rounds played since the first page push the older ones
 * down, so a page can repeat a round already shown: it is kept once.
 */
export function mergeRounds(items: readonly GameHistoryRow[], more: readonly GameHistoryRow[]): GameHistoryRow[] {
  const seen = new Set(items.map((r) => r.id))
  return [...items, ...more.filter((r) => !seen.has(r.id))]
}

/**
 * The game filter's choices: the catalogue's titles, plus any game of the rounds shown or picked
 * that the catalogue lacks (it could not be read, or the title was retired), by title.
 */
export function gameChoices(titles: readonly GameTitle[], items: readonly GameHistoryRow[], picked: string | null, locale: string): GameTitle[] {
  const bySysname = new Map(titles.map((t) => [t.sysname, t]))
  for (const row of items) if (!bySysname.has(row.game)) bySysname.set(row.game, { sysname: row.game, title: row.title })
  if (picked !== null && !bySysname.has(picked)) bySysname.set(picked, { sysname: picked, title: picked })
  const collator = new Intl.Collator(locale, { sensitivity: 'base' })
  return [...bySysname.values()].sort((a, b) => collator.compare(a.title, b.title) || a.sysname.localeCompare(b.sysname))
}

/** A round's net result as the row shows it: a sign and a colour for a win or a loss, neither for even. */
export type NetLook = 'win' | 'loss' | 'even'
export function netLook(row: Pick<GameHistoryRow, 'net'>): NetLook {
  const d = parseDecimal(row.net)
  return d.units === 0n ? 'even' : d.negative ? 'loss' : 'win'
}
