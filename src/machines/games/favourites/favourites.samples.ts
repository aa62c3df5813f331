// Sample events of the favourites, walked by their model test and listed in the flows registry.
import { defineEntry, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { favouritesMachine } from './favourites.machine'
import type { FavouritesEvent, FavouritesResult } from './favourites.types'

export const favouritesSamples = {
  // Two games, so a second tap can wait behind the first.
  'favourites.toggle': [
    { type: 'favourites.toggle', sysname: 'dice-classic' },
    { type: 'favourites.toggle', sysname: 'aurora-lanterns' },
  ],
  'favourites.retry': [{ type: 'favourites.retry' }],
  'session.change': [
    { type: 'session.change', loggedIn: true },
    { type: 'session.change', loggedIn: false },
  ],
} satisfies SampleTable<FavouritesEvent>

const LOADED = doneEventType(favouritesMachine, 'loadLikes')
const LOAD_FAILED = errorEventType(favouritesMachine, 'loadLikes')
const SAVED = doneEventType(favouritesMachine, 'saveLike')
const SAVE_FAILED = errorEventType(favouritesMachine, 'saveLike')
export type FavouritesOutcome =
  | { type: typeof LOADED; output: FavouritesResult }
  | { type: typeof LOAD_FAILED; error: unknown }
  | { type: typeof SAVED; output: FavouritesResult }
  | { type: typeof SAVE_FAILED; error: unknown }

export const favouritesOutcomes = {
  [LOADED]: [
    { type: LOADED, output: { ok: true, likes: ['aurora-lanterns'] } },
    { type: LOADED, output: { ok: false, code: 'ApplicationUnavailableException' } },
  ],
  [LOAD_FAILED]: [{ type: LOAD_FAILED, error: 'network down' }],
  [SAVED]: [
    { type: SAVED, output: { ok: true, likes: ['dice-classic'] } },
    { type: SAVED, output: { ok: false, code: 'unknown_game' } },
  ],
  [SAVE_FAILED]: [{ type: SAVE_FAILED, error: 'network down' }],
} satisfies SampleTable<FavouritesOutcome>

export const favouritesEntry = defineEntry<typeof favouritesMachine, FavouritesOutcome>({
  name: 'favourites',
  area: 'games',
  spec: '§4 Favourites (players only, optimistic), §7 Games getLikes, addLike, removeLike',
  description: "The player's favourite games: read once a player is known, a tap shows at once and is sent in order, a refused tap is put back; a visitor's tap asks them to log in",
  machine: favouritesMachine,
  input: { loggedIn: true },
  events: favouritesSamples,
  outcomes: favouritesOutcomes,
})
