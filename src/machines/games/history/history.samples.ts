// Sample events of the player's game history, walked by its model test and listed in the flows registry.
import type { AnyMachineSnapshot } from 'xstate'
import { defineEntry, delayEvent, delaySamples, doneEventType, errorEventType, type SampleTable } from '../../flow-entry'
import { gameHistoryMachine } from './history.machine'
import { draftOf, isValidRange, readDraft, sameFilters } from './history.rules'
import type { ExportResult, GameHistoryContext, GameHistoryEvent, GameHistoryRow, HistoryExport, LoadRoundsResult, LoadTitlesResult } from './history.types'

/** Rounds the sample server holds for every filter. */
export const ROUNDS_SAMPLE_TOTAL = 5

export const sampleRound = (n: number): GameHistoryRow => ({
  id: String(1000 - n),
  game: n % 2 === 0 ? 'dice-classic' : 'aurora-lanterns',
  title: n % 2 === 0 ? 'Dice Classic' : 'Aurora Lanterns',
  mode: n % 3 === 2 ? 'fun' : 'real',
  currency: 'USD',
  stake: '1.00',
  payout: n % 2 === 0 ? '1.98' : '0.00',
  net: n % 2 === 0 ? '0.98' : '-1.00',
  status: 'settled',
  createdAt: '2026-11-22T10:00:00.000Z',
  settledAt: '2026-11-22T10:00:00.000Z',
})

/** The page the server answers from `offset`: up to `count` of `total` rounds. */
export const roundsPageFor = (offset: number, count: number, total = ROUNDS_SAMPLE_TOTAL): LoadRoundsResult => ({
  ok: true,
  page: { items: Array.from({ length: Math.max(0, Math.min(count, total - offset)) }, (_, i) => sampleRound(offset + i)), total },
})

export const sampleTitles: LoadTitlesResult = {
  ok: true,
  titles: [
    { sysname: 'aurora-lanterns', title: 'Aurora Lanterns' },
    { sysname: 'dice-classic', title: 'Dice Classic' },
  ],
}

export const sampleExport = (status: HistoryExport['status']): HistoryExport => ({
  id: '41',
  status,
  rows: status === 'ready' ? ROUNDS_SAMPLE_TOTAL : null,
  url: status === 'ready' ? '/api/games/historyexport/41.csv' : null,
  createdAt: '2026-11-22T10:00:00.000Z',
  finishedAt: status === 'pending' ? null : '2026-11-22T10:00:05.000Z',
})
const answer = (status: HistoryExport['status']): ExportResult => ({ ok: true, export: sampleExport(status) })
export const exportDisabled: ExportResult = { ok: false, error: { type: 'InvalidParameterException', code: 'history_export_disabled' } }
const unavailable = { ok: false, error: { type: 'ApplicationUnavailableException' } } as const

const contextOf = (s: AnyMachineSnapshot) => s.context as GameHistoryContext

export const gameHistorySamples = {
  // Each edit of the form flips one part of it, so the graph stays small: a game, play money, and back.
  'history.game.change': (s: AnyMachineSnapshot) => [{ type: 'history.game.change', value: contextOf(s).draft.game === null ? 'dice-classic' : null }] as const,
  'history.mode.change': (s: AnyMachineSnapshot) => [{ type: 'history.mode.change', value: contextOf(s).draft.mode === null ? 'fun' : null }] as const,
  // A day as the site writes it, a start after that end, a date in the browser's US order, and the end cleared.
  'history.date.change': (s: AnyMachineSnapshot) =>
    (
      [
        { type: 'history.date.change', field: 'dateFrom', value: '01.02.2026' },
        { type: 'history.date.change', field: 'dateTo', value: '01.01.2026' },
        { type: 'history.date.change', field: 'dateFrom', value: '02/01/2026' },
        { type: 'history.date.change', field: 'dateTo', value: '' },
      ] as const
    ).filter((e) => contextOf(s).draft[e.field] !== e.value),
  'history.filter': [{ type: 'history.filter' }],
  'history.more': [{ type: 'history.more' }],
  'history.retry': [{ type: 'history.retry' }],
  'export.request': [{ type: 'export.request' }],
  'export.setting': [
    { type: 'export.setting', enabled: false },
    { type: 'export.setting', enabled: true },
  ],
} satisfies SampleTable<GameHistoryEvent>

/** The pause between two asks about a pending export. */
export const EXPORT_POLL = delayEvent(gameHistoryMachine, 'exportPoll').type
const LOADED = doneEventType(gameHistoryMachine, 'loadRounds')
const FAILED = errorEventType(gameHistoryMachine, 'loadRounds')
const MORE = doneEventType(gameHistoryMachine, 'loadMore')
const MORE_FAILED = errorEventType(gameHistoryMachine, 'loadMore')
const TITLES = doneEventType(gameHistoryMachine, 'loadTitles')
const TITLES_FAILED = errorEventType(gameHistoryMachine, 'loadTitles')
const REQUESTED = doneEventType(gameHistoryMachine, 'requestExport')
const REQUEST_FAILED = errorEventType(gameHistoryMachine, 'requestExport')
const CHECKED = doneEventType(gameHistoryMachine, 'checkExport')
const CHECK_FAILED = errorEventType(gameHistoryMachine, 'checkExport')
export type GameHistoryOutcome =
  | { type: typeof EXPORT_POLL }
  | { type: typeof LOADED; output: LoadRoundsResult }
  | { type: typeof FAILED; error: unknown }
  | { type: typeof MORE; output: LoadRoundsResult }
  | { type: typeof MORE_FAILED; error: unknown }
  | { type: typeof TITLES; output: LoadTitlesResult }
  | { type: typeof TITLES_FAILED; error: unknown }
  | { type: typeof REQUESTED; output: ExportResult }
  | { type: typeof REQUEST_FAILED; error: unknown }
  | { type: typeof CHECKED; output: ExportResult }
  | { type: typeof CHECK_FAILED; error: unknown }

export const gameHistoryOutcomes = {
  ...delaySamples(EXPORT_POLL),
  [LOADED]: (s: AnyMachineSnapshot) => [
    { type: LOADED, output: roundsPageFor(0, contextOf(s).pageSize) },
    { type: LOADED, output: roundsPageFor(0, contextOf(s).pageSize, 0) },
    { type: LOADED, output: unavailable },
  ],
  [FAILED]: [{ type: FAILED, error: 'network down' }],
  [MORE]: (s: AnyMachineSnapshot) => [
    { type: MORE, output: roundsPageFor(contextOf(s).items.length, contextOf(s).pageSize) },
    { type: MORE, output: unavailable },
  ],
  [MORE_FAILED]: [{ type: MORE_FAILED, error: 'network down' }],
  [TITLES]: [
    { type: TITLES, output: sampleTitles },
    { type: TITLES, output: unavailable },
  ],
  [TITLES_FAILED]: [{ type: TITLES_FAILED, error: 'network down' }],
  [REQUESTED]: [
    { type: REQUESTED, output: answer('pending') },
    { type: REQUESTED, output: answer('ready') },
    { type: REQUESTED, output: answer('failed') },
    { type: REQUESTED, output: exportDisabled },
    { type: REQUESTED, output: unavailable },
  ],
  [REQUEST_FAILED]: [{ type: REQUEST_FAILED, error: 'network down' }],
  [CHECKED]: [
    { type: CHECKED, output: answer('pending') },
    { type: CHECKED, output: answer('ready') },
    { type: CHECKED, output: answer('failed') },
    { type: CHECKED, output: unavailable },
  ],
  [CHECK_FAILED]: [{ type: CHECK_FAILED, error: 'network down' }],
} satisfies SampleTable<GameHistoryOutcome>

/**
 * Which samples a state tries. The runtime's answers: an actor's only while it runs, the pause
 * only while an export waits. The player's: the form is edited where the list rests, the titles are
 * read and no export is under way, and an export is asked for while the form shows the filters
 * applied; each region is walked while the others rest, which reaches every state without every
 * combination.
 */
export function gameHistoryFilter(snapshot: AnyMachineSnapshot, event: { type: string }): boolean {
  if (event.type === EXPORT_POLL) return snapshot.matches({ export: { pending: 'waiting' } })
  if (event.type.startsWith('xstate.')) return event.type.replace(/^xstate\.(done|error)\.actor\./, '') in snapshot.children
  if (event.type.startsWith('export.')) return formApplied(snapshot)
  if (event.type === 'history.filter' || event.type === 'history.more' || event.type === 'history.retry') return true
  const listRests = !snapshot.matches({ list: 'loading' }) && !snapshot.matches({ list: { shown: 'loadingMore' } })
  return listRests && !snapshot.matches({ titles: 'loading' }) && (snapshot.matches({ export: 'idle' }) || snapshot.matches({ export: 'off' }))
}

const formApplied = (snapshot: AnyMachineSnapshot) => {
  const c = contextOf(snapshot)
  return Object.keys(c.draftErrors).length === 0 && JSON.stringify(c.draft) === JSON.stringify(draftOf(c.filters))
}

/**
 * Graph states: the state value, how the form would apply (the filters shown, others, a backwards
 * range, a date that is no date) and which date fields hold text, so a second date can follow a first.
 */
export function gameHistoryState(snapshot: AnyMachineSnapshot): string {
  const c = contextOf(snapshot)
  const read = readDraft(c.draft)
  const form = !read.ok ? 'noDate' : !isValidRange(read.filters) ? 'backwards' : sameFilters(read.filters, c.filters) ? 'applied' : 'changed'
  return JSON.stringify({ value: snapshot.value, form, dates: `${c.draft.dateFrom === '' ? 0 : 1}${c.draft.dateTo === '' ? 0 : 1}` })
}

export const gameHistoryEntry = defineEntry<typeof gameHistoryMachine, GameHistoryOutcome>({
  name: 'game-history',
  area: 'games',
  spec: '§7 Games getHistory, createhistoryexportrequest, gethistoryexportrequest; §3 General info is_game_history_export_enabled',
  description: 'The player\u2019s casino rounds on /profile/bets: game, mode and date filters, "show more" paging, empty and failed states; the CSV export asked for, polled while pending, then a download link, a failure or a refusal',
  machine: gameHistoryMachine,
  input: { exportEnabled: true, pageSize: 2 },
  otherInputs: [{ exportEnabled: false, pageSize: 2 }],
  events: gameHistorySamples,
  outcomes: gameHistoryOutcomes,
  filterEvents: gameHistoryFilter,
  serializeState: gameHistoryState,
})
