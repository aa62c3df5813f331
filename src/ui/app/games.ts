// Loader dependency of the games hall (/gamehall, /gamehall/{id}) and the studios page
// (/providers): the categories, the studios and the first page of the address's query, read through
// the page's API client (in-process on the server, so the first page is in the HTML for search
// engines). A failed read is an empty hall that the flow reads again in the browser, never an error page.
import type { ApiClient } from '../../services/api/client'
import type { GameCategory } from '../../services/api/contract/game-catalogue'
import type { HallPage, HallQuery } from '../../machines/games/hall/hall.types'
import { LAUNCH_FIELDS, type LaunchGame } from '../../machines/games/launch/launch.types'
import { SYSNAME_PATTERN } from '../../shared/games/catalogue-terms'

/** A studio as the hall's filter and the studios page show it. */
export interface HallStudio {
  readonly sysname: string
  readonly name: string
  /** Its games in the catalogue. */
  readonly games: number
  /** Its logo through /_ipx at 1x and 2x; null when the server sent none. */
  readonly image: { readonly x1: string; readonly x2: string } | null
}

export interface HallData {
  readonly categories: readonly GameCategory[]
  /** The studios, for the provider filter and the studios page; null when they could not be read. */
  readonly providers: readonly HallStudio[] | null
  /** The first page of `query`; null when it could not be read (the browser reads it), or none was asked for. */
  readonly first: { readonly query: HallQuery; readonly page: HallPage } | null
}

export const EMPTY_HALL_DATA: HallData = { categories: [], providers: [], first: null }

/** `pageSize` 0 reads the studios alone (no categories, no games): what the studios page shows. */
export function loadHallWith(api: ApiClient) {
  return async (query: HallQuery, pageSize: number): Promise<HallData> => {
    const [{ getGameCategories, getGameProviders }, { readGames }] = await Promise.all([import('../../services/api/contract/game-catalogue'), import('../../machines/games/hall/hall.actors')])
    const studiosOnly = pageSize <= 0
    const [categories, providers, first] = await Promise.all([
      studiosOnly ? ([] as GameCategory[]) : api.call(getGameCategories, {}).catch(() => [] as GameCategory[]),
      // The server counts each studio's games with the rest of its answer: asking for them costs nothing.
      api
        .call(getGameProviders, { fields: ['sysname', 'name', 'games', 'image'] })
        .then((list) => list.map((p): HallStudio => ({ sysname: p.sysname, name: p.name ?? p.sysname, games: p.games ?? 0, image: p.image ?? null })))
        .catch(() => null),
      studiosOnly ? null : readGames(api, { query, offset: 0, count: pageSize }).catch(() => null),
    ])
    return { categories, providers, first: first?.ok ? { query, page: first.page } : null }
  }
}

/** Loader dependency of /game/{sysname}: the game's entry, null when the catalogue has no such game. */
export function loadGameWith(api: ApiClient) {
  return async (sysname: string): Promise<LaunchGame | null> => {
    const { getGames } = await import('../../services/api/contract/game-catalogue')
    if (!SYSNAME_PATTERN.test(sysname) || sysname.length > 64) return null
    const page = await api.call(getGames, { sysname, fields: [...LAUNCH_FIELDS] })
    const entry = page.items[0]
    if (!entry) return null
    const { title, demo, fullscreen, url, provider, rtp, type, kind } = entry
    if (title === undefined || demo === undefined || fullscreen === undefined || url === undefined || provider === undefined || rtp === undefined || type === undefined || kind === undefined) return null
    return { sysname: entry.sysname, title, demo, fullscreen, url, provider, rtp, type, kind }
  }
}
