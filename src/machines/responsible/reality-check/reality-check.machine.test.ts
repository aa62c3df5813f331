import { describe, expect, it, vi } from 'vitest'
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { realityCheckMachine, RETRY_CHECK_MS } from './reality-check.machine'
import { checkDueInMs } from './reality-check.rules'
import { EVERY_30, NEXT_CHECK, NO_INTERVAL, realityCheckOutcomes, realityCheckSamples, RETRY_CHECK, type RealityCheckOutcome, type RealityCheckTimer } from './reality-check.samples'
import { selectRealityAlert, selectRealityCanSave, selectRealityChoice, selectRealityShowing } from './reality-check.selectors'
import type { LoadRealityResult, RealityCheckEvent, RealityCheckInput, SaveRealityInput } from './reality-check.types'

type Snapshot = SnapshotFrom<typeof realityCheckMachine>

function startSut(input: RealityCheckInput) {
  const clock = new SimulatedClock()
  const load = controllable<unknown, LoadRealityResult>()
  const save = controllable<SaveRealityInput, LoadRealityResult>()
  const effects: string[] = []
  const ref = createActor(
    realityCheckMachine.provide({
      actors: { loadReality: load.actor, saveReality: save.actor },
      actions: {
        openCheck: () => void effects.push('open'),
        closeCheck: () => void effects.push('close'),
        stopPlaying: () => void effects.push('stop'),
        reportError: () => void effects.push('report'),
      },
    }),
    { input, clock },
  ).start()
  return { ref, clock, load, save, effects }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, e: RealityCheckEvent) => sut.ref.send(e)
const gestures = {
  'session.change': send, // the root actor tells a login or logout
  'reality.choose': send, // the page's list
  'reality.save': send, // 'Save'
  'reality.retry': send, // 'Try again' after a failed read
  'reality.continue': send, // the check's 'Continue playing'
  'reality.stop': send, // the check's 'Stop playing'
} satisfies GestureTable<RealityCheckEvent, Sut, Snapshot>
/** A delay ending is delivered as its timer's event; the clock is moved only in the rule tests below. */
const elapse = (sut: Sut, event: { type: RealityCheckTimer }) => sut.ref.send(event as never)
const outcomeGestures = {
  ...settleGestures('loadReality', (sut: Sut) => sut.load),
  ...settleGestures('saveReality', (sut: Sut) => sut.save),
  [NEXT_CHECK]: elapse,
  [RETRY_CHECK]: elapse,
} satisfies GestureTable<RealityCheckOutcome, Sut, Snapshot>
const isOutcome = (e: { type: string }): e is RealityCheckOutcome => e.type in realityCheckOutcomes

function runs(s: Snapshot, e: RealityCheckOutcome): boolean {
  if (e.type === NEXT_CHECK) return s.matches({ player: 'waiting' })
  if (e.type === RETRY_CHECK) return s.matches({ player: 'retrying' })
  return (e.type.includes('loadReality') ? 'loadReality' : 'saveReality') in s.children
}

const serializeState = (s: Snapshot) =>
  JSON.stringify({ value: s.value, interval: s.context.figures?.interval_minutes ?? null, choice: s.context.choice, saved: s.context.saved, alert: s.context.alert })

function harnessFor(input: RealityCheckInput) {
  return new ModelHarness<typeof realityCheckMachine, Sut, RealityCheckOutcome>({
    machine: realityCheckMachine,
    input,
    events: (s) => [...fixtureEvents<RealityCheckEvent, Snapshot>(realityCheckSamples, s), ...fixtureEvents<RealityCheckOutcome, Snapshot>(realityCheckOutcomes, s)],
    filterEvents: (s, e) => (isOutcome(e) ? runs(s, e) : s.can(e)),
    serializeState,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeState(s)).toBe(serializeState(state))
      const { broken, rule } = ruleCollector()
      const effects = sut.effects.splice(0)
      rule('a visitor has no figures and no check', !s.matches('visitor') || (s.context.figures === null && !selectRealityShowing(s)))
      rule('a check shows only with an interval', !selectRealityShowing(s) || s.context.figures?.interval_seconds !== null)
      rule('one request at a time', Object.keys(s.children).length <= 1)
      if (from && event) {
        const opened = !selectRealityShowing(from as Snapshot) && selectRealityShowing(s)
        const closed = selectRealityShowing(from as Snapshot) && !selectRealityShowing(s)
        rule('the dialog opens exactly when the check starts', effects.includes('open') === opened)
        rule('the dialog closes exactly when the check ends', effects.includes('close') === closed)
        rule('only "stop" logs out', effects.includes('stop') === (event.type === 'reality.stop'))
        if (event.type === 'reality.save' && s.matches({ player: 'saving' })) rule('saves the pick', sut.save.calls.at(-1)?.minutes === from.context.choice)
      }
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'realityCheckMachine',
  { 'a player': harnessFor({ loggedIn: true }), 'a visitor': harnessFor({ loggedIn: false }) },
  { minShortestPaths: { 'a player': 10, 'a visitor': 5 }, timeoutMs: 120_000, reach: 'together' },
)

describe('reality check timing', () => {
  it('falls at every whole interval from the login, not from the page load', () => {
    expect(checkDueInMs({ ...EVERY_30, played_seconds: 600 })).toBe(1_200_000)
    expect(checkDueInMs({ ...EVERY_30, played_seconds: 1800 + 1200 })).toBe(600_000)
    // Just past a check (the one shown): the next whole interval, not a second one at once.
    expect(checkDueInMs({ ...EVERY_30, played_seconds: 1801 })).toBe(1_799_000)
    // Just before one: too near the last answer to be told apart from it, so the one after.
    expect(checkDueInMs({ ...EVERY_30, played_seconds: 1799 })).toBe(1_000 + 1_800_000)
    expect(checkDueInMs(NO_INTERVAL)).toBeNull()
  })

  it('shows the check at its time with fresh figures, and after "continue" waits for the next one', async () => {
    const sut = startSut({ loggedIn: true })
    sut.load.resolve({ ok: true, figures: { ...EVERY_30, played_seconds: 600 } })
    await flush()
    expect(sut.ref.getSnapshot().matches({ player: 'waiting' })).toBe(true)
    sut.clock.increment(1_199_999)
    expect(sut.load.calls).toHaveLength(1)
    sut.clock.increment(1)
    expect(sut.load.calls).toHaveLength(2)
    sut.load.resolve({ ok: true, figures: { ...EVERY_30, played_seconds: 1800 } })
    await flush()
    expect(selectRealityShowing(sut.ref.getSnapshot())).toBe(true)
    expect(sut.effects).toEqual(['open'])
    sut.ref.send({ type: 'reality.continue' })
    expect(sut.effects).toEqual(['open', 'close'])
    sut.load.resolve({ ok: true, figures: { ...EVERY_30, played_seconds: 1830 } })
    await flush()
    sut.clock.increment(1_770_000)
    expect(sut.load.calls).toHaveLength(4)
  })

  it('a check whose figures cannot be read is tried again, never shown empty', async () => {
    const sut = startSut({ loggedIn: true })
    sut.load.resolve({ ok: true, figures: { ...EVERY_30, played_seconds: 1000 } })
    await flush()
    sut.clock.increment(800_000)
    sut.load.resolve({ ok: false, code: 'unavailable' })
    await flush()
    expect(selectRealityShowing(sut.ref.getSnapshot())).toBe(false)
    sut.clock.increment(RETRY_CHECK_MS)
    expect(sut.load.calls).toHaveLength(3)
  })

  it('saves only a pick that changes the interval, and keeps a failed save’s pick with its alert', async () => {
    const sut = startSut({ loggedIn: true })
    sut.load.resolve({ ok: true, figures: NO_INTERVAL })
    await flush()
    sut.ref.send({ type: 'reality.choose', minutes: 0 })
    expect(selectRealityCanSave(sut.ref.getSnapshot())).toBe(false)
    sut.ref.send({ type: 'reality.choose', minutes: 30 })
    expect(selectRealityCanSave(sut.ref.getSnapshot())).toBe(true)
    sut.ref.send({ type: 'reality.save' })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    sut.save.reject(new TypeError('bug'))
    await flush()
    error.mockRestore()
    sut.load.resolve({ ok: true, figures: NO_INTERVAL })
    await flush()
    expect(selectRealityAlert(sut.ref.getSnapshot())).toBe('saveFailed')
    expect(selectRealityChoice(sut.ref.getSnapshot())).toBe(30)
  })
})
