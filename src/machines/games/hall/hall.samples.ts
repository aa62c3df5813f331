// Sample events of the games hall, walked by its model test and listed in the flows registry.
import type { AnyMachineSnapshot } from 'xstate'
import { defineEntry, delayEvent, delaySamples, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { hallMachine } from './hall.machine'
import { EMPTY_HALL_QUERY } from './hall.rules'
import type { HallContext, HallEvent, HallGame, HallQuery, LoadGamesResult } from './hall.types'

/** Games the sample server holds for every query. */
export const HALL_SAMPLE_TOTAL = 5

export const hallGame = (n: number): HallGame => ({
  sysname: `game-${n}`,
  title: `Game ${n}`,
  provider: { sysname: 'northlight', name: 'Northlight Studio' },
  type: 'slot',
  tags: n === 0 ? ['new'] : [],
  image: { x1: `/_ipx/f_webp/images/games/game-${n}.svg`, x2: `/_ipx/f_webp/images/games/game-${n}.svg` },
  rtp: '96.00',
  demo: true,
  url: `/platform/game/game-${n}/play`,
})

/** The page the server answers from `offset`: up to `count` of the total games. */
export const hallPageFor = (offset: number, count: number, total = HALL_SAMPLE_TOTAL): LoadGamesResult => ({
  ok: true,
  page: { items: Array.from({ length: Math.max(0, Math.min(count, total - offset)) }, (_, i) => hallGame(offset + i)), total },
})

export const slotsQuery: HallQuery = { ...EMPTY_HALL_QUERY, types: ['slot'] }

const contextOf = (s: AnyMachineSnapshot) => s.context as HallContext

export const hallSamples = {
  // A typo'd search, and the text typed back to what the query holds (no new read).
  'hall.search.change': (s: AnyMachineSnapshot) =>
    [
      { type: 'hall.search.change', text: 'auroa' },
      { type: 'hall.search.change', text: ` ${contextOf(s).query.text} ` },
    ] as const,
  'hall.search.clear': [{ type: 'hall.search.clear' }],
  // A studio, an order and the player's favourites in one change: a second sample would double the
  // graph the model test walks, and the flow treats every part of the query alike.
  'hall.filter': [{ type: 'hall.filter', change: { providers: ['redfox'], sort: 'popularity', order: 'desc', favourites: true } }],
  'hall.reset': [{ type: 'hall.reset' }],
  // Back to a link of the slots (every game again is the reset's).
  'hall.locate': [{ type: 'hall.locate', query: slotsQuery }],
  'hall.more': [{ type: 'hall.more' }],
  'hall.retry': [{ type: 'hall.retry' }],
} satisfies SampleTable<HallEvent>

/** The player stopped typing. */
export const SEARCH_PAUSE = delayEvent(hallMachine, 'searchDebounce').type
const LOADED = doneEventType(hallMachine, 'loadGames')
const FAILED = errorEventType(hallMachine, 'loadGames')
const MORE = doneEventType(hallMachine, 'loadMore')
const MORE_FAILED = errorEventType(hallMachine, 'loadMore')
export type HallOutcome =
  | { type: typeof SEARCH_PAUSE }
  | { type: typeof LOADED; output: LoadGamesResult }
  | { type: typeof FAILED; error: unknown }
  | { type: typeof MORE; output: LoadGamesResult }
  | { type: typeof MORE_FAILED; error: unknown }

const refused: LoadGamesResult = { ok: false, error: { type: 'InvalidParameterException', code: 'unknown_category' } }

export const hallOutcomes = {
  ...delaySamples(SEARCH_PAUSE),
  [LOADED]: (s: AnyMachineSnapshot) => [
    { type: LOADED, output: hallPageFor(0, contextOf(s).pageSize) },
    { type: LOADED, output: hallPageFor(0, contextOf(s).pageSize, 0) },
    { type: LOADED, output: refused },
  ],
  [FAILED]: [{ type: FAILED, error: 'network down' }],
  [MORE]: (s: AnyMachineSnapshot) => [
    { type: MORE, output: hallPageFor(contextOf(s).items.length, contextOf(s).pageSize) },
    { type: MORE, output: { ok: false, error: { type: 'ApplicationUnavailableException' } } },
  ],
  [MORE_FAILED]: [{ type: MORE_FAILED, error: 'network down' }],
} satisfies SampleTable<HallOutcome>

export const hallEntry = defineEntry<typeof hallMachine, HallOutcome>({
  name: 'hall',
  area: 'games',
  spec: '§2.1 /gamehall, /gamehall/{id}, §7 Games get (offset, count, sort, order, query, types, providers, options=favourites)',
  description: 'The games hall: search typed and debounced, filters (a studio, the player\'s favourites) and sort in the address, the first page server-rendered, more pages appended; loading, empty and failure states',
  machine: hallMachine,
  input: { query: EMPTY_HALL_QUERY, pageSize: 2 },
  serializeState: (snapshot) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: HallContext }
    return JSON.stringify({ value, query: context.query, typed: context.typed, n: context.items.length, total: context.total })
  },
  events: hallSamples,
  outcomes: hallOutcomes,
})
