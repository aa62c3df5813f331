// The journeys of e2e/games-hall.model.spec.ts, computed from the games hall machine with the
// shared generator (e2e/models/journeys.ts): one shortest path per state, and per query the player
// sees answered differently (the next page, an order, a studio, a category), on the real /gamehall
// and /gamehall/{category}.
//
// Three worlds, each a page the server renders with its first page of games (the machine starts in
// it, `initial`): `hall` (/gamehall, every game: 24 shown of 43, so more can be loaded), `slots`
// (/gamehall/slots, a category of 8) and `nothing` (/gamehall?query=zzqxw, a shared link to a search
// no title matches: the page opens empty). Not a category with no game: popularity follows play,
// and the suite's other journeys play. The oracle is the seeded catalogue's totals for the queries the samples make
// (server/domain/games/catalogue-data.ts and the studio titles); the journey compares each real
// answer with it, so a change of the catalogue fails the journey that depends on it.
//
// Node-only and browser-free: the spec imports it at collection time.
import type { SnapshotFrom } from 'xstate'
import { hallMachine } from '../../src/machines/games/hall/hall.machine'
import { EMPTY_HALL_QUERY, hasFilters, searchFromHallQuery } from '../../src/machines/games/hall/hall.rules'
import { hallGame, SEARCH_PAUSE as MACHINE_SEARCH_PAUSE } from '../../src/machines/games/hall/hall.samples'
import { HALL_PAGE_SIZE, type HallEvent, type HallInput, type HallQuery, type LoadGamesResult } from '../../src/machines/games/hall/hall.types'
import type { FixtureTable } from '../../src/machines/testing/model'
import { defineModelPaths, leavesOfValue } from './journeys'

export type HallSnapshot = SnapshotFrom<typeof hallMachine>

// ── the worlds ───────────────────────────────────────────────────────────────

export type HallWorld = 'hall' | 'slots' | 'nothing'
export const WORLDS: readonly HallWorld[] = ['hall', 'slots', 'nothing']

/** What the player types: words no game matches (a typo the search still finds is e2e/games-hall.spec.ts's). */
export const SEARCH = { nothing: 'zzqxw' } as const
export const STUDIO = 'redfox'

/** The query each world's page opens with. */
export const START_QUERY: Record<HallWorld, HallQuery> = {
  hall: EMPTY_HALL_QUERY,
  slots: { ...EMPTY_HALL_QUERY, category: 'slots' },
  nothing: { ...EMPTY_HALL_QUERY, text: SEARCH.nothing },
}

/** The page's address for a query, as the hall writes it: the category in the path. */
export function hallAddress(query: HallQuery): string {
  const search = searchFromHallQuery(query, { categoryInPath: true }).toString()
  return `${query.category ? `/gamehall/${query.category}` : '/gamehall'}${search ? `?${search}` : ''}`
}

// ── the events a player causes ───────────────────────────────────────────────

/**
 * What the player does: type in the search field, pick a studio or an order, scroll to the grid's
 * end. Left out, each with its reason: 'hall.search.clear' and 'hall.reset' (they lead back to
 * `loading` and the games, no state or view the journeys do not reach otherwise; the reset is
 * e2e/games-hall.spec.ts's), 'hall.locate' (the address moving under the page, back or forward:
 * it is `loading` for another query like any change), 'hall.retry' (only after a failed read, see
 * SKIPPED).
 */
export const PLAYER_SAMPLES = {
  'hall.search.change': [{ type: 'hall.search.change', text: SEARCH.nothing }],
  'hall.search.clear': [],
  'hall.filter': [
    { type: 'hall.filter', change: { sort: 'name', order: 'asc' } },
    { type: 'hall.filter', change: { providers: [STUDIO] } },
  ],
  'hall.reset': [],
  'hall.locate': [],
  'hall.more': [{ type: 'hall.more' }],
  'hall.retry': [],
} as const satisfies FixtureTable<HallEvent>

// ── the events the server and the clock cause ────────────────────────────────

/** The pause after the last keystroke, by its literal name (the machine's, checked below) so the gesture table can key it. */
export const SEARCH_PAUSE = 'xstate.after.searchDebounce.hall.typing'
if (MACHINE_SEARCH_PAUSE !== SEARCH_PAUSE) throw new Error(`the hall's search pause is now '${MACHINE_SEARCH_PAUSE}'`)

export type HallAnswer =
  | { type: 'xstate.done.actor.loadGames'; output: LoadGamesResult }
  | { type: 'xstate.done.actor.loadMore'; output: LoadGamesResult }
  | { type: typeof SEARCH_PAUSE }

export type JourneyEvent = HallEvent | HallAnswer

/**
 * games/get's total for each query the samples make, by its address (the seeded catalogue). A
 * query not listed gets no answer from the oracle, so no path goes past its `loading`.
 */
export const CATALOGUE: Readonly<Record<string, number>> = {
  '/gamehall': 43,
  [`/gamehall?query=${SEARCH.nothing}`]: 0,
  '/gamehall?sort=name&order=asc': 43,
  '/gamehall/slots': 8,
  [`/gamehall/slots?providers=${STUDIO}`]: 3,
}

/** A page of `query` from `offset` as the catalogue holds it: placeholders, the model reads how many. */
export function pageOf(query: HallQuery, offset: number): LoadGamesResult | null {
  const total = CATALOGUE[hallAddress(query)]
  if (total === undefined) return null
  const count = Math.max(0, Math.min(HALL_PAGE_SIZE, total - offset))
  return { ok: true, page: { items: Array.from({ length: count }, (_, i) => hallGame(offset + i)), total } }
}

/** The oracle: what the real server answers for the model's query, and the pause in typing. */
export function serverAnswers(snapshot: HallSnapshot): HallAnswer[] {
  const { query, items } = snapshot.context
  const first = pageOf(query, 0)
  const more = pageOf(query, items.length)
  return [
    ...(first ? [{ type: 'xstate.done.actor.loadGames' as const, output: first }] : []),
    ...(more ? [{ type: 'xstate.done.actor.loadMore' as const, output: more }] : []),
    { type: SEARCH_PAUSE },
  ]
}

function serializeJourneyState(snapshot: HallSnapshot): string {
  const { query, typed, items, total } = snapshot.context
  return JSON.stringify({ value: snapshot.value, query, typed, n: items.length, total })
}

/**
 * Each leaf, and what the games on show answer (`more:appended`, `order:name`, `studio:redfox`,
 * `category:slots`): the grid at rest, shown or empty, reads differently for each.
 */
function targetsOf(snapshot: HallSnapshot): string[] {
  const leaves = leavesOfValue(snapshot.value)
  if (!snapshot.matches({ shown: 'idle' }) && !snapshot.matches('empty')) return leaves
  const { query, items } = snapshot.context
  return [
    ...leaves,
    ...(items.length > HALL_PAGE_SIZE ? ['more:appended'] : []),
    ...(query.sort ? [`order:${query.sort}`] : []),
    ...query.providers.map((studio) => `studio:${studio}`),
    ...(query.category ? [`category:${query.category}`] : []),
    ...(query.text ? [`search:${query.text}`] : []),
  ]
}

/**
 * What each world plays: the whole hall the states, the next page and the order; the slots page
 * itself and a studio inside it; the search link that opens empty its own page.
 */
const KEEPS: Record<HallWorld, (target: string) => boolean> = {
  hall: (target) => !target.startsWith('studio:') && !target.startsWith('category:') && !target.startsWith('search:'),
  slots: (target) => target.startsWith('studio:') || target === 'category:slots',
  nothing: (target) => target === `search:${SEARCH.nothing}`,
}

/** The world's page as the server rendered it: its query and first page. */
export function inputOf(world: HallWorld): HallInput {
  const query = START_QUERY[world]
  const first = pageOf(query, 0)
  if (!first?.ok) throw new Error(`the catalogue has no total for ${hallAddress(query)}`)
  return { query, pageSize: HALL_PAGE_SIZE, initial: { query, page: first.page } }
}

// ── states and paths ─────────────────────────────────────────────────────────

export const { skipped: SKIPPED, leavesOf, journeys: hallJourneys } = defineModelPaths({
  machine: hallMachine,
  // The chart's states no journey reaches, and why (printed by the spec's first test).
  skipped: {
    deciding: 'left by `always` the moment it is entered: never at rest, never seen',
    settled: 'left by `always` the moment it is entered (the typed text came back to the query shown): never at rest, never seen',
    loadFailed:
      "games/get refusing the hall's query: the page sends only what the catalogue knows (the loader sends an unknown category to /gamehall, the address drops unknown types and sorts); a dead network is the machine tests'",
    'shown.moreFailed': "the next page refused or lost: the real server answers every page of a query it answered first; the machine tests play it and 'Try again'",
  },
  samples: PLAYER_SAMPLES as FixtureTable<HallEvent>,
  answers: serverAnswers,
  serializeState: serializeJourneyState,
  targetsOf,
  input: inputOf,
  worlds: { key: 'world', each: WORLDS, keeps: KEEPS },
})

export type HallLeaf = ReturnType<typeof leavesOf>[number]
export type HallJourney = ReturnType<typeof hallJourneys>[number]

/** The empty state offers the way back only when there is something to reset. */
export const offersReset = (snapshot: HallSnapshot) => hasFilters(snapshot.context.query)

export function describeEvent(event: JourneyEvent): string {
  switch (event.type) {
    case 'hall.search.change':
      return `search.change(${event.text})`
    case 'hall.filter':
      return `filter(${Object.entries(event.change)
        .map(([key, value]) => `${key}:${String(value)}`)
        .join(',')})`
    case 'xstate.done.actor.loadGames':
    case 'xstate.done.actor.loadMore':
      return `${event.type.replace('xstate.done.actor.', 'done.')}(${event.output.ok ? `${event.output.page.items.length} of ${event.output.page.total}` : event.output.error.type})`
    case SEARCH_PAUSE:
      return 'after.searchDebounce'
    default:
      return event.type.replace(/^hall\./, '')
  }
}
