import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { fakenameMachine } from './fakename.machine'
import { NEXT_CHANGE, fakenameEntry, fakenameOutcomes, fakenameSamples, taken, tooSoon, type FakenameOutcome } from './fakename.samples'
import { selectFakename, selectFakenameBusy, selectFakenameEditing, selectFakenameError, selectNextFakenameChange } from './fakename.selectors'
import { FAKENAME_CHANGED, type ChangeFakenameResult, type FakenameEvent, type FakenameInput } from './fakename.types'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'

type Snapshot = SnapshotFrom<typeof fakenameMachine>

function startSut(input: FakenameInput = { current: 'DemoPlayer', nextChangeAt: null }) {
  const change = controllable<{ fakename: string }, ChangeFakenameResult>()
  const changed: string[] = []
  const ref = createActor(fakenameMachine.provide({ actors: { changeFakename: change.actor }, actions: { reportError: () => undefined } }), { input })
  ref.on(FAKENAME_CHANGED, (event) => void changed.push(event.fakename))
  ref.start()
  return { ref, change, changed }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: FakenameEvent) => sut.ref.send(event)
const gestures = {
  'fakename.edit': send, // 'Change'
  'fakename.change': send, // typing
  'fakename.submit': send, // 'Save'
  'fakename.cancel': send, // 'Cancel'
} satisfies GestureTable<FakenameEvent, Sut, Snapshot>
const outcomeGestures = { ...settleGestures('changeFakename', (sut: Sut) => sut.change) } satisfies GestureTable<FakenameOutcome, Sut, Snapshot>
const isOutcome = (event: { type: string }): event is FakenameOutcome => event.type in fakenameOutcomes
const serializeState = fakenameEntry.serializeState!

const harness = new ModelHarness<typeof fakenameMachine, Sut, FakenameOutcome>({
  machine: fakenameMachine,
  input: { current: 'DemoPlayer', nextChangeAt: null },
  events: (snapshot) => [...fixtureEvents<FakenameEvent, Snapshot>(fakenameSamples, snapshot), ...fixtureEvents<FakenameOutcome, Snapshot>(fakenameOutcomes, snapshot)],
  filterEvents: (snapshot, event) => !isOutcome(event) || snapshot.matches('saving'),
  serializeState: (s) => serializeState(s as never),
  createSut: () => startSut(),
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot as never)).toBe(serializeState(state as never))
    const { broken, rule } = ruleCollector()
    rule('busy exactly while the change is sent', selectFakenameBusy(snapshot) === (Object.keys(snapshot.children).length === 1))
    rule('only a name the rule takes is sent', sut.change.calls.every((c) => c.fakename === 'LuckyAce'))
    rule('the shown name changes only when the server took it', selectFakename(snapshot) === (sut.changed.at(-1) ?? 'DemoPlayer'))
    rule('while a wait is on, the form does not open', !(selectNextFakenameChange(snapshot) !== null && snapshot.matches('editing') && sut.change.calls.length === 0))
    expect(broken).toEqual([])
  },
})

describeModel('fakenameMachine', harness, { minShortestPaths: 5 })

describe('fakenameMachine: the monthly rule', () => {
  it('a wait in force keeps the form shut; the server’s date is shown after a refusal', async () => {
    const waiting = startSut({ current: 'DemoPlayer', nextChangeAt: NEXT_CHANGE })
    waiting.ref.send({ type: 'fakename.edit' })
    expect(selectFakenameEditing(waiting.ref.getSnapshot())).toBe(false)

    const sut = startSut()
    sut.ref.send({ type: 'fakename.edit' })
    sut.ref.send({ type: 'fakename.change', value: 'LuckyAce' })
    sut.ref.send({ type: 'fakename.submit' })
    sut.change.resolve(tooSoon)
    await flush()
    expect(selectNextFakenameChange(sut.ref.getSnapshot())).toBe(NEXT_CHANGE)
    expect(selectFakename(sut.ref.getSnapshot())).toBe('DemoPlayer')
  })

  it('another player’s name stays in the field with the reason; the rule refuses before sending', async () => {
    const sut = startSut()
    sut.ref.send({ type: 'fakename.edit' })
    sut.ref.send({ type: 'fakename.change', value: 'ab' })
    sut.ref.send({ type: 'fakename.submit' })
    expect(selectFakenameError(sut.ref.getSnapshot())?.messageId).toBe('minLength')
    sut.ref.send({ type: 'fakename.change', value: 'LuckyAce' })
    sut.ref.send({ type: 'fakename.submit' })
    sut.change.resolve(taken)
    await flush()
    expect(selectFakenameError(sut.ref.getSnapshot())?.values).toMatchObject({ code: 'taken' })
    sut.ref.send({ type: 'fakename.submit' })
    sut.change.resolve({ ok: true })
    await flush()
    expect(sut.changed).toEqual(['LuckyAce'])
    expect(selectNextFakenameChange(sut.ref.getSnapshot())).not.toBeNull()
  })
})
