import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import { BUILD_CHECK_INTERVAL_MS } from '../../../shared/constants'
import { recordCoverage } from '../../testing/coverage'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { buildWatchMachine } from './build-watch.machine'
import { buildWatchOutcomes, buildWatchSamples, CHECK, PAGE_BUILD, type BuildWatchOutcome } from './build-watch.samples'
import type { BuildWatchEvent, BuildWatchInput, FetchLatestBuildResult } from './build-watch.types'

type Snapshot = SnapshotFrom<typeof buildWatchMachine>

function startSut(input: BuildWatchInput) {
  const clock = new SimulatedClock()
  const read = controllable<unknown, FetchLatestBuildResult>()
  const effects = { offers: 0 }
  const ref = createActor(
    buildWatchMachine.provide({ actors: { fetchLatestBuild: read.actor }, actions: { offerReload: () => void (effects.offers += 1) } }),
    { input, clock },
  ).start()
  return { ref, clock, read, effects }
}
type Sut = ReturnType<typeof startSut>

const gestures = {
  'build.updateReady': (sut: Sut, event: BuildWatchEvent) => sut.ref.send(event), // the service worker installed a newer build
} satisfies GestureTable<BuildWatchEvent, Sut, Snapshot>
// The interval ending is delivered as its timer's event: the model walk never moves the clock.
const outcomeGestures = {
  ...settleGestures('fetchLatestBuild', (sut: Sut) => sut.read),
  [CHECK]: (sut: Sut, event: { type: typeof CHECK }) => sut.ref.send(event as never),
} satisfies GestureTable<BuildWatchOutcome, Sut, Snapshot>

const isOutcome = (e: { type: string }): e is BuildWatchOutcome => e.type in buildWatchOutcomes
const runs = (s: Snapshot, e: BuildWatchOutcome) => (e.type === CHECK ? s.matches('waiting') : s.matches('checking'))

function harnessFor(input: BuildWatchInput) {
  return new ModelHarness<typeof buildWatchMachine, Sut, BuildWatchOutcome>({
    machine: buildWatchMachine,
    input,
    events: (s) => [...fixtureEvents<BuildWatchEvent, Snapshot>(buildWatchSamples, s), ...fixtureEvents<BuildWatchOutcome, Snapshot>(buildWatchOutcomes, s)],
    filterEvents: (s, e) => !isOutcome(e) || runs(s, e),
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(s.value).toEqual(state.value)
      expect(s.context).toEqual(state.context)
      const { broken, rule } = ruleCollector()
      const offers = sut.effects.offers
      sut.effects.offers = 0
      rule('without a build id nothing is polled', s.context.buildId !== null || s.matches('off'))
      rule('one read at a time, only while checking', (s.children.fetchLatestBuild !== undefined) === s.matches('checking'))
      if (from && event) {
        // SPEC §4: a newer build (or its worker waiting) is offered once; the same build, no build or a failed read is not.
        const newer = event.type === 'xstate.done.actor.fetchLatestBuild' && 'output' in event && event.output.ok && event.output.buildId !== null && event.output.buildId !== PAGE_BUILD
        const workerWaiting = event.type === 'build.updateReady' && (from.matches('waiting') || from.matches('checking'))
        rule('offered exactly when a newer build shows', offers === (newer || workerWaiting ? 1 : 0))
        rule('an offer stands', !from.matches('offered') || s.matches('offered'))
        if (newer) rule('the newer build is remembered', s.context.latestBuildId === (event as { output: { buildId: string } }).output.buildId)
      }
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'buildWatchMachine',
  { 'a built page': harnessFor({ buildId: PAGE_BUILD }), 'development (no build id)': harnessFor({ buildId: null }) },
  { minShortestPaths: { 'a built page': 1, 'development (no build id)': 0 }, reach: 'together' },
)

describe('build watch rules (SPEC §4 Build manifest)', () => {
  it('reads the manifest every interval on the actor clock until a newer build shows, then offers once', async () => {
    const sut = startSut({ buildId: PAGE_BUILD })
    recordCoverage(sut.ref)
    sut.clock.increment(BUILD_CHECK_INTERVAL_MS - 1)
    expect(sut.read.calls).toHaveLength(0)
    sut.clock.increment(1)
    expect(sut.read.calls).toHaveLength(1)
    sut.read.resolve({ ok: true, buildId: PAGE_BUILD })
    await flush()
    expect(sut.effects.offers).toBe(0)
    sut.clock.increment(BUILD_CHECK_INTERVAL_MS)
    expect(sut.read.calls).toHaveLength(2)
    sut.read.resolve({ ok: true, buildId: 'next' })
    await flush()
    expect(sut.effects.offers).toBe(1)
    // No more reads: the offer stands until the player reloads.
    sut.clock.increment(10 * BUILD_CHECK_INTERVAL_MS)
    expect(sut.read.calls).toHaveLength(2)
    expect(sut.effects.offers).toBe(1)
  })

  it('keeps polling after a failed read (the player is offline for a while)', async () => {
    const sut = startSut({ buildId: PAGE_BUILD })
    recordCoverage(sut.ref)
    sut.clock.increment(BUILD_CHECK_INTERVAL_MS)
    sut.read.reject(new TypeError('Failed to fetch'))
    await flush()
    sut.clock.increment(BUILD_CHECK_INTERVAL_MS)
    expect(sut.read.calls).toHaveLength(2)
  })

  it('never polls in development', () => {
    const sut = startSut({ buildId: null })
    recordCoverage(sut.ref)
    sut.clock.increment(10 * BUILD_CHECK_INTERVAL_MS)
    expect(sut.read.calls).toHaveLength(0)
    expect(sut.ref.getSnapshot().value).toBe('off')
  })
})
