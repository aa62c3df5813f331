// Types of the player's favourite games (SPEC §4 'Favourites', §7 getLikes, addLike, removeLike):
// a list of sysnames the cards show, changed at once when the player taps the heart and put back
// if the server refuses. Players only: a visitor's tap asks them to log in.

export interface FavouritesInput {
  readonly loggedIn: boolean
}

/** A tap not yet answered by the server: the list shows it already. */
export interface PendingChange {
  readonly sysname: string
  readonly like: boolean
  /** The game's title as the card showed it, for the refusal's message; not sent. */
  readonly title?: string
}

export interface FavouritesContext {
  /** The list as the server last answered it, newest first. */
  readonly saved: readonly string[]
  /** Taps in order; the first is being sent. */
  readonly queue: readonly PendingChange[]
  /** The game whose last change the server refused (put back), for the view to say so. */
  readonly refused: string | null
  /** A player when the page started (later changes come as session.change). */
  readonly startedAsPlayer: boolean
}

export type SaveLikeInput = PendingChange
export type FavouritesResult = { readonly ok: true; readonly likes: readonly string[] } | { readonly ok: false; readonly code: string }

export const FAVOURITES_NEED_LOGIN = 'favourites.needLogin' as const
/** The server refused a tap (it is put back): once per tap, whatever number of cards show the game. */
export const FAVOURITES_REFUSED = 'favourites.refused' as const
export type FavouritesEmitted = { readonly type: typeof FAVOURITES_NEED_LOGIN } | { readonly type: typeof FAVOURITES_REFUSED; readonly sysname: string; readonly title: string }

export type FavouritesEvent =
  /** The heart on a card. */
  | { type: 'favourites.toggle'; sysname: string; title?: string }
  | { type: 'favourites.retry' }
  /** The root actor's session moved. */
  | { type: 'session.change'; loggedIn: boolean }
