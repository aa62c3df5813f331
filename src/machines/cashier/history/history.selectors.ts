// What the history page reads.
import type { SnapshotFrom } from 'xstate'
import { HISTORY_TAGS, type historyMachine } from './history.machine'
import type { DraftErrors, HistoryDraft, HistoryItem, HistoryQuery } from './history.types'

export type HistorySnapshot = SnapshotFrom<typeof historyMachine>

export type HistoryView = 'loading' | 'shown' | 'empty' | 'invalidRange' | 'loadFailed'
export const selectHistoryView = (s: HistorySnapshot): HistoryView => {
  if (s.matches('shown')) return 'shown'
  if (s.matches('empty')) return 'empty'
  if (s.matches('invalidRange')) return 'invalidRange'
  if (s.matches('loadFailed')) return 'loadFailed'
  return 'loading'
}
/** SPEC §4 loading flag 'history'. */
export const selectLoadingHistory = (s: HistorySnapshot): boolean => s.hasTag(HISTORY_TAGS.loadingHistory)
export const selectQuery = (s: HistorySnapshot): HistoryQuery => s.context.query
export const selectItems = (s: HistorySnapshot): readonly HistoryItem[] => s.context.page?.items ?? []
/** "21–40 of 57": first and last row shown (1-based) and the total; null with nothing shown. */
export const selectRange = (s: HistorySnapshot): { first: number; last: number; total: number } | null => {
  const page = s.context.page
  if (!page || page.items.length === 0) return null
  return { first: page.offset + 1, last: page.offset + page.items.length, total: page.total }
}
export const selectCanNext = (s: HistorySnapshot): boolean => s.can({ type: 'history.next' })
export const selectCanPrevious = (s: HistorySnapshot): boolean => s.can({ type: 'history.prev' })
/** The filter form as the player fills it, and the date fields that hold no date. */
export const selectDraft = (s: HistorySnapshot): HistoryDraft => s.context.draft
export const selectDraftErrors = (s: HistorySnapshot): DraftErrors => s.context.draftErrors
