// The journeys of e2e/board.model.spec.ts, computed from the sportsbook board machine with the
// shared generator (e2e/models/journeys.ts): one shortest path per state, and per query the board
// answers differently (upcoming only, a sport, a league of it, a search no team matches), on the
// real /betting.
//
// Three worlds, each a page the server renders with its first lists (the machine starts in it,
// `initial`): `board` (/betting, live and upcoming of every sport), `football` (/betting?sport=football,
// whose league picker the page offers) and `nothing` (/betting?query=zzqxw, a shared search no team
// matches: the page opens empty). The oracle says only whether a query finds events: which ones,
// and how many, follow the simulator's clock, which the whole run shares; the journey compares each
// real answer with it and shows what the server answered.
//
// Node-only and browser-free: the spec imports it at collection time.
import type { SnapshotFrom } from 'xstate'
import { boardMachine } from '../../src/machines/sportsbook/board/board.machine'
import { EMPTY_BOARD_QUERY, listsEmpty, readsLive, readsUpcoming, searchFromBoardQuery } from '../../src/machines/sportsbook/board/board.rules'
import { BOARD_SEARCH_PAUSE as MACHINE_SEARCH_PAUSE, sampleEvent } from '../../src/machines/sportsbook/board/board.samples'
import { BOARD_PAGE_SIZE, type BoardEvent, type BoardInput, type BoardLists, type BoardQuery, type LoadBoardResult } from '../../src/machines/sportsbook/board/board.types'
import type { FixtureTable } from '../../src/machines/testing/model'
import { defineModelPaths, leavesOfValue } from './journeys'

export type BoardSnapshot = SnapshotFrom<typeof boardMachine>

// ── the worlds ───────────────────────────────────────────────────────────────

export type BoardWorld = 'board' | 'football' | 'nothing'
export const WORLDS: readonly BoardWorld[] = ['board', 'football', 'nothing']

/** What the player types: a name no team has (a typo the search forgives is e2e/betting.spec.ts's). */
export const SEARCH = { nothing: 'zzqxw' } as const
/** A league of the football picker with fixtures every day of the simulator's schedule. */
export const LEAGUE = 'football-eng-1'

export const START_QUERY: Record<BoardWorld, BoardQuery> = {
  board: EMPTY_BOARD_QUERY,
  football: { ...EMPTY_BOARD_QUERY, sport: 'football' },
  nothing: { ...EMPTY_BOARD_QUERY, text: SEARCH.nothing },
}

/** The page's address for a query, as the board writes it. */
export function boardAddress(query: BoardQuery): string {
  const search = searchFromBoardQuery(query).toString()
  return `/betting${search ? `?${search}` : ''}`
}

// ── the events a player causes ───────────────────────────────────────────────

/**
 * What the player does: type a team's name, pick a league, follow the 'Upcoming' tab (a link: the
 * address moves and the page tells the board, 'board.locate'). Left out, each with its reason:
 * 'board.search.clear' (back to `loading` and the lists, or straight back to them through
 * `settled`: nothing the journeys do not show otherwise), the 'Live now' tab (live events come and
 * go with the shared clock, so whether it finds any is not the oracle's to say), the sports column
 * (a sport is the `football` world's own page), 'board.retry' (only after a failed read, see
 * SKIPPED), 'board.live' (the simulator's socket messages, see SKIPPED).
 */
export const PLAYER_SAMPLES = {
  'board.search.change': [{ type: 'board.search.change', text: SEARCH.nothing }],
  'board.search.clear': [],
  'board.filter': [{ type: 'board.filter', change: { league: LEAGUE } }],
  'board.locate': (snapshot: BoardSnapshot) => (snapshot.context.query.status === 'upcoming' ? [] : [{ type: 'board.locate', query: { ...snapshot.context.query, status: 'upcoming' } }]),
  'board.retry': [],
  'board.live': [],
} as const satisfies FixtureTable<BoardEvent>

// ── the events the server and the clock cause ────────────────────────────────

/** The pause after the last keystroke, by its literal name (the machine's, checked below) so the gesture table can key it. */
export const SEARCH_PAUSE = 'xstate.after.searchDebounce.board.list.typing'
if (MACHINE_SEARCH_PAUSE !== SEARCH_PAUSE) throw new Error(`the board's search pause is now '${MACHINE_SEARCH_PAUSE}'`)

export const LOADED = 'xstate.done.actor.loadBoard'

export type BoardAnswer = { type: typeof LOADED; output: LoadBoardResult } | { type: typeof SEARCH_PAUSE }

export type JourneyEvent = BoardEvent | BoardAnswer

/**
 * Whether sportsbook/events finds events for each query the samples make, by its address. A
 * query not listed gets no answer from the oracle, so no path goes past its `loading`.
 */
export const FINDS: Readonly<Record<string, boolean>> = {
  '/betting': true,
  '/betting?status=upcoming': true,
  [`/betting?query=${SEARCH.nothing}`]: false,
  '/betting?sport=football': true,
  [`/betting?sport=football&league=${LEAGUE}`]: true,
}

/** The lists the query reads, as the oracle has them: one placeholder event each, or none. */
export function listsOf(query: BoardQuery): BoardLists | null {
  const finds = FINDS[boardAddress(query)]
  if (finds === undefined) return null
  const list = (id: string, live: boolean) => (finds ? { events: [sampleEvent(id, live)], total: 1 } : { events: [], total: 0 })
  return { live: readsLive(query) ? list('1', true) : null, upcoming: readsUpcoming(query) ? list('101', false) : null }
}

/** The oracle: what the real server answers for the model's query, and the pause in typing. */
export function serverAnswers(snapshot: BoardSnapshot): BoardAnswer[] {
  const lists = listsOf(snapshot.context.query)
  return [...(lists ? [{ type: LOADED, output: { ok: true, lists } } as const] : []), { type: SEARCH_PAUSE }]
}

function serializeJourneyState(snapshot: BoardSnapshot): string {
  const { query, typed, lists } = snapshot.context
  return JSON.stringify({ value: snapshot.value, query, typed, empty: lists && listsEmpty(lists) })
}

/**
 * Each leaf, and what the lists at rest answer (`status:upcoming`, `sport:football`,
 * `league:football-eng-1`, `search:zzqxw`): the board shown or empty reads differently for each.
 */
function targetsOf(snapshot: BoardSnapshot): string[] {
  const leaves = leavesOfValue(snapshot.value)
  if (!snapshot.matches({ list: 'shown' }) && !snapshot.matches({ list: 'empty' })) return leaves
  const { query } = snapshot.context
  return [
    ...leaves,
    ...(query.status ? [`status:${query.status}`] : []),
    ...(query.sport ? [`sport:${query.sport}`] : []),
    ...(query.league ? [`league:${query.league}`] : []),
    ...(query.text ? [`search:${query.text}`] : []),
  ]
}

/** What each world plays: every sport the states and the tab; football its page and a league; the empty search link its own page. */
const KEEPS: Record<BoardWorld, (target: string) => boolean> = {
  board: (target) => !target.startsWith('sport:') && !target.startsWith('league:') && !target.startsWith('search:'),
  football: (target) => target.startsWith('sport:') || target.startsWith('league:'),
  nothing: (target) => target === `search:${SEARCH.nothing}`,
}

/** The world's page as the server rendered it: its query and first lists. */
export function inputOf(world: BoardWorld): BoardInput {
  const query = START_QUERY[world]
  const lists = listsOf(query)
  if (!lists) throw new Error(`the oracle does not know ${boardAddress(query)}`)
  return { query, pageSize: BOARD_PAGE_SIZE, initial: { query, lists } }
}

// ── states and paths ─────────────────────────────────────────────────────────

export const { skipped: SKIPPED, leavesOf, journeys: boardJourneys } = defineModelPaths({
  machine: boardMachine,
  // The chart's states no journey reaches, and why (printed by the spec's first test).
  skipped: {
    'list.deciding': 'left by `always` the moment it is entered: never at rest, never seen',
    'list.settled': 'left by `always` the moment it is entered (the typed text came back to the query shown): never at rest, never seen',
    'list.loadFailed':
      "sportsbook/events refusing the board's query: the page sends only what the contract accepts (the address drops unknown sports, leagues and statuses, the search is cut to 60 characters); a dead network is the machine tests'",
    'flash.flashing':
      "a price moved by 'board.live': the simulator's socket sends changes every second or so, when its own clock says, and the shared clock may not be moved; e2e/betting.spec.ts sees a change arrive, the machine tests play the flash and its end",
  },
  samples: PLAYER_SAMPLES as FixtureTable<BoardEvent>,
  answers: serverAnswers,
  serializeState: serializeJourneyState,
  // The league picker shows only on a sport's board.
  allow: (snapshot, event) => event.type !== 'board.filter' || snapshot.context.query.sport !== null,
  targetsOf,
  input: inputOf,
  worlds: { key: 'world', each: WORLDS, keeps: KEEPS },
})

export type BoardLeaf = ReturnType<typeof leavesOf>[number]
export type BoardJourney = ReturnType<typeof boardJourneys>[number]

export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'board.search.change':
      return `search.change(${event.text})`
    case 'board.filter':
      return `filter(${Object.entries(event.change)
        .map(([key, value]) => `${key}:${String(value)}`)
        .join(',')})`
    case 'board.locate':
      return `locate(${searchFromBoardQuery(event.query).toString() || 'every sport'})`
    case LOADED:
      return `done.loadBoard(${event.output.ok ? (listsEmpty(event.output.lists) ? 'none' : 'events') : event.output.error.type})`
    case SEARCH_PAUSE:
      return 'after.searchDebounce'
    default:
      return event.type.replace(/^board\./, '')
  }
}
