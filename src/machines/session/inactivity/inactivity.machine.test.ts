import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock, type EventObject, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { recordCoverage } from '../../testing/coverage'
import { inactivityMachine } from './inactivity.machine'
import {
  IDLE_COOL,
  IDLE_DIRTY,
  IDLE_TICK,
  IDLE_WARN,
  inactivityInput,
  inactivityOutcomes as outcomes,
  inactivitySamples as fixtures,
  type InactivityDelayEnd,
  type InactivityOutcome,
} from './inactivity.samples'
import { countdownSeconds, keepAliveEveryMs, timeoutMsOf, warningAfterMs } from './inactivity.rules'
import { selectInactivityDataState, selectRemainingSeconds, selectWarningShown } from './inactivity.selectors'
import type { ChannelCommand, InactivityActionParams, InactivityEvent, InactivityInput, TabMessage, TouchResult } from './inactivity.types'
import { controllable, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof inactivityMachine>
const INPUT = inactivityInput

type Effect = { [K in keyof InactivityActionParams]: { type: K; params: InactivityActionParams[K] } }[keyof InactivityActionParams]

/** The real actor with fake DOM, tabs and API; timers only fire when a test says so. */
function startSut(input: InactivityInput = INPUT, clock: SimulatedClock | null = new SimulatedClock()) {
  const touch = controllable<unknown, TouchResult>()
  const logout = controllable<unknown, void>()
  const effects: Effect[] = []
  const posted: TabMessage[] = []
  const sources = { activity: null as null | ((e: EventObject) => void), channel: null as null | ((e: EventObject) => void) }
  let popupOpen = false
  const record = <K extends keyof InactivityActionParams>(type: K) => (_: unknown, params: InactivityActionParams[K]) => {
    effects.push({ type, params } as Effect)
  }
  const ref = createActor(
    inactivityMachine.provide({
      actors: {
        activitySource: fromCallback(({ sendBack }) => {
          sources.activity = sendBack
          return () => (sources.activity = null)
        }),
        channel: fromCallback<ChannelCommand>(({ sendBack, receive }) => {
          sources.channel = sendBack
          receive((command) => posted.push(command.message))
          return () => (sources.channel = null)
        }),
        touchSession: touch.actor,
        logout: logout.actor,
      },
      actions: {
        openWarning: (a, p) => {
          popupOpen = true
          record('openWarning')(a, p)
        },
        // Closing a dialog that is not open changes nothing, as in the dialog stack.
        closeWarning: () => void (popupOpen = false),
        endSession: record('endSession'),
        reportError: record('reportError'),
      },
    }),
    { input, ...(clock ? { clock } : {}) },
  ).start()
  return { ref, touch, logout, effects, posted, sources, popupOpen: () => popupOpen }
}
type Sut = ReturnType<typeof startSut>

type Outcome = InactivityOutcome
const [WARN, TICK, COOL, DIRTY] = [IDLE_WARN, IDLE_TICK, IDLE_COOL, IDLE_DIRTY]

// A timer's end is delivered as the event the scheduler would send; the SUT's clock never moves,
// so no other timer fires in between (the rule tests below run the real delays on fake timers).
const elapse = (sut: Sut, event: Outcome) => void sut.ref.send(event as never)
const gestures = {
  'inactivity.configure': (sut, e) => sut.ref.send(e), // general info loaded, a login or logout
  activity: (sut, e) => (sut.sources.activity ? sut.sources.activity(e) : sut.ref.send(e)), // key, click, scroll, route change
  'activity.remote': (sut, e) => (sut.sources.channel ? sut.sources.channel(e) : sut.ref.send(e)), // another tab was used
  'logout.remote': (sut, e) => (sut.sources.channel ? sut.sources.channel(e) : sut.ref.send(e)), // another tab logged out
  'inactivity.stay': (sut, e) => sut.ref.send(e), // the popup's 'Stay logged in'
} satisfies GestureTable<InactivityEvent, Sut, Snapshot>
const elapseGestures: GestureTable<InactivityDelayEnd, Sut, Snapshot> = { [WARN]: elapse, [TICK]: elapse, [COOL]: elapse, [DIRTY]: elapse }
const outcomeGestures: GestureTable<Outcome, Sut, Snapshot> = {
  ...elapseGestures,
  ...settleGestures('touchSession', (sut: Sut) => sut.touch),
  ...settleGestures('logout', (sut: Sut) => sut.logout),
}
const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes

function runs(s: Snapshot, event: Outcome): boolean {
  switch (event.type) {
    case WARN:
      return s.matches({ watching: { clock: 'idle' } })
    case TICK:
      return s.matches({ watching: { clock: 'warning' } })
    case COOL:
      return s.matches({ watching: { server: 'cooling' } })
    case DIRTY:
      return s.matches({ watching: { server: 'dirty' } })
    case 'xstate.done.actor.touchSession':
    case 'xstate.error.actor.touchSession':
      return s.matches({ watching: { server: 'pinging' } })
    default:
      return s.matches({ watching: { clock: 'loggingOut' } })
  }
}

const serializeState = (s: Snapshot) =>
  JSON.stringify({ value: s.value, timeout: s.context.timeoutMs, loggedIn: s.context.loggedIn, remaining: s.context.remainingSec })

const harness = new ModelHarness<typeof inactivityMachine, Sut, Outcome>({
  machine: inactivityMachine,
  input: INPUT,
  events: (snapshot) => [...fixtureEvents<InactivityEvent, Snapshot>(fixtures, snapshot), ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot)],
  filterEvents: (snapshot, event) => !isOutcome(event) || runs(snapshot, event),
  serializeState,
  createSut: () => startSut(),
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from, event }) => {
    const s = sut.ref.getSnapshot()
    expect(serializeState(s)).toBe(serializeState(state))
    const { broken, rule } = ruleCollector()
    const watching = s.matches('watching')
    // SPEC §4: only while logged in with the setting on.
    rule('watches only a logged-in player with a limit', watching === (s.context.loggedIn && s.context.timeoutMs !== null) || s.matches('loggedOut'))
    rule('listens for activity exactly while watching', (sut.sources.activity !== null) === watching)
    rule('hears the other tabs all along', sut.sources.channel !== null)
    // The popup is up exactly while the warning counts down, with the last 20 % in seconds.
    rule('popup exactly during the warning', sut.popupOpen() === selectWarningShown(s))
    if (selectWarningShown(s)) rule('countdown within the last 20 %', selectRemainingSeconds(s) >= 1 && selectRemainingSeconds(s) <= countdownSeconds(10_000))
    else rule('no countdown outside the warning', selectRemainingSeconds(s) === 0)
    const effects = sut.effects.splice(0)
    const posted = sut.posted.splice(0)
    if (from && event) {
      const ended = effects.filter((e) => e.type === 'endSession')
      rule('the session ends once, on the way into loggedOut', ended.length === (s.matches('loggedOut') && !from.matches('loggedOut') ? 1 : 0))
      if (event.type === 'activity' || event.type === 'inactivity.stay') {
        rule(
          'local activity is told to the other tabs while the clock runs',
          JSON.stringify(posted) === (from.matches({ watching: { clock: 'idle' } }) || from.matches({ watching: { clock: 'warning' } }) ? '["activity"]' : '[]'),
        )
      } else if (event.type === 'activity.remote') {
        rule("another tab's activity is not echoed", posted.length === 0)
        if (from.matches({ watching: { clock: 'warning' } })) rule('another tab keeps this one alive', s.matches({ watching: { clock: 'idle' } }))
      }
      if (event.type === 'xstate.done.actor.logout' || event.type === 'xstate.error.actor.logout') {
        rule('a logout is told to the other tabs', posted.includes('logout'))
        rule('logged out by inactivity', ended[0]?.params.reason === 'inactivity')
      }
      if (event.type === 'logout.remote' && from.matches('watching')) rule('follows the other tab', ended[0]?.params.reason === 'otherTab' && !posted.includes('logout'))
    }
    expect(broken).toEqual([])
  },
})

describeModel('inactivityMachine', harness, { minShortestPaths: 5 })

describe('inactivityMachine: timing on a real clock (SPEC §4, §9)', () => {
  afterEach(() => vi.useRealTimers())

  it('warns at 80 %, counts the last 20 % down in seconds and logs out at 100 %', async () => {
    vi.useFakeTimers()
    const sut = startSut({ timeoutSec: 30, loggedIn: true }, null)
    recordCoverage(sut.ref)
    await vi.advanceTimersByTimeAsync(23_999)
    expect(selectWarningShown(sut.ref.getSnapshot())).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(selectWarningShown(sut.ref.getSnapshot())).toBe(true)
    expect(sut.effects).toEqual([{ type: 'openWarning', params: { seconds: 6 } }])
    await vi.advanceTimersByTimeAsync(1000)
    expect(selectRemainingSeconds(sut.ref.getSnapshot())).toBe(5)
    await vi.advanceTimersByTimeAsync(4999)
    expect(sut.logout.calls.length).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(sut.logout.calls.length).toBe(1)
    expect(selectInactivityDataState(sut.ref.getSnapshot())).toBe('inactivity.loggingOut')
    sut.logout.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(sut.ref.getSnapshot().matches('loggedOut')).toBe(true)
    expect(sut.effects.at(-1)).toEqual({ type: 'endSession', params: { reason: 'inactivity' } })
    expect(sut.posted).toEqual(['logout'])
  })

  it('activity restarts the whole limit, also from the warning; another tab does the same', async () => {
    vi.useFakeTimers()
    const sut = startSut({ timeoutSec: 30, loggedIn: true }, null)
    await vi.advanceTimersByTimeAsync(20_000)
    sut.sources.activity?.({ type: 'activity' })
    await vi.advanceTimersByTimeAsync(20_000)
    expect(selectWarningShown(sut.ref.getSnapshot())).toBe(false)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(selectWarningShown(sut.ref.getSnapshot())).toBe(true)
    sut.sources.channel?.({ type: 'activity.remote' })
    expect(selectWarningShown(sut.ref.getSnapshot())).toBe(false)
    await vi.advanceTimersByTimeAsync(23_999)
    expect(selectWarningShown(sut.ref.getSnapshot())).toBe(false)
    expect(sut.logout.calls.length).toBe(0)
  })

  it('pings the server at once, then at most every tenth of the limit, always after the last activity', async () => {
    vi.useFakeTimers()
    const sut = startSut({ timeoutSec: 30, loggedIn: true }, null)
    const fire = () => sut.sources.activity?.({ type: 'activity' })
    fire()
    expect(sut.touch.calls.length).toBe(1)
    sut.touch.resolve({ loggedIn: true })
    await vi.advanceTimersByTimeAsync(0)
    fire()
    fire()
    expect(sut.touch.calls.length).toBe(1)
    await vi.advanceTimersByTimeAsync(keepAliveEveryMs(30_000))
    expect(sut.touch.calls.length).toBe(2)
    sut.touch.resolve({ loggedIn: false })
    await vi.advanceTimersByTimeAsync(0)
    expect(sut.effects.at(-1)).toEqual({ type: 'endSession', params: { reason: 'serverExpired' } })
  })

  it('reads the setting: null, 0 or a visitor means off', () => {
    expect(timeoutMsOf(null)).toBeNull()
    expect(timeoutMsOf(0)).toBeNull()
    expect(timeoutMsOf(1800)).toBe(1_800_000)
    expect(warningAfterMs(1_800_000)).toBe(1_440_000)
    expect(countdownSeconds(1_800_000)).toBe(360)
    expect(keepAliveEveryMs(1_800_000)).toBe(60_000)
    expect(startSut({ timeoutSec: 1800, loggedIn: false }).ref.getSnapshot().value).toBe('off')
    expect(startSut({ timeoutSec: null, loggedIn: true }).ref.getSnapshot().value).toBe('off')
  })

  it('run alone, the warning is missing loudly: the root actor provides it (app.machine.ts)', () => {
    vi.useFakeTimers()
    const errors: unknown[] = []
    const ref = createActor(
      inactivityMachine.provide({
        actors: {
          activitySource: fromCallback(() => undefined),
          channel: fromCallback<ChannelCommand>(() => undefined),
          touchSession: fromPromise<TouchResult>(async () => ({ loggedIn: true })),
          logout: fromPromise<void>(async () => {}),
        },
      }),
      { input: INPUT },
    )
    ref.subscribe({ error: (e) => errors.push(e) })
    ref.start()
    vi.advanceTimersByTime(warningAfterMs(timeoutMsOf(INPUT.timeoutSec)!))
    expect(String(errors[0])).toMatch(/"openWarning" not provided/)
    vi.useRealTimers()
  })
})
