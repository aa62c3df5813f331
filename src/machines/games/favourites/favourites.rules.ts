// Pure rules of the favourites: the list as the player sees it (saved, with the taps on their way).
import type { FavouritesContext, PendingChange } from './favourites.types'

/** The saved list with the pending taps applied in order: a new favourite goes first. */
export function shownLikes(saved: readonly string[], queue: readonly PendingChange[]): string[] {
  let likes = [...saved]
  for (const change of queue) {
    likes = likes.filter((s) => s !== change.sysname)
    if (change.like) likes = [change.sysname, ...likes]
  }
  return likes
}

export function isLiked(context: Pick<FavouritesContext, 'saved' | 'queue'>, sysname: string): boolean {
  return shownLikes(context.saved, context.queue).includes(sysname)
}

/** The change a tap makes: the opposite of what the card shows now. */
export function tapOf(context: Pick<FavouritesContext, 'saved' | 'queue'>, sysname: string, title?: string): PendingChange {
  return { sysname, like: !isLiked(context, sysname), ...(title ? { title } : {}) }
}
