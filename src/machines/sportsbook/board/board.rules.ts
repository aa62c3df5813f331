// The board's query rules: reading it from the address (garbage becomes "no filter", never an
// error), writing it back, and applying live changes to the lists.
import { isSport } from '../../../shared/sportsbook/markets'
import { applyChange, isStale, type SbChange } from '../live.rules'
import { BOARD_QUERY_MAX, type BoardLists, type BoardQuery } from './board.types'

export const EMPTY_BOARD_QUERY: BoardQuery = { sport: null, league: null, status: null, text: '' }

const LEAGUE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A search as sent: no control characters, single spaces, at most BOARD_QUERY_MAX characters. */
export function normaliseBoardSearch(text: string): string {
  // eslint-disable-next-line no-control-regex
  return Array.from(text.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim()).slice(0, BOARD_QUERY_MAX).join('').trim()
}

/** The query of an address; an unknown sport, league or status reads as none. */
export function boardQueryFromSearch(search: URLSearchParams): BoardQuery {
  const sport = search.get('sport')
  const league = search.get('league')
  const status = search.get('status')
  const validSport = isSport(sport) ? sport : null
  // A league belongs to its sport: football-eng-1 under tennis is no league at all.
  const validLeague = league && league.length <= 64 && LEAGUE.test(league) && (validSport === null || league.startsWith(`${validSport.replace('_', '-')}-`) || league.startsWith(`${validSport}-`)) ? league : null
  return {
    sport: validSport,
    league: validLeague,
    status: status === 'live' || status === 'upcoming' ? status : null,
    text: normaliseBoardSearch(search.get('query') ?? ''),
  }
}

export function searchFromBoardQuery(query: BoardQuery): URLSearchParams {
  const out = new URLSearchParams()
  if (query.sport) out.set('sport', query.sport)
  if (query.league) out.set('league', query.league)
  if (query.status) out.set('status', query.status)
  if (query.text) out.set('query', query.text)
  return out
}

export const sameBoardQuery = (a: BoardQuery, b: BoardQuery): boolean => a.sport === b.sport && a.league === b.league && a.status === b.status && a.text === b.text

/** A filter change: a new sport drops the league of the old one. */
export function withBoardFilters(query: BoardQuery, change: Partial<Pick<BoardQuery, 'sport' | 'league' | 'status'>>): BoardQuery {
  const next = { ...query, ...change }
  if (change.sport !== undefined && change.sport !== query.sport && change.league === undefined) return { ...next, league: null }
  return next
}

export const hasBoardFilters = (q: BoardQuery): boolean => !sameBoardQuery(q, EMPTY_BOARD_QUERY)

/** Which lists a query reads. */
export const readsLive = (q: BoardQuery): boolean => q.status !== 'upcoming'
export const readsUpcoming = (q: BoardQuery): boolean => q.status !== 'live'

/**
 * The lists with the changes applied, stale ones ignored. An event that ended stays where it is,
 * marked so, until the lists load again: taking its row out moved every row below it.
 */
export function applyToLists(lists: BoardLists, changes: readonly SbChange[], flashes: Record<string, 'up' | 'down'>): BoardLists {
  const apply = (list: BoardLists['live']) => {
    if (!list) return list
    let touched = false
    const events = list.events.map((e) => {
      const change = changes.filter((c) => c.id === e.id).at(-1)
      if (!change || isStale(e, change)) return e
      touched = true
      return applyChange(e, change, flashes)
    })
    return touched ? { events, total: list.total } : list
  }
  return { live: apply(lists.live), upcoming: apply(lists.upcoming) }
}

export const listsEmpty = (lists: BoardLists | null): boolean => lists !== null && (lists.live?.events.length ?? 0) === 0 && (lists.upcoming?.events.length ?? 0) === 0
