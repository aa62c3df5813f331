// The games hall's loader (SPEC §2.1 /gamehall, /gamehall/{id} and its category guard): the query
// from the address, the first page read for it, and the redirects that keep one address per view.
import { redirect } from 'react-router'
import { hallQueryForViewer, hallQueryFromSearch, searchFromHallQuery } from '../../machines/games/hall/hall.rules'
import { HALL_PAGE_SIZE, type HallQuery } from '../../machines/games/hall/hall.types'
import { EMPTY_HALL_DATA, type HallData } from '../../ui/app/games'

const withSearch = (path: string, search: URLSearchParams) => (search.size ? `${path}?${search}` : path)

/**
 * `loadHall` is the page's RouteDeps.loadHall (absent in tests that build no API); `player` says
 * whether a favourites filter applies (a visitor's ?favourites=1 reads the whole hall, as the page does).
 */
export async function gamehallLoader(loadHall: ((query: HallQuery, pageSize: number) => Promise<HallData>) | undefined, request: Request, pathCategory: string | null, player = false): Promise<HallData> {
  const url = new URL(request.url)
  const query = hallQueryForViewer(hallQueryFromSearch(url.searchParams, pathCategory), player)
  // ?category= on the whole hall is the category's own page.
  if (pathCategory === null && query.category !== null) throw redirect(withSearch(`/gamehall/${query.category}`, searchFromHallQuery(query, { categoryInPath: true })))
  if (!loadHall) return EMPTY_HALL_DATA
  const data = await loadHall(query, HALL_PAGE_SIZE)
  const known = data.categories.length === 0 || query.category === null || data.categories.some((c) => c.sysname === query.category)
  if (!known) throw redirect(withSearch('/gamehall', searchFromHallQuery({ ...query, category: null })))
  return data
}
