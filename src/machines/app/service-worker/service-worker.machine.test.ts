import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock, type SnapshotFrom } from 'xstate'
import { SW_TAKEOVER_TIMEOUT_MS } from '../../../shared/constants'
import { recordCoverage } from '../../testing/coverage'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { serviceWorkerMachine } from './service-worker.machine'
import { serviceWorkerOutcomes, serviceWorkerSamples, TAKEOVER_TIMEOUT, type ServiceWorkerOutcome } from './service-worker.samples'
import type { RegisterResult, ServiceWorkerCommand, ServiceWorkerEvent, ServiceWorkerInput } from './service-worker.types'

type Snapshot = SnapshotFrom<typeof serviceWorkerMachine>

function startSut(input: ServiceWorkerInput) {
  const clock = new SimulatedClock()
  const register = controllable<unknown, RegisterResult>()
  const effects = { commands: [] as ServiceWorkerCommand['type'][], reloads: 0, flagged: 0, announced: 0, watching: 0 }
  const ref = createActor(
    serviceWorkerMachine.provide({
      actors: {
        register: register.actor,
        watch: fromCallback<ServiceWorkerCommand>(({ receive }) => {
          effects.watching += 1
          receive((command) => void effects.commands.push(command.type))
          return () => void (effects.watching -= 1)
        }),
      },
      actions: {
        reloadPage: () => void (effects.reloads += 1),
        flagFailed: () => void (effects.flagged += 1),
        announceUpdate: () => void (effects.announced += 1),
      },
    }),
    { input, clock },
  ).start()
  return { ref, clock, register, effects }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: ServiceWorkerEvent) => sut.ref.send(event)
const gestures = {
  'sw.check': send, // the build watch saw a newer build
  'sw.reload': send, // the reload offer's button
  'sw.updateFound': send, // the registration's updatefound
  'sw.installed': send, // the new worker's statechange to installed, with a worker active
  'sw.settled': send, // the first worker installed (it activates at once), or an install failed
  'sw.activated': send, // the worker this page asked to take over is active
  'sw.controllerChanged': send, // controllerchange: another tab's worker took this page over
} satisfies GestureTable<ServiceWorkerEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('register', (sut: Sut) => sut.register),
  [TAKEOVER_TIMEOUT]: (sut: Sut, event: { type: typeof TAKEOVER_TIMEOUT }) => sut.ref.send(event as never),
} satisfies GestureTable<ServiceWorkerOutcome, Sut, Snapshot>

const isOutcome = (e: { type: string }): e is ServiceWorkerOutcome => e.type in serviceWorkerOutcomes
const runs = (s: Snapshot, e: ServiceWorkerOutcome) => (e.type === TAKEOVER_TIMEOUT ? s.matches({ running: 'takingOver' }) : s.matches('registering'))
// Watcher news arrives only while the watcher runs.
const WATCHER_NEWS = new Set(['sw.updateFound', 'sw.installed', 'sw.settled', 'sw.activated', 'sw.controllerChanged'])

function harnessFor(input: ServiceWorkerInput) {
  return new ModelHarness<typeof serviceWorkerMachine, Sut, ServiceWorkerOutcome>({
    machine: serviceWorkerMachine,
    input,
    events: (s) => [...fixtureEvents<ServiceWorkerEvent, Snapshot>(serviceWorkerSamples, s), ...fixtureEvents<ServiceWorkerOutcome, Snapshot>(serviceWorkerOutcomes, s)],
    filterEvents: (s, e) => (isOutcome(e) ? runs(s, e) : !WATCHER_NEWS.has(e.type) || s.matches('running')),
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from, event }) => {
      const s = sut.ref.getSnapshot()
      expect(s.value).toEqual(state.value)
      const { broken, rule } = ruleCollector()
      const { commands, reloads, flagged, announced } = sut.effects
      sut.effects.commands = []
      sut.effects.reloads = 0
      sut.effects.flagged = 0
      sut.effects.announced = 0
      rule('the registration is watched exactly while the worker runs', sut.effects.watching === (s.matches('running') ? 1 : 0))
      rule('nothing is registered in development', input.enabled || !s.matches('registering'))
      if (from && event) {
        const fromReloading = from.matches('reloading')
        // SPEC §4: an update the player accepted, or another tab's activation, reloads the page, once.
        const reloadNow =
          !fromReloading &&
          ((event.type === 'sw.reload' && !from.matches({ running: 'updateReady' })) ||
            (event.type === 'sw.controllerChanged' && from.matches('running')) ||
            ((event.type === 'sw.activated' || event.type === TAKEOVER_TIMEOUT) && from.matches({ running: 'takingOver' })))
        rule('reloads exactly when the page must', reloads === (reloadNow ? 1 : 0))
        rule('a failed registration sets the flag', flagged === (event.type === 'xstate.error.actor.register' ? 1 : 0))
        rule('a waiting new build is announced once', announced === (s.matches({ running: 'updateReady' }) && !from.matches({ running: 'updateReady' }) ? 1 : 0))
        // An accepted update asks the waiting worker to take over rather than reloading at once.
        const takeOver = event.type === 'sw.reload' && from.matches({ running: 'updateReady' })
        rule('the waiting worker is asked to take over', commands.includes('sw.activateWaiting') === takeOver)
        rule('a check reaches the registration', commands.includes('sw.check') === (event.type === 'sw.check' && from.matches({ running: 'current' })))
      }
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'serviceWorkerMachine',
  { 'a built site': harnessFor({ enabled: true }), 'development (no sw.js)': harnessFor({ enabled: false }) },
  { minShortestPaths: { 'a built site': 5, 'development (no sw.js)': 0 }, reach: 'together' },
)

describe('service worker rules (SPEC §4 Service worker)', () => {
  it('a new build waits for the player, then takes over and the page reloads', async () => {
    const sut = startSut({ enabled: true })
    recordCoverage(sut.ref)
    sut.register.resolve({ outcome: 'registered', phase: 'current' })
    await flush()
    sut.ref.send({ type: 'sw.updateFound' })
    sut.ref.send({ type: 'sw.installed' })
    expect(sut.effects.announced).toBe(1)
    expect(sut.effects.reloads).toBe(0)
    sut.ref.send({ type: 'sw.reload' })
    expect(sut.effects.commands).toEqual(['sw.activateWaiting'])
    expect(sut.effects.reloads).toBe(0)
    sut.ref.send({ type: 'sw.controllerChanged' })
    expect(sut.effects.reloads).toBe(1)
  })

  it('reloads anyway when the waiting worker does not take over in time', async () => {
    const sut = startSut({ enabled: true })
    recordCoverage(sut.ref)
    sut.register.resolve({ outcome: 'registered', phase: 'waiting' })
    await flush()
    sut.ref.send({ type: 'sw.reload' })
    sut.clock.increment(SW_TAKEOVER_TIMEOUT_MS - 1)
    expect(sut.effects.reloads).toBe(0)
    sut.clock.increment(1)
    expect(sut.effects.reloads).toBe(1)
  })

  it('a failed registration sets the flag, and the reload offer still reloads', async () => {
    const sut = startSut({ enabled: true })
    recordCoverage(sut.ref)
    sut.register.reject(new TypeError('Failed to register a ServiceWorker'))
    await flush()
    expect(sut.ref.getSnapshot().value).toBe('failed')
    expect(sut.effects.flagged).toBe(1)
    sut.ref.send({ type: 'sw.reload' })
    expect(sut.effects.reloads).toBe(1)
  })
})
