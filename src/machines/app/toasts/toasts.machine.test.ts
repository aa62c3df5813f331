import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SimulatedClock, createActor, type SnapshotFrom } from 'xstate'
import { GENERATED_ID_LENGTH, TOAST_DURATION_MS } from '../../../shared/constants'
import { recordCoverage } from '../../testing/coverage'
import { ModelHarness, fixtureEvents, type GestureTable } from '../../testing/model'
import { createToastsMachine, toastsMachine } from './toasts.machine'
import { countingIds, fillProfileToast as fillProfile, toastsSamples as fixtures, welcomeToast as welcome } from './toasts.samples'
import { selectHasToasts, selectToasts, selectToastsPaused } from './toasts.selectors'
import type { Toast, ToastsEvent } from './toasts.types'
import { describeModel } from '../../testing/model-suite'

const modelMachine = createToastsMachine({ generateId: countingIds('model') })
type Snapshot = SnapshotFrom<typeof modelMachine>
type Sut = ReturnType<typeof startSut>

function startSut() {
  return createActor(createToastsMachine({ generateId: countingIds('sut') })).start()
}

/** The SUT's toast in the place the model's toast `id` holds: ids differ, positions do not. */
function sutId(sut: Sut, from: Snapshot, id: string): string {
  const index = from.context.toasts.findIndex((t) => t.id === id)
  return index < 0 ? id : (sut.getSnapshot().context.toasts[index]?.id ?? id)
}

const gestures = {
  'toast.show': (sut, event) => sut.send(event), // a flow reports something
  'toast.dismiss': (sut, event, from) => sut.send({ ...event, id: sutId(sut, from, event.id) }), // close button
  // What the toast's own timer sends; that the timer sends it on time is the rule tests' business.
  'toast.expire': (sut, event, from) => sut.send({ ...event, id: sutId(sut, from, event.id) }),
  'toast.pause': (sut, event) => sut.send(event), // pointer over the toasts, or focus inside them
  'toast.resume': (sut, event) => sut.send(event), // pointer and focus left them
  'app.hydrated': (sut, event) => sut.send(event), // the browser took over the SSR page
} satisfies GestureTable<ToastsEvent, Sut, Snapshot>

const withoutIds = (toasts: readonly Toast[]) => toasts.map(({ id: _, ...rest }) => rest)

const harness = new ModelHarness({
  machine: modelMachine,
  events: (snapshot) => fixtureEvents(fixtures, snapshot),
  // Bounded: three toasts at most, and ids (fresh on every show) are not part of a state.
  filterEvents: (snapshot, event) => event.type !== 'toast.show' || snapshot.context.toasts.length < 3,
  serializeState: (s) => JSON.stringify({ value: s.value, toasts: withoutIds(s.context.toasts) }),
  createSut: startSut,
  gestures: (sut, event, from) =>
    (gestures[event.type] as (s: Sut, e: ToastsEvent, f: Snapshot) => void)(sut, event, from),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.getSnapshot()
    const toasts = snapshot.context.toasts
    expect(snapshot.value).toEqual(state.value)
    expect(withoutIds(toasts)).toEqual(withoutIds(state.context.toasts))
    expect(selectHasToasts(snapshot)).toBe(toasts.length > 0)
    // Every toast on screen has its own timer, running unless the player is reading (then all are
    // held), and no timer outlives its toast.
    expect(Object.keys(snapshot.children).sort()).toEqual(toasts.map((t) => t.id).sort())
    const timerState = selectToastsPaused(snapshot) ? 'paused' : 'counting'
    for (const toast of toasts) expect(snapshot.children[toast.id]?.getSnapshot().value).toBe(timerState)
    expect(new Set(toasts.map((t) => t.id)).size).toBe(toasts.length)

    if (!from || !event) return
    const before = withoutIds(from.context.toasts)
    const after = withoutIds(state.context.toasts)
    if (event.type === 'toast.show') {
      // Appended last, with SPEC §9's 5000 ms unless the caller gave a duration.
      const { type, message, duration } = event.toast
      expect(after).toEqual([...before, { type, message, duration: duration ?? TOAST_DURATION_MS }])
    } else if (event.type === 'toast.dismiss' || event.type === 'toast.expire') {
      // Exactly that toast goes; an unknown id changes nothing.
      const index = from.context.toasts.findIndex((t) => t.id === event.id)
      expect(after).toEqual(index < 0 ? before : before.filter((_, i) => i !== index))
    } else {
      expect(after).toEqual(before)
    }
  },
})

describeModel('toastsMachine', harness, { minShortestPaths: 3 })

describe('toastsMachine (rules of SPEC §4, §9)', () => {
  // Workers can be ended without an exit event; write what these tests recorded.
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('removes a toast 5000 ms after it shows', () => {
    const actor = startSut()
    actor.send({ type: 'toast.show', toast: welcome })
    // The expiry is driven by fake timers here, not by the graph walk: count each toast's timer
    // for `flows coverage`.
    for (const timer of Object.values(actor.getSnapshot().children)) recordCoverage(timer)
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1)
    expect(selectToasts(actor.getSnapshot())).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(selectToasts(actor.getSnapshot())).toEqual([])
    expect(selectHasToasts(actor.getSnapshot())).toBe(false)
  })

  it('keeps each toast for its own duration', () => {
    const actor = startSut()
    actor.send({ type: 'toast.show', toast: { type: 'info', message: 'short', duration: 1500 } })
    actor.send({ type: 'toast.show', toast: welcome })
    vi.advanceTimersByTime(1500)
    expect(selectToasts(actor.getSnapshot()).map((t) => t.message)).toEqual(['Welcome back'])
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1500)
    expect(selectToasts(actor.getSnapshot())).toEqual([])
  })

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('treats a duration of %s as the default', (duration) => {
    const actor = startSut()
    actor.send({ type: 'toast.show', toast: { type: 'warning', message: 'x', duration } })
    expect(selectToasts(actor.getSnapshot())[0]?.duration).toBe(TOAST_DURATION_MS)
    vi.advanceTimersByTime(TOAST_DURATION_MS)
    expect(selectToasts(actor.getSnapshot())).toEqual([])
  })

  it('holds every toast while the player reads them, then gives each its full time again', () => {
    const actor = startSut()
    actor.send({ type: 'toast.show', toast: welcome })
    vi.advanceTimersByTime(TOAST_DURATION_MS - 100)
    actor.send({ type: 'toast.pause' })
    // A toast arriving while the pointer rests on the stack waits as well.
    actor.send({ type: 'toast.show', toast: { type: 'error', message: 'Payment failed' } })
    for (const timer of Object.values(actor.getSnapshot().children)) recordCoverage(timer)
    vi.advanceTimersByTime(TOAST_DURATION_MS * 10)
    expect(selectToasts(actor.getSnapshot()).map((t) => t.message)).toEqual(['Welcome back', 'Payment failed'])
    expect(selectToastsPaused(actor.getSnapshot())).toBe(true)

    actor.send({ type: 'toast.resume' })
    expect(selectToastsPaused(actor.getSnapshot())).toBe(false)
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1)
    expect(selectToasts(actor.getSnapshot())).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(selectToasts(actor.getSnapshot())).toEqual([])
  })

  it('a pause or resume with no toast on screen changes nothing, and the next toast runs', () => {
    const actor = startSut()
    actor.send({ type: 'toast.show', toast: welcome })
    actor.send({ type: 'toast.pause' })
    actor.send({ type: 'toast.dismiss', id: selectToasts(actor.getSnapshot())[0]!.id })
    actor.send({ type: 'toast.resume' })
    actor.send({ type: 'toast.pause' })
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'toast.show', toast: welcome })
    vi.advanceTimersByTime(TOAST_DURATION_MS)
    expect(selectToasts(actor.getSnapshot())).toEqual([])
  })

  it('dismisses a toast at once and stops its timer', () => {
    const actor = startSut()
    actor.send({ type: 'toast.show', toast: welcome })
    const [toast] = selectToasts(actor.getSnapshot())
    actor.send({ type: 'toast.dismiss', id: toast!.id })
    expect(selectToasts(actor.getSnapshot())).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('is driven by the actor clock, so a SimulatedClock works too', () => {
    vi.useRealTimers()
    const clock = new SimulatedClock()
    const actor = createActor(createToastsMachine({ generateId: countingIds('c') }), { clock }).start()
    actor.send({ type: 'toast.show', toast: fillProfile })
    clock.increment(7999)
    expect(selectToasts(actor.getSnapshot())).toHaveLength(1)
    clock.increment(1)
    expect(selectToasts(actor.getSnapshot())).toEqual([])
  })

  it('generates SPEC §9 ids, 21 characters, unique', () => {
    const actor = createActor(toastsMachine).start()
    for (let i = 0; i < 50; i++) actor.send({ type: 'toast.show', toast: welcome })
    const ids = selectToasts(actor.getSnapshot()).map((t) => t.id)
    expect(ids.every((id) => id.length === GENERATED_ID_LENGTH && /^[\w-]+$/.test(id))).toBe(true)
    expect(new Set(ids).size).toBe(50)
    actor.stop()
  })

  it('restarts timers on app.hydrated, since a restored snapshot carries none (statelyai/xstate#5331)', () => {
    const server = startSut()
    server.send({ type: 'toast.show', toast: welcome })
    const persisted = JSON.parse(JSON.stringify(server.getPersistedSnapshot()))
    server.stop()

    const browser = createActor(createToastsMachine({ generateId: countingIds('b') }), { snapshot: persisted }).start()
    expect(selectToasts(browser.getSnapshot()).map((t) => t.id)).toEqual(['sut-1'])
    expect(browser.getSnapshot().children['sut-1']?.getSnapshot().value).toBe('counting')
    vi.advanceTimersByTime(TOAST_DURATION_MS * 2)
    expect(selectToasts(browser.getSnapshot())).toHaveLength(1) // what #5331 does without the event

    browser.send({ type: 'app.hydrated' })
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1)
    expect(selectToasts(browser.getSnapshot())).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(selectToasts(browser.getSnapshot())).toEqual([])
  })
})
