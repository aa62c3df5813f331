import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { recordCoverage } from '../../testing/coverage'
import { ModelHarness, fixtureEvents, type GestureTable, ruleCollector, dispatchGestures } from '../../testing/model'
import { historyMachine } from './history.machine'
import { firstHistoryPage, HISTORY_SAMPLE_TOTAL, historyOutcomes, historyPageFor, historySamples, type HistoryOutcome } from './history.samples'
import { historyParams } from './history.actors'
import { hasNextPage, historyQueryFromSearch, isValidRange, parseDateFilter, readDraft, sameQuery, searchFromHistoryQuery } from './history.rules'
import { selectCanNext, selectCanPrevious, selectDraft, selectDraftErrors, selectHistoryView, selectItems, selectLoadingHistory, selectQuery, selectRange } from './history.selectors'
import { HISTORY_ADDRESS_CHANGED, HISTORY_PAGE_SIZE, type HistoryEvent, type HistoryInput, type HistoryQuery, type LoadHistoryInput, type LoadHistoryResult } from './history.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof historyMachine>

const PAGE = 2
const TOTAL = HISTORY_SAMPLE_TOTAL
const first = firstHistoryPage
const pageFor = (offset: number) => historyPageFor(offset, PAGE)

function startSut(input: HistoryInput) {
  const load = controllable<LoadHistoryInput, LoadHistoryResult>()
  const addresses: HistoryQuery[] = []
  const ref = createActor(
    historyMachine.provide({
      actors: { loadHistory: load.actor },
      actions: { syncAddress: (_, { query }) => void addresses.push(query), reportError: () => {} },
    }),
    { input },
  ).start()
  return { ref, load, addresses }
}
type Sut = ReturnType<typeof startSut>

const fixtures = historySamples
const outcomes = historyOutcomes
type Outcome = HistoryOutcome

const gestures = {
  'history.type.change': (sut: Sut, e) => sut.ref.send(e),
  'history.date.change': (sut: Sut, e) => sut.ref.send(e),
  'history.filter': (sut: Sut, e) => sut.ref.send(e),
  'history.next': (sut: Sut, e) => sut.ref.send(e),
  'history.prev': (sut: Sut, e) => sut.ref.send(e),
  'history.locate': (sut: Sut, e) => sut.ref.send(e),
  'history.retry': (sut: Sut, e) => sut.ref.send(e),
} satisfies GestureTable<HistoryEvent, Sut, Snapshot>
const outcomeGestures = settleGestures('loadHistory', (sut: Sut) => sut.load) satisfies GestureTable<Outcome, Sut, Snapshot>
const isOutcome = (e: { type: string }): e is Outcome => e.type.startsWith('xstate.')

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    query: s.context.query,
    page: s.context.page && { offset: s.context.page.offset, n: s.context.page.items.length, total: s.context.page.total },
    failure: s.context.failure?.code ?? s.context.failure?.type ?? null,
    draft: s.context.draft,
    errors: s.context.draftErrors,
  })

const ADDRESS_EVENTS = new Set(['history.filter', 'history.next', 'history.prev'])

/** `editing`: the player edits the form in this set-up; without it the form is applied as the address filled it. */
function harnessFor(input: HistoryInput, { editing }: { editing: boolean }) {
  const isEdit = (e: { type: string }) => e.type === 'history.type.change' || e.type === 'history.date.change'
  return new ModelHarness<typeof historyMachine, Sut, Outcome>({
    machine: historyMachine,
    input,
    events: (s) => [...fixtureEvents<HistoryEvent, Snapshot>(fixtures, s).filter((e) => editing || !isEdit(e)), ...fixtureEvents<Outcome, Snapshot>(outcomes, s)],
    filterEvents: (s, e) => (isOutcome(e) ? 'loadHistory' in s.children : s.can(e)),
    serializeState,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeState(s)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      rule('history flag while reading', selectLoadingHistory(s) === (selectHistoryView(s) === 'loading'))
      rule('reads what the page shows', 'loadHistory' in s.children === false || sameQuery(sut.load.calls.at(-1)!.query, s.context.query))
      rule('asks for a page of the page size', sut.load.calls.every((c) => c.count === PAGE))
      rule('never asks for an impossible range', sut.load.calls.every((c) => isValidRange(c.query)))
      rule('rows shown are of the page asked for', !s.matches('shown') || s.context.page?.offset === s.context.query.offset)
      rule('next only when more rows follow', selectCanNext(s) === (s.matches('shown') && hasNextPage(s.context.page)))
      rule('previous only past the first page', !selectCanPrevious(s) || s.context.query.offset > 0)
      rule('range only with rows', (selectRange(s) !== null) === selectItems(s).length > 0)
      const written = sut.addresses.splice(0)
      // A form whose date does not read goes nowhere, so the address stays.
      const moves = from && event && ADDRESS_EVENTS.has(event.type) && !(event.type === 'history.filter' && !readDraft(from.context.draft).ok)
      if (moves) rule('the address follows the player', written.length === 1 && sameQuery(written[0]!, s.context.query))
      else rule('nothing else writes the address', written.length === 0)
      const errors = selectDraftErrors(s)
      rule('a date error only on a field that holds no date', Object.keys(errors).every((f) => parseDateFilter(selectDraft(s)[f as 'dateFrom' | 'dateTo']) === 'invalid'))
      if (from && event?.type === 'history.filter') {
        const read = readDraft(from.context.draft)
        if (read.ok) {
          rule('new filters start at the first page', s.context.query.offset === 0)
          rule('the query is the form as read', sameQuery(selectQuery(s), { ...read.filters, offset: 0 }))
          rule('the form shows the filters applied, without errors', Object.keys(errors).length === 0)
        } else {
          rule('a date that is no date asks nothing and keeps the query', sameQuery(selectQuery(s), from.context.query) && s.value === from.value)
          rule('the typed text stays in the form', JSON.stringify(selectDraft(s)) === JSON.stringify(from.context.draft))
          rule('each field without a date says so', Object.keys(errors).sort().join() === Object.keys(read.errors).sort().join())
        }
      }
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'historyMachine',
  {
    'the first page': harnessFor({ query: first, pageSize: PAGE }, { editing: true }),
    'a later page from the address': harnessFor({ query: { type: 'deposit', dateFrom: null, dateTo: '2026-11-22', offset: 2 }, pageSize: PAGE }, { editing: false }),
  },
  { minShortestPaths: 30, timeoutMs: 240_000 },
)

describe('history rules (filters, paging by offset and count)', () => {
  it('pages forward and back by the page size, writing each page into the address', async () => {
    const sut = startSut({ query: first, pageSize: PAGE })
    recordCoverage(sut.ref)
    sut.load.resolve(pageFor(0))
    await flush()
    sut.ref.send({ type: 'history.next' })
    expect(sut.load.calls.at(-1)).toEqual({ query: { ...first, offset: 2 }, count: PAGE })
    // The rows of the first page stay while the second loads.
    expect(selectItems(sut.ref.getSnapshot())).toHaveLength(2)
    sut.load.resolve(pageFor(2))
    await flush()
    sut.ref.send({ type: 'history.next' })
    sut.load.resolve(pageFor(4))
    await flush()
    expect(selectRange(sut.ref.getSnapshot())).toEqual({ first: 5, last: 5, total: TOTAL })
    expect(selectCanNext(sut.ref.getSnapshot())).toBe(false)
    sut.ref.send({ type: 'history.prev' })
    expect(sut.addresses.map((q) => q.offset)).toEqual([2, 4, 2])
  })

  it('a range ending before it starts is not asked for; the address moving to the shown query is ignored', async () => {
    const sut = startSut({ query: first, pageSize: PAGE })
    sut.load.resolve(pageFor(0))
    await flush()
    sut.ref.send({ type: 'history.date.change', field: 'dateFrom', value: '01.03.2026' })
    sut.ref.send({ type: 'history.date.change', field: 'dateTo', value: '01.01.2026' })
    sut.ref.send({ type: 'history.filter' })
    expect(selectHistoryView(sut.ref.getSnapshot())).toBe('invalidRange')
    expect(sut.load.calls).toHaveLength(1)
    sut.ref.send({ type: 'history.locate', query: sut.ref.getSnapshot().context.query })
    expect(sut.load.calls).toHaveLength(1)
  })
})


describe('history date filters: typed as the site writes dates, dd.mm.yyyy, in every locale', () => {
  it.each([
    ['31.01.2026', '2026-01-31'],
    ['1.2.2026', '2026-02-01'],
    [' 01-02-2026 ', '2026-02-01'],
    ['01,02,2026', '2026-02-01'],
    ['31012026', '2026-01-31'],
    ['29.02.2024', '2024-02-29'],
    ['', null],
    ['   ', null],
  ])('reads %j as %j', (text, day) => {
    expect(parseDateFilter(text)).toBe(day)
  })

  it.each([
    // The browser's US order is not guessed at, nor a day that does not exist.
    '01/31/2026',
    '02/01/2026',
    '31.02.2026',
    '29.02.2025',
    '13.13.2026',
    '31.01.26',
    'yesterday',
    '3101202',
  ])('refuses %j', (text) => {
    expect(parseDateFilter(text)).toBe('invalid')
  })

  it('applies typed dates as days for the address and the server, and shows them back as dd.mm.yyyy', async () => {
    const sut = startSut({ query: first, pageSize: PAGE })
    sut.load.resolve(pageFor(0))
    await flush()
    sut.ref.send({ type: 'history.type.change', value: 'deposit' })
    sut.ref.send({ type: 'history.date.change', field: 'dateFrom', value: '1.11.2026' })
    sut.ref.send({ type: 'history.date.change', field: 'dateTo', value: '22112026' })
    sut.ref.send({ type: 'history.filter' })
    expect(sut.load.calls.at(-1)!.query).toEqual({ type: 'deposit', dateFrom: '2026-11-01', dateTo: '2026-11-22', offset: 0 })
    expect(sut.addresses).toEqual([{ type: 'deposit', dateFrom: '2026-11-01', dateTo: '2026-11-22', offset: 0 }])
    expect(selectDraft(sut.ref.getSnapshot())).toEqual({ type: 'deposit', dateFrom: '01.11.2026', dateTo: '22.11.2026' })
  })

  it('a date that is no date is refused at its field: nothing is asked, the rows and the typed text stay', async () => {
    const sut = startSut({ query: first, pageSize: PAGE })
    sut.load.resolve(pageFor(0))
    await flush()
    sut.ref.send({ type: 'history.date.change', field: 'dateFrom', value: '11/22/2026' })
    sut.ref.send({ type: 'history.date.change', field: 'dateTo', value: '30.11.2026' })
    sut.ref.send({ type: 'history.filter' })
    const s = sut.ref.getSnapshot()
    expect(selectDraftErrors(s)).toEqual({ dateFrom: 'date' })
    expect(selectDraft(s)).toEqual({ type: null, dateFrom: '11/22/2026', dateTo: '30.11.2026' })
    expect(selectHistoryView(s)).toBe('shown')
    expect(selectItems(s)).toHaveLength(PAGE)
    expect(sut.load.calls).toHaveLength(1)
    expect(sut.addresses).toEqual([])
    // Typing in the field clears its error; the other field's text is untouched.
    sut.ref.send({ type: 'history.date.change', field: 'dateFrom', value: '22.11.2026' })
    expect(selectDraftErrors(sut.ref.getSnapshot())).toEqual({})
    sut.ref.send({ type: 'history.filter' })
    expect(sut.load.calls.at(-1)!.query).toEqual({ type: null, dateFrom: '2026-11-22', dateTo: '2026-11-30', offset: 0 })
  })

  it('the address moving (back, forward) puts its dates into the form as dd.mm.yyyy and drops errors', async () => {
    const sut = startSut({ query: { ...first, dateFrom: '2026-01-05' }, pageSize: PAGE })
    expect(selectDraft(sut.ref.getSnapshot())).toEqual({ type: null, dateFrom: '05.01.2026', dateTo: '' })
    sut.load.resolve(pageFor(0))
    await flush()
    sut.ref.send({ type: 'history.date.change', field: 'dateTo', value: 'soon' })
    sut.ref.send({ type: 'history.filter' })
    expect(selectDraftErrors(sut.ref.getSnapshot())).toEqual({ dateTo: 'date' })
    sut.ref.send({ type: 'history.locate', query: { ...first, dateTo: '2026-02-28' } })
    expect(selectDraft(sut.ref.getSnapshot())).toEqual({ type: null, dateFrom: '', dateTo: '28.02.2026' })
    expect(selectDraftErrors(sut.ref.getSnapshot())).toEqual({})
  })
})

describe('the history address', () => {
  it('reads type, dates and offset from the address and drops what the contract refuses', () => {
    const query = historyQueryFromSearch(new URLSearchParams('type=withdrawal&from=2026-01-01&to=2026-02-01&offset=40'))
    expect(query).toEqual({ type: 'withdrawal', dateFrom: '2026-01-01', dateTo: '2026-02-01', offset: 40 })
    expect(historyParams(query)).toEqual({ offset: 40, count: HISTORY_PAGE_SIZE, type: ['withdrawal'], date_from: '2026-01-01', date_to: '2026-02-01' })
    expect(historyQueryFromSearch(new URLSearchParams('type=nope&from=yesterday&offset=-3'))).toEqual({ type: null, dateFrom: null, dateTo: null, offset: 0 })
    expect(searchFromHistoryQuery(query).toString()).toBe('type=withdrawal&from=2026-01-01&to=2026-02-01&offset=40')
    expect(searchFromHistoryQuery({ type: null, dateFrom: null, dateTo: null, offset: 0 }).toString()).toBe('')
  })
})

describe('the page the history runs in', () => {
  it('is told the search of every query it shows, as the address writes it', async () => {
    const load = controllable<LoadHistoryInput, LoadHistoryResult>()
    const ref = createActor(historyMachine.provide({ actors: { loadHistory: load.actor } }), { input: { query: first, pageSize: PAGE } }).start()
    const told: unknown[] = []
    ref.on(HISTORY_ADDRESS_CHANGED, (event) => void told.push(event))
    load.resolve(pageFor(0))
    await flush()
    ref.send({ type: 'history.next' })
    ref.send({ type: 'history.type.change', value: 'withdrawal' })
    ref.send({ type: 'history.filter' })
    expect(told).toEqual([
      { type: HISTORY_ADDRESS_CHANGED, search: `offset=${PAGE}` },
      { type: HISTORY_ADDRESS_CHANGED, search: 'type=withdrawal' },
    ])
  })
})
