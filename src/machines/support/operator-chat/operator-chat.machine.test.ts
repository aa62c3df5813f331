import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import { keyed } from '../../flow-entry'
import { controllable, flush, settleGestures } from '../../testing/controllable'
import { dispatchGestures, fixtureEvents, ModelHarness, ruleCollector, type GestureTable } from '../../testing/model'
import { describeModel } from '../../testing/model-suite'
import { OPERATOR_REFRESH_MS, operatorChatMachine } from './operator-chat.machine'
import { badToken, CONVERSATION_TICK, filterOperatorEvents, LIST_TICK, operatorChatOutcomes, operatorChatSamples, question, reply, serializeOperatorChat, unavailable, type OperatorChatOutcome } from './operator-chat.samples'
import { selectOperatorAlert, selectOperatorChats, selectOperatorDraft, selectOperatorLocked, selectOperatorMessages, selectOperatorOutgoing } from './operator-chat.selectors'
import type { AnswerInput, AnswerResult, ListChatsInput, ListChatsResult, LoadConversationInput, LoadConversationResult, OperatorChatEvent, OperatorChatInput } from './operator-chat.types'

type Snapshot = SnapshotFrom<typeof operatorChatMachine>

function startSut(input: OperatorChatInput) {
  const list = controllable<ListChatsInput, ListChatsResult>()
  const load = controllable<LoadConversationInput, LoadConversationResult>()
  const send = controllable<AnswerInput, AnswerResult>()
  const clock = new SimulatedClock()
  const machine = operatorChatMachine.provide({ actors: { listChats: list.actor, loadConversation: load.actor, answer: send.actor }, actions: { reportError: () => {} } })
  const ref = createActor(machine, { input, clock }).start()
  return { ref, list, load, send, clock }
}
type Sut = ReturnType<typeof startSut>

const deliver = (sut: Sut, event: OperatorChatEvent) => sut.ref.send(event)
const gestures = {
  'op.token.change': deliver,
  'op.unlock': deliver,
  'op.lock': deliver,
  'op.select': deliver, // a conversation in the list
  'op.draft.change': deliver,
  'op.send': deliver,
  'op.retry': deliver,
} satisfies GestureTable<OperatorChatEvent, Sut, Snapshot>
const outcomeGestures = {
  // A refresh falls due: the timer's own event (the simulated clock never runs, so no other timer fires with it).
  ...keyed(LIST_TICK, (sut: Sut, e: OperatorChatOutcome) => sut.ref.send(e as never)),
  ...keyed(CONVERSATION_TICK, (sut: Sut, e: OperatorChatOutcome) => sut.ref.send(e as never)),
  ...settleGestures('listChats', (sut: Sut) => sut.list),
  ...settleGestures('refreshChats', (sut: Sut) => sut.list),
  ...settleGestures('loadConversation', (sut: Sut) => sut.load),
  ...settleGestures('syncConversation', (sut: Sut) => sut.load),
  ...settleGestures('answer', (sut: Sut) => sut.send),
} satisfies GestureTable<OperatorChatOutcome, Sut, Snapshot>

function harnessFor(input: OperatorChatInput) {
  return new ModelHarness<typeof operatorChatMachine, Sut, OperatorChatOutcome>({
    machine: operatorChatMachine,
    input,
    events: (s) => [...fixtureEvents<OperatorChatEvent, Snapshot>(operatorChatSamples, s), ...fixtureEvents<OperatorChatOutcome, Snapshot>(operatorChatOutcomes, s)],
    filterEvents: (s, e) => {
      return filterOperatorEvents(s as never, e)
    },
    serializeState: serializeOperatorChat,
    createSut: () => startSut(input),
    gestures: dispatchGestures(gestures, outcomeGestures),
    check: (sut, { state, from }) => {
      const s = sut.ref.getSnapshot()
      expect(serializeOperatorChat(s)).toBe(serializeOperatorChat(state))
      const { broken, rule } = ruleCollector()
      rule('a locked page shows no conversation', !selectOperatorLocked(s) || (selectOperatorChats(s).length === 0 && selectOperatorMessages(s).length === 0))
      if (s.children.answer && from && !from.children.answer) rule('only an answer with text is sent', (sut.send.calls.at(-1)?.body.trim() ?? '') !== '')
      if (s.matches({ open: { reply: 'failed' } })) rule('a failed answer stays, with why', selectOperatorOutgoing(s) !== null && selectOperatorAlert(s) !== null)
      expect(broken).toEqual([])
    },
  })
}

describeModel(
  'operatorChatMachine',
  { 'an operator': harnessFor({ keyPrefix: 'model-op' }) },
  { minShortestPaths: { 'an operator': 6 }, timeoutMs: 120_000 },
)

describe('operator chat', () => {
  it('refuses a wrong token and locks; a right one lists, opens a conversation and answers with a key', async () => {
    const sut = startSut({ keyPrefix: 'op' })
    sut.ref.send({ type: 'op.token.change', value: ' wrong ' })
    sut.ref.send({ type: 'op.unlock' })
    expect(sut.list.calls).toEqual([{ token: 'wrong' }])
    sut.list.resolve(badToken)
    await flush()
    expect(selectOperatorLocked(sut.ref.getSnapshot())).toBe(true)
    expect(selectOperatorAlert(sut.ref.getSnapshot())).toBe('badToken')
    sut.ref.send({ type: 'op.token.change', value: 'right' })
    sut.ref.send({ type: 'op.unlock' })
    sut.list.resolve({ ok: true, items: [{ player_id: 7, login: 'p7', locale: 'en', last: question, unread: 1 }], unread: 1 })
    await flush()
    sut.ref.send({ type: 'op.select', playerId: 7 })
    expect(sut.load.calls.at(-1)).toEqual({ token: 'right', playerId: 7 })
    sut.load.resolve({ ok: true, login: 'p7', messages: [question] })
    await flush()
    expect(selectOperatorChats(sut.ref.getSnapshot())[0]?.unread).toBe(0)
    sut.ref.send({ type: 'op.draft.change', value: 'On its way.' })
    sut.ref.send({ type: 'op.send' })
    expect(sut.send.calls).toEqual([{ token: 'right', playerId: 7, key: 'op-1', body: 'On its way.' }])
    sut.send.resolve(unavailable)
    await flush()
    sut.ref.send({ type: 'op.retry' })
    expect(sut.send.calls.at(-1)?.key).toBe('op-1')
    sut.send.resolve({ ok: true, message: reply })
    await flush()
    expect(selectOperatorMessages(sut.ref.getSnapshot()).map((m) => m.id)).toEqual([1, 2])
    expect(selectOperatorDraft(sut.ref.getSnapshot())).toBe('')
  })

  it('reads the list and the conversation again every few seconds', async () => {
    const sut = startSut({ keyPrefix: 'op' })
    sut.ref.send({ type: 'op.token.change', value: 'right' })
    sut.ref.send({ type: 'op.unlock' })
    sut.list.resolve({ ok: true, items: [], unread: 0 })
    await flush()
    sut.clock.increment(OPERATOR_REFRESH_MS)
    expect(sut.list.calls).toHaveLength(2)
  })
})
