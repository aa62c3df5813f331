import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { recordCoverage } from '../testing/coverage'
import { ModelHarness, fixtureEvents, type FixtureTable, type GestureTable } from '../testing/model'
import type { CashierFailure } from './cashier.types'
import { historyMachine } from './history.machine'
import { hasNextPage, isValidRange, sameQuery } from './history.rules'
import { selectCanNext, selectCanPrevious, selectHistoryView, selectItems, selectLoadingHistory, selectRange } from './history.selectors'
import type { HistoryEvent, HistoryInput, HistoryItem, HistoryQuery, LoadHistoryInput, LoadHistoryResult } from './history.types'
import { controllable, flush, settleGestures } from '../testing/controllable'
import { describeModel } from '../testing/model-suite'

type Snapshot = SnapshotFrom<typeof historyMachine>

const PAGE = 2
const TOTAL = 5
const first: HistoryQuery = { type: null, dateFrom: null, dateTo: null, offset: 0 }
const item = (n: number): HistoryItem => ({
  id: `tx_${n}`,
  type: 'deposit',
  status: 'success',
  amount: { amount: '10.00', currency: 'EUR' },
  created_at: '2026-11-22T10:00:00Z',
  method: { sysname: 'card', name: 'Card' },
  title: null,
})
/** The page the server answers for the query being read: up to PAGE of TOTAL rows. */
const pageFor = (offset: number): LoadHistoryResult => ({
  ok: true,
  page: { items: Array.from({ length: Math.max(0, Math.min(PAGE, TOTAL - offset)) }, (_, i) => item(offset + i)), total: TOTAL, offset },
})
const failure = (type: CashierFailure['type'], code: string | null): CashierFailure => ({ type, code, invalidParameters: null, errorData: null })

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

const fixtures = {
  'history.filter': [
    { type: 'history.filter', filters: { type: 'withdrawal', dateFrom: '2025-11-01', dateTo: null } },
    { type: 'history.filter', filters: { type: null, dateFrom: '2026-02-01', dateTo: '2026-01-01' } },
  ],
  'history.next': [{ type: 'history.next' }],
  'history.prev': [{ type: 'history.prev' }],
  // Back to the first page of everything, and forward to a later page of it.
  'history.locate': [
    { type: 'history.locate', query: first },
    { type: 'history.locate', query: { ...first, offset: 4 } },
  ],
  'history.retry': [{ type: 'history.retry' }],
} satisfies FixtureTable<HistoryEvent>

type Outcome = { type: 'xstate.done.actor.loadHistory'; output: LoadHistoryResult } | { type: 'xstate.error.actor.loadHistory'; error: unknown }
const outcomes = {
  'xstate.done.actor.loadHistory': (s: Snapshot) => [
    { type: 'xstate.done.actor.loadHistory', output: pageFor(s.context.query.offset) },
    { type: 'xstate.done.actor.loadHistory', output: { ok: true, page: { items: [], total: 0, offset: s.context.query.offset } } },
    { type: 'xstate.done.actor.loadHistory', output: { ok: false, error: failure('InvalidParameterException', 'invalid_date_range') } },
    { type: 'xstate.done.actor.loadHistory', output: { ok: false, error: failure('BillingUnavailableException', null) } },
  ],
  'xstate.error.actor.loadHistory': [{ type: 'xstate.error.actor.loadHistory', error: 'network down' }],
} satisfies FixtureTable<Outcome>

const gestures = {
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
  })

const ADDRESS_EVENTS = new Set(['history.filter', 'history.next', 'history.prev'])

function harnessFor(input: HistoryInput) {
  return new ModelHarness<typeof historyMachine, Sut, Outcome>({
    machine: historyMachine,
    input,
    events: (s) => [...fixtureEvents<HistoryEvent, Snapshot>(fixtures, s), ...fixtureEvents<Outcome, Snapshot>(outcomes, s)],
    filterEvents: (s, e) => (isOutcome(e) ? 'loadHistory' in s.children : s.can(e)),
    serializeState,
    createSut: () => startSut(input),
    gestures: async (sut, event) => {
      if (isOutcome(event)) await outcomeGestures[event.type](sut, event)
      else await (gestures[event.type] as (sut: Sut, e: HistoryEvent) => void)(sut, event)
    },
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeState(s)).toBe(serializeState(state))
      const broken: string[] = []
      const rule = (name: string, ok: boolean) => void (ok || broken.push(name))
      rule('history flag while reading', selectLoadingHistory(s) === (selectHistoryView(s) === 'loading'))
      rule('reads what the page shows', 'loadHistory' in s.children === false || sameQuery(sut.load.calls.at(-1)!.query, s.context.query))
      rule('asks for a page of the page size', sut.load.calls.every((c) => c.count === PAGE))
      rule('never asks for an impossible range', sut.load.calls.every((c) => isValidRange(c.query)))
      rule('rows shown are of the page asked for', !s.matches('shown') || s.context.page?.offset === s.context.query.offset)
      rule('next only when more rows follow', selectCanNext(s) === (s.matches('shown') && hasNextPage(s.context.page)))
      rule('previous only past the first page', !selectCanPrevious(s) || s.context.query.offset > 0)
      rule('range only with rows', (selectRange(s) !== null) === selectItems(s).length > 0)
      const written = sut.addresses.splice(0)
      if (from && event && ADDRESS_EVENTS.has(event.type)) rule('the address follows the player', written.length === 1 && sameQuery(written[0]!, s.context.query))
      else rule('nothing else writes the address', written.length === 0)
      if (from && event?.type === 'history.filter') rule('new filters start at the first page', s.context.query.offset === 0)
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'historyMachine',
  {
    'the first page': harnessFor({ query: first, pageSize: PAGE }),
    'a later page from the address': harnessFor({ query: { type: 'deposit', dateFrom: null, dateTo: '2026-11-22', offset: 2 }, pageSize: PAGE }),
  },
  { minShortestPaths: 30, timeoutMs: 240_000 },
)

describe('history rules (issue 4: filters, paging by offset and count)', () => {
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
    sut.ref.send({ type: 'history.filter', filters: { type: null, dateFrom: '2026-03-01', dateTo: '2026-01-01' } })
    expect(selectHistoryView(sut.ref.getSnapshot())).toBe('invalidRange')
    expect(sut.load.calls).toHaveLength(1)
    sut.ref.send({ type: 'history.locate', query: sut.ref.getSnapshot().context.query })
    expect(sut.load.calls).toHaveLength(1)
  })
})

