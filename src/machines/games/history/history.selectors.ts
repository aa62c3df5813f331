// What the "Casino rounds" views read.
import type { SnapshotFrom } from 'xstate'
import { GAME_HISTORY_TAGS, type gameHistoryMachine } from './history.machine'
import { gameChoices, hasMore } from './history.rules'
import type { DraftErrors, GameHistoryDraft, GameHistoryFilters, GameHistoryRow, GameTitle } from './history.types'

export type GameHistorySnapshot = SnapshotFrom<typeof gameHistoryMachine>

export type RoundsView = 'loading' | 'shown' | 'empty' | 'invalidRange' | 'loadFailed'
export const selectRoundsView = (s: GameHistorySnapshot): RoundsView => {
  if (s.matches({ list: 'shown' })) return 'shown'
  if (s.matches({ list: 'empty' })) return 'empty'
  if (s.matches({ list: 'invalidRange' })) return 'invalidRange'
  if (s.matches({ list: 'loadFailed' })) return 'loadFailed'
  return 'loading'
}
export const selectLoadingRounds = (s: GameHistorySnapshot): boolean => s.hasTag(GAME_HISTORY_TAGS.loading)
export const selectLoadingMore = (s: GameHistorySnapshot): boolean => s.hasTag(GAME_HISTORY_TAGS.loadingMore)
export const selectMoreFailed = (s: GameHistorySnapshot): boolean => s.matches({ list: { shown: 'moreFailed' } })
export const selectRounds = (s: GameHistorySnapshot): readonly GameHistoryRow[] => s.context.items
export const selectTotal = (s: GameHistorySnapshot): number | null => s.context.total
/** "Show more" is offered while more rounds follow (busy while the next page is read). */
export const selectHasMore = (s: GameHistorySnapshot): boolean => s.matches({ list: 'shown' }) && hasMore(s.context.items, s.context.total)
export const selectFilters = (s: GameHistorySnapshot): GameHistoryFilters => s.context.filters
/** Some filter narrows the list: the empty state offers to clear them. */
export const selectFiltered = (s: GameHistorySnapshot): boolean => Object.values(s.context.filters).some((v) => v !== null)

/** The filter form as the player fills it, and the date fields that hold no date. */
export const selectDraft = (s: GameHistorySnapshot): GameHistoryDraft => s.context.draft
export const selectDraftErrors = (s: GameHistorySnapshot): DraftErrors => s.context.draftErrors
/** The game filter's choices in `locale`'s order (the titles arrive in the player's language). */
export const selectGameChoices =
  (locale: string) =>
  (s: GameHistorySnapshot): readonly GameTitle[] =>
    gameChoices(s.context.titles, s.context.items, s.context.draft.game, locale)

export type ExportView = 'off' | 'idle' | 'requesting' | 'pending' | 'ready' | 'failed' | 'unreachable' | 'refused'
export const selectExportView = (s: GameHistorySnapshot): ExportView => {
  for (const view of ['idle', 'requesting', 'pending', 'ready', 'failed', 'unreachable', 'refused'] as const) {
    if (s.matches({ export: view })) return view
  }
  return 'off'
}
/** The export button is shown (it waits while a file is asked for or made). */
export const selectExportShown = (s: GameHistorySnapshot): boolean => !s.matches({ export: 'off' }) && !s.matches({ export: 'refused' })
export const selectExportBusy = (s: GameHistorySnapshot): boolean => s.hasTag(GAME_HISTORY_TAGS.exporting)
export const selectCanExport = (s: GameHistorySnapshot): boolean => s.can({ type: 'export.request' })
/** The ready file: where to download it and how many rounds it holds; null until one is ready. */
export const selectExportFile = (s: GameHistorySnapshot): { url: string; rows: number | null } | null => {
  const file = s.context.export
  return s.matches({ export: 'ready' }) && file?.url ? { url: file.url, rows: file.rows } : null
}
