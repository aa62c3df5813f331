import { describe, expect, it, vi } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { sessionsMachine } from './sessions.machine'
import { LAPTOP, TABLET, THIS, sessionsEntry, sessionsOutcomes, sessionsSamples, unknownSession, type SessionsOutcome } from './sessions.samples'
import { selectCanRetry, selectEnding, selectLastEnded, selectOtherCount, selectSessions, selectSessionsAlert, selectSessionsBusy } from './sessions.selectors'
import type { EndSessionsInput, EndSessionsResult, LoadSessionsResult, SessionsEvent } from './sessions.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof sessionsMachine>

function startSut() {
  const load = controllable<unknown, LoadSessionsResult>()
  const end = controllable<EndSessionsInput, EndSessionsResult>()
  const errors: unknown[] = []
  const ref = createActor(
    sessionsMachine.provide({ actors: { loadSessions: load.actor, endSessions: end.actor }, actions: { reportError: (_, params) => void errors.push(params.error) } }),
  ).start()
  return { ref, load, end, errors }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: SessionsEvent) => sut.ref.send(event)
const gestures = {
  'sessions.end': send, // a device's 'Sign out'
  'sessions.endOthers': send, // 'Sign out everywhere else'
  'sessions.retry': send, // 'Try again' after the list could not be read
} satisfies GestureTable<SessionsEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('loadSessions', (sut: Sut) => sut.load),
  ...settleGestures('endSessions', (sut: Sut) => sut.end),
} satisfies GestureTable<SessionsOutcome, Sut, Snapshot>
const outcomes = sessionsOutcomes
const isOutcome = (event: { type: string }): event is SessionsOutcome => event.type in outcomes
const serializeState = sessionsEntry.serializeState!

const harness = new ModelHarness<typeof sessionsMachine, Sut, SessionsOutcome>({
  machine: sessionsMachine,
  events: (snapshot) => [...fixtureEvents<SessionsEvent, Snapshot>(sessionsSamples, snapshot), ...fixtureEvents<SessionsOutcome, Snapshot>(outcomes, snapshot)],
  filterEvents: (snapshot, event) =>
    !isOutcome(event) || (snapshot.matches('loading') ? event.type.includes('loadSessions') : snapshot.matches('ending') && event.type.includes('endSessions')),
  serializeState: (s) => serializeState(s as never),
  createSut: () => startSut(),
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot as never)).toBe(serializeState(state as never))
    const { broken, rule } = ruleCollector()
    const running = Object.keys(snapshot.children)
    rule('busy exactly while a call runs', selectSessionsBusy(snapshot) === (running.length === 1))
    rule('this device is always in a list that was read', (selectSessions(snapshot) ?? [THIS]).some((s) => s.current))
    rule('a sign-out is under way only while its call runs', (selectEnding(snapshot) !== null) === snapshot.matches('ending'))
    // Never a request to end this device: the guard keeps it out.
    if (from && snapshot.matches('ending') && !from.matches('ending')) {
      const input = sut.end.calls.at(-1)
      rule('ends another device or all others', input !== undefined && ('others' in input || input.id !== THIS.id))
    }
    if (from?.matches('ready') && event?.type === 'sessions.end' && 'id' in event && event.id === THIS.id)
      rule("this device's own id changes nothing", snapshot.matches('ready'))
    expect(broken).toEqual([])
  },
})

describeModel('sessionsMachine', harness, { minShortestPaths: 3 })

describe('sessionsMachine: what the page shows', () => {
  async function loaded() {
    const sut = startSut()
    sut.load.resolve({ ok: true, sessions: [THIS, LAPTOP, TABLET] })
    await flush()
    return sut
  }

  it('signs out one device and drops it from the list, then every other one', async () => {
    const sut = await loaded()
    expect(selectOtherCount(sut.ref.getSnapshot())).toBe(2)
    sut.ref.send({ type: 'sessions.end', id: LAPTOP.id })
    expect(sut.end.calls.at(-1)).toEqual({ id: LAPTOP.id })
    sut.end.resolve({ ok: true, ended: 1 })
    await flush()
    expect(selectSessions(sut.ref.getSnapshot())?.map((s) => s.id)).toEqual([THIS.id, TABLET.id])
    expect(selectLastEnded(sut.ref.getSnapshot())).toBe(1)
    sut.ref.send({ type: 'sessions.endOthers' })
    expect(sut.end.calls.at(-1)).toEqual({ others: true })
    sut.end.resolve({ ok: true, ended: 1 })
    await flush()
    expect(selectSessions(sut.ref.getSnapshot())).toEqual([THIS])
    // Nothing left to sign out: the button has nothing to do.
    sut.ref.send({ type: 'sessions.endOthers' })
    expect(sut.ref.getSnapshot().matches('ready')).toBe(true)
  })

  it('reads the list again when the device is gone already, and says so', async () => {
    const sut = await loaded()
    sut.ref.send({ type: 'sessions.end', id: TABLET.id })
    sut.end.resolve(unknownSession)
    await flush()
    expect(sut.ref.getSnapshot().matches('loading')).toBe(true)
    expect(selectSessionsAlert(sut.ref.getSnapshot())).toBe('unknown')
    sut.load.resolve({ ok: true, sessions: [THIS, LAPTOP] })
    await flush()
    expect(selectSessionsAlert(sut.ref.getSnapshot())).toBeNull()
  })

  it('a list it cannot read offers a retry; a crash is reported', async () => {
    const sut = startSut()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    sut.load.reject(new TypeError('bug'))
    await flush()
    error.mockRestore()
    expect(selectCanRetry(sut.ref.getSnapshot())).toBe(true)
    expect(sut.errors).toHaveLength(1)
    sut.ref.send({ type: 'sessions.retry' })
    expect(selectSessionsBusy(sut.ref.getSnapshot())).toBe(true)
  })
})
