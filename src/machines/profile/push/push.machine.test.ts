import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures, ruleCollector } from '../../testing/model'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { describeModel } from '../../testing/model-suite'
import { pushMachine } from './push.machine'
import { OFF, ON, pushEntry, pushOutcomes, pushSamples, type PushOutcome } from './push.samples'
import { selectPush, selectPushAlert, selectPushBusy } from './push.selectors'
import type { PushEvent, PushResult, PushTopic } from './push.types'

type Snapshot = SnapshotFrom<typeof pushMachine>

function startSut() {
  const load = controllable<unknown, PushResult>()
  const enable = controllable<{ publicKey: string }, PushResult>()
  const disable = controllable<unknown, PushResult>()
  const save = controllable<{ topics: readonly PushTopic[]; here: boolean }, PushResult>()
  const errors: unknown[] = []
  const ref = createActor(
    pushMachine.provide({
      actors: { loadPush: load.actor, enablePush: enable.actor, disablePush: disable.actor, savePushTopics: save.actor },
      actions: { reportError: (_, params) => void errors.push(params.error) },
    }),
  ).start()
  return { ref, load, enable, disable, save, errors }
}
type Sut = ReturnType<typeof startSut>

const send = (sut: Sut, event: PushEvent) => sut.ref.send(event)
const gestures = {
  'push.enable': send, // 'Turn on' for this browser
  'push.disable': send, // 'Turn off'
  'push.topic.toggle': send, // a kind's switch
  'push.retry': send, // 'Try again' after the settings could not be read
} satisfies GestureTable<PushEvent, Sut, Snapshot>
const outcomeGestures = {
  ...settleGestures('loadPush', (sut: Sut) => sut.load),
  ...settleGestures('enablePush', (sut: Sut) => sut.enable),
  ...settleGestures('disablePush', (sut: Sut) => sut.disable),
  ...settleGestures('savePushTopics', (sut: Sut) => sut.save),
} satisfies GestureTable<PushOutcome, Sut, Snapshot>
const isOutcome = (event: { type: string }): event is PushOutcome => event.type in pushOutcomes
const serializeState = pushEntry.serializeState!
const CALL_OF: Record<string, string> = { loading: 'loadPush', enabling: 'enablePush', disabling: 'disablePush', savingTopics: 'savePushTopics' }

const harness = new ModelHarness<typeof pushMachine, Sut, PushOutcome>({
  machine: pushMachine,
  events: (snapshot) => [...fixtureEvents<PushEvent, Snapshot>(pushSamples, snapshot), ...fixtureEvents<PushOutcome, Snapshot>(pushOutcomes, snapshot)],
  filterEvents: (snapshot, event) => !isOutcome(event) || event.type.includes(CALL_OF[String(snapshot.value)] ?? '\u0000'),
  serializeState: (s) => serializeState(s as never),
  createSut: () => startSut(),
  gestures: dispatchGestures(gestures, outcomeGestures),
  check: (sut, { state, from, event }) => {
    const snapshot = sut.ref.getSnapshot()
    expect(serializeState(snapshot as never)).toBe(serializeState(state as never))
    const { broken, rule } = ruleCollector()
    const running = Object.keys(snapshot.children)
    rule('one call at a time, and only while one is due', running.length === (String(snapshot.value) in CALL_OF ? 1 : 0))
    // The page shows what was saved: a failed change leaves the state as it was.
    if (from && selectPushAlert(snapshot) === 'saveFailed' && !from.matches('ready')) rule('a failed change changes nothing saved', JSON.stringify(selectPush(snapshot)) === JSON.stringify(from.context.push))
    if (from?.matches('ready') && event?.type === 'push.topic.toggle' && snapshot.matches('savingTopics')) {
      const asked = sut.save.calls.at(-1)?.topics ?? []
      rule('saves the kinds asked for', asked.includes(event.topic) === event.on)
    }
    // Nothing is offered that cannot work: a blocked browser is never asked again from the page.
    if (from?.context.push?.permission === 'denied' && event?.type === 'push.enable') rule('a blocked browser is not asked', !snapshot.matches('enabling'))
    expect(broken).toEqual([])
  },
})

describeModel('pushMachine', harness, { minShortestPaths: 3 })

describe('pushMachine: what the player sees', () => {
  it('turning on asks the browser with the site key; blocked, the page says so and offers no switch', async () => {
    const sut = startSut()
    sut.load.resolve({ ok: true, push: OFF })
    await flush()
    sut.ref.send({ type: 'push.enable' })
    expect(sut.enable.calls).toEqual([{ publicKey: 'BPub' }])
    expect(selectPushBusy(sut.ref.getSnapshot())).toBe(true)
    sut.enable.resolve({ ok: false, reason: 'denied' })
    await flush()
    expect(selectPushAlert(sut.ref.getSnapshot())).toBe('denied')
    expect(selectPush(sut.ref.getSnapshot())?.permission).toBe('denied')
    sut.ref.send({ type: 'push.enable' })
    expect(sut.enable.calls).toHaveLength(1)
  })

  it('a kind switched off is saved without it, and the answer is what the page shows', async () => {
    const sut = startSut()
    sut.load.resolve({ ok: true, push: ON })
    await flush()
    sut.ref.send({ type: 'push.topic.toggle', topic: 'security', on: true })
    expect(sut.save.calls).toEqual([])
    sut.ref.send({ type: 'push.topic.toggle', topic: 'payments', on: false })
    expect(sut.save.calls).toEqual([{ topics: ['security'], here: true }])
  })
})
