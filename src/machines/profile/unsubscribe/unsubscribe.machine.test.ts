import { describe, expect, it, vi } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { ModelHarness, fixtureEvents, type GestureTable, dispatchGestures } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { unsubscribeMachine } from './unsubscribe.machine'
import {
  SAMPLE_TOKEN,
  unsubscribeFailures,
  unsubscribeOutcomes as outcomes,
  unsubscribeSamples as fixtures,
  type UnsubscribeOutcome,
} from './unsubscribe.samples'
import { isPlausibleToken } from './unsubscribe.rules'
import { selectCanRetry, selectUnsubscribeDataState, selectUnsubscribedList, selectUnsubscribeView } from './unsubscribe.selectors'
import type { UnsubscribeCallInput, UnsubscribeEvent, UnsubscribeResult } from './unsubscribe.types'

type Snapshot = SnapshotFrom<typeof unsubscribeMachine>

const TOKEN = SAMPLE_TOKEN
const { invalid, unavailable } = unsubscribeFailures

function startSut(token: string | null = TOKEN) {
  const call = controllable<UnsubscribeCallInput, UnsubscribeResult>()
  const reported: unknown[] = []
  const ref = createActor(unsubscribeMachine.provide({ actors: { unsubscribe: call.actor }, actions: { reportError: (_, { error }) => void reported.push(error) } }), {
    input: { token },
  }).start()
  return { ref, call, reported }
}
type Sut = ReturnType<typeof startSut>

type Outcome = UnsubscribeOutcome
const gestures = { 'unsubscribe.retry': (sut: Sut, event: UnsubscribeEvent) => sut.ref.send(event) } satisfies GestureTable<UnsubscribeEvent, Sut, Snapshot>
const outcomeGestures = { ...settleGestures('unsubscribe', (sut: Sut) => sut.call) } satisfies GestureTable<Outcome, Sut, Snapshot>
const isOutcome = (event: { type: string }): event is Outcome => event.type in outcomes

function harnessFor(token: string | null) {
  return new ModelHarness<typeof unsubscribeMachine, Sut, Outcome>({
    machine: unsubscribeMachine,
    input: { token },
    events: (snapshot) => [...fixtureEvents<UnsubscribeEvent, Snapshot>(fixtures, snapshot), ...fixtureEvents<Outcome, Snapshot>(outcomes, snapshot)],
    filterEvents: (snapshot, event) => snapshot.status === 'active' && (!isOutcome(event) || 'unsubscribe' in snapshot.children),
    createSut: () => startSut(token),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state }) => {
      const snapshot = sut.ref.getSnapshot()
      expect(JSON.stringify({ value: snapshot.value, context: snapshot.context })).toBe(JSON.stringify({ value: state.value, context: state.context }))
      const view = selectUnsubscribeView(snapshot)
      // Only a call the server answered 'done' says so; nothing is ever called without a token.
      expect(view === 'done').toBe(selectUnsubscribedList(snapshot) === 'marketing')
      if (token === null) expect(sut.call.calls).toEqual([])
      else expect(sut.call.calls.every((c) => c.token === TOKEN)).toBe(true)
      expect(selectCanRetry(snapshot)).toBe(view === 'failed')
      if (snapshot.status === 'done') expect(snapshot.context.token).toBe('')
    },
  })
}

describeModel('unsubscribeMachine', { 'a signed link': harnessFor(TOKEN), 'no token': harnessFor(null) }, {
  minShortestPaths: { 'a signed link': 2, 'no token': 0 },
  reach: 'together',
})

describe('unsubscribeMachine: rules (SPEC §2.1 /unsubscribe)', () => {
  it('says "missing" for no token or text that cannot be one, without calling the server', () => {
    for (const token of [null, '', 'abc', 'a.b', '<script>.marketing.x', `${'a'.repeat(300)}.marketing.x`]) {
      const sut = startSut(token)
      expect(selectUnsubscribeView(sut.ref.getSnapshot())).toBe('missing')
      expect(sut.call.calls).toEqual([])
    }
    expect(isPlausibleToken(TOKEN)).toBe(true)
  })

  it('sends the token once, and tells a refused link from a failure worth retrying', async () => {
    const sut = startSut()
    expect(selectUnsubscribeView(sut.ref.getSnapshot())).toBe('working')
    expect(sut.call.calls).toEqual([{ token: TOKEN }])
    sut.call.resolve(unavailable)
    await flush()
    expect(selectUnsubscribeView(sut.ref.getSnapshot())).toBe('failed')
    sut.ref.send({ type: 'unsubscribe.retry' })
    sut.call.resolve(invalid)
    await flush()
    expect(selectUnsubscribeView(sut.ref.getSnapshot())).toBe('invalid')
    expect(selectUnsubscribeDataState(sut.ref.getSnapshot())).toBe('unsubscribe.invalid')

    const ok = startSut()
    ok.call.resolve({ ok: true, list: 'marketing' })
    await flush()
    expect(selectUnsubscribeView(ok.ref.getSnapshot())).toBe('done')

    const buggy = startSut()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    buggy.call.reject(new TypeError('bug'))
    await flush()
    error.mockRestore()
    expect(selectUnsubscribeView(buggy.ref.getSnapshot())).toBe('failed')
    expect(buggy.reported).toHaveLength(1)
  })
})
