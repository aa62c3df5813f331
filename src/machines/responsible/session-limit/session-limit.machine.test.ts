import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { choiceOf, sessionLimitMachine } from './session-limit.machine'
import { HOUR, NO_LIMIT, RAISE_WAITING, sessionLimitEntry, sessionLimitOutcomes, sessionLimitSamples, unavailable, type SessionLimitOutcome } from './session-limit.samples'
import { selectSessionLimit, selectSessionLimitAlert, selectSessionLimitCanSave, selectSessionLimitChoice } from './session-limit.selectors'
import type { LoadSessionLimitResult, SaveSessionLimitResult, SessionLimitEvent } from './session-limit.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof sessionLimitMachine>

function startSut() {
  const load = controllable<unknown, LoadSessionLimitResult>()
  const save = controllable<{ minutes: number }, SaveSessionLimitResult>()
  const ref = createActor(sessionLimitMachine.provide({ actors: { loadLimit: load.actor, saveLimit: save.actor }, actions: { reportError: () => undefined } })).start()
  return { ref, load, save }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: SessionLimitEvent) => sut.ref.send(event)
const gestures = {
  'limit.choose': send, // the list of limits
  'limit.save': send, // 'Save'
  'limit.retry': send, // 'Try again' after the limit could not be read
} satisfies GestureTable<SessionLimitEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('loadLimit', (sut: Sut) => sut.load),
  ...settleGestures('saveLimit', (sut: Sut) => sut.save),
} satisfies GestureTable<SessionLimitOutcome, Sut, Snapshot>
const isOutcome = (event: { type: string }): event is SessionLimitOutcome => event.type in sessionLimitOutcomes
const serializeState = sessionLimitEntry.serializeState!

const harness = new ModelHarness<typeof sessionLimitMachine, Sut, SessionLimitOutcome>({
  machine: sessionLimitMachine,
  events: (snapshot) => [...fixtureEvents<SessionLimitEvent, Snapshot>(sessionLimitSamples, snapshot), ...fixtureEvents<SessionLimitOutcome, Snapshot>(sessionLimitOutcomes, snapshot)],
  filterEvents: (snapshot, event) => !isOutcome(event) || (snapshot.matches('loading') ? event.type.includes('loadLimit') : snapshot.matches('saving') && event.type.includes('saveLimit')),
  serializeState: (s) => serializeState(s as never),
  createSut: () => startSut(),
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot as never)).toBe(serializeState(state as never))
    const { broken, rule } = ruleCollector()
    rule('one call at a time', Object.keys(snapshot.children).length === (snapshot.matches('loading') || snapshot.matches('saving') ? 1 : 0))
    rule('only a limit of the list is chosen or sent', [selectSessionLimitChoice(snapshot), ...sut.save.calls.map((c) => c.minutes)].every((m) => [0, 30, 60, 120, 240, 480].includes(m)))
    rule('nothing to save when the choice is what the server has', !(selectSessionLimit(snapshot) && selectSessionLimitChoice(snapshot) === choiceOf(selectSessionLimit(snapshot)!)) || !selectSessionLimitCanSave(snapshot))
    if (from?.matches('saving') && selectSessionLimitAlert(snapshot) === 'saveFailed') rule('a failed save keeps the limit as it was', JSON.stringify(selectSessionLimit(snapshot)) === JSON.stringify(from.context.limit))
    expect(broken).toEqual([])
  },
})

describeModel('sessionLimitMachine', harness, { minShortestPaths: 4 })

describe('sessionLimitMachine: what the list shows', () => {
  it('shows a waiting raise as the choice, and what the server answered after a save', async () => {
    const sut = startSut()
    sut.load.resolve({ ok: true, limit: NO_LIMIT })
    await flush()
    expect(selectSessionLimitCanSave(sut.ref.getSnapshot())).toBe(false)
    sut.ref.send({ type: 'limit.choose', minutes: 60 })
    sut.ref.send({ type: 'limit.save' })
    expect(sut.save.calls).toEqual([{ minutes: 60 }])
    sut.save.resolve({ ok: true, limit: HOUR })
    await flush()
    sut.ref.send({ type: 'limit.choose', minutes: 240 })
    sut.ref.send({ type: 'limit.save' })
    sut.save.resolve({ ok: true, limit: RAISE_WAITING })
    await flush()
    expect(selectSessionLimit(sut.ref.getSnapshot())?.minutes).toBe(60)
    expect(selectSessionLimitChoice(sut.ref.getSnapshot())).toBe(240)
    expect(selectSessionLimitAlert(sut.ref.getSnapshot())).toBe('saved')
    sut.ref.send({ type: 'limit.choose', minutes: 30 })
    sut.ref.send({ type: 'limit.save' })
    sut.save.resolve(unavailable)
    await flush()
    expect(selectSessionLimitAlert(sut.ref.getSnapshot())).toBe('saveFailed')
    expect(selectSessionLimitChoice(sut.ref.getSnapshot())).toBe(30)
  })
})
