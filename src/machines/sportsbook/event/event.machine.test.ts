import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { recordCoverage } from '../../testing/coverage'
import { describeModel } from '../../testing/model-suite'
import { keyed } from '../../flow-entry'
import { sampleFullEvent } from '../board/board.samples'
import { CLOCK_TICK_MS, PRICE_FLASH_MS } from '../board/board.types'
import { sbEventMachine } from './event.machine'
import { EVENT_FLASH_END, EVENT_TICK, eventChange, eventOutcomes, eventSamples, SAMPLE_EVENT_ID, type EventOutcome } from './event.samples'
import { selectEvent, selectEventView, selectFlashes } from './event.selectors'
import type { EventInput, LoadEventResult, SbEventEvent } from './event.types'

type Snapshot = SnapshotFrom<typeof sbEventMachine>

function startSut(input: EventInput) {
  const load = controllable<{ id: string }, LoadEventResult>()
  const clock = new SimulatedClock()
  const ref = createActor(sbEventMachine.provide({ actors: { loadEvent: load.actor, followEvent: fromCallback(() => () => {}) }, actions: { reportError: () => {} } }), { input, clock }).start()
  return { ref, load, clock }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, e: SbEventEvent) => sut.ref.send(e)
const gestures = {
  'event.live': send, // a message on sb.event.{id}
  'event.retry': send, // "try again"
  'event.market.toggle': send, // a market's header button
} satisfies GestureTable<SbEventEvent, Sut, Snapshot>

const outcomeGestures = {
  ...settleGestures('loadEvent', (sut: Sut) => sut.load),
  ...settleGestures('refetch', (sut: Sut) => sut.load),
  ...keyed(EVENT_FLASH_END, (sut: Sut) => sut.clock.increment(PRICE_FLASH_MS)),
  ...keyed(EVENT_TICK, (sut: Sut) => sut.clock.increment(CLOCK_TICK_MS)),
} satisfies GestureTable<EventOutcome, Sut, Snapshot>

const isOutcome = (e: { type: string }): e is EventOutcome => e.type in eventOutcomes

function runs(s: Snapshot, e: EventOutcome): boolean {
  if (e.type === EVENT_FLASH_END) return s.matches({ shown: { flash: 'flashing' } })
  if (e.type === EVENT_TICK) return s.matches({ shown: { flash: 'calm', sync: 'current' } })
  const id = e.type.replace(/^xstate\.(done|error)\.actor\./, '') as keyof Snapshot['children']
  return s.children[id] !== undefined
}

const serializeState = (s: Snapshot) =>
  JSON.stringify({ value: s.value, status: s.context.event?.status ?? null, collapsed: s.context.collapsed, flashes: Object.keys(s.context.flashes).length, markets: s.context.event?.markets.length ?? null, failure: s.context.failure?.code ?? s.context.failure?.type ?? null })

function harnessFor(input: EventInput) {
  return new ModelHarness<typeof sbEventMachine, Sut, EventOutcome>({
    machine: sbEventMachine,
    input,
    events: (s) => [...fixtureEvents<SbEventEvent, Snapshot>(eventSamples, s), ...fixtureEvents<EventOutcome, Snapshot>(eventOutcomes, s)],
    filterEvents: (s, e) => (isOutcome(e) ? runs(s, e) : s.can(e)),
    serializeState,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeState(s)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      rule('reads the event of the page', sut.load.calls.every((c) => c.id === SAMPLE_EVENT_ID))
      rule('an ended event offers no price', !s.matches('ended') || (s.context.event?.markets.length ?? 0) === 0)
      rule('a flash only while flashing', s.matches({ shown: { flash: 'flashing' } }) || Object.keys(selectFlashes(s)).length === 0)
      if (from && event?.type === 'event.live' && event.change.version === from.context.event?.version) rule('a stale change is ignored', JSON.stringify(from.context.event) === JSON.stringify(s.context.event))
      if (from?.matches({ shown: { sync: 'current' } }) && event?.type === 'event.live' && event.change.prices.some((p) => p.id === '999')) rule('a new line reads the event again', s.matches({ shown: { sync: 'refetching' } }))
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'sbEventMachine',
  {
    'read in the browser': harnessFor({ id: SAMPLE_EVENT_ID }),
    'rendered by the server': harnessFor({ id: SAMPLE_EVENT_ID, initial: sampleFullEvent(SAMPLE_EVENT_ID) }),
  },
  { minShortestPaths: { 'read in the browser': 5, 'rendered by the server': 4 }, timeoutMs: 240_000, reach: 'together' },
)

describe('the sportsbook event page', () => {
  it('moves a price, locks a suspended market, and shows the final score without prices at the end', async () => {
    const sut = startSut({ id: SAMPLE_EVENT_ID, initial: sampleFullEvent(SAMPLE_EVENT_ID) })
    const s = () => sut.ref.getSnapshot()
    sut.ref.send({ type: 'event.live', change: eventChange(s(), 'price') })
    expect(selectEvent(s())!.markets[0]!.outcomes[0]!.price).toBe(2600)
    expect(selectEvent(s())!.markets[1]!.status).toBe('suspended')
    expect(Object.values(selectFlashes(s()))).toEqual(['up'])
    sut.ref.send({ type: 'event.live', change: eventChange(s(), 'ended') })
    expect(selectEventView(s())).toBe('ended')
    expect(selectEvent(s())!.live!.score).toEqual({ home: 2, away: 1 })
    expect(selectEvent(s())!.markets).toEqual([])
  })

  it('reads the event again when a change names a line it does not have', async () => {
    const sut = startSut({ id: SAMPLE_EVENT_ID, initial: sampleFullEvent(SAMPLE_EVENT_ID) })
    sut.ref.send({ type: 'event.live', change: eventChange(sut.ref.getSnapshot(), 'newLine') })
    expect(sut.load.calls).toHaveLength(1)
    sut.load.resolve({ ok: true, event: { ...sampleFullEvent(SAMPLE_EVENT_ID), version: 3 } })
    await flush()
    expect(sut.ref.getSnapshot().matches({ shown: { sync: 'current' } })).toBe(true)
  })

  it('counts a basketball clock down', () => {
    const ev = { ...sampleFullEvent(SAMPLE_EVENT_ID), sport: 'basketball' as const, live: { score: { home: 50, away: 48 }, period: 'q3', seconds: 300, running: true } }
    const sut = startSut({ id: SAMPLE_EVENT_ID, initial: ev })
    for (let i = 0; i < 3; i++) sut.clock.increment(CLOCK_TICK_MS)
    expect(selectEvent(sut.ref.getSnapshot())!.live!.seconds).toBe(297)
  })
})

describe('an event the server rendered once over', () => {
  it('shows its final score and offers no price', () => {
    const actor = createActor(sbEventMachine.provide({ actors: { loadEvent: fromPromise<LoadEventResult, { id: string }>(() => new Promise(() => {})), followEvent: fromCallback(() => () => {}) } }), {
      input: { id: SAMPLE_EVENT_ID, initial: { ...sampleFullEvent(SAMPLE_EVENT_ID), status: 'ended' } },
    })
    recordCoverage(actor)
    actor.start()
    expect(actor.getSnapshot().matches('ended')).toBe(true)
    expect(actor.getSnapshot().context.event?.markets).toEqual([])
    expect(actor.getSnapshot().context.event?.live).toEqual(sampleFullEvent(SAMPLE_EVENT_ID).live)
    actor.stop()
  })
})
