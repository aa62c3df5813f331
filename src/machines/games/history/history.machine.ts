// The player's game history, "Casino rounds" of /profile/bets (SPEC §7 Games getHistory,
// createhistoryexportrequest, gethistoryexportrequest; docs/machines.md#game-history). Three things
// on the page change apart, so they are parallel regions: the list (every new filter goes through
// `loading`, "show more" appends), the titles for the game filter, and the CSV export (asked for,
// then asked about every EXPORT_POLL_MS while the server's job makes it).
import { assign, assertEvent, emit, setup } from 'xstate'
import { FOCUS_FIRST_ERROR_EVENT, type FormEmitted } from '../../forms/focus-first-error'
import { checkExport, loadRounds, loadTitles, requestExport } from './history.actors'
import { draftChangesFilters, draftOf, EVERY_ROUND, hasMore, isValidRange, mergeRounds, readDraft, withoutError } from './history.rules'
import {
  EXPORT_POLL_MS,
  GAME_HISTORY_PAGE_SIZE,
  type ExportResult,
  type GameHistoryActionParams,
  type GameHistoryContext,
  type GameHistoryEvent,
  type GameHistoryInput,
  type LoadRoundsResult,
  type LoadTitlesResult,
} from './history.types'
import type { CATALOGUE_ERROR_CODE } from '../../../services/api/contract/game-catalogue'

/** The contract's CATALOGUE_ERROR_CODE.exportDisabled (a machine imports only types from services). */
const EXPORT_DISABLED = 'history_export_disabled' satisfies typeof CATALOGUE_ERROR_CODE.exportDisabled

export const GAME_HISTORY_TAGS = {
  /** A first page is read: the list shows skeletons. */
  loading: 'loading.rounds',
  loadingMore: 'loading.more',
  /** An export is asked for or being made: the button waits. */
  exporting: 'export.busy',
} as const

type RoundsDone = { event: { output: LoadRoundsResult } }
const rounds = ({ event }: RoundsDone) => ({ result: event.output })
type ExportDone = { event: { output: ExportResult } }
const exported = ({ event }: ExportDone) => ({ result: event.output })
const statusOf = (result: ExportResult) => (result.ok ? (result.export?.status ?? null) : null)

const gameHistorySetup = setup({
  types: {
    input: {} as GameHistoryInput,
    context: {} as GameHistoryContext,
    events: {} as GameHistoryEvent,
    children: {} as { loadRounds: 'loadRounds'; loadMore: 'loadRounds'; loadTitles: 'loadTitles'; requestExport: 'requestExport'; checkExport: 'checkExport' },
    tags: {} as (typeof GAME_HISTORY_TAGS)[keyof typeof GAME_HISTORY_TAGS],
    emitted: {} as FormEmitted,
  },
  actors: { loadRounds, loadTitles, requestExport, checkExport },
  delays: { exportPoll: EXPORT_POLL_MS },
  actions: {
    /** A date that is no date: the form takes the player to its field. */
    focusFirstError: emit(FOCUS_FIRST_ERROR_EVENT),
    reportError: (_, params: GameHistoryActionParams['reportError']) => {
      console.error('gameHistoryMachine:', params.error)
    },
    assignGame: assign(({ context, event }) => {
      assertEvent(event, 'history.game.change')
      return { draft: { ...context.draft, game: event.value } }
    }),
    assignMode: assign(({ context, event }) => {
      assertEvent(event, 'history.mode.change')
      return { draft: { ...context.draft, mode: event.value } }
    }),
    assignDate: assign(({ context, event }) => {
      assertEvent(event, 'history.date.change')
      return { draft: { ...context.draft, [event.field]: event.value }, draftErrors: withoutError(context.draftErrors, event.field) }
    }),
    assignDraftErrors: assign(({ context }) => {
      const read = readDraft(context.draft)
      return read.ok ? {} : { draftErrors: read.errors }
    }),
    assignFilters: assign(({ context }) => {
      const read = readDraft(context.draft)
      if (!read.ok) throw new Error('gameHistoryMachine: assignFilters on a draft that does not read')
      // The form shows what was read, as the site writes it (31012026 becomes 31.01.2026).
      return { filters: read.filters, items: [], total: null, failure: null, draft: draftOf(read.filters), draftErrors: {} }
    }),
    assignFirstPage: assign((_, params: { result: LoadRoundsResult }) => (params.result.ok ? { items: params.result.page.items, total: params.result.page.total, failure: null } : {})),
    assignMore: assign(({ context }, params: { result: LoadRoundsResult }) =>
      params.result.ok ? { items: mergeRounds(context.items, params.result.page.items), total: params.result.page.total, failure: null } : {},
    ),
    assignFailure: assign((_, params: { result: LoadRoundsResult }) => (params.result.ok ? {} : { failure: params.result.error })),
    assignNetworkFailure: assign({ failure: { type: 'NetworkError' } }),
    assignTitles: assign((_, params: { result: LoadTitlesResult }) => (params.result.ok ? { titles: params.result.titles } : {})),
    assignSetting: assign(({ event }) => {
      assertEvent(event, 'export.setting')
      return { exportEnabled: event.enabled }
    }),
    assignExport: assign((_, params: { result: ExportResult }) => (params.result.ok ? { export: params.result.export } : {})),
  },
  guards: {
    draftUnreadable: ({ context }) => !readDraft(context.draft).ok,
    validRange: ({ context }) => {
      const read = readDraft(context.draft)
      return read.ok && isValidRange(read.filters)
    },
    draftChangesFilters: ({ context }) => draftChangesFilters(context.draft, context.filters),
    hasMore: ({ context }) => hasMore(context.items, context.total),
    rows: (_, params: { result: LoadRoundsResult }) => params.result.ok && params.result.page.items.length > 0,
    read: (_, params: { result: LoadRoundsResult }) => params.result.ok,
    titlesRead: (_, params: { result: LoadTitlesResult }) => params.result.ok,
    exportOn: ({ context }) => context.exportEnabled,
    settingOn: ({ event }) => {
      assertEvent(event, 'export.setting')
      return event.enabled
    },
    settingOff: ({ event }) => {
      assertEvent(event, 'export.setting')
      return !event.enabled
    },
    // A ready answer without its address could not be downloaded: it reads as a failed one.
    exportReady: (_, params: { result: ExportResult }) => params.result.ok && params.result.export?.status === 'ready' && params.result.export.url !== null,
    exportPending: (_, params: { result: ExportResult }) => statusOf(params.result) === 'pending',
    exportAnswered: (_, params: { result: ExportResult }) => params.result.ok,
    exportRefused: (_, params: { result: ExportResult }) => !params.result.ok && params.result.error.code === EXPORT_DISABLED,
  },
})

const reportError = { type: 'reportError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const

/** What every resting state of the list answers: the form applied. */
const change = {
  'history.filter': [
    { guard: 'draftUnreadable', actions: ['assignDraftErrors', 'focusFirstError'] },
    { guard: 'validRange', target: '#gameHistory.list.loading', reenter: true, actions: 'assignFilters' },
    { target: '#gameHistory.list.invalidRange', actions: 'assignFilters' },
  ],
} as const

/** The operator switching the export off (general info) hides it whatever it was doing. */
const switchedOff = { 'export.setting': { guard: 'settingOff', target: '#gameHistory.export.off', actions: 'assignSetting' } } as const

/**
 * An export's file is of the filters it was asked with: once other rounds are shown, its link
 * and its failure go, and the button asks for the rounds now shown.
 */
const exportOutdated = { 'history.filter': { guard: 'draftChangesFilters', target: '#gameHistory.export.idle' } } as const

/** How an export answer that is no longer pending is routed, from asking and from asking again. */
const exportDone = [
  { guard: { type: 'exportReady', params: exported }, target: '#gameHistory.export.ready', actions: { type: 'assignExport', params: exported } },
  // The job failed (or the request is gone): the player may ask again.
  { guard: { type: 'exportAnswered', params: exported }, target: '#gameHistory.export.failed', actions: { type: 'assignExport', params: exported } },
  { target: '#gameHistory.export.unreachable' },
] as const

export const gameHistoryMachine = gameHistorySetup.createMachine({
  id: 'gameHistory',
  type: 'parallel',
  context: ({ input }) => ({
    filters: EVERY_ROUND,
    pageSize: input.pageSize ?? GAME_HISTORY_PAGE_SIZE,
    items: [],
    total: null,
    failure: null,
    draft: draftOf(EVERY_ROUND),
    draftErrors: {},
    titles: [],
    exportEnabled: input.exportEnabled,
    export: null,
  }),
  on: {
    'history.game.change': { actions: 'assignGame' },
    'history.mode.change': { actions: 'assignMode' },
    'history.date.change': { actions: 'assignDate' },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: GAME_HISTORY_TAGS.loading,
          on: change,
          invoke: {
            id: 'loadRounds',
            src: 'loadRounds',
            input: ({ context }) => ({ filters: context.filters, offset: 0, count: context.pageSize }),
            onDone: [
              { guard: { type: 'rows', params: rounds }, target: 'shown', actions: { type: 'assignFirstPage', params: rounds } },
              { guard: { type: 'read', params: rounds }, target: 'empty', actions: { type: 'assignFirstPage', params: rounds } },
              { target: 'loadFailed', actions: { type: 'assignFailure', params: rounds } },
            ],
            onError: { target: 'loadFailed', actions: ['assignNetworkFailure', reportError] },
          },
        },
        shown: {
          initial: 'idle',
          on: change,
          states: {
            idle: { on: { 'history.more': { guard: 'hasMore', target: 'loadingMore' } } },
            loadingMore: {
              tags: GAME_HISTORY_TAGS.loadingMore,
              invoke: {
                id: 'loadMore',
                src: 'loadRounds',
                input: ({ context }) => ({ filters: context.filters, offset: context.items.length, count: context.pageSize }),
                onDone: [
                  { guard: { type: 'read', params: rounds }, target: 'idle', actions: { type: 'assignMore', params: rounds } },
                  { target: 'moreFailed', actions: { type: 'assignFailure', params: rounds } },
                ],
                onError: { target: 'moreFailed', actions: ['assignNetworkFailure', reportError] },
              },
            },
            /** The next page failed: the rounds read stay, and "try again" reads it again. */
            moreFailed: { on: { 'history.retry': 'loadingMore', 'history.more': 'loadingMore' } },
          },
        },
        /** No round for these filters. */
        empty: { on: change },
        /** The start date is after the end date: nothing is asked. */
        invalidRange: { on: change },
        loadFailed: { on: { ...change, 'history.retry': 'loading' } },
      },
    },
    // The game filter's titles: read once; without them the filter offers the games of the rounds shown.
    titles: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadTitles',
            src: 'loadTitles',
            onDone: [
              { guard: { type: 'titlesRead', params: ({ event }) => ({ result: event.output }) }, target: 'ready', actions: { type: 'assignTitles', params: ({ event }) => ({ result: event.output }) } },
              { target: 'unavailable' },
            ],
            onError: { target: 'unavailable', actions: reportError },
          },
        },
        ready: {},
        unavailable: {},
      },
    },
    export: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'exportOn', target: 'idle' }, { target: 'off' }] },
        /** General info has the export switched off: no button. */
        off: { on: { 'export.setting': { guard: 'settingOn', target: 'idle', actions: 'assignSetting' } } },
        idle: { on: { ...switchedOff, 'export.request': 'requesting' } },
        requesting: {
          tags: GAME_HISTORY_TAGS.exporting,
          on: switchedOff,
          invoke: {
            id: 'requestExport',
            src: 'requestExport',
            input: ({ context }) => ({ filters: context.filters }),
            onDone: [
              { guard: { type: 'exportPending', params: exported }, target: 'pending', actions: { type: 'assignExport', params: exported } },
              // Only asking is refused while the export is off; asking about a request never is.
              { guard: { type: 'exportRefused', params: exported }, target: 'refused' },
              ...exportDone,
            ],
            onError: { target: 'unreachable', actions: reportError },
          },
        },
        /** The job has the request; it is asked about again after each pause until it is done. */
        pending: {
          tags: GAME_HISTORY_TAGS.exporting,
          on: switchedOff,
          initial: 'waiting',
          states: {
            waiting: { after: { exportPoll: 'checking' } },
            checking: {
              invoke: {
                id: 'checkExport',
                src: 'checkExport',
                input: ({ context }) => {
                  if (!context.export) throw new Error('gameHistoryMachine: checkExport with no export request in hand')
                  return { id: context.export.id }
                },
                onDone: [
                  { guard: { type: 'exportPending', params: exported }, target: 'waiting', actions: { type: 'assignExport', params: exported } },
                  ...exportDone,
                ],
                onError: { target: '#gameHistory.export.unreachable', actions: reportError },
              },
            },
          },
        },
        /** The file is made: a link to download it. Asking again makes a new one. */
        ready: { on: { ...switchedOff, ...exportOutdated, 'export.request': 'requesting' } },
        /** The job could not make the file. */
        failed: { on: { ...switchedOff, ...exportOutdated, 'export.request': 'requesting' } },
        /** Asking, or asking again, did not reach the server: "try again" asks again (a pending request is answered, not doubled). */
        unreachable: { on: { ...switchedOff, ...exportOutdated, 'export.request': 'requesting' } },
        /** The server has the export switched off though general info said otherwise: it says so, with no button. */
        refused: { on: switchedOff },
      },
    },
  },
})

export type GameHistoryMachine = typeof gameHistoryMachine
