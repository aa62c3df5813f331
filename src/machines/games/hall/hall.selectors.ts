// What the hall's views read from its snapshot.
import type { SnapshotFrom } from 'xstate'
import type { hallMachine } from './hall.machine'
import { HALL_TAGS } from './hall.machine'
import { hasFilters, hasMore } from './hall.rules'

type Snapshot = SnapshotFrom<typeof hallMachine>

/** What the grid shows: skeletons, the games, the empty state, or the failure. */
export type HallView = 'loading' | 'games' | 'empty' | 'failed'

export function selectHallView(s: Snapshot): HallView {
  if (s.context.items.length > 0 && !s.matches('empty') && !s.matches('loadFailed')) return 'games'
  if (s.matches('loadFailed')) return 'failed'
  if (s.matches('empty')) return 'empty'
  // Typing over an empty result keeps the empty state until the new search is sent.
  if (s.matches('typing') && s.context.total === 0) return 'empty'
  return 'loading'
}

export const selectItems = (s: Snapshot) => s.context.items
export const selectTotal = (s: Snapshot) => s.context.total
export const selectQuery = (s: Snapshot) => s.context.query
export const selectTyped = (s: Snapshot) => s.context.typed
export const selectFailure = (s: Snapshot) => s.context.failure
/** A new query is being read while the games of the last one are on show. */
export const selectBusy = (s: Snapshot) => s.hasTag(HALL_TAGS.loading)
export const selectLoadingMore = (s: Snapshot) => s.hasTag(HALL_TAGS.loadingMore)
export const selectMoreFailed = (s: Snapshot) => s.matches({ shown: 'moreFailed' })
/** "Load more" has something to load. */
export const selectCanMore = (s: Snapshot) => s.matches({ shown: 'idle' }) && hasMore(s.context.items, s.context.total)
export const selectHasFilters = (s: Snapshot) => hasFilters(s.context.query)
/** The "My favourites" filter is on. */
export const selectFavouritesOn = (s: Snapshot) => s.context.query.favourites === true

/** Why the empty state shows, for its words: the favourites filter (it says how to add some), a search, or other filters. */
export type HallEmptyReason = 'favourites' | 'search' | 'filters'
export const selectEmptyReason = (s: Snapshot): HallEmptyReason => (s.context.query.favourites ? 'favourites' : s.context.query.text ? 'search' : 'filters')
