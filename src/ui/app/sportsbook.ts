// Loader dependencies of the sportsbook pages (/betting, /betting/event/{id}): the sports tree and
// the lists of the address's query, or one event, read through the page's API client (in-process
// on the server, so the HTML has the events). A failed read of the board is an empty board the flow
// reads again in the browser, never an error page; an unknown event is null (the 404 page).
import type { ApiClient } from '../../services/api/client'
import type { SbEvent, SbSport } from '../../services/api/contract/sportsbook'
import type { BoardInitial, BoardQuery } from '../../machines/sportsbook/board/board.types'

export interface BoardData {
  /** Every sport with its leagues and counts; null when it could not be read. */
  readonly tree: readonly SbSport[] | null
  /** The lists of the address's query; null when they could not be read (the browser reads them). */
  readonly first: BoardInitial | null
}

export const EMPTY_BOARD_DATA: BoardData = { tree: null, first: null }

export function loadBoardWith(api: ApiClient) {
  return async (query: BoardQuery, count: number): Promise<BoardData> => {
    const [{ getSportsTree }, { readBoard }] = await Promise.all([import('../../services/api/contract/sportsbook'), import('../../machines/sportsbook/board/board.actors')])
    const [tree, first] = await Promise.all([api.call(getSportsTree, {}).catch(() => null), readBoard(api, { query, count }).catch(() => null)])
    return { tree, first: first?.ok ? { query, lists: first.lists } : null }
  }
}

/** The tree alone, for the navigation the event page shares with the board. */
export function loadSportsTreeWith(api: ApiClient) {
  return async (): Promise<readonly SbSport[] | null> => {
    const { getSportsTree } = await import('../../services/api/contract/sportsbook')
    return api.call(getSportsTree, {}).catch(() => null)
  }
}

export type EventData = { readonly event: SbEvent } | { readonly event: null; readonly failed: true }

/** One event; null when there is no such event (the page is a 404), `failed` when the read failed otherwise. */
export function loadSportsEventWith(api: ApiClient) {
  return async (id: string): Promise<EventData | null> => {
    if (!/^[1-9]\d{0,17}$/.test(id)) return null
    const { readEvent } = await import('../../machines/sportsbook/event/event.actors')
    const { EVENT_NOT_FOUND } = await import('../../machines/sportsbook/event/event.types')
    const read = await readEvent(api, id).catch(() => null)
    if (read?.ok) return { event: read.event }
    if (read && read.error.code === EVENT_NOT_FOUND) return null
    return { event: null, failed: true }
  }
}
