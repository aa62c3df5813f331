// Pure rules of the games hall: the query to and from the address (garbage in the address is
// dropped, never an error page), the typed search as sent, and paging.
import { GAME_QUERY_MAX, GAME_SORTS, GAME_TYPES, SORT_ORDERS, SYSNAME_PATTERN, type CatalogueGameType, type GameSort, type SortOrder } from '../../../shared/games/catalogue-terms'
import type { HallFilterChange, HallQuery } from './hall.types'

export const EMPTY_HALL_QUERY: HallQuery = { text: '', category: null, providers: [], types: [], sort: null, order: null, favourites: false }

/** The address's value of the favourites filter: `?favourites=1`; anything else is off. */
export const FAVOURITES_ON = '1'

const MAX_LISTED = 20

/**
 * The search as the server gets it: control and format characters out, runs of spaces one space,
 * trimmed, cut to GAME_QUERY_MAX characters (whole code points, never half an emoji).
 */
export function normaliseSearch(text: string): string {
  const clean = text
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return Array.from(clean).slice(0, GAME_QUERY_MAX).join('').trim()
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null => (value !== null && (list as readonly string[]).includes(value) ? (value as T) : null)

/** A list from `a,b` or repeated keys, only well-formed and known values, each once, at most MAX_LISTED. */
function listOf<T extends string>(search: URLSearchParams, key: string, keep: (value: string) => value is T): T[] {
  const values = search.getAll(key).flatMap((v) => v.split(','))
  return [...new Set(values.map((v) => v.trim()).filter(keep))].slice(0, MAX_LISTED)
}

const isSysname = (v: string): v is string => v.length <= 64 && SYSNAME_PATTERN.test(v)
const isType = (v: string): v is CatalogueGameType => (GAME_TYPES as readonly string[]).includes(v)

/** The query an address holds (`category` from /gamehall/{id} wins over ?category=). Unknown values are dropped. */
export function hallQueryFromSearch(search: URLSearchParams, pathCategory: string | null = null): HallQuery {
  const category = pathCategory ?? search.get('category')
  return {
    text: normaliseSearch(search.get('query') ?? ''),
    category: category !== null && isSysname(category) ? category : null,
    providers: listOf(search, 'providers', isSysname),
    types: listOf(search, 'types', isType),
    sort: oneOf<GameSort>(GAME_SORTS, search.get('sort')),
    order: oneOf<SortOrder>(SORT_ORDERS, search.get('order')),
    favourites: search.get('favourites') === FAVOURITES_ON,
  }
}

/**
 * The query the hall shows a viewer: a visitor has no favourites, so for them the filter is off
 * (the games, not an empty page), and comes back on if they log in with the address unchanged.
 */
export function hallQueryForViewer(query: HallQuery, player: boolean): HallQuery {
  return query.favourites && !player ? { ...query, favourites: false } : query
}

/** The address's query string for a query; the category stays out when the path holds it. */
export function searchFromHallQuery(query: HallQuery, { categoryInPath = false } = {}): URLSearchParams {
  const search = new URLSearchParams()
  if (query.text) search.set('query', query.text)
  if (query.category && !categoryInPath) search.set('category', query.category)
  if (query.providers.length) search.set('providers', query.providers.join(','))
  if (query.types.length) search.set('types', query.types.join(','))
  if (query.sort) search.set('sort', query.sort)
  if (query.order) search.set('order', query.order)
  if (query.favourites) search.set('favourites', FAVOURITES_ON)
  return search
}

export function sameHallQuery(a: HallQuery, b: HallQuery): boolean {
  return (
    a.text === b.text &&
    a.category === b.category &&
    a.sort === b.sort &&
    a.order === b.order &&
    Boolean(a.favourites) === Boolean(b.favourites) &&
    a.providers.join() === b.providers.join() &&
    a.types.join() === b.types.join()
  )
}

export function withFilters(query: HallQuery, change: HallFilterChange): HallQuery {
  return { ...query, ...change }
}

export function hasFilters(query: HallQuery): boolean {
  return !sameHallQuery(query, { ...EMPTY_HALL_QUERY, category: query.category })
}

/** More games follow those read. */
export function hasMore(items: readonly unknown[], total: number | null): boolean {
  return total !== null && items.length < total
}

/** A page appended to those read; a game read twice (the catalogue moved between pages) is kept once. */
export function mergePage<G extends { readonly sysname: string }>(items: readonly G[], more: readonly G[]): G[] {
  const seen = new Set(items.map((g) => g.sysname))
  return [...items, ...more.filter((g) => !seen.has(g.sysname))]
}
