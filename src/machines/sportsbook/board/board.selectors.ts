// What the board's views read from its snapshot.
import type { SnapshotFrom } from 'xstate'
import type { boardMachine } from './board.machine'
import { BOARD_TAGS } from './board.machine'
import { hasBoardFilters, listsEmpty } from './board.rules'

type Snapshot = SnapshotFrom<typeof boardMachine>

/** What the lists area shows: skeletons, the lists, the empty state, or the failure. */
export type BoardView = 'loading' | 'lists' | 'empty' | 'failed'

export function selectBoardView(s: Snapshot): BoardView {
  if (s.matches({ list: 'loadFailed' })) return 'failed'
  if (s.matches({ list: 'empty' })) return 'empty'
  if (s.context.lists !== null && !s.matches({ list: 'deciding' })) {
    // Lists that found nothing say so only for the query they answered: while the player types
    // the next one that answer stands, and while it is read the skeletons show, not "no events".
    if (listsEmpty(s.context.lists)) return s.matches({ list: 'typing' }) ? 'empty' : 'loading'
    return 'lists'
  }
  return 'loading'
}

export const selectLive = (s: Snapshot) => s.context.lists?.live ?? null
export const selectUpcoming = (s: Snapshot) => s.context.lists?.upcoming ?? null
export const selectQuery = (s: Snapshot) => s.context.query
export const selectTyped = (s: Snapshot) => s.context.typed
export const selectFlashes = (s: Snapshot) => s.context.flashes
/** The last flash's moves, while it shows (for the polite announcement); null when calm. */
export const selectMoves = (s: Snapshot) => (s.matches({ flash: 'flashing' }) ? s.context.moves : null)
export const selectBusy = (s: Snapshot) => s.hasTag(BOARD_TAGS.loading)
export const selectHasFilters = (s: Snapshot) => hasBoardFilters(s.context.query)
export const selectCanRetry = (s: Snapshot) => s.can({ type: 'board.retry' })
