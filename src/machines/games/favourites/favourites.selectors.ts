// What the cards read from the favourites.
import type { SnapshotFrom } from 'xstate'
import type { favouritesMachine } from './favourites.machine'
import { isLiked } from './favourites.rules'

type Snapshot = SnapshotFrom<typeof favouritesMachine>

export const selectIsFavourite = (sysname: string) => (s: Snapshot) => isLiked(s.context, sysname)
/** The hearts can be trusted: the list was read (a player), or there is none (a visitor). */
export const selectFavouritesKnown = (s: Snapshot) => s.matches('visitor') || s.matches({ player: 'ready' }) || s.matches({ player: 'saving' }) || s.matches({ player: 'next' })
export const selectRefused = (s: Snapshot) => s.context.refused
