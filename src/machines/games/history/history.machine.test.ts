import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import { parseDateFilter } from '../../cashier/history/history.rules'
import { keyed } from '../../flow-entry'
import { FOCUS_FIRST_ERROR } from '../../forms/focus-first-error'
import { recordCoverage } from '../../testing/coverage'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { historyFilterParams } from './history.actors'
import { gameHistoryMachine } from './history.machine'
import { draftOf, EVERY_ROUND, gameChoices, hasMore, isValidRange, mergeRounds, netLook, readDraft, sameFilters } from './history.rules'
import {
  EXPORT_POLL,
  exportDisabled,
  gameHistoryFilter,
  gameHistoryOutcomes,
  gameHistorySamples,
  ROUNDS_SAMPLE_TOTAL,
  roundsPageFor,
  sampleExport,
  sampleRound,
  sampleTitles,
  type GameHistoryOutcome,
} from './history.samples'
import {
  selectCanExport,
  selectDraft,
  selectDraftErrors,
  selectExportBusy,
  selectExportFile,
  selectExportShown,
  selectExportView,
  selectGameChoices,
  selectHasMore,
  selectLoadingMore,
  selectLoadingRounds,
  selectRounds,
  selectRoundsView,
} from './history.selectors'
import {
  EXPORT_POLL_MS,
  type CheckExportInput,
  type ExportResult,
  type GameHistoryEvent,
  type GameHistoryFilters,
  type GameHistoryInput,
  type LoadRoundsInput,
  type LoadRoundsResult,
  type LoadTitlesResult,
  type RequestExportInput,
} from './history.types'

type Snapshot = SnapshotFrom<typeof gameHistoryMachine>

const PAGE = 2

function startSut(input: GameHistoryInput) {
  const rounds = controllable<LoadRoundsInput, LoadRoundsResult>()
  const titles = controllable<unknown, LoadTitlesResult>()
  const request = controllable<RequestExportInput, ExportResult>()
  const check = controllable<CheckExportInput, ExportResult>()
  const clock = new SimulatedClock()
  const ref = createActor(
    gameHistoryMachine.provide({
      actors: { loadRounds: rounds.actor, loadTitles: titles.actor, requestExport: request.actor, checkExport: check.actor },
      actions: { reportError: () => {} },
    }),
    { input, clock },
  ).start()
  const focused: unknown[] = []
  ref.on(FOCUS_FIRST_ERROR, (e) => void focused.push(e))
  return { ref, rounds, titles, request, check, clock, focused }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, e: GameHistoryEvent) => sut.ref.send(e)
const gestures = {
  'history.game.change': send, // the game select
  'history.mode.change': send, // the mode select
  'history.date.change': send, // typing in a date field
  'history.filter': send, // "Show"
  'history.more': send, // "Show more"
  'history.retry': send, // "Try again"
  'export.request': send, // "Download CSV", or "Try again" under a failed export
  'export.setting': send, // general info read or changed
} satisfies GestureTable<GameHistoryEvent, Sut, Snapshot>

// One controllable serves both reads of rounds: the list runs one at a time.
const outcomeGestures = {
  ...settleGestures('loadRounds', (sut: Sut) => sut.rounds),
  ...settleGestures('loadMore', (sut: Sut) => sut.rounds),
  ...settleGestures('loadTitles', (sut: Sut) => sut.titles),
  ...settleGestures('requestExport', (sut: Sut) => sut.request),
  ...settleGestures('checkExport', (sut: Sut) => sut.check),
  ...keyed(EXPORT_POLL, (sut: Sut) => sut.clock.increment(EXPORT_POLL_MS)),
} satisfies GestureTable<GameHistoryOutcome, Sut, Snapshot>

const isOutcome = (e: { type: string }): e is GameHistoryOutcome => e.type in gameHistoryOutcomes

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    filters: s.context.filters,
    n: s.context.items.length,
    total: s.context.total,
    failure: s.context.failure?.type ?? null,
    draft: s.context.draft,
    errors: s.context.draftErrors,
    titles: s.context.titles.length,
    enabled: s.context.exportEnabled,
    export: s.context.export?.status ?? null,
  })

const SELECTS = new Set(['history.game.change', 'history.mode.change'])
type Part = 'list' | 'selects' | 'export'

/**
 * Each set-up walks one part of the page while the others rest, which takes every transition
 * without every combination. The titles settle first in every one. `list` types dates, applies
 * them and pages every round; `selects` picks a game and a mode and applies them; `export` asks
 * for files over one applied change of mode. The form is edited where the list rests.
 */
function focus(part: Part) {
  return (s: Snapshot, e: { type: string }): boolean => {
    const resting = !s.matches({ list: 'loading' }) && !s.matches({ list: { shown: 'loadingMore' } })
    const everyRound = sameFilters(s.context.filters, EVERY_ROUND)
    if (isOutcome(e)) {
      if (!gameHistoryFilter(s, e)) return false
      if (e.type.includes('loadTitles')) return true
      if (!s.matches({ titles: 'ready' })) return false
      if (e.type.includes('loadMore')) return part === 'list' && everyRound
      if (part !== 'list' && e.type.includes('loadRounds')) return e.type.startsWith('xstate.done') && (e as { output: LoadRoundsResult }).output.ok
      return true
    }
    if (!s.can(e as GameHistoryEvent) || !s.matches({ titles: 'ready' })) return false
    if (e.type === 'history.date.change') return part === 'list' && resting
    if (SELECTS.has(e.type)) return resting && (part === 'selects' || (part === 'export' && e.type === 'history.mode.change'))
    if (e.type === 'history.more') return part === 'list' && everyRound
    if (e.type === 'history.retry') return part === 'list'
    if (e.type.startsWith('export.')) return part === 'export'
    return true
  }
}

function harnessFor(input: GameHistoryInput, part: Part) {
  return new ModelHarness<typeof gameHistoryMachine, Sut, GameHistoryOutcome>({
    machine: gameHistoryMachine,
    input,
    events: (s) => [...fixtureEvents<GameHistoryEvent, Snapshot>(gameHistorySamples, s), ...fixtureEvents<GameHistoryOutcome, Snapshot>(gameHistoryOutcomes, s)],
    filterEvents: focus(part),
    serializeState,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeState(s)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      const last = sut.rounds.calls.at(-1)
      rule('rounds flag while a first page is read', selectLoadingRounds(s) === (selectRoundsView(s) === 'loading'))
      rule('reads the filters shown, from the first round', !('loadRounds' in s.children) || (last !== undefined && sameFilters(last.filters, s.context.filters) && last.offset === 0))
      rule('reads the next page from the rounds read', !('loadMore' in s.children) || (last !== undefined && sameFilters(last.filters, s.context.filters) && last.offset === s.context.items.length))
      rule('asks for a page of the page size', sut.rounds.calls.every((c) => c.count === PAGE))
      rule('never asks for an impossible range', sut.rounds.calls.every((c) => isValidRange(c.filters)))
      rule('never reads past the last round', sut.rounds.calls.every((c) => c.offset === 0 || c.offset < ROUNDS_SAMPLE_TOTAL))
      rule('a round is shown once', new Set(selectRounds(s).map((r) => r.id)).size === selectRounds(s).length)
      rule('more only while more rounds follow', selectHasMore(s) === (s.matches({ list: 'shown' }) && hasMore(s.context.items, s.context.total)))
      rule('one read of rounds at a time', !(selectLoadingRounds(s) && selectLoadingMore(s)))
      rule('rows only where the list shows them', selectRoundsView(s) === 'shown' || selectRounds(s).length === 0)
      rule('the game filter offers the game picked', s.context.draft.game === null || selectGameChoices('en')(s).some((g) => g.sysname === s.context.draft.game))
      const errors = selectDraftErrors(s)
      rule('a date error only on a field that holds no date', Object.keys(errors).every((f) => parseDateFilter(selectDraft(s)[f as 'dateFrom' | 'dateTo']) === 'invalid'))
      // The export.
      const view = selectExportView(s)
      rule('the button shows unless the export is off or refused', selectExportShown(s) === !['off', 'refused'].includes(view))
      rule('the button waits while a file is asked for or made', selectExportBusy(s) === (view === 'requesting' || view === 'pending'))
      rule('asking is offered exactly where the button is free', selectCanExport(s) === (selectExportShown(s) && !selectExportBusy(s)))
      rule('a download link only for a ready file', (selectExportFile(s) !== null) === (view === 'ready'))
      rule('off while general info has it off', s.context.exportEnabled || view === 'off')
      rule('asks about the request in hand, only while it is pending', !('checkExport' in s.children) || (sut.check.calls.at(-1)?.id === s.context.export?.id && s.context.export?.status === 'pending'))
      rule('no export call runs while the export is off', !(view === 'off' || view === 'refused') || !('requestExport' in s.children || 'checkExport' in s.children))
      const refused = from !== undefined && event?.type === 'history.filter' && !readDraft(from.context.draft).ok
      rule('a refused form, and only that, takes the player to its first error', sut.focused.splice(0).length === (refused ? 1 : 0))
      if (from && event?.type === 'export.request') rule('asks for the rounds shown', sameFilters(sut.request.calls.at(-1)!.filters, s.context.filters))
      if (from && event?.type === 'history.filter') {
        const read = readDraft(from.context.draft)
        if (read.ok) {
          rule('the filters are the form as read', sameFilters(s.context.filters, read.filters))
          rule('the form shows the filters applied, without errors', Object.keys(errors).length === 0 && JSON.stringify(s.context.draft) === JSON.stringify(draftOf(read.filters)))
          rule('new filters drop the rounds shown', !s.matches({ list: 'shown' }))
          if (!sameFilters(read.filters, from.context.filters) && ['ready', 'failed', 'unreachable'].includes(selectExportView(from))) rule('a file of other filters goes', view === 'idle')
        } else {
          rule('a date that is no date asks nothing and keeps the filters', sameFilters(s.context.filters, from.context.filters) && JSON.stringify(s.value) === JSON.stringify(from.value))
          rule('the typed text stays in the form', JSON.stringify(selectDraft(s)) === JSON.stringify(from.context.draft))
          rule('each field without a date says so', Object.keys(errors).sort().join() === Object.keys(read.errors).sort().join())
        }
      }
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'gameHistoryMachine',
  {
    'the list': harnessFor({ exportEnabled: false, pageSize: PAGE }, 'list'),
    'the selects': harnessFor({ exportEnabled: false, pageSize: PAGE }, 'selects'),
    'the export': harnessFor({ exportEnabled: true, pageSize: PAGE }, 'export'),
  },
  { minShortestPaths: { 'the list': 30, 'the selects': 10, 'the export': 20 }, timeoutMs: 240_000, reach: 'together' },
)

/** A page started and its first answers given: the titles and the first page of every round. */
async function opened(input: Partial<GameHistoryInput> = {}) {
  const sut = startSut({ exportEnabled: true, pageSize: PAGE, ...input })
  recordCoverage(sut.ref)
  sut.titles.resolve(sampleTitles)
  sut.rounds.resolve(roundsPageFor(0, PAGE))
  await flush()
  return sut
}

describe('the game history list', () => {
  it('reads every round first, then appends the next pages from the rounds read until none follow', async () => {
    const sut = await opened()
    expect(sut.rounds.calls).toEqual([{ filters: EVERY_ROUND, offset: 0, count: PAGE }])
    expect(selectRounds(sut.ref.getSnapshot())).toHaveLength(2)
    sut.ref.send({ type: 'history.more' })
    expect(sut.rounds.calls.at(-1)).toEqual({ filters: EVERY_ROUND, offset: 2, count: PAGE })
    // The rounds shown stay while the next ones load.
    expect(selectRounds(sut.ref.getSnapshot())).toHaveLength(2)
    expect(selectLoadingMore(sut.ref.getSnapshot())).toBe(true)
    sut.rounds.resolve(roundsPageFor(2, PAGE))
    await flush()
    sut.ref.send({ type: 'history.more' })
    sut.rounds.resolve(roundsPageFor(4, PAGE))
    await flush()
    expect(selectRounds(sut.ref.getSnapshot()).map((r) => r.id)).toEqual(['1000', '999', '998', '997', '996'])
    expect(selectHasMore(sut.ref.getSnapshot())).toBe(false)
  })

  it('applies game, mode and typed dates as the API takes them, and shows the dates back as dd.mm.yyyy', async () => {
    const sut = await opened()
    sut.ref.send({ type: 'history.game.change', value: 'dice-classic' })
    sut.ref.send({ type: 'history.mode.change', value: 'real' })
    sut.ref.send({ type: 'history.date.change', field: 'dateFrom', value: '1.11.2026' })
    sut.ref.send({ type: 'history.date.change', field: 'dateTo', value: '22112026' })
    sut.ref.send({ type: 'history.filter' })
    const filters: GameHistoryFilters = { game: 'dice-classic', mode: 'real', dateFrom: '2026-11-01', dateTo: '2026-11-22' }
    expect(sut.rounds.calls.at(-1)).toEqual({ filters, offset: 0, count: PAGE })
    expect(historyFilterParams(filters)).toEqual({ game: 'dice-classic', mode: 'real', date_from: '2026-11-01', date_to: '2026-11-22' })
    expect(historyFilterParams(EVERY_ROUND)).toEqual({})
    expect(selectDraft(sut.ref.getSnapshot())).toEqual({ game: 'dice-classic', mode: 'real', dateFrom: '01.11.2026', dateTo: '22.11.2026' })
    // New filters drop the rounds of the old ones: skeletons, not rows of another filter.
    expect(selectRoundsView(sut.ref.getSnapshot())).toBe('loading')
    expect(selectRounds(sut.ref.getSnapshot())).toEqual([])
  })

  it('a date that is no date stays in its field with its error and nothing is asked; a start after the end is said without asking', async () => {
    const sut = await opened()
    sut.ref.send({ type: 'history.date.change', field: 'dateFrom', value: '11/22/2026' })
    sut.ref.send({ type: 'history.filter' })
    expect(selectDraftErrors(sut.ref.getSnapshot())).toEqual({ dateFrom: 'date' })
    expect(selectRoundsView(sut.ref.getSnapshot())).toBe('shown')
    sut.ref.send({ type: 'history.date.change', field: 'dateFrom', value: '01.03.2026' })
    expect(selectDraftErrors(sut.ref.getSnapshot())).toEqual({})
    sut.ref.send({ type: 'history.date.change', field: 'dateTo', value: '01.01.2026' })
    sut.ref.send({ type: 'history.filter' })
    expect(selectRoundsView(sut.ref.getSnapshot())).toBe('invalidRange')
    expect(sut.rounds.calls).toHaveLength(1)
  })

  it('a failed first page offers to try again; a failed next page keeps the rounds read', async () => {
    const sut = startSut({ exportEnabled: false, pageSize: PAGE })
    sut.rounds.reject(new Error('offline'))
    await flush()
    expect(selectRoundsView(sut.ref.getSnapshot())).toBe('loadFailed')
    sut.ref.send({ type: 'history.retry' })
    sut.rounds.resolve(roundsPageFor(0, PAGE))
    await flush()
    sut.ref.send({ type: 'history.more' })
    sut.rounds.resolve({ ok: false, error: { type: 'ApplicationUnavailableException' } })
    await flush()
    expect(selectRounds(sut.ref.getSnapshot())).toHaveLength(2)
    sut.ref.send({ type: 'history.retry' })
    expect(sut.rounds.calls.at(-1)!.offset).toBe(2)
  })
})

describe('the game filter and the rows', () => {
  it('offers the catalogue’s titles by title in the player’s language, and the games of the rounds shown it lacks', () => {
    const titles = [
      { sysname: 'zeta', title: 'Éclair' },
      { sysname: 'alpha', title: 'Zebra' },
    ]
    const retired = { ...sampleRound(0), game: 'old-game', title: 'Ancient' }
    expect(gameChoices(titles, [retired, sampleRound(0)], null, 'de').map((g) => g.title)).toEqual(['Ancient', 'Dice Classic', 'Éclair', 'Zebra'])
    // With no catalogue (it could not be read) a game picked stays a choice.
    expect(gameChoices([], [], 'pearl-cascade', 'en')).toEqual([{ sysname: 'pearl-cascade', title: 'pearl-cascade' }])
  })

  it('keeps a round once when a page repeats it (rounds played since push the older ones down)', () => {
    expect(mergeRounds([sampleRound(0), sampleRound(1)], [sampleRound(1), sampleRound(2)]).map((r) => r.id)).toEqual(['1000', '999', '998'])
  })

  it('reads a round’s net as a win, a loss or even', () => {
    expect(netLook({ net: '0.98' })).toBe('win')
    expect(netLook({ net: '-1.00' })).toBe('loss')
    expect(netLook({ net: '0.00' })).toBe('even')
    expect(netLook({ net: '-0.00' })).toBe('even')
  })
})

describe('the CSV export', () => {
  it('asks with the filters shown, asks again every pause while pending, and offers the file once ready', async () => {
    const sut = await opened()
    sut.ref.send({ type: 'history.mode.change', value: 'fun' })
    sut.ref.send({ type: 'history.filter' })
    sut.rounds.resolve(roundsPageFor(0, PAGE))
    await flush()
    sut.ref.send({ type: 'export.request' })
    expect(sut.request.calls).toEqual([{ filters: { ...EVERY_ROUND, mode: 'fun' } }])
    expect(selectExportView(sut.ref.getSnapshot())).toBe('requesting')
    sut.request.resolve({ ok: true, export: sampleExport('pending') })
    await flush()
    expect(selectExportView(sut.ref.getSnapshot())).toBe('pending')
    sut.clock.increment(EXPORT_POLL_MS - 1)
    expect(sut.check.calls).toHaveLength(0)
    sut.clock.increment(1)
    expect(sut.check.calls).toEqual([{ id: '41' }])
    sut.check.resolve({ ok: true, export: sampleExport('pending') })
    await flush()
    sut.clock.increment(EXPORT_POLL_MS)
    expect(sut.check.calls).toHaveLength(2)
    sut.check.resolve({ ok: true, export: sampleExport('ready') })
    await flush()
    expect(selectExportFile(sut.ref.getSnapshot())).toEqual({ url: '/api/games/historyexport/41.csv', rows: ROUNDS_SAMPLE_TOTAL })
    // Ready: no more asking.
    sut.clock.increment(EXPORT_POLL_MS * 5)
    expect(sut.check.calls).toHaveLength(2)
  })

  it('stops asking when the page is left', async () => {
    const sut = await opened()
    sut.ref.send({ type: 'export.request' })
    sut.request.resolve({ ok: true, export: sampleExport('pending') })
    await flush()
    sut.ref.stop()
    sut.clock.increment(EXPORT_POLL_MS * 3)
    expect(sut.check.calls).toHaveLength(0)
  })

  it('a failed file and a lost connection offer to ask again; other filters drop the file of the old ones', async () => {
    const sut = await opened()
    sut.ref.send({ type: 'export.request' })
    sut.request.resolve({ ok: true, export: sampleExport('pending') })
    await flush()
    sut.clock.increment(EXPORT_POLL_MS)
    sut.check.resolve({ ok: true, export: sampleExport('failed') })
    await flush()
    expect(selectExportView(sut.ref.getSnapshot())).toBe('failed')
    sut.ref.send({ type: 'export.request' })
    sut.request.reject(new Error('offline'))
    await flush()
    expect(selectExportView(sut.ref.getSnapshot())).toBe('unreachable')
    sut.ref.send({ type: 'export.request' })
    sut.request.resolve({ ok: true, export: sampleExport('ready') })
    await flush()
    expect(selectExportView(sut.ref.getSnapshot())).toBe('ready')
    // "Show" with the same filters keeps the file; other filters drop it.
    sut.ref.send({ type: 'history.filter' })
    expect(selectExportView(sut.ref.getSnapshot())).toBe('ready')
    sut.ref.send({ type: 'history.game.change', value: 'dice-classic' })
    sut.ref.send({ type: 'history.filter' })
    expect(selectExportView(sut.ref.getSnapshot())).toBe('idle')
  })

  it('follows general info’s switch, and the server’s refusal hides the button', async () => {
    const sut = await opened({ exportEnabled: false })
    expect(selectExportShown(sut.ref.getSnapshot())).toBe(false)
    sut.ref.send({ type: 'export.setting', enabled: true })
    expect(selectExportView(sut.ref.getSnapshot())).toBe('idle')
    sut.ref.send({ type: 'export.request' })
    sut.request.resolve({ ok: true, export: sampleExport('pending') })
    await flush()
    // Switched off while a file is being made: the asking stops.
    sut.ref.send({ type: 'export.setting', enabled: false })
    sut.clock.increment(EXPORT_POLL_MS * 2)
    expect(sut.check.calls).toHaveLength(0)
    expect(selectExportView(sut.ref.getSnapshot())).toBe('off')
    sut.ref.send({ type: 'export.setting', enabled: true })
    sut.ref.send({ type: 'export.request' })
    sut.request.resolve(exportDisabled)
    await flush()
    expect(selectExportView(sut.ref.getSnapshot())).toBe('refused')
    expect(selectExportShown(sut.ref.getSnapshot())).toBe(false)
    // General info still saying "on" does not bring back what the server refuses.
    sut.ref.send({ type: 'export.setting', enabled: true })
    expect(selectExportView(sut.ref.getSnapshot())).toBe('refused')
  })
})
