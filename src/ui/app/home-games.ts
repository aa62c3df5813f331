// Loader dependency of the home page (/): its rails of games, one per category that has games, and
// the studios, read through the page's API client (in-process on the server, so the games are in
// the HTML). A failed read is a missing rail or an empty strip, never an error page.
import type { ApiClient } from '../../services/api/client'
import type { GameCategory, GamePart } from '../../services/api/contract/game-catalogue'
import type { HallGame } from '../../machines/games/hall/hall.types'

/** Rails on the home page at most, and games in each (the rest is behind "See all"). */
export const HOME_RAILS_MAX = 6
export const HOME_RAIL_GAMES = 12
/** The category that leads the page when it has games (DESIGN: home); else the operator's order. */
export const HOME_LEAD_CATEGORY = 'popular'

export interface HomeRail {
  /** The category's sysname: its hall page is /gamehall/{category}. */
  readonly category: string
  readonly name: string
  /** Games in the whole category (the "See all" count). */
  readonly total: number
  readonly games: readonly HallGame[]
}

export interface HomeProvider {
  readonly sysname: string
  readonly name: string
  readonly image: { readonly x1: string; readonly x2: string } | null
  readonly games: number
}

export interface HomeData {
  readonly rails: readonly HomeRail[]
  readonly providers: readonly HomeProvider[]
}

export const EMPTY_HOME_DATA: HomeData = { rails: [], providers: [] }

/** The categories the page draws, in order: the lead one first when it has games, then by position; none without games. */
/** The fewest games the popular rail needs to lead the page. */
export const HOME_LEAD_MIN_GAMES = 4

export function railCategories(categories: readonly GameCategory[]): GameCategory[] {
  const withGames = categories.filter((c) => c.games > 0).sort((a, b) => a.position - b.position)
  // Popular leads once it is a real rail: a handful of games played, not the first one somebody tried.
  const lead = withGames.find((c) => c.sysname === HOME_LEAD_CATEGORY && c.games >= HOME_LEAD_MIN_GAMES)
  return (lead ? [lead, ...withGames.filter((c) => c !== lead)] : withGames).slice(0, HOME_RAILS_MAX)
}

export function loadHomeWith(api: ApiClient) {
  return async (): Promise<HomeData> => {
    const [{ getGameCategories, getGameProviders }, { readGames }] = await Promise.all([import('../../services/api/contract/game-catalogue'), import('../../machines/games/hall/hall.actors')])
    const railsRead = api
      .call(getGameCategories, {})
      .then((categories) =>
        Promise.all(
          railCategories(categories).map(async (category): Promise<HomeRail | null> => {
            const query = { text: '', category: category.sysname, providers: [], types: [], sort: null, order: null }
            const read = await readGames(api, { query, offset: 0, count: HOME_RAIL_GAMES }).catch(() => null)
            if (!read?.ok || read.page.items.length === 0) return null
            return { category: category.sysname, name: category.name, total: read.page.total, games: read.page.items }
          }),
        ),
      )
      .then((rails) => rails.filter((rail): rail is HomeRail => rail !== null))
      .catch(() => [] as HomeRail[])
    const providersRead = api
      .call(getGameProviders, { fields: ['sysname', 'name', 'image', 'games'] })
      .then((list) => list.filter((p) => (p.games ?? 0) > 0).map((p): HomeProvider => ({ sysname: p.sysname, name: p.name ?? p.sysname, image: p.image ?? null, games: p.games ?? 0 })))
      .catch(() => [] as HomeProvider[])
    const [rails, providers] = await Promise.all([railsRead, providersRead])
    return { rails, providers }
  }
}

/** Rounds read for the recently played rail, and games it shows at most. */
export const RECENT_ROUNDS = 50
export const RECENT_GAMES = 12

/**
 * The player's recently played games: the distinct games of their latest rounds, newest first,
 * each read from the catalogue (a game the catalogue no longer lists is left out).
 */
export async function loadRecentlyPlayed(api: ApiClient): Promise<HallGame[]> {
  const [{ getRounds }, { getGames }, { CARD_FIELDS }] = await Promise.all([
    import('../../services/api/contract/games'),
    import('../../services/api/contract/game-catalogue'),
    import('../../machines/games/hall/hall.types'),
  ])
  const rounds = await api.call(getRounds, { limit: RECENT_ROUNDS })
  const sysnames = [...new Set(rounds.map((r) => r.game))].slice(0, RECENT_GAMES)
  const read = await Promise.all(
    sysnames.map((sysname) =>
      api
        .call(getGames, { sysname, count: 1, fields: [...CARD_FIELDS] })
        .then((page) => cardOf(page.items[0]))
        .catch(() => null),
    ),
  )
  return read.filter((g): g is HallGame => g !== null)
}

/** A card's game from a games/get entry read with the card fields; null when one is missing. */
function cardOf(part: GamePart | undefined): HallGame | null {
  if (!part) return null
  const { sysname, title, provider, type, tags, image, rtp, demo, url } = part
  if (title === undefined || provider === undefined || type === undefined || tags === undefined || image === undefined || rtp === undefined || demo === undefined || url === undefined) return null
  return { sysname, title, provider, type, tags, image, rtp, demo, url }
}
